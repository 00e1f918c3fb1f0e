"""Every error of a spec in one run, in line order (issue 8).

A spec with five mistakes of five kinds (a syntax error, an unknown key, a bad value, a
card the deck does not have, a deal that does not use the deck) gets all five, sorted by
line, through the API and through ``rookery check``; and what only follows from another
mistake (a clause "missing" because its line did not parse) is not reported.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import rookery

FIVE_MISTAKES = """\
# five mistakes of five kinds
variant five-mistakes "Five mistakes"
source wikipedia-rook

table:
  players 4
  sides teams 2

deck:
  colors black B, red R, yellow Y, green G
  ranks 5..14
  rook ROOK

deal:
  hand 9
  nest 6

bidding:
  minimum 70
  maximum 120
  stepp 5

nest:
  discard 6

trump:
  rook hihgest

play:
  anytime R99

scoring:
  counters 5=5, 10=10, 14=10, ROOK=20
  bidders: if made then taken else -bid,

game:
  target 300
"""

# (line, column, code) of each mistake, in the order of the file
EXPECTED = [(15, 3, "deal-mismatch"), (21, 3, "unknown-clause"), (27, 8, "unknown-value"),
            (30, 11, "unknown-card"), (34, 40, "syntax-error")]

# A valid spec to break in the smaller tests: Tournament Rook's figures, no citations.
VALID = FIVE_MISTAKES.replace("nest 6", "nest 5").replace("discard 6", "discard 5") \
    .replace("stepp 5", "step 5").replace("hihgest", "highest").replace("R99", "ROOK") \
    .replace("-bid,", "-bid")


def _problems(text: str, name: str = "spec.rook") -> list[rookery.SpecError]:
    with pytest.raises(rookery.SpecError) as caught:
        rookery.load_text(text, name)
    return list(caught.value.problems)


def _where(problems) -> list[tuple[int, int, str]]:
    return [(p.span.line, p.span.column, p.code) for p in problems]


def test_the_valid_spec_loads():
    assert rookery.load_text(VALID, "valid.rook").deck.size == 41


def test_five_mistakes_all_reported_in_line_order_by_the_api():
    with pytest.raises(rookery.SpecError) as caught:
        rookery.load_text(FIVE_MISTAKES, "five.rook")
    error = caught.value
    assert _where(error.problems) == EXPECTED
    # the error reads as its first mistake; its text shows all five, one after the other
    assert error.code == "deal-mismatch" and error.span.line == 15
    assert str(error) == "\n".join(problem.render() for problem in error.problems)
    assert [m.group(1) for m in re.finditer(r"five\.rook:(\d+):", str(error))] == \
        ["15", "21", "27", "30", "34"]
    words = str(error)
    for hint in ("did you mean 'step'?", "did you mean 'highest'?",
                 "players x hand + nest = 41", "'R99' is not a card of this deck"):
        assert hint in words


def test_five_mistakes_from_a_file(tmp_path):
    path = tmp_path / "five.rook"
    path.write_text(FIVE_MISTAKES, encoding="utf-8")
    with pytest.raises(rookery.SpecError) as caught:
        rookery.load_variant(path)
    assert _where(caught.value.problems) == EXPECTED
    assert {p.span.file for p in caught.value.problems} == {str(path.resolve())}


def _check(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rookery.cli", "check", *args],
                          capture_output=True, text=True, timeout=120)


def test_five_mistakes_all_reported_by_the_command_line(tmp_path):
    path = tmp_path / "five.rook"
    path.write_text(FIVE_MISTAKES, encoding="utf-8")
    result = _check(str(path))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout
    heads = re.findall(r"^\S+five\.rook:(\d+):(\d+): error\[([a-z-]+)\]", result.stderr, re.M)
    assert [(int(line), int(col), code) for line, col, code in heads] == EXPECTED
    assert result.stdout == "1 spec checked: 0 ok, 1 with errors, 0 warnings\n"


def test_five_mistakes_in_json(tmp_path):
    path = tmp_path / "five.rook"
    path.write_text(FIVE_MISTAKES, encoding="utf-8")
    result = _check("--json", str(path))
    assert result.returncode == 1
    errors = json.loads(result.stdout)["specs"][0]["errors"]
    assert [(e["line"], e["column"], e["code"]) for e in errors] == EXPECTED
    assert errors[1]["hint"] == "did you mean 'step'?"
    assert errors[2]["found"] == "hihgest"


def test_one_mistake_reads_as_before():
    """A spec with one mistake: one problem, and the message is that problem's."""
    problems = _problems(VALID.replace("stepp", "step").replace("step 5", "stepp 5"))
    assert len(problems) == 1
    assert str(problems[0]).startswith("spec.rook:21:3: error[unknown-clause]: ")


def test_several_syntax_errors_are_all_reported():
    text = VALID.replace("hand 9", "hand 9,").replace("minimum 70", "minimum (70)") \
        .replace("target 300", "target 300 ;")
    assert [(line, code) for line, _, code in _where(_problems(text))] == \
        [(15, "syntax-error"), (19, "syntax-error"), (37, "syntax-error")]


def test_a_clause_lost_to_a_syntax_error_is_not_also_missing():
    """'hand 9,' does not parse: the deal has no hand, but saying so (or that the deal
    does not use the deck) would only repeat the one mistake."""
    problems = _problems(VALID.replace("hand 9", "hand 9,"))
    assert _where(problems) == [(15, 10, "syntax-error")]


def test_a_value_read_against_a_broken_deck_is_not_reported():
    """With the deck's Rook line broken, 'anytime ROOK' names a card the deck lacks only
    because of that mistake."""
    problems = _problems(VALID.replace("rook ROOK", "rook ROOK ROOK ="))
    assert [p.code for p in problems] == ["syntax-error"]


def test_a_misspelt_section_header_still_has_its_clauses_checked():
    text = VALID.replace("bidding:", "biding:").replace("maximum 120", "maximum lots")
    assert _where(_problems(text)) == [(18, 1, "unknown-section"), (20, 11, "number-expected")]


def test_a_section_header_without_its_colon_takes_its_clauses():
    text = VALID.replace("deal:", "deal")
    problems = _problems(text)
    assert _where(problems) == [(14, 1, "unknown-clause")]
    assert problems[0].hint == "a section header ends with a colon: 'deal:'"


def test_a_brace_after_a_header_is_one_mistake():
    text = VALID.replace("deck:\n", "deck: {\n").replace("  rook ROOK\n", "  rook ROOK\n}\n")
    problems = _problems(text)
    assert [p.message for p in problems] == ["braces are not used in specs"]


def test_independent_static_checks_are_all_reported():
    text = VALID.replace("maximum 120", "maximum 125").replace(
        "game:", "passing:\n  cards 12\n\ngame:")
    codes = [p.code for p in _problems(text)]
    assert codes == ["bid-unreachable", "bad-passing"]


def test_a_rule_given_twice_and_a_bad_value_are_both_reported():
    text = VALID.replace("  step 5\n", "  step 5\n  step 10\n  raise far\n")
    assert [p.code for p in _problems(text)] == ["duplicate-rule", "unknown-value"]


def test_a_broken_variant_line_stops_the_reading():
    """Nothing after a variant line that does not parse can be trusted: one error."""
    problems = _problems(VALID.replace('variant five-mistakes "Five mistakes"',
                                       '"Five mistakes"'))
    assert len(problems) == 1 and problems[0].code == "syntax-error"


def test_gathered_errors_flatten_and_sort():
    def error(line):
        return rookery.SpecError("x", rookery.language.load.Span("f", line, 1), code="c")
    inner = rookery.SpecError.gather([error(5), error(2)])
    outer = rookery.SpecError.gather([error(9), inner, error(1)])
    assert [p.span.line for p in outer.problems] == [1, 2, 5, 9]
    assert rookery.SpecError.gather([error(3)]).problems[0].span.line == 3


def test_fuzzed_texts_still_end_in_a_spec_error(tmp_path):
    """Blanking line after line never turns a broken spec into a crash."""
    lines = FIVE_MISTAKES.splitlines()
    for cut in range(0, len(lines), 3):
        text = "\n".join(lines[:cut] + ["  ) ( ,"] + lines[cut:])
        try:
            rookery.load_text(text, str(Path(tmp_path) / "cut.rook"))
        except rookery.SpecError as error:
            assert all(p.expected and p.hint for p in error.problems)


def test_the_dsl_reference_shows_what_check_prints():
    """The five-mistake example of the DSL reference is this test's spec: each error line
    it shows is a line rookery prints for it."""
    from rookery.docs import site

    page = site.dsl_page([rookery.load_variant("tournament")])
    shown = re.search(r"and `rookery check` names all five, in this order:\n\n```text\n(.*?)```",
                      page, re.S).group(1).splitlines()
    with pytest.raises(rookery.SpecError) as caught:
        rookery.load_text(FIVE_MISTAKES, "five.rook")
    printed = str(caught.value).splitlines()
    assert len([line for line in shown if "error[" in line]) == 5
    for line in shown:
        assert line in printed, line
