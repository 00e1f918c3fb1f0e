"""Hints that point the right way (issue 8: "did you mean 'nest-deal'" for a redeal
clause, "'trick-points'" for a trick bonus, nothing about '==' for ``if taken = 180``)."""

from __future__ import annotations

import pytest

import rookery
from rookery.language.hints import keystrokes, near_in_meaning, near_in_spelling


def _hint(section: str, line: str) -> str:
    text = f"variant house\nextends tournament\n{section}:\n  {line}\n"
    with pytest.raises(rookery.SpecError) as caught:
        rookery.load_text(text, "house.rook")
    assert len(caught.value.problems) == 1, str(caught.value)
    return caught.value.hint


def test_a_redeal_clause_is_not_sent_to_nest_deal():
    hint = _hint("deal", "redeal no-counters")
    assert "nest-deal" not in hint
    assert hint.startswith("'redeal' is a value, not a clause: bidding: all-pass redeal")


def test_a_trick_bonus_is_sent_to_the_bonuses_not_to_trick_points():
    hint = _hint("scoring", "trick-bonus 20")
    assert "trick-points" not in hint
    assert hint.startswith("the clauses of scoring: that speak of it are last-trick, "
                           "majority, all-tricks")


def test_a_sweep_is_taking_every_trick_or_every_counter():
    assert _hint("scoring", "sweep-bonus 200").startswith(
        "did you mean 'all-tricks' (bonus for a side that takes every trick) or "
        "'all-points' (bonus for a side that takes every counter")


def test_a_dealer_who_picks_is_sent_to_dealer_must_bid_not_its_opposite():
    """Issue 31: 'dealer-picks' looks most like 'dealer-forced' (the dealer takes the
    minimum), but its meaning is the dealer choosing the amount: 'dealer-must-bid'."""
    assert _hint("bidding", "all-pass dealer-picks") == "did you mean 'dealer-must-bid'?"
    assert _hint("bidding", "all-pass dealer-chooses") == "did you mean 'dealer-must-bid'?"
    # a value cut short (the tutorial's first try)
    assert _hint("bidding", "all-pass dealer-must") == "did you mean 'dealer-must-bid'?"


@pytest.mark.parametrize("line, meant", [("all-pass redeel", "redeal"),
                                         ("ties first", "first-played"),
                                         ("raise jump", "jumps")])
def test_a_value_a_slip_away_or_named_by_a_part_gets_its_value(line, meant):
    section = "play" if line.startswith("ties") else "bidding"
    assert _hint(section, line) == f"did you mean '{meant}'?"


def test_a_value_half_found_gets_no_suggestion():
    """'dealer-bonus': the dealer is in two values' meanings, a bonus in neither."""
    assert _hint("bidding", "all-pass dealer-bonus").startswith("all-pass takes one of:")


@pytest.mark.parametrize("written, meant", [("stepp 5", "step"), ("minimun 70", "minimum"),
                                            ("raize jumps", "raise")])
def test_a_typing_slip_gets_the_key(written, meant):
    assert _hint("bidding", written) == f"did you mean '{meant}'?"


def test_a_swapped_pair_of_letters_is_one_keystroke():
    assert keystrokes("hadn", "hand") == 1
    assert _hint("deal", "hadn 9") == "did you mean 'hand'?"


def test_a_near_key_of_another_section_names_its_section():
    assert _hint("scoring", "targett 300") == "did you mean 'target' (a clause of game:)?"


def test_a_far_word_gets_no_suggestion():
    """'dealer-bonus' is half found ('dealer'): a half guess would mislead."""
    assert _hint("bidding", "dealer-bonus 5") == "see the DSL reference for what bidding: accepts"
    assert near_in_spelling("redeal", ["hand", "nest", "nest-deal"]) == []


def test_meaning_needs_every_part_of_the_word():
    meanings = {"a": "bonus for the last trick", "b": "points for each trick"}
    assert near_in_meaning("trick-bonus", meanings, whole=True) == ["a"]
    assert near_in_meaning("dealer-bonus", meanings, whole=True) == []


@pytest.mark.parametrize("line, fixed", [
    ("bidders: if taken = 180 then 300 else taken",
     "write == to compare: bidders: if taken == 180 then 300 else taken"),
    ("made: taken = bid", "write == to compare: made: taken == bid"),
])
def test_an_equals_sign_in_a_formula_asks_for_two(line, fixed):
    text = f"variant house\nextends tournament\nscoring:\n  {line}\n"
    with pytest.raises(rookery.SpecError) as caught:
        rookery.load_text(text, "house.rook")
    assert caught.value.message == "'=' in a formula"
    assert caught.value.hint == fixed


def test_an_equals_sign_among_values_keeps_its_own_hint():
    text = "variant house\nextends tournament\nscoring:\n  counters: 5=5\n"
    with pytest.raises(rookery.SpecError) as caught:
        rookery.load_text(text, "house.rook")
    assert "==" not in caught.value.hint.split(";")[0]
    assert caught.value.hint.startswith("'=' joins a rank or card to its points")


def test_a_comma_in_a_formula_is_named_as_such():
    text = "variant house\nextends tournament\nscoring:\n  bidders: taken - bid, 5\n"
    with pytest.raises(rookery.SpecError) as caught:
        rookery.load_text(text, "house.rook")
    assert caught.value.message == "a ',' in a formula"
    assert "min(...) and max(...)" in caught.value.hint
