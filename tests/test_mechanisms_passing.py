"""Passing cards to an opponent, the direction set by the hand's number (``passing:``),
built by hand.

Rules (standard-deck-gist, "Step Three: After Bidding"): after the bid winner has taken
the middle card and laid one aside, every player passes three cards face down to an
opponent; the bid winner sees the cards passed to it only after calling trump.  The
direction alternates right, left from hand to hand; a variation cycles right, left, and
no passing.  Seats run clockwise: seat s + 1 sits on seat s's left, seat s - 1 on its
right.
"""

from __future__ import annotations

import pytest

import rookery
from mechanism_deals import assert_rejected, fill_deal, kinds, legal_strings, win_auction

STANDARD = rookery.load_variant("standard-deck")
CYCLE = rookery.load_variant("standard-deck-pass-cycle")
SUITS = "SHDC"
# Who receives each seat's cards.
RIGHT = {0: 3, 1: 0, 2: 1, 3: 2}
LEFT = {0: 1, 1: 2, 2: 3, 3: 0}


def one_suit_each(variant, number):
    """Seat 0 holds every spade, seat 1 the hearts, seat 2 diamonds, seat 3 clubs; the
    joker is the middle card.  Dealer 0; seat 1 wins the bid and lays the joker aside."""
    hands, nest = fill_deal(variant)
    assert [h[0][0] for h in hands] == list(SUITS) and nest == ["JOKER"]
    hand = rookery.Hand(variant, 0, hands, nest, [0, 0], number)
    win_auction(hand, 1, 70)
    hand.apply("discard JOKER")
    return hand


def give_lowest_three(hand) -> list:
    events = []
    for seat in (1, 2, 3, 0):                       # from the dealer's left
        for rank in (2, 3, 4):
            assert hand.to_act == seat
            events += hand.apply(f"give {SUITS[seat]}{rank}", seat)
    return events


@pytest.mark.parametrize("variant, number, direction", [
    (STANDARD, 0, "right"), (STANDARD, 1, "left"), (STANDARD, 2, "right"),
    (STANDARD, 7, "left"),
    (CYCLE, 0, "right"), (CYCLE, 1, "left"), (CYCLE, 3, "right"), (CYCLE, 4, "left"),
], ids=lambda x: getattr(x, "id", x))
def test_the_hand_number_sets_the_direction(variant, number, direction):
    hand = one_suit_each(variant, number)
    assert hand.phase == "passing" and hand.to_act == 1
    events = give_lowest_three(hand)
    assert rookery.Event("cards-passed", None, {"direction": direction},
                         ("passing.directions",)) in events
    receiver = RIGHT if direction == "right" else LEFT
    assert hand.phase == "trump"
    for giver in (0, 2, 3):                         # seat 1, the bid winner, waits
        taker = receiver[giver]
        if taker == 1:
            continue
        held = hand.observation(taker)["hand"]
        assert {f"{SUITS[giver]}{r}" for r in (2, 3, 4)} <= set(held)
        assert len(held) == 13
    # the bid winner sees what it was passed only once trump is called
    bidder_gets = next(g for g, t in receiver.items() if t == 1)
    passed_to_bidder = {f"{SUITS[bidder_gets]}{r}" for r in (2, 3, 4)}
    assert hand.observation(1)["received_hidden"] == 3
    assert not passed_to_bidder & set(hand.observation(1)["hand"])
    assert len(hand.observation(1)["hand"]) == 10
    hand.apply("trump H")
    assert passed_to_bidder <= set(hand.observation(1)["hand"])
    assert "received_hidden" not in hand.observation(1)
    assert hand.phase == "leader"


@pytest.mark.parametrize("number", [2, 5, 8])
def test_every_third_hand_passes_nothing(number):
    hand = one_suit_each(CYCLE, number)
    assert hand.phase == "trump"                    # straight past the passing
    assert hand.observation(0)["hand_sizes"] == [13] * 4
    hand.apply("trump H")
    assert hand.observation(1)["hand"] == [f"H{r}" for r in
                                           "2 3 4 5 6 7 8 9 10 J Q K A".split()]


def test_the_no_passing_hand_says_so():
    hands, nest = fill_deal(CYCLE)
    hand = rookery.Hand(CYCLE, 0, hands, nest, [0, 0], 2)
    win_auction(hand, 1, 70)
    events = hand.apply("discard JOKER")
    assert rookery.Event("passing", None, {"direction": "none", "cards": 0}) in events
    assert "cards-passed" not in kinds(events)


def test_passed_cards_wait_until_everyone_has_given():
    hand = one_suit_each(STANDARD, 0)
    assert legal_strings(hand) == [f"give H{r}" for r in
                                   "2 3 4 5 6 7 8 9 10 J Q K A".split()]
    hand.apply("give H2")
    assert hand.observation(1)["giving"] == ["H2"]
    assert_rejected(hand, "give H2", "card-not-in-hand")       # already given
    assert_rejected(hand, "give S5", "card-not-in-hand")       # seat 0's card
    assert_rejected(hand, "give H3", "not-your-turn", seat=2)
    assert_rejected(hand, "play H3", "wrong-phase")
    assert_rejected(hand, "give Z9", "unknown-card")
    hand.apply("give H3")
    hand.apply("give H4")
    assert hand.to_act == 2
    # seat 0 (to the right of seat 1) has not received anything yet
    assert not {"H2", "H3", "H4"} & set(hand.observation(0)["hand"])
    assert hand.observation(0)["hand_sizes"] == [13, 10, 13, 13]
    assert "giving" not in hand.observation(0) or hand.observation(0)["giving"] == []


def test_a_game_numbers_its_hands_thrown_in_ones_too():
    hands, nest = fill_deal(CYCLE)
    game = rookery.Game(CYCLE, 7, hand=rookery.Hand(CYCLE, 0, hands, nest, [0, 0], 0))
    directions = []
    for number, dealer in [(1, 1), (2, 2), (3, 3)]:
        events = []
        for _ in range(4):
            events += game.apply("pass")
        assert "thrown-in" in kinds(events)
        assert rookery.Event("new-hand", dealer, {"hand": number, "dealer": dealer}) in events
        assert (game.hand.number, game.hand.dealer) == (number, dealer)
        # play the new hand up to its passing: the first speaker takes the bid at 70
        hand = game.hand.copy()
        win_auction(hand, (dealer + 1) % 4, 70)
        events = hand.apply(hand.legal_actions()[0])          # lay one card aside
        directions += [e.data["direction"] for e in events if e.kind == "passing"]
    assert directions == ["left", "none", "right"]
