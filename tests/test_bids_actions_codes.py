"""Issue 18, points 11, 13 and 14, each fixed where it starts.

11. ``check`` accepted a spec whose legal action ``apply`` refuses: an ``opening dealer
    50`` under a ``minimum 70`` (a Standard-deck child, bids raised one step at a time)
    listed ``bid 70`` over the opening and refused it as a jump.  The opening is a bid:
    it must be on the ladder from the minimum (``language/check.py``).
13. An instance of a subclass of ``Action`` sent ``Hand.apply`` round in a circle
    (RecursionError): it is taken as the plain action it stands for.
14. A color letter with a dash (``green G-x``) passed ``check``; ``trump G-x`` then
    crashed ``play``.  Every piece of a card code is letters and digits only.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

import rookery
from rookery.engine.actions import Action
from rookery.errors import IllegalAction

LOW_OPENING = """variant low-open "Low opening"
extends standard-deck

bidding:
  opening dealer 50
    ruling "the dealer opens at 50"
"""


def _error(text: str, name: str = "house.rook") -> rookery.SpecError:
    with pytest.raises(rookery.SpecError) as caught:
        rookery.load_text(text, name)
    return caught.value


def test_an_opening_below_the_minimum_is_refused_where_it_is_written():
    error = _error(LOW_OPENING)
    assert error.code == "bid-unreachable" and "below the minimum bid 70" in error.message
    assert (error.span.line, error.span.column) == (5, 3)
    assert "opening dealer 70" in error.hint


def test_an_opening_on_the_ladder_gives_a_menu_that_apply_accepts():
    variant = rookery.load_text(LOW_OPENING.replace("dealer 50", "dealer 70"), "house.rook")
    hand = rookery.deal_hand(variant, seed=3, dealer=0)
    for _ in range(4):                              # the auction's first turns
        legal = hand.legal_actions()
        if not any(action.kind == "bid" for action in legal):
            break
        for action in legal:                        # each one listed is accepted
            hand.copy().apply(action)
        hand.apply(legal[0])
    assert hand.high > 70                           # bids were made over the opening


def test_rook_for_three_s_opening_at_its_minimum_still_checks():
    variant = rookery.load_variant("rook-for-three")
    assert variant.bidding.opening == variant.bidding.minimum == 50


class MyAction(Action):
    """A user's own kind of action object (a bot's, say)."""

    __slots__ = ()


class Notation(str):
    pass


def test_a_subclass_of_action_is_applied_as_the_action_it_stands_for():
    hand = rookery.deal_hand(rookery.load_variant("tournament"), seed=1, dealer=0)
    first = hand.legal_actions()[0]
    events = hand.apply(MyAction(first.kind, first.value))
    assert events[0].kind == "bid" and hand.history[-1][1] == first
    assert type(hand.history[-1][1]) is Action
    hand.apply(Notation("pass"))
    assert hand.history[-1][1] == Action("pass")


def test_a_subclass_of_action_that_is_illegal_is_refused_not_looped():
    hand = rookery.deal_hand(rookery.load_variant("tournament"), seed=1, dealer=0)
    with pytest.raises(IllegalAction):
        hand.apply(MyAction("play", "R14"))


@pytest.mark.parametrize("clause, column", [
    ("  colors black B, red R, yellow Y, green G-x", 36),
    ("  rook RO-OK", 8),
    ("  ranks 5..13, K-1", 16),
])
def test_a_card_code_with_a_dash_is_refused(clause, column):
    error = _error(f'variant dash "Dash"\nextends tournament\n\ndeck:\n{clause}\n')
    assert error.code == "bad-card" and "letters and digits" in error.message
    assert (error.span.line, error.span.column) == (5, column)


def test_the_dashed_letter_no_longer_reaches_play(tmp_path):
    spec = tmp_path / "dash.rook"
    spec.write_text('variant dash "Dash"\nextends tournament\n\ndeck:\n'
                    '  colors black B, red R, yellow Y, green G-x\n', encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "rookery.cli", "play", str(spec),
                           "--seed", "1"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "error[bad-card]" in done.stderr
