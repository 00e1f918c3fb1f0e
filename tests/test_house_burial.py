"""What must be laid aside (``nest: forced-burial``), by hand and in random hands.

Rule (conformance/house/burial.rook, a ruling): Kentucky Rook forbids laying counters
aside unless forced; forced, the bid winner must lay aside trump counters, so trump
(named with the nest in hand) may not be a color that leaves too few of them; when no
color can, any trump and any counters.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import rookery
from rookery.language.check import burial_can_fail
from rookery.errors import IllegalAction, SpecError
from rookery.language.load import load_text
from rookery.resources import conformance_dir

BURIAL = rookery.load_variant(conformance_dir() / "house" / "burial.rook")
HANDS = ["R7 R8 R9 R11 R12 R13 B6 B7 B8 B9".split(),
         "R1 R14 R10 R5 B1 B14 B10 B5 Y1 Y14".split(),
         "B11 B12 B13 Y6 Y7 Y8 Y9 Y11 Y12 Y13".split(),
         "G1 G5 G8 G9 G10 G11 G12 G13 G14 ROOK".split()]
NEST = "Y10 Y5 G6 G7 R6".split()


def won_by_seat_1(variant=BURIAL) -> rookery.Hand:
    hand = rookery.Hand(variant, 0, HANDS, NEST)
    hand.apply("bid 100", 1)
    for seat in (2, 3, 0):
        hand.apply("pass", seat)
    return hand


def test_a_color_without_enough_trump_counters_may_not_be_named():
    hand = won_by_seat_1()
    assert [str(a) for a in hand.legal_actions()] == ["trump B", "trump R", "trump Y"]
    with pytest.raises(IllegalAction) as error:
        hand.apply("trump G")
    assert error.value.code == "trump-burial-unmet"
    assert error.value.rule == "nest.forced-burial"
    assert hand.phase == "trump"


def test_forced_counters_must_be_trump_counters():
    hand = won_by_seat_1()
    hand.apply("trump R")
    for card in ("G6", "G7", "R6"):
        hand.apply(f"discard {card}")
    assert sorted(str(a) for a in hand.legal_actions()) == \
        ["discard R1", "discard R10", "discard R14", "discard R5"]
    with pytest.raises(IllegalAction) as error:
        hand.apply("discard B5")
    assert error.value.code == "must-discard-trump-counter"


def test_without_the_house_rule_any_counter_goes_when_forced():
    kentucky = load_text("variant k\nextends kentucky-rook\ntrump:\n  named after-taking-nest\n")
    hand = won_by_seat_1(kentucky)
    assert len(hand.legal_actions()) == 4
    hand.apply("trump R")
    for card in ("G6", "G7", "R6"):
        hand.apply(f"discard {card}")
    assert len(hand.legal_actions()) == 12


def test_the_checker_proves_or_refuses_the_burial_rule():
    assert burial_can_fail(BURIAL)          # 15 counters of four colors, hand of 10
    assert not burial_can_fail(rookery.load_variant("tournament"))
    with pytest.raises(SpecError) as error:
        load_text("variant k\nextends kentucky-rook\nnest:\n  forced-burial trump\n"
                  "trump:\n  named after-taking-nest\n")
    assert error.value.code == "discard-impossible"
    with pytest.raises(SpecError) as error:
        load_text("variant k\nextends kentucky-rook\nnest:\n  forced-burial trump-else-any\n")
    assert error.value.code == "bad-burial"     # trump named after the discard
    with pytest.raises(SpecError) as error:
        load_text("variant k\nextends tournament\nnest:\n  forced-burial trump\n"
                  "trump:\n  named after-taking-nest\n")
    assert error.value.code == "bad-burial"     # counters are never forced
    proved = load_text("variant k\nextends tournament\nnest:\n  forbid counters unless forced\n"
                       "  forced-burial trump\ntrump:\n  named after-taking-nest\n")
    assert proved.nest.forced_burial == "trump"


def test_docs_and_export_tell_the_rule():
    from rookery.docs.sentences import sentences
    from rookery.language.export import export_variant
    told = " ".join(s.text for s in sentences(BURIAL, "nest"))
    assert "must be trump counters" in told and "any trump and lay aside any counters" in told
    assert export_variant(BURIAL)["nest"]["forced_burial"] == "trump-else-any"


# -- random hands ---------------------------------------------------------------------------------

def _is_trump(hand, card) -> bool:
    return card in hand.t.always_trump or hand.ctx.trump_key[card] >= 0


def test_random_hands_lay_aside_by_the_burial_rule():
    """200 seeded hands dealt with many counters to the bid winner: actions never run out,
    the deck stays whole, the trump named meets the rule whenever some trump could, and the
    counters laid aside are trump counters unless the named trump could not meet it."""
    t = rookery.Hand(BURIAL, 0, HANDS, NEST).t
    counters = [c for c in t.codes if t.points[t.card_of[c]]]
    others = [c for c in t.codes if not t.points[t.card_of[c]]]
    checked = lapsed = 0
    for seed in range(200):
        rng = random.Random(seed)
        # Seat 1 gets 11 to 15 counters among its 15 cards, so it is often forced.
        many = rng.randint(11, 15)
        pile = rng.sample(counters, many) + rng.sample(others, 15 - many)
        rng.shuffle(pile)
        rest = [c for c in t.codes if c not in pile]
        rng.shuffle(rest)
        hands = [rest[0:10], pile[:10], rest[10:20], rest[20:30]]
        hand = rookery.Hand(BURIAL, 0, hands, pile[10:])
        hand.apply("bid 100", 1)
        for seat in (2, 3, 0):
            hand.apply("pass", seat)
        held = hand.hands[1][:]
        need = sum(1 for c in held if t.points[c]) - 10
        meeting = [a for a in hand.t.trump_actions
                   if sum(1 for c in held if t.points[c] and (
                       c in t.always_trump or t.context(a.value).trump_key[c] >= 0)) >= need]
        while not hand.is_over:
            legal = hand.legal_actions()
            assert legal, (seed, hand.phase)
            if hand.phase == "trump":
                assert set(legal) == set(meeting or hand.t.trump_actions), seed
            hand.apply(rng.choice(legal))
        laid_counters = [c for c in hand.laid_aside if t.points[c]]
        assert len(laid_counters) == max(0, need), seed
        if meeting:
            assert all(_is_trump(hand, c) for c in laid_counters), seed
            checked += need > 0
        else:
            lapsed += 1
        cards = Counter(c for _, trick, _, _ in hand.tricks for c in trick) + \
            Counter(hand.laid_aside)
        assert cards == Counter(t.deck), seed
    assert checked > 50 and lapsed > 0, (checked, lapsed)
