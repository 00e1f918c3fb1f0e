"""Deals without a nest (``deal: nest 0``), and the nest Dixie puts back, built by hand.

Rules (wikipedia-rook, "Four-player partnership"): Regular Partnership Rook is played
with all cards 1-14, no Rook and no nest, 20 points going to the partnership with the
majority of tricks; Dixie is the same game with a nest, the 13 counting 10 instead of the
14.  The specs rule that 56 cards deal 14 each without a nest and 13 each with a nest of
4.
"""

from __future__ import annotations

import pytest

import rookery
from rookery.engine import deal_cards
from rookery.engine.hand import steps_after_bidding
from mechanism_deals import (assert_rejected, deck_of, fill_deal, kinds, legal_strings,
                             win_auction)

REGULAR = rookery.load_variant("regular-partnership")
DIXIE = rookery.load_variant("dixie")
COLORS = "BRYG"


def one_color_each(variant, ranks=range(1, 15)):
    fixed = {seat: [f"{COLORS[seat]}{rank}" for rank in ranks] for seat in range(4)}
    return fill_deal(variant, fixed)


def test_every_card_is_dealt_to_the_players():
    hands, nest = one_color_each(REGULAR)
    assert nest == [] and [len(h) for h in hands] == [14] * 4
    # a Dixie-shaped deal (13 each and 4 aside) is not a Regular Partnership deal
    with pytest.raises(rookery.UsageError, match="deals 14"):
        rookery.Hand(REGULAR, 0, [h[:13] for h in hands], [h[13] for h in hands])
    with pytest.raises(rookery.UsageError, match="nest of 0"):
        rookery.Hand(REGULAR, 0, hands, ["B1"])


def test_the_auction_goes_straight_to_naming_trump():
    assert steps_after_bidding(REGULAR) == ("trump", "play")
    hands, nest = one_color_each(REGULAR)
    hand = rookery.Hand(REGULAR, 0, hands, nest)
    assert hand.observation(0)["nest_size"] == 0
    events = win_auction(hand, 1, 70)
    assert "nest-taken" not in kinds(events)
    assert (hand.phase, hand.to_act) == ("trump", 1)
    assert legal_strings(hand) == ["trump B", "trump R", "trump Y", "trump G"]
    assert_rejected(hand, "discard R1", "wrong-phase")
    assert hand.observation(1)["hand_sizes"] == [14] * 4
    assert "laid_aside" not in hand.observation(1)


def test_a_hand_without_a_nest_scores_only_the_tricks():
    # Seat 1 holds every red card and names red: whatever it leads, nobody else holds a
    # red card or a trump, so it takes all 14 tricks: the 100 counters (5s, 10s, 14s)
    # and the majority's 20.
    hands, nest = one_color_each(REGULAR)
    hand = rookery.Hand(REGULAR, 0, hands, nest, [40, 60])
    win_auction(hand, 1, 120)
    hand.apply("trump R")
    for rank in range(14, 0, -1):
        hand.apply(f"play R{rank}")
        for _ in range(3):
            hand.apply(hand.legal_actions()[0])
        assert hand.tricks[-1][3] == 1
    result = hand.result
    assert (result.nest_points, result.made) == (0, True)
    ours, theirs = result.sides
    assert (ours.seats, ours.tricks, ours.counters, ours.bonus) == ((1, 3), 14, 100, 20)
    assert (theirs.seats, theirs.tricks, theirs.counters, theirs.bonus) == ((0, 2), 0, 0, 0)
    assert result.changes == (0, 120)           # per team: seats 0 and 2, seats 1 and 3
    assert result.scores == (40, 180)


def test_dixie_puts_a_nest_back_and_counts_the_13():
    # Each seat holds one color's 1-13; the nest is the four 14s.  Seat 1 takes them,
    # lays them aside, names red and takes every trick.
    assert steps_after_bidding(DIXIE) == ("take", "discard", "trump", "play")
    hands, nest = one_color_each(DIXIE, range(1, 14))
    assert sorted(nest) == ["B14", "G14", "R14", "Y14"]
    hand = rookery.Hand(DIXIE, 0, hands, nest)
    events = win_auction(hand, 1, 70)
    assert events[-1] == rookery.Event("nest-taken", 1, {"cards": 4})
    assert len(hand.observation(1)["hand"]) == 17
    for card in ("B14", "R14", "Y14", "G14"):
        hand.apply(f"discard {card}")
    hand.apply("trump R")
    for rank in range(13, 0, -1):
        hand.apply(f"play R{rank}")
        for _ in range(3):
            hand.apply(hand.legal_actions()[0])
    result = hand.result
    # the 14s count nothing in Dixie; the 5s, 10s and 13s make 100, plus the majority
    assert result.nest_points == 0
    ours, theirs = result.sides
    assert (ours.tricks, ours.counters, ours.bonus, ours.taken) == (13, 100, 20, 120)
    assert result.changes == (0, 120)


# -- how the nest is dealt when the deck changes ---------------------------------------

def test_the_red_one_deals_a_nest_of_six_one_card_a_round():
    # 42 cards: after each of the first six rounds of four cards one goes to the nest
    variant = rookery.load_variant("red-one")
    deck = deck_of(variant)
    assert len(deck) == 42 and "R1" in deck
    hands, nest = deal_cards(variant, deck, 0)
    assert nest == [deck[5 * r + 4] for r in range(6)]
    assert hands[1][:7] == [deck[0], deck[5], deck[10], deck[15], deck[20], deck[25], deck[30]]
    assert hands[0][-1] == deck[-1] and [len(h) for h in hands] == [9] * 4


def test_call_partner_deals_its_single_nest_card_last():
    variant = rookery.load_variant("call-partner")
    deck = deck_of(variant)
    hands, nest = deal_cards(variant, deck, 2)
    assert nest == [deck[-1]]
    assert hands[3][0] == deck[0] and hands[2][0] == deck[4]    # from the dealer's left


def test_kentucky_discard_original_has_no_rook():
    variant = rookery.load_variant("kentucky-discard-original")
    deck = deck_of(variant)
    assert len(deck) == 40 and "ROOK" not in deck
    hands, nest = fill_deal(variant)
    assert len(nest) == 4 and [len(h) for h in hands] == [9] * 4
    with pytest.raises(rookery.UsageError, match="ROOK"):
        rookery.Hand(variant, 0, hands[:3] + [hands[3][:8] + ["ROOK"]], nest)
