"""Card passing: each player passes cards face down to an opponent (``passing:``).

Players give their cards one at a time, in turn from the dealer's left; the cards are
held aside until everyone has given, so no one can pass on a card passed to them.  The
direction cycles with the hand number.
"""

from __future__ import annotations

from ..errors import IllegalAction
from .actions import Action, Event


def direction(hand) -> str:
    directions = hand.variant.passing.directions
    return directions[hand.number % len(directions)]


def start(hand) -> list[Event]:
    hand.given = [[] for _ in range(hand.n)]
    hand.to_act = (hand.dealer + 1) % hand.n
    return [Event("passing", None, {"direction": direction(hand),
                                    "cards": hand.variant.passing.cards})]


def legal(hand) -> list[Action]:
    actions = hand.t.give_actions
    return [actions[c] for c in dict.fromkeys(hand.hands[hand.to_act])]


def held_card(hand, action: Action, what: str) -> int:
    """The card of a ``give`` action, which the seat to act must hold."""
    if action.kind != "give":
        raise IllegalAction("wrong-phase", f"'{action}': {what}")
    card = hand.card(action.value)
    if card not in hand.hands[hand.to_act]:
        raise IllegalAction("card-not-in-hand",
                            f"seat {hand.to_act} does not hold {action.value}")
    return card


def give(hand, card: int) -> list[Event]:
    """Set a card aside to be passed once everyone has given."""
    seat = hand.to_act
    hand.hands[seat].remove(card)
    hand.given[seat].append(card)
    return [Event("give", seat)]


def apply(hand, action: Action) -> list[Event]:
    card = held_card(hand, action, "players are passing cards")
    seat = hand.to_act
    events = give(hand, card)
    if len(hand.given[seat]) < hand.variant.passing.cards:
        return events
    following = (seat + 1) % hand.n
    if following != (hand.dealer + 1) % hand.n:
        hand.to_act = following
        return events
    step = 1 if direction(hand) == "left" else -1
    hide = hand.variant.passing.bidder_sees == "after-trump" and hand.ctx is None
    for giver, cards in enumerate(hand.given):
        receiver = (giver + step) % hand.n
        if hide and receiver == hand.bidder:
            hand.hidden_received = list(cards)
        else:
            hand.hands[receiver].extend(cards)
    events.append(Event("cards-passed", None, {"direction": direction(hand)},
                        (hand.t.rule("passing", "directions"),)))
    return events + hand.advance()
