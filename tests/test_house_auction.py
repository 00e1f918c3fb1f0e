"""House rules of the auction: the top bid ends it (``bidding.at-maximum ends-auction``),
and the dealer left alone must bid but picks the amount (``bidding.all-pass
dealer-must-bid``); rule by rule on built deals, then 200 random games of each."""

import pytest
from house_games import house, play_random_games

import rookery

TOP = house("top-bid-ends")
MUST = house("dealer-must-bid")


def test_a_top_bid_wins_the_auction_at_once():
    hand = rookery.deal_hand(TOP, seed=3, dealer=0)
    events = hand.apply("bid 120")
    won = [e for e in events if e.kind == "auction-won"]
    assert won and won[0].seat == 1 and won[0].rules == ("bidding.at-maximum",)
    assert hand.phase == "discard" and hand.bidder == 1 and hand.high == 120


def test_a_lower_bid_leaves_the_auction_open():
    hand = rookery.deal_hand(TOP, seed=3, dealer=0)
    hand.apply("bid 115")
    assert hand.phase == "bidding" and hand.to_act == 2
    assert [str(a) for a in hand.legal_actions()] == ["bid 120", "pass"]


def test_without_the_house_rule_the_others_still_speak():
    plain = rookery.load_variant("tournament")
    hand = rookery.deal_hand(plain, seed=3, dealer=0)
    hand.apply("bid 120")
    assert hand.phase == "bidding" and [str(a) for a in hand.legal_actions()] == ["pass"]


def test_the_dealer_left_alone_must_bid_any_amount():
    hand = rookery.deal_hand(MUST, seed=5, dealer=0)
    for _ in range(3):
        hand.apply("pass")
    legal = [str(a) for a in hand.legal_actions()]
    assert hand.to_act == 0 and "pass" not in legal
    assert legal == [f"bid {a}" for a in range(100, 185, 5)]
    assert hand.legal_rules()[0] == "bidding.all-pass"
    with pytest.raises(rookery.IllegalAction) as refused:
        hand.apply("pass")
    assert refused.value.code == "must-bid" and refused.value.rule == "bidding.all-pass"
    assert hand.to_act == 0 and hand.phase == "bidding"    # unchanged
    hand.apply("bid 140")
    assert hand.bidder == 0 and hand.high == 140 and hand.phase != "bidding"


def test_the_forced_dealer_of_the_parent_takes_the_minimum():
    hand = rookery.deal_hand(rookery.load_variant("kentucky-rook"), seed=5, dealer=0)
    for _ in range(3):
        hand.apply("pass")
    assert hand.bidder == 0 and hand.high == 100


def test_nobody_is_forced_while_another_is_in():
    hand = rookery.deal_hand(MUST, seed=5, dealer=0)
    hand.apply("pass")
    hand.apply("pass")
    assert "pass" in [str(a) for a in hand.legal_actions()]


@pytest.mark.parametrize("variant", [TOP, MUST], ids=lambda v: v.id)
def test_200_random_games(variant):
    seen = play_random_games(variant, 200, seed=11)
    assert seen["hand-scored"] >= 200
    if variant is MUST:
        assert seen["thrown-in"] == 0       # with the dealer made to bid, no hand is thrown in
    assert seen["auction-won"] >= 200
