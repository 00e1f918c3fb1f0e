"""Attribution of refusals and legal sets: which clause refuses an action (the bid's
``bidding.minimum``, ``step``, ``raise``, ``maximum``; the burial's ``nest.forbid``; the
follow rule and ``play.anytime``), which allows one another engine refuses, and which
stands behind the error code of a refusal."""

from __future__ import annotations

from collections.abc import Iterable

from ...errors import IllegalAction
from ..actions import Action
from ..burial import early, later_in_burial
from .common import PHASE_CLAUSES, _rule, _unique
from .tricks import bird_rule


def refusal(hand, action: Action | str, seat: int | None = None) -> IllegalAction | None:
    """The refusal the rules give ``action`` now (``None`` if it is legal).

    A refusal never changes a hand, so nothing is copied; a legal action is answered from
    the legal set without being applied."""
    if isinstance(action, str):
        try:
            action = Action.parse(action)
        except Exception:  # noqa: BLE001 - the hand words the refusal itself
            pass
    actor = hand.actor if hand.has_dummy else hand.to_act
    if (seat is None or seat == actor) and not hand.is_over and \
            action in hand.legal_actions():
        return None
    try:
        hand.apply(action, seat)
    except IllegalAction as error:
        return error
    raise AssertionError(f"{action} was applied though it is not in the legal set")


# The rule an engine invokes by its rejection code (when its code is not the oracle's,
# the engine applied this rule where the spec says it does not apply).
CODE_CLAUSES = {
    "bid-too-low": ("bidding", "minimum"), "bid-too-high": ("bidding", "maximum"),
    "bid-not-multiple": ("bidding", "step"), "bid-jump": ("bidding", "raise"),
    "must-follow-color": ("play", "follow"), "cannot-discard-counters": ("nest", "forbid"),
    "cannot-discard-card": ("nest", "forbid"),
    "cannot-discard-trump": ("nest", "forbid"), "trump-not-allowed": ("trump", "choices"),
    "must-pass-best": ("trump", "choices"), "must-pass-worst": ("trump", "choices"),
    "cannot-call-own-card": ("table", "sides"), "already-called": ("table", "sides"),
    "must-bid": ("bidding", "all-pass"), "no-moon-bid": ("bidding", "moon"),
    "must-discard-trump-counter": ("nest", "forced-burial"),
    "exchange-limit": ("nest", "exchange"),
    "claim-not-on-lead": ("play", "claim"), "claim-not-certain": ("play", "claim"),
    "trump-burial-unmet": ("nest", "forced-burial"),
}


def top_bid_ends(hand) -> bool:
    """The auction ended on a bid of the highest amount (``bidding.at-maximum
    ends-auction``)."""
    return hand.variant.bidding.at_maximum == "ends-auction" and hand.bidder is not None \
        and hand.high == hand.t.max_bid


def code_rules(hand, expected: IllegalAction, code: str | None) -> tuple[str, ...]:
    """The rule behind a refusal given with another code than the spec's: the rule the
    engine's code invokes where the spec says it does not apply, else the spec's own."""
    clause = CODE_CLAUSES.get(code or "")
    if derived_maximum(hand) and "bid-too-high" in (code, expected.code):
        return ()           # the highest bid follows from the points (see above)
    if expected.code == "bid-too-low" and code in ("bid-not-multiple", "bid-jump"):
        # the engine finds the bid high enough and faults it otherwise: where its lowest
        # bid lies (the spec's rule for the lowest bid) differs, not its steps
        return _unique([expected.rule])
    if clause is not None:
        if code == "bid-too-low" and hand.high:
            clause = ("bidding", "step")
        return _unique([_rule(hand, *clause)])
    return _unique([expected.rule])


def permit_rules(hand, action: Action, other_legal: Iterable[Action] = ()) -> tuple[str, ...]:
    """Why a legal ``action`` is allowed: the rules another engine breaks by refusing it.
    ``other_legal`` is what that engine allows, which tells a missing jump bid (the raise
    rule) from a missing multiple (the step)."""
    t = hand.t
    kind = action.kind
    if kind == "pass":
        return _unique([_rule(hand, "bidding", "all-pass")])
    if kind == "bid":
        b = hand.variant.bidding
        amount = action.value
        bids = sorted(a.value for a in hand.legal_actions() if a.kind == "bid")
        lowest = bids[0] if bids else b.minimum
        theirs = {a.value for a in other_legal if getattr(a, "kind", None) == "bid"}
        spaced = sorted(theirs)
        if any(high - low != b.step for low, high in zip(spaced, spaced[1:])):
            return _unique([_rule(hand, "bidding", "step")])   # its bids go in other steps
        opening_only = _opening_holds(hand)
        if amount == lowest and opening_only and (not theirs or min(theirs) > amount):
            return _unique([_rule(hand, "bidding", "opening")])  # the raise over the opening
        if amount == t.max_bid and not theirs:
            return _unique([_rule(hand, "bidding", "maximum")])
        if amount == lowest or (theirs and amount < min(theirs)):
            # The engine's lowest bid is higher: its minimum (or its raise) differs.
            return _unique([_rule(hand, "bidding", "minimum" if not hand.high else "step")])
        if lowest in theirs and not any(bid > lowest for bid in theirs):
            # Only the lowest raise is allowed there: no jumps, or a maximum one step
            # up -- the two cannot be told apart when the top bid is the only jump.
            if amount == t.max_bid and lowest + b.step == amount:
                return ()
            return _unique([_rule(hand, "bidding", "raise")])
        if amount == t.max_bid and not any(bid >= amount for bid in theirs):
            return _unique([_rule(hand, "bidding", "maximum")])
        return _unique([_rule(hand, "bidding", "step")])
    if kind == "play":
        card = t.card_of.get(action.value)
        if card is None or not hand.trick_cards:
            return ()
        suit_of = hand.ctx.suit_of
        held = hand.hands[hand.to_act]
        if suit_of[card] != hand.led and any(suit_of[c] == hand.led for c in held):
            return _unique([_rule(hand, "play", "anytime")] if card in t.anytime
                           else [_rule(hand, "play", "follow")])
        if card in t.birds:
            return _unique([bird_rule(hand, card)])
        if card == t.rook or card in t.specials:
            return _unique([_rule(hand, "trump", "rook" if card == t.rook else "special")])
        return _unique([_rule(hand, "play", "follow")])
    if kind == "discard":
        if t.card_of.get(action.value) in early(hand):
            # a forced card the spec lets go before the free ones (nest.burial-order)
            return _unique([_rule(hand, "nest", "burial-order")])
        return _unique([_rule(hand, "nest", "forbid")])
    if kind in ("trump",):
        return _unique([_rule(hand, "trump", "choices")])
    if kind == "give":
        return _unique([_rule(hand, "trump", "choices") if hand.phase == "circus"
                        else _rule(hand, "passing", "cards")])
    if kind == "call":
        return _unique([_rule(hand, "table", "sides")])
    if kind == "claim":
        return _unique([_rule(hand, "play", "claim")])     # a claim certain here
    if kind == "moon":
        return _unique([_rule(hand, "bidding", "moon")])   # a moon bid open here
    if kind in ("rook", "leader"):
        return _unique([_rule(hand, *PHASE_CLAUSES[kind])])
    return ()


def legal_difference_rules(hand, missing: Iterable[Action], extra: Iterable[Action],
                           other_legal: Iterable[Action], engine_top: int | None = None
                           ) -> tuple[str, ...] | None:
    """The rules behind a legal set another engine states differently: for each action it
    refuses but the rules allow, why it is allowed; for each it allows but the rules
    refuse, the rule that refuses it.  ``engine_top`` is the highest bid the engine was
    seen to allow earlier where only the top of the range differed (its maximum)."""
    other_legal = list(other_legal)
    missing, extra = list(missing), list(extra)
    if _top_bids_only(hand, missing, extra, other_legal):
        # No maximum clause: the highest bid is what a hand holds, which the counters
        # and bonuses decide; a difference there follows from theirs.
        return ()
    if lower_maximum(hand, missing, extra, other_legal, engine_top):
        # a lower top: the maximum clause's, or where the spec states none, the points
        # the engine counts in a hand (told by the counters and bonuses, as above)
        return () if derived_maximum(hand) else _unique([_rule(hand, "bidding", "maximum")])
    t = hand.t
    refused_anytime = [a for a in extra if a.kind == "play" and
                       t.card_of.get(a.value) in t.always_trump | t.anytime]
    if extra and len(refused_anytime) == len(extra) and all(
            (e := refusal(hand, a)) is not None and e.code == "must-follow-color"
            for a in extra):
        ordinary = any(hand.ctx.suit_of[c] != hand.led and c not in t.always_trump | t.anytime
                       for c in hand.hands[hand.to_act])
        if not ordinary and not missing:
            return None     # no other card could leave the color: the two rules agree here
        # Only the Rook (or a special trump) is allowed off color: which cards may be
        # played anytime, not the follow rule itself.
        return _unique([_rule(hand, "play", "anytime")] +
                       [r for a in missing for r in permit_rules(hand, a, other_legal)])
    discards = [a for a in missing if a.kind == "discard"]
    buried_early = {t.codes[card] for card in early(hand)}
    if discards and len(discards) == len(missing) and not extra and \
            all(a.value in buried_early for a in discards):
        # only the forced cards the spec lets go early are refused: the engine buries
        # them last (nest.burial-order), not by another rule of what may go
        return _unique([_rule(hand, "nest", "burial-order")])
    own = {a.value for a in hand.legal_actions()
           if a.kind == "discard" and a.value not in hand.start_nest}
    if discards and len(discards) == len(missing) and not extra and \
            {a.value for a in discards} == own:
        # every card of the seat's own hand is refused, every nest card may still go:
        # how many cards it may exchange with the nest (nest.exchange), not which cards
        # may be laid aside
        return _unique([_rule(hand, "nest", "exchange")])
    if extra and hand.phase == "discard":
        # cards the bid winner lays aside later in the same burial, taken first: the
        # same act by the same rule
        later = {t.codes[card] for card in later_in_burial(hand)}
        extra = [a for a in extra if a.kind != "discard" or a.value not in later]
        if not (missing or extra):
            return None
    rules: list[str | None] = []
    for action in missing:
        rules.extend(permit_rules(hand, action, other_legal))
    for action in extra:
        if derived_maximum(hand) and action.kind == "bid" and \
                isinstance(action.value, int) and action.value > t.max_bid:
            continue    # over a top that is the points a hand holds (told by the counters)
        error = refusal(hand, action)
        if error is not None and error.code == "wrong-phase" and \
                {action.kind, hand.phase} == {"trump", "discard"}:
            # trump named during the burial, or cards laid aside once trump is to be
            # named: when trump is named, not what the phase allows
            rules.append(_rule(hand, "trump", "named"))
            continue
        if error is not None and error.code == "bid-too-low" and action.kind == "bid" and \
                _opening_holds(hand) and isinstance(action.value, int) and \
                hand.variant.bidding.minimum <= action.value <= hand.high:
            # a bid at or under the dealer's opening bid, which alone holds the auction:
            # the engine makes no opening bid (bidding.opening), its minimum is the spec's
            rules.append(_rule(hand, "bidding", "opening"))
            continue
        if error is not None and error.code == "bid-jump" and \
                {_rule(hand, "bidding", "step"), _rule(hand, "bidding", "minimum")} & \
                set(rules):
            continue    # the engine's lowest bid lies elsewhere (its own minimum or step)
        rules.append(error.rule if error is not None else None)
    return _unique(rules)


def _opening_holds(hand) -> bool:
    """The dealer's opening bid (``bidding.opening``) is the high bid, every seat after
    it having passed so far."""
    opening = hand.variant.bidding.opening
    return opening is not None and hand.high == opening and \
        all(said == "pass" for _, said in hand.auction[1:])


def lower_maximum(hand, missing, extra, other_legal, engine_top: int | None = None) -> bool:
    """Only the top of the bidding range is refused (``bidding.maximum``, set lower by
    the engine): the engine allows every bid of the spec up to its own highest and none
    above, and the spec's range goes on to its maximum.

    The steps between the bids it allows are the spec's (not ``bidding.step``) and it
    allows more than the lowest raise (not ``bidding.raise``).  Where it allows only the
    lowest raise, the state alone fits both a one-step raise and a maximum at that bid:
    the maximum is charged only if the engine showed that very top earlier
    (``engine_top``); so too where it allows no bid at all, the high bid at that top."""
    if extra or not missing or any(a.kind != "bid" for a in missing):
        return False
    ours = sorted(a.value for a in hand.legal_actions() if a.kind == "bid")
    theirs = sorted({a.value for a in other_legal if getattr(a, "kind", None) == "bid"})
    if not ours or ours[-1] != hand.t.max_bid:
        return False
    if not theirs:
        return engine_top is not None and hand.high >= engine_top and \
            sorted(a.value for a in missing) == ours
    cut = theirs[-1]
    if theirs != [bid for bid in ours if bid <= cut] or \
            sorted(a.value for a in missing) != [bid for bid in ours if bid > cut]:
        return False
    return len(theirs) > 1 or engine_top == cut


def derived_maximum(hand) -> bool:
    """The spec states no maximum bid: the highest bid is the points a hand holds."""
    return hand.variant.bidding.maximum is None


# How far below the top a derived maximum may move: a counter or bonus changed by a few
# points moves the points a hand holds (and so the top bid) by a step or two.
TOP_STEPS = 3


def _top_bids_only(hand, missing, extra, other_legal) -> bool:
    """Only the highest bids differ, where the spec's highest bid is the points a hand
    holds: the other engine counts the points otherwise (told by the counters)."""
    if not derived_maximum(hand) or not (missing or extra):
        return False
    bids = [a.value for a in missing + extra if a.kind == "bid"]
    if len(bids) != len(missing) + len(extra):
        return False
    if not missing and min(bids) > hand.t.max_bid:
        return True                     # bids over the top: the other counts more points
    common = [a.value for a in hand.legal_actions() if a.kind == "bid" and a in other_legal]
    step = hand.variant.bidding.step
    # (no bid in common: the engine allows none over the high bid, the spec only its top)
    return not extra and (not common or min(bids) > max(common)) and \
        min(bids) >= hand.t.max_bid - TOP_STEPS * step


def top_bid(hand, action) -> bool:
    """A bid at the top of the range, where the spec's highest bid is the points a hand
    holds (see :func:`_top_bids_only`)."""
    return derived_maximum(hand) and getattr(action, "kind", None) == "bid" and \
        isinstance(action.value, int) and \
        action.value >= hand.t.max_bid - TOP_STEPS * hand.variant.bidding.step


def anytime_card(hand, action) -> bool:
    """A play of the Rook (or a special trump, or a card the spec lets be played
    anytime): whether it may leave the led color is ``play.anytime``'s to say."""
    t = hand.t
    return getattr(action, "kind", None) == "play" and \
        t.card_of.get(action.value) in (t.always_trump | t.anytime)
