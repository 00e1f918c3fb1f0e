"""Calling a partner's card (``table: sides called``), built by hand.

Rules (wikipedia-rook, "Other"): in call-your-partner Rook the bid winner at once calls a
card; its holder is the bid winner's secret partner until play reveals the card; the two
sides split the hand's points and every player keeps an individual score.  In the
200-point game the bid winner lays the kitty aside, says whether it holds points, then
names trump, calls the Rook high or low and calls the partner's card (two cards with six
players).
"""

from __future__ import annotations

import rookery
from mechanism_deals import (assert_rejected, deck_of, fill_deal, kinds, legal_strings,
                             play_tricks, scripted_deal, win_auction)

CALL_PARTNER = rookery.load_variant("call-partner")

# Five players, dealer 0: seat 1 speaks first and leads the first trick (left of the
# dealer).  Every trick is one color that everybody follows, so the highest card of the
# color wins: B14, R9, B9, Y9, G9, G14, R14 and Y14.  Seat 1 wins the auction, calls Y14
# (seat 3 holds it), takes the Rook from the nest and lays it aside again; the last trick
# takes the laid-aside Rook.
FIVE_TRICKS = [
    ("B14 B10 B11 B12 B13", 1),     # 20 points: B10, B14
    ("R9 R5 R6 R7 R8", 1),          # 5: R5
    ("B5 B9 B6 B7 B8", 2),          # 5
    ("Y5 Y6 Y9 Y7 Y8", 4),          # 5
    ("G5 G9 G6 G7 G8", 0),          # 5
    ("G14 G10 G11 G12 G13", 0),     # 20
    ("R10 R11 R12 R14 R13", 3),     # 20
    ("Y14 Y10 Y11 Y12 Y13", 3),     # 20, and the Rook's 20 laid aside
]


def five_player_hand(scores=(10, 20, 30, 40, 50)) -> rookery.Hand:
    hands = scripted_deal(CALL_PARTNER, 1, FIVE_TRICKS, nest=["ROOK"], bidder=1,
                          discards=["ROOK"])
    return rookery.Hand(CALL_PARTNER, 0, hands, ["ROOK"], list(scores), 0)


def test_the_bid_winner_calls_before_taking_the_nest():
    hand = five_player_hand()
    events = win_auction(hand, 1, 70)
    assert kinds(events)[-1] == "auction-won"
    assert (hand.phase, hand.to_act, hand.actor) == ("call", 1, 1)
    legal = set(legal_strings(hand))
    assert all(f"call {card}" not in legal for card in hand.start_hands[1])
    for seat in (0, 2, 3, 4):
        assert all(f"call {card}" in legal for card in hand.start_hands[seat])
    assert {a.split()[0] for a in legal} == {"call"}


def test_illegal_calls_change_nothing():
    hand = five_player_hand()
    win_auction(hand, 1, 70)
    assert_rejected(hand, "call B14", "cannot-call-own-card")      # seat 1 holds B14
    assert_rejected(hand, "call X3", "unknown-card")
    assert_rejected(hand, "play B14", "wrong-phase")
    assert_rejected(hand, "trump G", "wrong-phase")
    assert_rejected(hand, "call Y14", "not-your-turn", seat=3)


def test_the_partner_is_secret_until_the_called_card_is_played():
    hand = five_player_hand()
    win_auction(hand, 1, 70)
    events = hand.apply("call Y14")
    assert events[0] == rookery.Event("card-called", 1, {"card": "Y14"})
    # then the nest is taken at once and the Rook laid aside
    assert "nest-taken" in kinds(events)
    assert hand.phase == "discard" and "ROOK" in hand.observation(1)["hand"]
    hand.apply("discard ROOK")
    hand.apply("trump G")
    assert hand.phase == "play" and hand.to_act == 1
    for seat in range(5):
        obs = hand.observation(seat)
        assert obs["called"] == ["Y14"]
        # only the holder of the called card knows; the bid winner does not
        assert obs["partners_known"] == ([3] if seat == 3 else [])
        assert "Y14" not in obs["hand"] or seat == 3
    events = play_tricks(hand, FIVE_TRICKS[:7])
    assert "partner-revealed" not in kinds(events)
    assert all(hand.observation(seat)["partners_known"] == ([3] if seat == 3 else [])
               for seat in range(5))
    events = hand.apply("play Y14")
    assert kinds(events) == ["card-played", "partner-revealed"]
    assert events[1].seat == 3 and events[1].data == {"card": "Y14"}
    assert all(hand.observation(seat)["partners_known"] == [3] for seat in range(5))
    # playing on reveals nobody else
    events = hand.apply("play Y10")
    assert "partner-revealed" not in kinds(events)


def played_out(bid: int) -> tuple[rookery.Hand, list]:
    """Seat 1 wins at ``bid``, calls Y14, lays the Rook aside, names green, and the
    scripted tricks are played."""
    hand = five_player_hand()
    win_auction(hand, 1, bid)
    hand.apply("call Y14")
    hand.apply("discard ROOK")
    hand.apply("trump G")
    return hand, play_tricks(hand, FIVE_TRICKS)


def test_the_called_sides_split_the_points_and_each_player_keeps_a_score():
    hand, events = played_out(70)
    assert kinds(events)[-1] == "hand-scored"
    result = hand.result
    # seats 1 and 3: 20 + 5 (seat 1) + 20 + 20 (seat 3) + the laid-aside Rook (20) with
    # the last trick = 85 >= 70; seats 0, 2, 4: 5 + 5 + 5 + 20 = 35.
    bidders, defenders = result.sides
    assert (bidders.seats, bidders.bidding, bidders.tricks, bidders.taken) == ((1, 3), True, 4, 85)
    assert (defenders.seats, defenders.bidding, defenders.tricks, defenders.taken) == \
        ((0, 2, 4), False, 4, 35)
    assert result.made is True
    assert (result.nest_points, result.nest_to) == (20, 3)
    assert result.changes == (35, 85, 35, 85, 35)
    assert result.scores == (45, 105, 65, 125, 85)
    again = rookery.Hand.replay(CALL_PARTNER, hand.snapshot())
    assert again.result == result


def test_a_set_bid_costs_both_partners_the_bid():
    hand, _ = played_out(90)
    assert hand.result.made is False            # 85 < 90
    assert hand.result.changes == (35, -90, 35, -90, 35)


# -- the 200-point game for six: the kitty announced, two called cards ---------------------

SIX = rookery.load_variant("call-partner-200-six")


def six_player_hand(bidder_cards, partners_cards, nest):
    fixed = {2: bidder_cards}
    fixed.update(partners_cards)
    hands, kitty = fill_deal(SIX, fixed, nest)
    return rookery.Hand(SIX, 0, hands, kitty, [0] * 6, 0)


def test_six_players_the_kitty_is_announced_then_trump_rook_and_two_calls():
    hand = six_player_hand(["B14", "R14"], {4: ["B1"], 5: ["R1"]}, ["Y2", "Y3", "Y4"])
    win_auction(hand, 2, 100)
    assert hand.phase == "discard" and len(hand.hands[2]) == 12
    for card in ("Y2", "Y3"):
        hand.apply(f"discard {card}")
        assert "nest_has_points" not in hand.observation(0)
    events = hand.apply("discard Y4")
    assert rookery.Event("nest-announced", 2, {"points": False}, ("nest.announce",)) in events
    assert all(hand.observation(seat)["nest_has_points"] is False for seat in range(6))
    assert hand.phase == "trump"
    hand.apply("trump B")
    assert hand.phase == "rook" and set(legal_strings(hand)) == {"rook high", "rook low"}
    assert_rejected(hand, "rook middle", "wrong-phase")
    hand.apply("rook high")
    assert hand.phase == "call"
    hand.apply("call B1")
    assert hand.phase == "call" and hand.partners == frozenset()
    assert "call B1" not in legal_strings(hand)
    assert_rejected(hand, "call B1", "already-called")
    assert_rejected(hand, "call B14", "cannot-call-own-card")
    hand.apply("call R1")
    assert hand.phase == "play"
    assert hand.to_act == 3                     # left of the bid winner
    known = {seat: hand.observation(seat)["partners_known"] for seat in range(6)}
    # each holder knows only itself: it cannot tell who holds the other called card
    assert known == {0: [], 1: [], 2: [], 3: [], 4: [4], 5: [5]}
    assert hand.observation(0)["called"] == ["B1", "R1"]


def test_a_kitty_with_a_counter_is_announced_as_holding_points():
    hand = six_player_hand(["B14", "R14"], {4: ["B1"], 5: ["R1"]}, ["Y2", "Y3", "Y4"])
    win_auction(hand, 2, 100)
    hand.apply("discard Y2")
    hand.apply("discard Y3")
    events = hand.apply("discard R14")          # a 10-point counter
    assert rookery.Event("nest-announced", 2, {"points": True}, ("nest.announce",)) in events
    assert hand.observation(5)["nest_has_points"] is True


def test_two_calls_held_by_one_player_make_one_partner():
    hand = six_player_hand(["B14", "R14"], {4: ["B1", "R1"]}, ["Y2", "Y3", "Y4"])
    win_auction(hand, 2, 100)
    for card in ("Y2", "Y3", "Y4"):
        hand.apply(f"discard {card}")
    hand.apply("trump R")
    hand.apply("rook low")
    hand.apply("call B1")
    hand.apply("call R1")
    assert hand.partners == frozenset({4})
    assert [hand.observation(s)["partners_known"] for s in range(6)] == [[], [], [], [], [4], []]


def test_the_deal_helper_uses_the_whole_deck():
    hands, kitty = fill_deal(SIX, {2: ["B14"]}, ["Y2"])
    assert len(hands) == 6 and all(len(h) == 9 for h in hands) and len(kitty) == 3
    assert "B14" in hands[2] and "Y2" in kitty
    assert sorted(c for h in hands + [kitty] for c in h) == sorted(deck_of(SIX))


# -- the standard-deck game for five: the call after trump, then the leader ---------------

FIVE_STANDARD = rookery.load_variant("standard-deck-five")


def test_standard_deck_five_calls_after_trump_and_the_lead_can_reveal():
    hands, nest = fill_deal(FIVE_STANDARD, {2: ["HA"]})
    assert nest == ["JOKER"] and len(deck_of(FIVE_STANDARD)) == 51
    assert "S2" not in deck_of(FIVE_STANDARD) and "C2" not in deck_of(FIVE_STANDARD)
    hand = rookery.Hand(FIVE_STANDARD, 0, hands, nest, [0] * 5)
    win_auction(hand, 1, 70)
    hand.apply("discard JOKER")
    assert hand.phase == "trump"
    hand.apply("trump H")
    assert hand.phase == "call"
    hand.apply("call HA")
    assert hand.phase == "leader" and hand.partners == frozenset({2})
    hand.apply("leader left")
    assert (hand.phase, hand.to_act) == ("play", 2)
    assert hand.observation(0)["partners_known"] == []
    events = hand.apply("play HA")
    assert kinds(events) == ["card-played", "partner-revealed"]
    assert hand.observation(0)["partners_known"] == [2]
