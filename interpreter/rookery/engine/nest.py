"""The nest: the bid winner takes it into hand and lays the same number of cards aside
(``nest:`` clauses), respecting what the spec forbids laying aside."""

from __future__ import annotations

from ..errors import IllegalAction
from . import burial, exchange
from .actions import Action, Event


def take(hand) -> list[Event]:
    """The bid winner picks up the nest (``nest.discard``), once it has been shown to
    everyone where ``nest.shown after-auction`` says so."""
    cards = hand.nest
    shown = shown_event(hand)
    hand.hands[hand.bidder].extend(cards)
    hand.nest = []
    hand.discards_left = hand.variant.nest.discard
    return shown + [Event("nest-taken", hand.bidder, {"cards": len(cards)})]


# -- cards shown face up (``nest.face-up``, ``nest.shown``) ----------------------------------

def face_up(hand) -> tuple[int, ...]:
    """``nest.face-up N``: the first N cards dealt to the nest, turned up for everyone
    before the auction (and known to everyone for the rest of the hand)."""
    return hand._start[1][:hand.variant.nest.face_up]


def turn_up(hand) -> list[Event]:
    """The event of the deal that turns the face-up nest cards over (none without)."""
    cards = face_up(hand)
    if not cards:
        return []
    return [Event("nest-face-up", None, {"cards": [hand.t.codes[c] for c in cards]},
                  (hand.t.rule("nest", "face-up"),))]


def nest_shown(hand) -> bool:
    """``nest.shown after-auction``: once the auction is won the whole nest (as dealt) is
    shown to every seat before the bid winner takes it, and stays known."""
    return hand.variant.nest.shown == "after-auction" and hand.bidder is not None and \
        hand.phase != "bidding" and bool(hand._start[1])


def shown_event(hand) -> list[Event]:
    if hand.variant.nest.shown != "after-auction" or not hand.nest:
        return []
    return [Event("nest-shown", None, {"cards": [hand.t.codes[c] for c in hand.nest]},
                  (hand.t.rule("nest", "shown"),))]


def show(hand, obs: dict) -> None:
    """Add to a seat's view the nest cards everyone has seen: ``nest_face_up`` (from the
    deal on) and ``nest_shown`` (the whole nest, from the end of the auction on)."""
    codes = hand.t.codes
    cards = face_up(hand)
    if cards:
        obs["nest_face_up"] = [codes[c] for c in cards]
    if nest_shown(hand):
        obs["nest_shown"] = [codes[c] for c in hand._start[1]]


def _forbidden_reason(hand, card: int) -> str | None:
    rules = hand.variant.nest
    if rules.forbid_counters and hand.t.points[card]:
        return "counters"
    if rules.forbid_trump:
        ctx = hand.ctx
        if card in hand.t.always_trump or (ctx is not None and ctx.trump_key[card] >= 0):
            return "trump"
    return None


def allowed(hand) -> list[int]:
    """Distinct cards the bid winner may lay aside now: what ``nest.forbid`` allows,
    within the ``nest.exchange`` limit (which wins when the two leave nothing)."""
    if hand.variant.nest.exchange is None:
        return _allowed(hand)
    held = list(dict.fromkeys(hand.hands[hand.bidder]))
    return exchange.within(hand, _allowed(hand)) or exchange.within(hand, held)


def _allowed(hand) -> list[int]:
    held = list(dict.fromkeys(hand.hands[hand.bidder]))
    rules = hand.variant.nest
    if not (rules.forbid_counters or rules.forbid_trump):
        return held
    free = [c for c in held if _forbidden_reason(hand, c) is None]
    if free:
        return free
    # Forced: every card left is forbidden, so the "unless forced" clauses relax.
    rules = hand.variant.nest
    relaxed = []
    for card in held:
        reason = _forbidden_reason(hand, card)
        if (reason == "counters" and rules.counters_unless_forced) or \
                (reason == "trump" and rules.trump_unless_forced):
            relaxed.append(card)
    return burial.forced_choices(hand, relaxed)


def legal(hand) -> list[Action]:
    actions = hand.t.discard_actions
    return [actions[c] for c in allowed(hand)]


def apply(hand, action: Action) -> list[Event]:
    if action.kind != "discard":
        raise IllegalAction("wrong-phase", f"'{action}': the bid winner is laying cards aside")
    card = hand.card(action.value)
    held = hand.hands[hand.bidder]
    if card not in held:
        raise IllegalAction("card-not-in-hand", f"the bid winner does not hold {action.value}")
    if hand.variant.nest.exchange is not None and card not in allowed(hand) and \
            card not in exchange.within(hand, [card]):
        raise IllegalAction("exchange-limit",
                            f"{action.value} may not be laid aside: the bid winner has "
                            f"already kept {hand.variant.nest.exchange} nest cards, so the "
                            "rest it lays aside must be nest cards",
                            hand.t.rule("nest", "exchange"))
    if (hand.variant.nest.forbid_counters or hand.variant.nest.forbid_trump or
            hand.variant.nest.exchange is not None) and card not in allowed(hand):
        reason = _forbidden_reason(hand, card)
        if reason == "counters" and burial.applies(hand) and \
                not any(_forbidden_reason(hand, c) is None for c in held):
            raise IllegalAction("must-discard-trump-counter",
                                f"{action.value} may not be laid aside: counters laid aside "
                                "must be trump counters", hand.t.rule("nest", "forced-burial"))
        raise IllegalAction(f"cannot-discard-{reason}",
                            f"{action.value} may not be laid aside: the rules forbid "
                            f"laying {reason} aside while other cards remain",
                            hand.t.rule("nest", "forbid"))
    held.remove(card)
    hand.laid_aside.append(card)
    hand.discards_left -= 1
    events = [Event("discard", hand.bidder)]
    if hand.discards_left == 0:
        events.append(Event("nest-laid-aside", hand.bidder, {"cards": len(hand.laid_aside)}))
        if hand.variant.nest.announce == "points":
            hand.nest_announced = any(hand.t.points[c] for c in hand.laid_aside)
            events.append(Event("nest-announced", hand.bidder,
                                {"points": hand.nest_announced},
                                (hand.t.rule("nest", "announce"),)))
        events += hand.advance()
    return events
