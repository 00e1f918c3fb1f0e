"""Circus Rook (``trump: choices ... circus``), built by hand.

Rules (wikipedia-rook, "Trump calling variants"): the bid winner, having taken the kitty,
calls Circus Rook; the player on its left then calls trump and passes its best card to
its left (the Rook, if that side holds it), while the bid winner and its partner pass
their worst card to their left; the side that called trump leads (the spec rules: the
player who named trump).  The spec plays it on the Buckeye deck with the Low Card calls,
so a card's strength is its trump order, else its rank (5 < ... < 14 < 1, or reversed
after a low call).
"""

from __future__ import annotations

import pytest

import rookery
from mechanism_deals import assert_rejected, fill_deal, legal_strings, win_auction

CIRCUS = rookery.load_variant("circus-rook")

# Dealer 0; seat 1 wins the bid.  Seat 2 (on its left) will name trump.
SEAT0 = ["B1", "R1", "B7", "B8", "B9", "R7", "R8", "R9", "Y5", "Y6"]
SEAT1 = ["G6", "G7", "G8", "G9", "G10", "G11", "G12", "G13", "G14", "B10"]
SEAT3 = ["G5", "B6", "R6", "Y9", "Y10", "Y11", "Y12", "Y13", "Y14", "Y1"]


def circus_called() -> tuple[rookery.Hand, list]:
    hands, nest = fill_deal(CIRCUS, {0: SEAT0, 1: SEAT1, 2: ["ROOK"], 3: SEAT3})
    hand = rookery.Hand(CIRCUS, 0, hands, nest)
    win_auction(hand, 1, 70)
    for card in nest:
        hand.apply(f"discard {card}")
    assert "trump circus" in legal_strings(hand)
    events = hand.apply("trump circus")
    return hand, events


def test_the_player_left_of_the_bid_winner_names_trump():
    hand, events = circus_called()
    assert events == [rookery.Event("circus-called", 1, {"namer": 2}, ("trump.choices",))]
    assert (hand.phase, hand.to_act, hand.actor) == ("trump", 2, 2)
    assert "trump circus" not in legal_strings(hand)
    assert "trump G" in legal_strings(hand) and "trump G-low" in legal_strings(hand)
    assert_rejected(hand, "trump G", "not-your-turn", seat=1)
    assert_rejected(hand, "trump circus", "trump-not-allowed")


def test_best_and_worst_cards_pass_left_and_the_namer_leads():
    hand, _ = circus_called()
    events = hand.apply("trump G", 2)
    assert rookery.Event("trump-named", 2, {"trump": "G"}, ("trump.choices",)) in events
    assert (hand.phase, hand.to_act) == ("circus", 2)
    # seat 2 names trump: its best card is the Rook, the highest trump
    assert legal_strings(hand) == ["give ROOK"]
    assert_rejected(hand, "give B14", "must-pass-best")
    hand.apply("give ROOK")
    # seat 3, the bid winner's partner: its worst card is a 6 off trump (G5 is trump)
    assert sorted(legal_strings(hand)) == ["give B6", "give R6"]
    assert_rejected(hand, "give G5", "must-pass-worst")
    assert_rejected(hand, "give Y1", "must-pass-worst")
    hand.apply("give R6")
    # seat 0, the namer's partner, has no trump: its best cards are the 1s
    assert sorted(legal_strings(hand)) == ["give B1", "give R1"]
    hand.apply("give B1")
    # seat 1, the bid winner: every card but B10 is trump
    assert legal_strings(hand) == ["give B10"]
    events = hand.apply("give B10")
    assert rookery.Event("cards-passed", None, {"direction": "left"}) in events
    assert "ROOK" in hand.observation(3)["hand"]
    assert "R6" in hand.observation(0)["hand"]
    assert "B1" in hand.observation(1)["hand"]
    assert "B10" in hand.observation(2)["hand"]
    assert all(size == 10 for size in hand.observation(0)["hand_sizes"])
    assert (hand.phase, hand.to_act) == ("play", 2)


def test_after_a_low_call_best_and_worst_turn_over():
    hand, _ = circus_called()
    hand.apply("trump G-low", 2)
    assert legal_strings(hand) == ["give ROOK"]                  # its only trump
    hand.apply("give ROOK")
    assert legal_strings(hand) == ["give Y1"]                    # the 1 is now the worst
    hand.apply("give Y1")
    assert legal_strings(hand) == ["give Y5"]                    # and the 5 the best
    hand.apply("give Y5")
    assert legal_strings(hand) == ["give B10"]


@pytest.mark.parametrize("variant_id", ["low-card", "buckeye"])
def test_circus_is_only_a_call_where_the_spec_allows_it(variant_id):
    variant = rookery.load_variant(variant_id)
    hands, nest = fill_deal(variant)
    hand = rookery.Hand(variant, 0, hands, nest)
    win_auction(hand, 1, 70)
    for card in nest:
        hand.apply(f"discard {card}")
    assert_rejected(hand, "trump circus", "trump-not-allowed")


def test_a_circus_hand_replays_from_its_snapshot():
    hand, _ = circus_called()
    hand.apply("trump G", 2)
    for card in ("ROOK", "R6", "B1", "B10"):
        hand.apply(f"give {card}")
    assert [seat for seat, _ in hand.snapshot()["actions"][-5:]] == [2, 2, 3, 0, 1]
    again = rookery.Hand.replay(CIRCUS, hand.snapshot())
    assert all(again.observation(s) == hand.observation(s) for s in range(4))
