"""Who opens the auction and who is forced to take it (``bidding: first``, ``all-pass``),
and what the bid winner may lay aside (``nest: forbid``), built by hand.

Rules (kentucky-rook): in Kentucky Rook the player left of the dealer bids first and,
when the first three pass, the dealer takes the bid at 100; the book's Kentucky Discard
has the dealer bid first, at least 70 (the spec rules that the last to speak, right of
the dealer, is then forced to 70).  Kentucky Rook forbids laying counters aside unless
the bid winner holds nothing else; its variation lets counters go to the nest, where the
last trick takes them.  The standard-deck game raises by exactly 5 (standard-deck-gist,
"Step Two: Bidding").
"""

from __future__ import annotations

import pytest

import rookery
from mechanism_deals import assert_rejected, fill_deal, kinds, legal_strings


def new_hand(variant_id: str, dealer: int, fixed=None, nest=None) -> rookery.Hand:
    variant = rookery.load_variant(variant_id)
    hands, kitty = fill_deal(variant, fixed, nest)
    return rookery.Hand(variant, dealer, hands, kitty)


@pytest.mark.parametrize("dealer, last", [(0, 3), (2, 1), (3, 2)])
def test_kentucky_discard_the_dealer_speaks_first_and_the_last_speaker_is_forced(dealer, last):
    hand = new_hand("kentucky-discard", dealer)
    assert hand.to_act == dealer
    assert_rejected(hand, "bid 65", "bid-too-low")
    events = []
    for offset in range(3):
        assert hand.to_act == (dealer + offset) % 4
        events += hand.apply("pass")
    assert rookery.Event("forced-bid", last, {"amount": 70},
                         ("bidding.all-pass",)) in events
    assert (hand.bidder, hand.high) == (last, 70)
    assert kinds(events)[-2:] == ["auction-won", "nest-taken"]


def test_kentucky_rook_the_dealer_is_forced_to_100():
    hand = new_hand("kentucky-rook", 1)
    assert hand.to_act == 2
    for seat in (2, 3, 0):
        hand.apply("pass", seat)
    assert (hand.bidder, hand.high, hand.phase) == (1, 100, "discard")


def test_kentucky_discard_a_bid_ends_forcing():
    hand = new_hand("kentucky-discard", 0)
    hand.apply("bid 75")
    for _ in range(3):
        hand.apply("pass")
    assert (hand.bidder, hand.high) == (0, 75)
    assert not any(entry[1] == "bid 70" for entry in hand.auction)


def test_standard_deck_bids_rise_by_exactly_five():
    hand = new_hand("standard-deck", 0)
    assert hand.to_act == 1
    hand.apply("bid 70")
    assert legal_strings(hand) == ["bid 75", "pass"]
    assert_rejected(hand, "bid 80", "bid-jump")
    assert_rejected(hand, "bid 70", "bid-too-low")


def test_tournament_bids_may_jump():
    hand = new_hand("tournament", 0)
    hand.apply("bid 70")
    assert legal_strings(hand) == [f"bid {a}" for a in range(75, 125, 5)] + ["pass"]
    assert_rejected(hand, "bid 72", "bid-not-multiple")
    assert_rejected(hand, "bid 125", "bid-too-high")
    hand.apply("bid 100")
    assert hand.high == 100


# -- what may be laid aside ------------------------------------------------------------------

# Kentucky Rook deck: 5-14 and 1 in four colors and the Rook.  Seat 1 wins the bid.
COUNTERS_AND_OTHERS = ["B5", "B10", "B14", "B1", "R5", "B6", "B7", "B8", "B9", "B11"]


def test_kentucky_rook_keeps_counters_out_of_the_nest():
    hand = new_hand("kentucky-rook", 0, {1: COUNTERS_AND_OTHERS},
                    ["R6", "R7", "R8", "R9", "R10"])
    hand.apply("bid 100")
    for _ in range(3):
        hand.apply("pass")
    assert hand.phase == "discard" and hand.bidder == 1
    free = {"B6", "B7", "B8", "B9", "B11", "R6", "R7", "R8", "R9"}
    assert {a.split()[1] for a in legal_strings(hand)} == free
    assert_rejected(hand, "discard B5", "cannot-discard-counters")
    assert_rejected(hand, "discard R10", "cannot-discard-counters")
    assert_rejected(hand, "discard G5", "card-not-in-hand")


def test_kentucky_rook_lays_counters_aside_when_forced():
    # eleven counters and four other cards: after laying the four aside only counters
    # are left, and then any of them may go
    counters = ["B5", "B10", "B14", "B1", "R5", "R10", "R14", "R1", "Y5", "Y10"]
    hand = new_hand("kentucky-rook", 0, {1: counters}, ["Y14", "G6", "G7", "G8", "G9"])
    hand.apply("bid 100")
    for _ in range(3):
        hand.apply("pass")
    assert {a.split()[1] for a in legal_strings(hand)} == {"G6", "G7", "G8", "G9"}
    for card in ("G6", "G7", "G8", "G9"):
        hand.apply(f"discard {card}")
    assert {a.split()[1] for a in legal_strings(hand)} == set(counters) | {"Y14"}
    hand.apply("discard Y14")
    assert hand.phase == "trump"


def test_the_variation_lets_counters_go_to_the_nest():
    hand = new_hand("kentucky-rook-discard-counters", 0, {1: COUNTERS_AND_OTHERS},
                    ["R6", "R7", "R8", "R9", "R10"])
    hand.apply("bid 100")
    for _ in range(3):
        hand.apply("pass")
    assert {a.split()[1] for a in legal_strings(hand)} == \
        set(COUNTERS_AND_OTHERS) | {"R6", "R7", "R8", "R9", "R10"}
    hand.apply("discard B1")
    assert hand.observation(1)["laid_aside"] == ["B1"]
