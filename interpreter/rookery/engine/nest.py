"""The nest: the bid winner takes it into hand and lays the same number of cards aside
(``nest:`` clauses), respecting what the spec forbids laying aside."""

from __future__ import annotations

from itertools import filterfalse

from ..errors import IllegalAction
from .actions import Action, Event
from .attribution import wrong_phase


def take(hand) -> list[Event]:
    """The bid winner picks up the nest (``nest.discard``)."""
    cards = hand.nest
    hand.hands[hand.bidder].extend(cards)
    hand.nest = []
    hand.discards_left = hand.variant.nest.discard
    return [Event("nest-taken", hand.bidder, {"cards": len(cards)})] if hand.record else []


def _forbidden_reason(hand, card: int) -> str | None:
    rules = hand.variant.nest
    if rules.forbid_counters and hand.t.points[card]:
        return "counters"
    if rules.forbid_trump:
        ctx = hand.ctx
        if card in hand.t.always_trump or (ctx is not None and ctx.trump_key[card] >= 0):
            return "trump"
    return None


def _forbidden(hand) -> frozenset[int]:
    """The cards :func:`_forbidden_reason` forbids under the trump known now (worked out
    once per trump call)."""
    cache = hand.t.discard_forbidden
    key = hand.ctx.call if hand.ctx is not None else None
    found = cache.get(key)
    if found is None:
        found = cache[key] = frozenset(c for c in range(len(hand.t.codes))
                                       if _forbidden_reason(hand, c) is not None)
    return found


def allowed(hand) -> list[int]:
    """Distinct cards the bid winner may lay aside now."""
    held = hand.hands[hand.bidder]
    held = list(dict.fromkeys(held)) if hand.t.duplicates else list(held)
    rules = hand.variant.nest
    if not (rules.forbid_counters or rules.forbid_trump):
        return held
    free = list(filterfalse(_forbidden(hand).__contains__, held))
    if free:
        return free
    # Forced: every card left is forbidden, so the "unless forced" clauses relax.
    relaxed = []
    for card in held:
        reason = _forbidden_reason(hand, card)
        if (reason == "counters" and rules.counters_unless_forced) or \
                (reason == "trump" and rules.trump_unless_forced):
            relaxed.append(card)
    return relaxed


def legal(hand) -> list[Action]:
    t = hand.t
    if t.discard_any and not t.duplicates:      # any card may go: no list to sift
        return list(map(t.discard_action, hand.hands[hand.bidder]))
    return list(map(t.discard_action, allowed(hand)))


def apply(hand, action: Action, seat: int | None = None) -> list[Event]:
    """Lay a card aside.  A playout hand calls this directly (``hand.DIRECT``): an action
    given for a seat or as its notation goes the checked way round."""
    if seat is not None or type(action) is not Action:
        return hand.checked_apply(action, seat)
    card = hand.t.card_of_discard.get(action)
    if card is None:
        if action.kind != "discard":
            raise wrong_phase(hand, f"'{action}': the bid winner is laying cards aside")
        card = hand.card(action.value)      # raises unknown-card
    held = hand.hands[hand.bidder]
    if card not in held:
        raise IllegalAction("card-not-in-hand", f"the bid winner does not hold {action.value}")
    if not hand.t.discard_any and card in _forbidden(hand) and card not in allowed(hand):
        reason = _forbidden_reason(hand, card)
        raise IllegalAction(f"cannot-discard-{reason}",
                            f"{action.value} may not be laid aside: the rules forbid "
                            f"laying {reason} aside while other cards remain",
                            hand.t.rule("nest", "forbid"))
    held.remove(card)
    hand.laid_aside.append(card)
    hand.discards_left -= 1
    if not hand.record:
        if hand.discards_left == 0:
            _laid_aside(hand)
            hand.advance()
        return ()
    events = [Event("discard", hand.bidder)]
    if hand.discards_left == 0:
        events.append(Event("nest-laid-aside", hand.bidder, {"cards": len(hand.laid_aside)}))
        announced = _laid_aside(hand)
        if announced is not None:
            events.append(announced)
        events += hand.advance()
    return events


def _laid_aside(hand) -> Event | None:
    """The nest is laid aside: announce whether it holds points (``nest.announce``)."""
    if hand.variant.nest.announce != "points":
        return None
    hand.nest_announced = any(hand.t.points[c] for c in hand.laid_aside)
    return Event("nest-announced", hand.bidder, {"points": hand.nest_announced},
                 (hand.t.rule("nest", "announce"),))
