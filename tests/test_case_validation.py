"""Issue 10: case files that cannot be right are reported as invalid (file, case id,
JSON path and reason) before any engine runs, instead of being run and blamed on the
engine; and no case file can hang or crash the reading."""

import copy
import json
import os

import pytest
from _conformance_fixtures import BIDDING, FIRST_TRICK, write_corpus

from rookery.conformance import load_corpus
from rookery.conformance.corpus.validate import case_problems, script_problems
from rookery.language.load import load_variant


def problems_of(tmp_path, case):
    cases, problems = load_corpus([write_corpus(tmp_path, [case])])
    assert cases == []
    return [(p.case, p.message) for p in problems]


def changed(case, **deal):
    out = copy.deepcopy(case)
    out["deal"].update(deal)
    return out


def test_a_card_dealt_twice(tmp_path):
    hands = copy.deepcopy(BIDDING["deal"]["hands"])
    hands[2][3] = "R14"                             # seat 1 holds it already
    assert problems_of(tmp_path, changed(BIDDING, hands=hands)) == [
        ("tournament/fixture/001", "deal/hands/2/3: R14 is dealt twice (the deck has 1)")]


def test_a_hand_of_the_wrong_size(tmp_path):
    hands = copy.deepcopy(BIDDING["deal"]["hands"])
    nest = hands[0].pop()
    found = problems_of(tmp_path, changed(BIDDING, hands=hands,
                                          nest=BIDDING["deal"]["nest"] + [nest]))
    assert ("tournament/fixture/001", "deal/hands/0: 8 cards, but a hand is 9") in found
    assert ("tournament/fixture/001", "deal/nest: 6 cards, but the nest is 5") in found


def test_a_card_not_of_the_deck_and_a_missing_one(tmp_path):
    hands = copy.deepcopy(BIDDING["deal"]["hands"])
    hands[1][0] = "R1"
    assert problems_of(tmp_path, changed(BIDDING, hands=hands)) == [
        ("tournament/fixture/001", "deal/hands/1/0: R1 is not a card of the tournament "
         "deck")]


def test_a_start_action_from_the_wrong_seat(tmp_path):
    case = copy.deepcopy(FIRST_TRICK)
    case["start"][1] = "3 pass"                     # seat 2 bids after seat 1
    assert problems_of(tmp_path, case) == [
        ("tournament/fixture/002", "start/1: '3 pass' is seat 3's action, but the rules "
         "give the turn to seat 2 (as the reference interpreter plays the script)")]


def test_a_step_from_the_wrong_seat(tmp_path):
    case = copy.deepcopy(FIRST_TRICK)
    case["steps"][6] = {"seat": 3, "do": "play B9"}
    [(case_id, message)] = problems_of(tmp_path, case)
    assert message.startswith("steps/6: '3 play B9' is seat 3's action, but the rules "
                              "give the turn to seat 2")


def test_a_seat_of_5000_digits_is_invalid_not_a_crash(tmp_path):
    case = copy.deepcopy(FIRST_TRICK)
    case["start"][0] = "9" * 5000 + " pass"
    [(case_id, message)] = problems_of(tmp_path, case)
    assert message.startswith("start/0: the seat 999999999999... is not a seat")


def test_a_rejected_step_may_name_any_seat_and_a_refused_action_ends_the_replay():
    variant = load_variant("tournament")
    assert script_problems(BIDDING, variant) == []          # "3 pass" rejected: fine
    case = copy.deepcopy(FIRST_TRICK)
    case["start"][0] = "1 bid 65"                           # refused: the runner will say
    case["start"][1] = "0 pass"                             # not checked after it
    assert script_problems(case, variant) == []


def test_a_structured_start_entry_ends_what_can_be_replayed():
    variant = load_variant("tournament")
    case = copy.deepcopy(FIRST_TRICK)
    case["start"] = case["start"][:2] + [{"auction": {"winner": 1, "bid": 70}}, "0 pass"]
    assert script_problems(case, variant) == []
    case["start"][1] = "0 pass"
    assert script_problems(case, variant)[0].startswith("start/1: '0 pass'")


def test_the_whole_corpus_is_valid():
    cases, problems = load_corpus()
    assert problems == [] and len(cases) > 500


def test_a_fifo_in_a_case_folder_does_not_hang_the_reading(tmp_path):
    folder = write_corpus(tmp_path, [BIDDING])
    os.mkfifo(folder / "tournament" / "pipe.json")
    cases, problems = load_corpus([folder])
    assert [c.id for c in cases] == ["tournament/fixture/001"] and problems == []


def test_a_case_file_nested_100000_deep_is_invalid_not_a_crash(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    cases, problems = load_corpus([path])
    assert cases == [] and "nested more than" in problems[0].message


@pytest.mark.parametrize("variant", [None, "no-such-variant"])
def test_a_variant_we_do_not_know_is_not_replayed(variant):
    assert case_problems(json.loads(json.dumps(BIDDING)), variant) == []


def test_control_characters_in_a_case_are_invalid(tmp_path):
    case = copy.deepcopy(BIDDING)
    case["description"] = "bell \x07 and \ud800"
    case["steps"][0]["note"] = "escape \x1b[31m"
    assert problems_of(tmp_path, case) == [
        ("tournament/fixture/001", "description: a control character or a lone surrogate"),
        ("tournament/fixture/001", "steps/0/note: a control character or a lone surrogate")]
