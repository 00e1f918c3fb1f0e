"""Trump calls beyond naming a color (``trump: choices low-card, no-trump``), built by hand.

Rules (wikipedia-rook, "Trump calling variants"): a Low Card call reverses the ranks -
the 5 is best and the 1 worst - and makes the Rook the 10.5 of trump; a No Trump call
leaves no trump at all, the Rook becoming the 10.5 of red, and may be made high or low.
The specs play these on the Buckeye deck (5-14 and the 1s, which rank above the 14), so a
normal call ranks 5 < 6 < ... < 14 < 1 and a low call 1 < 14 < ... < 6 < 5.
"""

from __future__ import annotations

import pytest

import rookery
from mechanism_deals import assert_rejected, fill_deal, legal_strings, play_tricks, win_auction

BUCKEYE = rookery.load_variant("buckeye")
LOW_CARD = rookery.load_variant("low-card")
NO_TRUMP = rookery.load_variant("no-trump")


def first_trick(variant, call: str, cards: str) -> rookery.Hand:
    """Dealer 0; seat 1 wins the bid at 70, lays the nest's cards back aside and makes
    ``call``; it then leads the first trick, whose cards (seats 1, 2, 3, 0) are dealt
    to the seats that play them."""
    fixed = {(1 + offset) % 4: [card] for offset, card in enumerate(cards.split())}
    hands, nest = fill_deal(variant, fixed)
    hand = rookery.Hand(variant, 0, hands, nest)
    win_auction(hand, 1, 70)
    for card in nest:
        hand.apply(f"discard {card}")
    hand.apply(f"trump {call}")
    assert (hand.phase, hand.to_act) == ("play", 1)
    return hand


@pytest.mark.parametrize("call, cards, winner, why", [
    ("R", "Y14 Y5 Y1 Y10", 3, "normal call: the 1 is the highest yellow"),
    ("R-low", "Y14 Y5 Y1 Y10", 2, "low call: the 5 is the best yellow"),
    ("R-low", "Y14 Y10 Y1 Y13", 2, "low call: 10 beats 13 and 14; the 1 is the worst"),
    ("R-low", "R11 ROOK R10 R1", 3, "low call: the trump 10 beats the Rook (10.5)"),
    ("R-low", "R11 ROOK R12 R1", 2, "low call: the Rook (10.5) beats the 11"),
    ("R-low", "R1 R14 R5 ROOK", 3, "low call: the trump 5 beats the Rook and the 1"),
    ("G-low", "Y5 ROOK Y6 Y7", 2, "low call: the Rook is still a trump and takes yellow"),
    ("R", "R1 ROOK R5 R14", 2, "normal call: the Rook stays the highest trump"),
])
def test_low_card(call, cards, winner, why):
    hand = first_trick(LOW_CARD, call, cards)
    play_tricks(hand, [(cards, winner)])
    assert hand.observation(0)["trump"] == call


@pytest.mark.parametrize("call, cards, winner, why", [
    ("none", "R11 ROOK R10 R9", 1, "the red 11 beats the Rook (red 10.5)"),
    ("none", "R10 ROOK R9 R5", 2, "the Rook (red 10.5) beats the red 10"),
    ("none", "B5 ROOK B6 B7", 0, "the Rook is red, not trump: it cannot take black"),
    ("none", "ROOK R11 R5 R10", 2, "a led Rook is a red lead"),
    ("none", "R1 R14 ROOK Y1", 1, "the 1 is the highest red; nothing is trump"),
    ("none-low", "R10 ROOK R11 R5", 0, "no trump, low: the red 5 is best"),
    ("none-low", "R11 ROOK R12 R1", 2, "no trump, low: the Rook (10.5) beats the 11"),
    ("none-low", "R12 R10 ROOK R11", 2, "no trump, low: the 10 beats the Rook"),
    ("B-low", "Y14 Y5 Y1 Y10", 2, "the low calls come with no trump too"),
])
def test_no_trump(call, cards, winner, why):
    hand = first_trick(NO_TRUMP, call, cards)
    play_tricks(hand, [(cards, winner)])
    assert hand.observation(2)["trump"] == call


def test_a_led_rook_calls_for_red_when_nothing_is_trump():
    hand = first_trick(NO_TRUMP, "none", "ROOK R11 R5 R10")
    hand.apply("play ROOK")
    legal = legal_strings(hand)
    held = hand.observation(2)["hand"]
    assert sorted(legal) == sorted(f"play {c}" for c in held if c.startswith("R"))
    assert "play R11" in legal and len(legal) < len(held)
    other = next(c for c in held if not c.startswith("R"))
    assert_rejected(hand, f"play {other}", "must-follow-color")


def test_the_calls_a_spec_allows():
    for variant, expected in [
        (BUCKEYE, ["B", "R", "Y", "G"]),
        (LOW_CARD, ["B", "R", "Y", "G", "B-low", "R-low", "Y-low", "G-low"]),
        (NO_TRUMP, ["B", "R", "Y", "G", "none", "B-low", "R-low", "Y-low", "G-low",
                    "none-low"]),
    ]:
        hands, nest = fill_deal(variant)
        hand = rookery.Hand(variant, 0, hands, nest)
        win_auction(hand, 1, 70)
        for card in nest:
            hand.apply(f"discard {card}")
        assert hand.phase == "trump"
        assert legal_strings(hand) == [f"trump {call}" for call in expected]
        if "none" not in expected:
            assert_rejected(hand, "trump none", "trump-not-allowed")
        if "R-low" not in expected:
            assert_rejected(hand, "trump R-low", "trump-not-allowed")
        assert_rejected(hand, "trump P", "trump-not-allowed")
        assert_rejected(hand, "play B5", "wrong-phase")


@pytest.mark.parametrize("call, legal", [
    ("none", ["play ROOK"]),            # no trump: the Rook is red, its only red card
    ("none-low", ["play ROOK"]),
    ("B", ["play ROOK"] + [f"play B{r}" for r in range(5, 14)]),   # a trump: void in red
    ("R", ["play ROOK"]),               # red trump: the Rook is its only red card
])
def test_the_rook_follows_as_the_color_it_belongs_to(call, legal):
    seat2 = ["ROOK"] + [f"B{r}" for r in range(5, 14)]
    fixed = {1: ["R5"], 2: seat2}
    hands, nest = fill_deal(NO_TRUMP, fixed)
    hand = rookery.Hand(NO_TRUMP, 0, hands, nest)
    win_auction(hand, 1, 70)
    for card in nest:
        hand.apply(f"discard {card}")
    hand.apply(f"trump {call}")
    hand.apply("play R5")
    assert sorted(legal_strings(hand)) == sorted(legal)
