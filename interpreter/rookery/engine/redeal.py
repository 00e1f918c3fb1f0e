"""A poor hand thrown in before the auction (``deal: poor-hand``, ``poor-hand-redeal``,
``poor-hand-dealer``).

A hand is poor when any of the spec's conditions holds for it.  With ``poor-hand-redeal
must`` the cards are thrown in as soon as a poor hand is dealt; with ``may`` each
holder of a poor hand, in turn from the dealer's left, says ``redeal`` (the cards are
thrown in) or ``keep``, and the auction starts once every one has kept.  A hand thrown
in scores nothing, like a hand nobody bids on; ``poor-hand-dealer`` says who deals next.
"""

from __future__ import annotations

from ..errors import IllegalAction
from . import bidding
from .actions import Action, Event
from .poor_hand import is_poor
from .scoring import thrown_in

PHASE = "redeal"
REDEAL, KEEP = Action("redeal"), Action("keep")


def poor_seats(hand) -> list[int]:
    """The seats holding a poor hand, in turn from the dealer's left."""
    n = hand.n
    order = [(hand.dealer + offset) % n for offset in range(1, n + 1)]
    return [seat for seat in order if is_poor(hand, seat)]


def start(hand) -> list[Event]:
    """Before the auction: throw a poor hand in (``must``), or ask the first holder of a
    poor hand (``may``); else open the auction."""
    hand.poor_seat = None
    hand.poor_asked = []
    seats = poor_seats(hand) if hand.variant.deal.poor_hand else []
    if not seats:
        return bidding.start(hand)
    if hand.variant.deal.poor_hand_redeal == "must":
        return throw_in(hand, seats[0])
    hand.poor_asked = seats
    hand.phase, hand.to_act = PHASE, seats[0]
    return []


def legal(hand) -> list[Action]:
    return [REDEAL, KEEP]


def apply(hand, action: Action) -> list[Event]:
    if action not in (REDEAL, KEEP):
        raise IllegalAction("wrong-phase", f"'{action}': a poor hand is thrown in or kept "
                            "(redeal or keep) before the auction",
                            hand.t.rule("deal", "poor-hand-redeal"))
    seat = hand.to_act
    if action == REDEAL:
        return throw_in(hand, seat)
    events = [Event("kept", seat, None, (hand.t.rule("deal", "poor-hand-redeal"),))]
    later = hand.poor_asked[hand.poor_asked.index(seat) + 1:]
    if later:
        hand.to_act = later[0]
        return events
    hand.phase = "bidding"
    return events + bidding.start(hand)


def throw_in(hand, seat: int) -> list[Event]:
    """The poor hand of ``seat`` is thrown in: nobody scores."""
    hand.poor_seat = seat
    hand.phase, hand.to_act = "done", None
    hand.result = thrown_in(hand)
    rules = (hand.t.rule("deal", "poor-hand"), hand.t.rule("deal", "poor-hand-redeal"))
    return [Event("thrown-in", seat, {"poor_hand": True}, rules),
            Event("hand-scored", None, hand.result.to_json(), rules)]


def next_dealer(hand) -> int:
    """Who deals the next hand: the same dealer after a poor hand thrown in when
    ``deal.poor-hand-dealer same`` says so, else the player to the dealer's left."""
    if getattr(hand, "poor_seat", None) is not None and \
            hand.variant.deal.poor_hand_dealer == "same":
        return hand.dealer
    return (hand.dealer + 1) % hand.n
