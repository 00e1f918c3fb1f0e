"""The partner's hand as a dummy (``table: dummy partner``): the bid winner plays the
hand of the partner sitting opposite, laid face up for everyone (``table:
dummy-shown``).

The bid winner can only play from a hand it sees: a dummy is laid face up no later than
the moment its first card is due.  With ``dummy-shown after-first-lead`` (as in Bridge)
it goes down once the first card of the hand is led; where the dummy itself has that
lead (``play: leader left-of-dealer`` with the dealer on the bid winner's right), there
is no card led before its own, so it goes down as its lead falls due, and the bid winner
leads from a hand every seat sees (rather than from cards only the dummy's holder has
seen)."""

from __future__ import annotations

from .phases import BIDDING, PLAY


def seat(hand) -> int | None:
    """The dummy's seat: the bid winner's partner opposite, once there is a bid winner
    (``table.dummy``); None without a dummy."""
    if hand.variant.table.dummy != "partner" or hand.bidder is None:
        return None
    return (hand.bidder + 2) % hand.n


def shown(hand) -> bool:
    """Whether the dummy's hand is face up now (``table.dummy-shown``): from the end of
    the auction (``after-auction``), or once the first card is led or the dummy's own
    lead is due (``after-first-lead``, see the module)."""
    dummy = seat(hand)
    if dummy is None:
        return False
    if hand.variant.table.dummy_shown == "after-auction":
        return hand.phase != BIDDING
    return bool(hand.tricks or hand.trick_cards) or \
        (hand.phase == PLAY and hand.to_act == dummy)
