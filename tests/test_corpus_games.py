"""The games of the corpus add up, read from the case files alone (no engine plays them).

A game case of several hands expects, at the end of each scored hand, the score changes
and the running totals, and at the start of a later hand its dealer, number and totals.
Those expectations must agree with one another as the rules of every variant say: the
totals carried from hand to hand are the totals before plus the hand's changes, and after
a hand played out the deal passes one seat to the left and the next hand's number is one
more.  A hand-worked expectation that slipped in its arithmetic fails here, whatever an engine does.
"""

from __future__ import annotations

import pytest

from rookery.conformance import load_corpus

CASES, PROBLEMS = load_corpus()
GAMES = [case for case in CASES if case.next_hands]


def _expects(steps) -> list[dict]:
    return [step["expect"] for step in steps if "expect" in step]


def _hands(case) -> list[list[dict]]:
    """The expectations of each hand of a game, the first hand first."""
    return [_expects(case.steps)] + [_expects(hand["steps"]) for hand in case.next_hands]


def _result(expects: list[dict]) -> dict | None:
    """The hand's result as expected at its end (the last expectation that has one)."""
    found = [e["result"] for e in expects if isinstance(e.get("result"), dict)]
    return found[-1] if found else None


def _scored(result: dict | None) -> bool:
    """A hand played out and scored (made or set), not thrown in."""
    return result is not None and result.get("made") in (True, False)


def test_there_are_games_to_check() -> None:
    """Zero is not agreement: enough games have the expectations these checks read."""
    assert PROBLEMS == []
    assert len(GAMES) >= 40
    hands = [h for case in GAMES for h in _hands(case)]
    assert sum("scores" in (_result(h) or {}) for h in hands) >= 150
    after_scored = [later[0] for case in GAMES
                    for before, later in zip(_hands(case), _hands(case)[1:])
                    if later and _scored(_result(before))]
    assert sum("dealer" in first for first in after_scored) >= 50
    assert sum("number" in first for first in after_scored) >= 30


@pytest.mark.parametrize("case", GAMES, ids=lambda case: case.id)
def test_running_scores_add_up(case) -> None:
    """Each hand's totals are the totals it started from plus its changes; a later hand
    starts from the totals the hand before it ended with."""
    checked = 0
    carried = case.deal.get("scores")
    for index, expects in enumerate(_hands(case)):
        first = expects[0] if expects else {}
        if index and "scores" in first and carried is not None:
            assert first["scores"] == carried, f"hand {index + 1} starts from other totals"
            checked += 1
        start = first.get("scores", carried) if index else case.deal.get("scores")
        result = _result(expects)
        if result is None:
            carried = None
            continue
        changes, totals = result.get("changes"), result.get("scores")
        if start is not None and changes is not None and totals is not None:
            assert totals == [a + b for a, b in zip(start, changes)], f"hand {index + 1}"
            checked += 1
        carried = totals if totals is not None else (
            [a + b for a, b in zip(start, changes)] if start is not None and changes else None)
    expected = any("scores" in (_result(expects) or {}) for expects in _hands(case))
    assert checked or not expected, f"{case.id}: no running score could be checked"


@pytest.mark.parametrize("case", GAMES, ids=lambda case: case.id)
def test_the_deal_passes_on_after_a_scored_hand(case) -> None:
    """After a hand played out and scored, the next hand is dealt by the seat to the left
    of the dealer before, and its number is one more.  (After a hand thrown in the spec
    decides: a poor hand may be redealt by the same dealer, so those are left out.)"""
    players = len(case.deal["hands"])
    dealer, number = case.deal["dealer"], case.deal.get("number", 0)
    hands = _hands(case)
    for index, hand in enumerate(case.next_hands, 1):
        first = hands[index][0] if hands[index] else {}
        if _scored(_result(hands[index - 1])):
            if "dealer" in first:
                assert first["dealer"] == (dealer + 1) % players, f"hand {index + 1}"
            if "number" in first:
                assert first["number"] == number + 1, f"hand {index + 1}"
        dealer, number = first.get("dealer"), first.get("number")
        if dealer is None or number is None:
            return          # the rest of the game cannot be followed from the file


def test_a_slip_in_the_arithmetic_is_caught() -> None:
    """The check can fail: a game whose second hand's totals are off by five."""
    case = next(case for case in GAMES if case.id.endswith("two-hands/001"))
    hand = dict(case.next_hands[0])
    steps = [dict(step) for step in hand["steps"]]
    last = dict(steps[-1]["expect"])
    last["result"] = dict(last["result"], scores=[s + 5 for s in last["result"]["scores"]])
    steps[-1] = {"expect": last}
    broken = type(case)(**{**case.__dict__, "next_hands": (dict(hand, steps=steps),)})
    with pytest.raises(AssertionError):
        test_running_scores_add_up(broken)


def test_a_dealer_who_deals_again_is_caught() -> None:
    """The check can fail: a second hand expected to be dealt by the same dealer."""
    case = next(case for case in GAMES if case.id.endswith("two-hands/001"))
    hand = dict(case.next_hands[0])
    steps = [dict(step) for step in hand["steps"]]
    steps[0] = {"expect": dict(steps[0]["expect"], dealer=case.deal["dealer"])}
    broken = type(case)(**{**case.__dict__, "next_hands": (dict(hand, steps=steps),)})
    with pytest.raises(AssertionError):
        test_the_deal_passes_on_after_a_scored_hand(broken)
