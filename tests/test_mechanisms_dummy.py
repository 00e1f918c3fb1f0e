"""The declarer plays the partner's hand as a dummy (``table: dummy partner``), built by
hand.

Rules (wikipedia-rook, "Four-player partnership"): in Display and Boston the declarer
plays the partner's hand as a dummy, as in Bridge.  The source does not tell the two
apart, so both specs show the dummy once the first card is led, as in Bridge; the other
mechanism (shown as soon as the auction ends) is checked on a variant built here.  Both are
Regular Partnership Rook: 56 cards, 14 each, no nest; seat 1 (left of the dealer) speaks
first and leads.
"""

from __future__ import annotations

import pytest

import rookery
from mechanism_deals import assert_rejected, fill_deal, legal_strings, win_auction

DISPLAY = rookery.load_variant("display")
BOSTON = rookery.load_variant("boston")
SHOWN_AT_AUCTION = rookery.load_text(
    'variant shown-early "Display, dummy shown at the end of the auction"\n'
    'extends display\n\ntable:\n'
    '  dummy-shown after-auction   ruling "a test of the other mechanism"\n',
    "shown-early.rook")


def one_color_each(variant) -> rookery.Hand:
    """Seat 0 holds every black card, seat 1 every red, seat 2 yellow, seat 3 green."""
    colors = "BRYG"
    fixed = {seat: [f"{colors[seat]}{rank}" for rank in range(1, 15)] for seat in range(4)}
    hands, nest = fill_deal(variant, fixed)
    return rookery.Hand(variant, 0, hands, nest)


@pytest.mark.parametrize("variant", [DISPLAY, BOSTON], ids=lambda v: v.id)
def test_display_and_boston_show_the_dummy_after_the_first_lead(variant):
    hand = one_color_each(variant)
    win_auction(hand, 1, 70)
    hand.apply("trump Y")
    assert all("dummy" not in hand.observation(seat) for seat in range(4))
    hand.apply("play R14")
    assert hand.observation(0)["dummy"]["seat"] == 3


@pytest.mark.parametrize("variant", [DISPLAY, BOSTON], ids=lambda v: v.id)
def test_the_bid_winner_decides_for_the_dummy(variant):
    hand = one_color_each(variant)
    win_auction(hand, 1, 70)
    assert (hand.phase, hand.actor) == ("trump", 1)
    hand.apply("trump Y")
    assert (hand.phase, hand.to_act, hand.actor) == ("play", 1, 1)
    hand.apply("play R14")
    hand.apply("play Y1", 2)
    # seat 3 is the bid winner's partner: its card is due, seat 1 decides
    assert (hand.to_act, hand.actor) == (3, 1)
    assert hand.observation(0)["actor"] == 1
    assert legal_strings(hand) == [f"play G{rank}" for rank in range(1, 15)]
    assert_rejected(hand, "play G5", "not-your-turn", seat=3)
    assert_rejected(hand, "play R13", "card-not-in-hand", seat=1)   # the declarer's own card
    hand.apply("play G5", 1)
    assert "G5" not in hand.observation(3)["hand"] and "R13" in hand.observation(1)["hand"]
    assert (hand.to_act, hand.actor) == (0, 0)
    events = hand.apply("play B1", 0)
    assert events[-1].kind == "trick-won" and events[-1].seat == 2     # the only trump
    # seat 2 leads; seat 3's card is due next and seat 1 plays it
    hand.apply("play Y2", 2)
    assert (hand.to_act, hand.actor) == (3, 1)
    hand.apply("play G1", 1)
    assert hand.history[-1] == (1, rookery.Action("play", "G1"))
    assert (hand.to_act, hand.actor) == (0, 0)


def test_the_dummy_is_the_partner_of_whoever_wins_the_bid():
    hand = one_color_each(DISPLAY)
    win_auction(hand, 2, 70)                    # seat 2 declares, seat 0 is the dummy
    hand.apply("trump Y")
    hand.apply("play R14", 1)
    assert (hand.to_act, hand.actor) == (2, 2)
    hand.apply("play Y14", 2)
    assert (hand.to_act, hand.actor) == (3, 3)
    hand.apply("play G14", 3)
    assert (hand.to_act, hand.actor) == (0, 2)
    assert hand.observation(1)["dummy"]["seat"] == 0


def test_a_dummy_shown_after_the_auction_is_seen_before_trump():
    hand = one_color_each(SHOWN_AT_AUCTION)
    hand.apply("bid 70")
    assert all("dummy" not in hand.observation(seat) for seat in range(4))
    win_auction(hand, 1, 70)
    green = [f"G{rank}" for rank in range(1, 15)]
    for seat in range(4):
        assert hand.observation(seat)["dummy"] == {"seat": 3, "hand": green}
    hand.apply("trump Y")
    hand.apply("play R14")
    hand.apply("play Y1")
    hand.apply("play G7")
    assert hand.observation(2)["dummy"]["hand"] == [c for c in green if c != "G7"]


def test_boston_shows_the_dummy_after_the_first_lead():
    hand = one_color_each(BOSTON)
    win_auction(hand, 1, 70)
    hand.apply("trump Y")
    assert all("dummy" not in hand.observation(seat) for seat in range(4))
    # the other hands stay hidden: seat 0 sees only its own cards
    assert hand.observation(0)["hand"] == [f"B{rank}" for rank in range(1, 15)]
    hand.apply("play R14")
    green = [f"G{rank}" for rank in range(1, 15)]
    for seat in range(4):
        assert hand.observation(seat)["dummy"] == {"seat": 3, "hand": green}


def test_regular_partnership_has_no_dummy():
    variant = rookery.load_variant("regular-partnership")
    hand = one_color_each(variant)
    win_auction(hand, 1, 70)
    hand.apply("trump Y")
    hand.apply("play R14")
    hand.apply("play Y1")
    assert (hand.to_act, hand.actor) == (3, 3)
    assert "dummy" not in hand.observation(0)
    assert_rejected(hand, "play G1", "not-your-turn", seat=1)


def test_the_bid_winner_leads_for_the_dummy():
    # Green is trump and the dummy (seat 3) holds every green card: it wins each trick
    # it plays in, and then its lead is the bid winner's to choose.
    hand = one_color_each(DISPLAY)
    win_auction(hand, 1, 70)
    hand.apply("trump G")
    hand.apply("play R1", 1)
    hand.apply("play Y1", 2)
    hand.apply("play G1", 1)                    # for the dummy
    events = hand.apply("play B1", 0)
    assert events[-1].kind == "trick-won" and events[-1].seat == 3
    assert (hand.to_act, hand.actor) == (3, 1)
    assert_rejected(hand, "play G2", "not-your-turn", seat=3)
    hand.apply("play G14", 1)
    assert hand.trick_seats == [3] and (hand.to_act, hand.actor) == (0, 0)


def test_a_dummy_hand_replays_from_its_snapshot():
    hand = one_color_each(BOSTON)
    win_auction(hand, 1, 70)
    hand.apply("trump G")
    for card in ("R1", "Y1", "G1", "B1", "G14", "B2", "R2", "Y2"):
        hand.apply(f"play {card}")
    snapshot = hand.snapshot()
    assert [seat for seat, _ in snapshot["actions"][-8:]] == [1, 2, 1, 0, 1, 0, 1, 2]
    again = rookery.Hand.replay(BOSTON, snapshot)
    assert all(again.observation(s) == hand.observation(s) for s in range(4))
