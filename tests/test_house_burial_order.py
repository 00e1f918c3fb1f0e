"""Forced cards buried in any order (``nest: burial-order any``).

Rule (conformance/house/burial-order.rook, a ruling): as conformance/house/burial.rook
(counters laid aside only when forced, and then trump counters), but the trump counters
the bid winner will be forced to bury may go before its other cards.
"""

from __future__ import annotations

import pytest
from house_games import fuzz_differences, house, play_random_games

import rookery
from rookery.engine.attribution.legal import legal_difference_rules, permit_rules
from rookery.errors import IllegalAction, SpecError
from rookery.language.load import load_text

ANY_ORDER = house("burial-order")
HANDS = ["R7 R8 R9 R11 R12 R13 B6 B7 B8 B9".split(),
         "R1 R14 R10 R5 B1 B14 B10 B5 Y1 Y14".split(),
         "B11 B12 B13 Y6 Y7 Y8 Y9 Y11 Y12 Y13".split(),
         "G1 G5 G8 G9 G10 G11 G12 G13 G14 ROOK".split()]
NEST = "Y10 Y5 G6 G7 R6".split()
PLAIN = {"discard G6", "discard G7", "discard R6"}
RED_COUNTERS = {"discard R1", "discard R14", "discard R10", "discard R5"}


def red_trump(variant=ANY_ORDER) -> rookery.Hand:
    hand = rookery.Hand(variant, 0, HANDS, NEST)
    hand.apply("bid 100", 1)
    for seat in (2, 3, 0):
        hand.apply("pass", seat)
    hand.apply("trump R")
    return hand


def legal(hand) -> set[str]:
    return {str(a) for a in hand.legal_actions()}


def test_forced_trump_counters_may_go_first():
    hand = red_trump()
    assert legal(hand) == PLAIN | RED_COUNTERS
    with pytest.raises(IllegalAction) as error:
        hand.apply("discard B5")
    assert error.value.code == "cannot-discard-counters"
    hand.apply("discard R5")
    hand.apply("discard R10")
    assert legal(hand) == PLAIN          # the two forced counters are gone
    for card in ("G6", "G7", "R6"):
        hand.apply(f"discard {card}")
    assert hand.phase == "play" and sorted(hand.t.codes[c] for c in hand.laid_aside) == \
        ["G6", "G7", "R10", "R5", "R6"]


def test_by_default_the_forced_cards_go_last():
    hand = red_trump(house("burial"))
    assert legal(hand) == PLAIN


def test_an_engine_holding_to_the_one_order_is_charged_to_burial_order():
    hand = red_trump()
    missing = [rookery.Action.parse(a) for a in sorted(RED_COUNTERS)]
    theirs = [rookery.Action.parse(a) for a in sorted(PLAIN)]
    assert permit_rules(hand, missing[0], theirs) == ("nest.burial-order",)
    assert legal_difference_rules(hand, missing, [], theirs) == ("nest.burial-order",)
    # the house spec of one order forgives an engine that takes them first (one act)
    first = red_trump(house("burial"))
    assert legal_difference_rules(first, [], missing, theirs + missing) is None


def test_the_checker_needs_a_card_forced():
    with pytest.raises(SpecError) as error:
        load_text("variant k\nextends tournament\nnest:\n  burial-order any\n")
    assert error.value.code == "bad-burial"


def test_docs_tell_the_rule():
    from rookery.docs.sentences import sentence_for_rule
    assert "at any point of the burial" in sentence_for_rule(ANY_ORDER, "nest.burial-order")


def test_random_games_keep_every_card():
    seen = play_random_games(ANY_ORDER, 20, seed=2)
    assert seen["nest-laid-aside"] > 0


def test_the_interpreter_agrees_with_itself_under_fuzz():
    assert fuzz_differences(ANY_ORDER, 10) == []
