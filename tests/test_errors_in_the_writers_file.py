"""Errors in the writer's own file, with found and expected that differ (issue 19).

A house variant that extends Kentucky Rook and adds a bonus without restating the total
breaks Kentucky Rook's ``total 180`` (kentucky-rook.rook states the hand holds 180
points; a most-cards bonus adds to them).  The error is the writer's: it is told at the
writer's line, with the total to write in the hint.  A parent that is wrong on its own
keeps its errors.  And over every error the checker gives for the malformed specs of
``tests/malformed`` and the mistakes of the independent-mistakes catalogue, what was
found and what was expected never read the same.
"""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_independent_mistakes import CATALOGUE, with_mistakes

import rookery
from rookery.language import check

HOUSE = """\
variant bonus "A bonus for the most cards"
extends kentucky-rook
source kentucky-rook

play:
  claim certain                 ruling "our club claims"

scoring:
  most-cards 20                 ruling "our club's bonus"
"""


def _problems(path: Path) -> list[rookery.SpecError]:
    with pytest.raises(rookery.SpecError) as caught:
        rookery.load_variant(path)
    return list(caught.value.problems)


def test_a_bonus_without_its_total_is_one_error_at_the_writers_line(tmp_path):
    path = tmp_path / "bonus.rook"
    path.write_text(HOUSE, encoding="utf-8")
    [error] = _problems(path)
    assert (Path(error.span.file), error.span.line, error.code) == \
        (path.resolve(), 9, "points-mismatch")
    assert error.span.text == "most-cards 20"
    assert "add 'total 200' under scoring:" in error.hint
    assert "kentucky-rook.rook:" in error.message       # where the inherited total is
    assert "total 180" in error.message


def test_restating_the_total_makes_it_check(tmp_path):
    path = tmp_path / "bonus.rook"
    path.write_text(HOUSE + '  total 200                     ruling "20 more"\n',
                    encoding="utf-8")
    assert rookery.load_variant(path).scoring.total == 200


def test_the_command_line_names_the_writers_file_not_the_package(tmp_path):
    path = tmp_path / "bonus.rook"
    path.write_text(HOUSE, encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "rookery.cli", "check", str(path)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    heads = re.findall(r"^(\S+):(\d+):\d+: error\[", result.stderr, re.M)
    assert heads == [(str(path.resolve()), "9")]


def test_another_figure_that_changes_the_sum_gets_its_own_total(tmp_path):
    """Trick points (1 for each of the 10 tricks) change the sum as a bonus does."""
    path = tmp_path / "more.rook"
    path.write_text(HOUSE.replace("most-cards 20", "trick-points 1"), encoding="utf-8")
    [error] = _problems(path)
    assert (error.span.line, error.code) == (9, "points-mismatch")
    assert "add 'total 190' under scoring:" in error.hint


def test_a_check_that_read_none_of_the_writers_clauses_points_at_extends(tmp_path):
    """Where the check read no clause of the writer's file, the extends line is the
    writer's line that brought the clause in."""
    from rookery.language.check import check_findings
    from rookery.language.inherited import at_writers_line

    from rookery.errors import Span

    path = tmp_path / "claims.rook"
    path.write_text(HOUSE.split("scoring:")[0], encoding="utf-8")
    variant = rookery.load_variant(path)
    inherited = next(rule for rule in variant.rules if rule.id == "scoring.total")
    assert inherited.inherited_from == "kentucky-rook"
    found = rookery.SpecError("the points do not add up", inherited.span,
                              code="points-mismatch",
                              expected="counters and bonuses that add up to 180")
    extends = Span(str(path), 2, 9, "kentucky-rook")
    [told] = at_writers_line([(found, frozenset({"scoring.total"}))], variant, str(path),
                             extends, lambda: ())
    assert (told.span.line, told.span.text) == (2, "kentucky-rook")
    assert "kentucky-rook's" in told.message and "add 'total 180'" in told.hint
    assert check_findings(variant) == []


def test_a_value_refused_in_an_inherited_clause_is_told_at_the_writers_line(tmp_path):
    """A Tournament Rook without its Rook: the parent's 'anytime ROOK' and 'ROOK=20' name
    a card the writer's deck no longer has, and its 9-card hands no longer use the deck;
    all three are told at the writer's 'rook none', each naming the clause to restate."""
    path = tmp_path / "no-rook.rook"
    path.write_text('variant no-rook "No Rook"\nextends tournament\nsource wikipedia-rook\n'
                    '\ndeck:\n  rook none                     ruling "we play without"\n',
                    encoding="utf-8")
    problems = _problems(path)
    assert {(Path(p.span.file), p.span.line) for p in problems} == {(path.resolve(), 6)}
    assert sorted(p.code for p in problems) == ["deal-mismatch", "unknown-card",
                                                "unknown-card"]
    hints = " ".join(p.hint for p in problems)
    for rule in ("play.anytime", "scoring.counters"):
        assert f"to change {rule}, restate it" in hints
    # 40 cards less the nest of 5 do not share among 4: a nest of 4 does (4 x 9 + 4)
    assert "add 'nest 4' under deal: and 'discard 4' under nest:" in hints


def test_a_missing_colon_after_scoring_is_one_error(tmp_path):
    """``scoring`` without its colon is read as a clause of play; the clauses under it
    are read as scoring's, so the total written there replaces the parent's."""
    path = tmp_path / "colon.rook"
    path.write_text(HOUSE.replace("scoring:", "scoring") +
                    '  total 200                     ruling "20 more"\n', encoding="utf-8")
    [error] = _problems(path)
    assert (error.span.line, error.code) == (8, "unknown-clause")
    assert error.hint == "a section header ends with a colon: 'scoring:'"


def test_a_parent_wrong_on_its_own_keeps_its_errors(tmp_path):
    (tmp_path / "base.rook").write_text(HOUSE.replace("variant bonus", "variant base"),
                                        encoding="utf-8")
    child = tmp_path / "child.rook"
    child.write_text('variant child "Child"\nextends base\nsource kentucky-rook\n\n'
                     'game:\n  target 300                    ruling "a shorter game"\n',
                     encoding="utf-8")
    [error] = _problems(child)
    assert (Path(error.span.file).name, error.span.line) == ("base.rook", 9)


STOP = {"a", "an", "the", "of", "or", "and", "such", "as", "to", "e", "g", "for",
        "example", "is", "be", "in"}


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[\w.=-]+", text.lower()) if w not in STOP}


MALFORMED = sorted(p for p in (Path(__file__).parent / "malformed").rglob("*.rook")
                   if p.with_suffix(".expected").exists())


# The static checks' errors the malformed specs do not give, each from a house spec
# that extends a built-in variant (so most are found in an inherited clause, too).
HOUSE_MISTAKES = {
    "bad-burial": "extends kentucky-rook\nnest:\n  forced-burial trump-else-any\n",
    "face-up-too-many": "extends tournament\nnest:\n  face-up 6\n",
    "bad-moon": "extends tournament\nscoring:\n  moon-set 100\n",
    "exchange-too-large": "extends tournament\nnest:\n  exchange 9\n",
    "no-nest-to-show": "extends boston\nnest:\n  shown after-auction\n",
    "poor-hand-always": "extends tournament\ndeal:\n  poor-hand counters below 10\n",
    "low-unreachable": "extends tournament\ngame:\n  low 20\n",
    "no-trump-choice": "extends tournament\ntrump:\n  choices low-card\n",
    "bird-unplaced": "extends tournament\ndeck:\n  birds LR\n",
    "bird-no-trump": "extends tournament\ndeck:\n  birds LR\ntrump:\n  bird LR lowest\n"
                     "  choices colors, no-trump\n  no-trump-rook R above 10\n",
    "bird-placed-twice": "extends tournament\ndeck:\n  birds LR\ndeal:\n  nest 6\nnest:\n"
                         "  discard 6\ntrump:\n  bird LR lowest as trump.little-low\n"
                         "  bird LR highest\n",
}


def _every_error() -> list[rookery.SpecError]:
    errors = []
    for code, text in HOUSE_MISTAKES.items():
        with pytest.raises(rookery.SpecError) as caught:
            rookery.load_text("variant house\n" + text, "house.rook")
        assert code in {problem.code for problem in caught.value.problems}, caught.value
        errors += caught.value.problems
    for path in MALFORMED:
        try:
            rookery.load_variant(path)
        except rookery.SpecError as error:
            errors += error.problems
    for mistake in CATALOGUE:
        try:
            rookery.load_text(with_mistakes([mistake]), "mistake.rook")
        except rookery.SpecError as error:
            errors += error.problems
    return errors


def test_found_and_expected_never_read_the_same(tmp_path):
    path = tmp_path / "bonus.rook"
    path.write_text(HOUSE, encoding="utf-8")
    errors = _every_error() + _problems(path)
    assert len({error.code for error in errors}) >= 50     # the checker's many kinds
    static = set(re.findall(r'code="([a-z-]+)"', inspect.getsource(check)))
    assert static <= {error.code for error in errors}      # every static check's
    same = [error.render() for error in errors
            if error.span and error.span.text and error.expected
            and _words(error.span.text) == _words(error.expected)]
    assert same == []


LAKE = 'variant lake "Lake Rook"\nextends call-partner-200\n\ngame:\n  target 300    ruling "a short game"\n'


def test_an_option_on_the_writers_spec_is_told_at_the_writers_line(tmp_path, monkeypatch):
    """Issue 31: ``lake.rook+rook-low`` blamed line 53 of the package's call-partner-200
    (its rook-call before-trump, which a low Rook cannot keep) and hinted "drop it".  It
    is told at lake.rook's extends line, naming the inherited clause, with what to write."""
    (tmp_path / "lake.rook").write_text(LAKE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = subprocess.run([sys.executable, "-m", "rookery.cli", "check", "lake.rook+rook-low"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    heads = re.findall(r"^(\S+):(\d+):\d+: error\[", result.stderr, re.M)
    assert heads == [("lake.rook", "2")], result.stderr
    assert "call-partner-200.rook:53" in result.stderr      # where the clause comes from
    assert "drop it" not in result.stderr
    assert "hint: add 'rook-call after-trump' under trump:" in result.stderr
    (tmp_path / "lake.rook").write_text(
        LAKE + '\ntrump:\n  rook-call after-trump    ruling "the Rook is low"\n',
        encoding="utf-8")
    assert rookery.load_variant(str(tmp_path / "lake.rook") + "+rook-low").trump.rook == "lowest"


def test_a_built_in_base_with_an_option_keeps_its_own_lines():
    """Both from the package: nothing to move to a writer's file."""
    with pytest.raises(rookery.SpecError) as caught:
        rookery.load_variant("call-partner-200+rook-low")
    assert Path(caught.value.span.file).name == "call-partner-200.rook"
