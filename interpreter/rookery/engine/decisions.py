"""Which rules govern each decision of a hand, so that a comparison of two engines can
say, per rule, how often it was put to the test.

A decision is governed by a rule when the rule shapes what is compared there: the legal
set of a bid is shaped by the lowest and highest bid, the step and the raise; a card to
play by the follow rule once a color is led; a finished hand's result by the scoring
formulas and by every bonus the spec gives *or leaves out*.  A clause the spec leaves at
the rules language's default rules too (no bonus for all the points, the nest face down,
play on at a tie): it is named ``section.key``, as :meth:`Tables.rule` names it, and it
governs a decision only where its default makes a difference (a side that took every
counter, tied totals at the target).

These are the rules of the oracle's own decisions; the events a hand reports name the
rules that decided what happened (a trick's winner, the end of the game) and are counted
beside them.
"""

from __future__ import annotations

from . import burial, nest


def deal_rules(hand) -> tuple[str, ...]:
    """The rules every deal puts to the test once it is accepted and the first state
    compared: the table, the deck and the deal itself."""
    t = hand.t
    v = hand.variant
    # the cards dealt (each seat's hand is compared): the deck, with its Rook or none,
    # the hands and the nest, or none
    out = [t.rule("table", "players"), t.rule("table", "sides"), t.rule("deck", "colors"),
           t.rule("deck", "ranks"), t.rule("deal", "hand"), t.rule("deck", "rook"),
           t.rule("deal", "nest")]
    # every clause that makes the deck (copies, cards added or taken out, the order)
    out += [rule.id for rule in v.rules if rule.section == "deck"]
    if hand.start_nest:
        out.append(t.rule("deal", "nest-deal"))
    if v.table.dummy != "none":
        out += [t.rule("table", "dummy"), t.rule("table", "dummy-shown")]
    if _has_weak_hand(hand):
        out.append(t.rule("deal", "poor-hand"))
    return tuple(out)


def _has_weak_hand(hand) -> bool:
    """A seat holds no counter: the hand a poor-hand rule (or its absence) decides on."""
    t = hand.t
    return any(not any(t.points[t.card_of[code]] for code in held)
               for held in hand.start_hands)


def action_rules(hand, action) -> tuple[str, ...]:
    """The rules that shape the legal set ``action`` was chosen from (before it is
    applied): the auction's amounts, the burial, the trump call, following and leading."""
    t = hand.t
    phase = hand.phase
    if phase == "bidding":
        b = hand.variant.bidding
        out = [t.rule("bidding", "minimum"), t.rule("bidding", "step"),
               t.rule("bidding", "pass")]
        if not hand.high and not hand.bidder:
            out.append(t.rule("bidding", "first"))
        if hand.high:
            out.append(t.rule("bidding", "raise"))
        if b.maximum is not None:
            out.append(t.rule("bidding", "maximum"))
            if action.kind == "bid" and action.value == t.max_bid:
                out.append(t.rule("bidding", "at-maximum"))
        return tuple(out)
    if phase == "discard":
        out = [t.rule("nest", "discard"), t.rule("nest", "forbid"), t.rule("nest", "exchange")]
        if burial.early(hand):
            # forced cards the burial may take before the free ones
            out.append(t.rule("nest", "burial-order"))
        if nest.forced(hand):
            # every card left is one the spec forbids: which of them may go now
            out.append(t.rule("nest", "forced-burial"))
        return tuple(out)
    if phase == "trump":
        out = [t.rule("trump", "named"), t.rule("trump", "choices")]
        if burial.applies(hand) and hand.discards_left and burial.forced_counters(hand):
            # trump named with counters still to be laid aside: the calls that meet it
            out.append(t.rule("nest", "forced-burial"))
        return tuple(out)
    if phase == "play":
        out = []
        if not hand.trick_cards and (hand.variant.play.claim == "none" or any(
                a.kind == "claim" for a in hand.legal_actions())):
            out.append(t.rule("play", "claim"))     # no claims, or one is certain here
        if hand.trick_cards:
            out.append(t.rule("play", "follow"))
            # no card may leave the led color (anytime none), or the seat holds one
            if not t.anytime or any(c in t.anytime for c in hand.hands[hand.to_act]):
                out.append(t.rule("play", "anytime"))
        elif not hand.tricks:
            out.append(t.rule("play", "leader"))
        return tuple(out)
    if phase == "rook":
        return (t.rule("trump", "rook-call"), t.rule("trump", "rook"))
    if phase == "call":
        return (t.rule("table", "call-time"), t.rule("table", "sides"))
    if phase == "passing":
        return (t.rule("passing", "cards"), t.rule("passing", "directions"),
                t.rule("passing", "bidder-sees"))
    return ()


def end_rules(hand) -> tuple[str, ...]:
    """The rules that shape a finished hand's result and the end of the game: every scoring clause of the spec, and each default that
    made a difference here (a side took every trick or every counter, totals tied at the
    target, a score below zero)."""
    t = hand.t
    result = hand.result
    if result is None:
        return ()
    if result.thrown_in:
        if getattr(hand, "poor_seat", None) is not None:
            return (t.rule("deal", "poor-hand"), t.rule("deal", "poor-hand-redeal"),
                    t.rule("deal", "poor-hand-dealer"))
        return (t.rule("bidding", "all-pass"),)
    out = [rule.id for rule in hand.variant.rules if rule.section == "scoring"]
    out += [t.rule("scoring", key) for key in ("made", "bidders", "defenders", "total",
                                                 "most-cards", "majority", "last-trick")]
    if hand.start_nest:
        out.append(t.rule("nest", "points"))
    winners = {w for *_, w in hand.tricks}
    sides = {t.team_of[w] for w in winners} if t.team_of is not None else winners
    if len(sides) == 1 and hand.tricks:
        out.append(t.rule("scoring", "all-tricks"))
    every_counter = sum(t.points[card] for card in range(len(t.codes)))
    if every_counter and any(side.counters >= every_counter for side in result.sides):
        out.append(t.rule("scoring", "all-points"))
    scores = list(result.scores)
    target = hand.variant.game.target
    out.append(t.rule("game", "target"))
    over = [s for s in scores if s >= target]
    if over:
        out.append(t.rule("game", "win-on"))
    if len(over) > 1:
        out.append(t.rule("game", "winner"))
    if over and scores.count(max(scores)) > 1:
        out.append(t.rule("game", "ties"))
    low = hand.variant.game.low
    if any(s <= low if low is not None else s < 0 for s in scores):
        # a side at or below the low score that loses (below zero, where the spec
        # has none: the score an engine with one would end the game at)
        out.append(t.rule("game", "low"))
    return tuple(dict.fromkeys(out))


__all__ = ["action_rules", "deal_rules", "end_rules"]
