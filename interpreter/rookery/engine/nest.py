"""The nest: the bid winner takes it into hand and lays the same number of cards aside
(``nest:`` clauses), respecting what the spec forbids laying aside."""

from __future__ import annotations

from itertools import filterfalse

from ..errors import IllegalAction
from . import burial, exchange
from .actions import Action, Event
from .attribution import wrong_phase


def take(hand) -> list[Event]:
    """The bid winner picks up the nest (``nest.discard``), once it has been shown to
    everyone where ``nest.shown after-auction`` says so."""
    cards = hand.nest
    shown = shown_event(hand) if hand.record else None
    hand.hands[hand.bidder].extend(cards)
    hand.nest = []
    hand.discards_left = hand.variant.nest.discard
    if shown is None:
        return []
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


_forbidden_reason = burial.forbidden_reason


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


def forced(hand) -> bool:
    """The bid winner has cards still to lay aside and holds only cards ``nest.forbid``
    forbids: the "unless forced" clauses (and ``nest.forced-burial``) decide what goes."""
    rules = hand.variant.nest
    if not rules.forbids or not hand.discards_left:
        return False
    held = hand.hands[hand.bidder]
    return bool(held) and all(card in _forbidden(hand) for card in held)


def allowed(hand) -> list[int]:
    """Distinct cards the bid winner may lay aside now: what ``nest.forbid`` allows,
    within the ``nest.exchange`` limit (which wins when the two leave nothing)."""
    if hand.variant.nest.exchange is None:
        return _allowed(hand)
    held = list(dict.fromkeys(hand.hands[hand.bidder]))
    return exchange.within(hand, _allowed(hand)) or exchange.within(hand, held)


def _allowed(hand) -> list[int]:
    held = hand.hands[hand.bidder]
    held = list(dict.fromkeys(held)) if hand.t.duplicates else list(held)
    rules = hand.variant.nest
    if not rules.forbids:
        return held
    free = list(filterfalse(_forbidden(hand).__contains__, held))
    if free:
        return free + burial.early(hand)
    # Forced: every card left is forbidden, so the "unless forced" clauses relax.
    relaxed = [card for card in held if burial.relaxes(rules, _forbidden_reason(hand, card))]
    return burial.forced_choices(hand, relaxed)


def legal(hand) -> list[Action]:
    t = hand.t
    actions = t.discard_actions
    if t.discard_any and not t.duplicates:      # any card may go: no list to sift
        return [actions[card] for card in hand.hands[hand.bidder]]
    return [actions[card] for card in allowed(hand)]


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
    if not hand.t.discard_any:          # (any card may go: nothing below can refuse it)
        _check_allowed(hand, card, action, held)
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


def _check_allowed(hand, card: int, action: Action, held: list[int]) -> None:
    """Refuse laying ``card`` aside where the exchange limit or ``nest.forbid`` does."""
    if hand.variant.nest.exchange is not None and card not in allowed(hand) and \
            card not in exchange.within(hand, [card]):
        raise IllegalAction("exchange-limit",
                            f"{action.value} may not be laid aside: the bid winner has "
                            f"already kept {hand.variant.nest.exchange} nest cards, so the "
                            "rest it lays aside must be nest cards",
                            hand.t.rule("nest", "exchange"))
    # Only a card the rules forbid can be refused now (the exchange limit is checked).
    if card in _forbidden(hand) and card not in allowed(hand):
        reason = _forbidden_reason(hand, card)
        if reason == "counters" and burial.applies(hand) and \
                not any(_forbidden_reason(hand, c) is None for c in held):
            raise IllegalAction("must-discard-trump-counter",
                                f"{action.value} may not be laid aside: counters laid aside "
                                "must be trump counters", hand.t.rule("nest", "forced-burial"))
        what = action.value if reason == "card" else reason
        raise IllegalAction(f"cannot-discard-{reason}",
                            f"{action.value} may not be laid aside: the rules forbid "
                            f"laying {what} aside while other cards remain",
                            hand.t.rule("nest", "forbid"))


def _laid_aside(hand) -> Event | None:
    """The nest is laid aside: announce whether it holds points (``nest.announce``)."""
    if hand.variant.nest.announce != "points":
        return None
    hand.nest_announced = any(hand.t.points[c] for c in hand.laid_aside)
    return Event("nest-announced", hand.bidder, {"points": hand.nest_announced},
                 (hand.t.rule("nest", "announce"),))
