"""One named card that may not be laid aside (``nest: forbid ROOK``), by hand and in
random hands.

Rule (conformance/house/kept-rook.rook, a ruling): the bid winner may lay any five cards
aside, counters included, except the Rook.
"""

from __future__ import annotations

import pytest
from house_games import fuzz_differences, house, play_random_games, refused

import rookery
from rookery.errors import IllegalAction
from rookery.language.export import export_variant
from rookery.language.load import load_text

KEPT = house("kept-rook")
HANDS = ["B5 B6 B7 B8 B9 B10 B11 B12 B13".split(), "ROOK R14 R10 R5 B14 Y14 Y10 G14 G10".split(),
         "Y5 Y6 Y7 Y8 Y9 Y11 Y12 Y13 R6".split(), "G5 G6 G7 G8 G9 G11 G12 G13 R7".split()]
NEST = "R8 R9 R11 R12 R13".split()


def won_by_seat_1(variant=KEPT) -> rookery.Hand:
    hand = rookery.Hand(variant, 0, HANDS, NEST)
    hand.apply("bid 70", 1)
    for seat in (2, 3, 0):
        hand.apply("pass", seat)
    return hand


def test_the_rook_may_not_go_and_counters_may():
    hand = won_by_seat_1()
    legal = {str(a) for a in hand.legal_actions()}
    assert "discard ROOK" not in legal and {"discard R14", "discard G10"} <= legal
    assert len(legal) == 13
    with pytest.raises(IllegalAction) as error:
        hand.apply("discard ROOK")
    assert error.value.code == "cannot-discard-card" and error.value.rule == "nest.forbid"
    assert "ROOK may not be laid aside" in str(error.value)


def test_without_the_house_rule_the_rook_may_go():
    hand = won_by_seat_1(rookery.load_variant("tournament"))
    assert "discard ROOK" in {str(a) for a in hand.legal_actions()}


def test_unless_forced_lets_a_named_card_go_when_nothing_else_is_left():
    """Every card of a tiny hand named: forced, the bid winner lays them aside."""
    cards = ", ".join(c + " unless forced" for c in
                      "ROOK R14 R10 R5 B14 Y14 Y10 G14 G10 R8 R9 R11 R12 R13".split())
    variant = load_text(f"variant k\nextends tournament\nnest:\n  forbid {cards}\n")
    assert variant.nest.cards_unless_forced
    hand = won_by_seat_1(variant)
    assert len(hand.legal_actions()) == 14      # every card is named: all are forced


def test_the_checker_refuses_what_cannot_be_followed(tmp_path):
    many = "ROOK, R14, R10, R5, B14, Y14, Y10, G14, G10, R13"
    assert refused(tmp_path, "nest", f"forbid {many}").code == "discard-impossible"
    assert refused(tmp_path, "nest", "forbid R99").code == "unknown-value"
    mixed = refused(tmp_path, "nest", "forbid ROOK unless forced, R14")
    assert mixed.code == "unknown-value" and "unless forced" in mixed.message


def test_docs_and_export_tell_the_rule():
    from rookery.docs.sentences import sentence_for_rule
    told = sentence_for_rule(KEPT, "nest.forbid")
    assert told.startswith("The Rook (`ROOK`) may not be laid aside;"), told
    assert "counters and trumps included" in told
    assert export_variant(KEPT)["nest"]["forbid_cards"] == ["ROOK"]


def test_random_games_never_lay_the_rook_aside():
    laid = []
    play_random_games(KEPT, 30, seed=5,
                      on_step=lambda hand: laid.extend(hand.laid_aside))
    assert laid and KEPT.deck.rook not in {KEPT.deck.cards[c].code for c in laid}


def test_the_interpreter_agrees_with_itself_under_fuzz():
    assert fuzz_differences(KEPT, 10) == []
