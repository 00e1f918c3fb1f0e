"""``rookery fmt``: one canonical layout, comments kept, every result proved to say the
same rules (the parsed clauses and the compiled variant) and to be stable; the shipped
specs are in that layout.  (1,000 fuzzed specs: ``fuzz/fuzz_fmt.py``, figures in
``fuzz/README.md``; a small budget of it runs in ``tests/test_fuzzers.py``.)"""

from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rookery.cli import main
from rookery.editor import layout
from rookery.editor.fmt import format_spec
from rookery.editor.layout import format_text
from rookery.editor.safety import FormatUnsafe
from rookery.errors import SpecError

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL_MISTAKES = ROOT / "docs" / "house-rules" / "first-try.rook"
SHIPPED = sorted([*ROOT.glob("specs/*.rook"), *ROOT.glob("specs/options/*.rook"),
                  *ROOT.glob("conformance/house/*.rook"), *ROOT.glob("docs/house-rules/*.rook"),
                  *ROOT.glob("conformance/examples/*/*.rook")])


def rookery(*args: str) -> subprocess.CompletedProcess:
    """The command run in this process (a new one per call would cost a second each)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


def test_there_are_shipped_specs_to_check():
    assert len(SHIPPED) >= 60 and TUTORIAL_MISTAKES in SHIPPED


@pytest.mark.parametrize("path", [p for p in SHIPPED if p != TUTORIAL_MISTAKES],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_spec_is_in_canonical_form(path):
    text = path.read_text(encoding="utf-8")
    assert format_text(text, str(path)) == text


def test_the_tutorial_mistakes_file_is_the_exception_and_still_formats_safely():
    # Its citations sit at column 35 on purpose: the tutorial prints errors at those columns.
    text = TUTORIAL_MISTAKES.read_text(encoding="utf-8")
    result = format_spec(text, str(TUTORIAL_MISTAKES))
    assert result.changed
    assert result.unchecked and "errors" in result.unchecked


MESSY = """\
# Leading comment, kept above the header.
variant messy   "A messy spec"   # why it is messy
extends    tournament
source   wikipedia-rook
scoring:
      counters 5 = 5 ,10=10,   14=10, ROOK=20   per "Official rules"
  bidders:if made   then taken else -bid per "Scoring"
# a comment about the table, "with # inside"
table:
  players \\
      4 per "Rook playing cards"
\tsides teams 2
      ruling "two teams"   as table.sides
deal:
  hand 9


  nest 5
# the end
"""

CANONICAL = """\
# Leading comment, kept above the header.
variant messy "A messy spec"  # why it is messy
extends tournament
source wikipedia-rook

# a comment about the table, "with # inside"
table:
  players 4                     per "Rook playing cards"
  sides teams 2
    ruling "two teams" as table.sides

deal:
  hand 9
  nest 5

scoring:
  counters 5=5, 10=10, 14=10, ROOK=20           per "Official rules"
  bidders: if made then taken else -bid         per "Scoring"

# the end
"""


def test_a_messy_spec_gets_the_canonical_layout_with_its_comments():
    assert format_text(MESSY) == CANONICAL
    assert format_text(CANONICAL) == CANONICAL


def test_formulas_keep_their_parentheses_and_calls_stay_tight():
    text = "variant f\nscoring:\n  bidders:  max( ( taken+20 )*2 ,0 )\n"
    assert format_text(text).splitlines()[-1] == "  bidders: max((taken + 20) * 2, 0)"


def test_an_option_header_and_its_requirements():
    text = "option o   \"O\"\nsource  kentucky-rook\nrequires rook ,card   B2\ntrump:\n rook lowest\n"
    assert format_text(text) == ('option o "O"\nsource kentucky-rook\nrequires rook, card B2\n'
                                 "\ntrump:\n  rook lowest\n")


def test_two_specs_that_differ_only_in_spacing_format_to_the_same_text():
    tournament = (ROOT / "specs" / "tournament.rook").read_text(encoding="utf-8")
    def spaced_out(line: str) -> str:     # spaces outside the quoted strings widened
        parts = re.split(r'("[^"]*")', line)
        return "".join(part if part.startswith('"') else
                       part.replace(" ", "   ").replace("   per", "\tper") for part in parts)
    spaced = "\n\n".join(spaced_out(line) if not line.startswith("#") else line
                         for line in tournament.splitlines()) + "\n"
    assert spaced != tournament
    assert format_text(spaced, "specs/tournament.rook") == tournament


def test_the_compiled_variant_is_compared_when_the_spec_checks(tmp_path):
    spec = tmp_path / "house.rook"
    spec.write_text(MESSY)
    result = format_spec(MESSY, str(spec))
    assert result.changed and result.text == CANONICAL and result.unchecked is None


def test_a_layout_that_changes_a_citation_is_refused(monkeypatch):
    real = layout.annotation_text
    monkeypatch.setattr(layout, "annotation_text", lambda tree: 'per "Elsewhere"'
                        if tree.data == "citation" else real(tree))
    with pytest.raises(FormatUnsafe, match="parsed clauses"):
        format_spec(MESSY, "<messy>")


def test_a_layout_that_changes_a_value_is_refused(monkeypatch):
    real = layout.value_text
    monkeypatch.setattr(layout, "value_text",
                        lambda tree: "6" if real(tree) == "5" else real(tree))
    with pytest.raises(FormatUnsafe):
        format_spec("variant v\nextends tournament\ndeal:\n  nest  5\n", "<v>")


def test_a_layout_that_is_not_stable_is_refused(monkeypatch):
    calls = iter(range(100))
    real = layout.aligned
    monkeypatch.setattr(layout, "aligned", lambda code, notes, indent="  ":
                        real(code, notes, indent) + " " * next(calls))
    with pytest.raises(FormatUnsafe, match="twice"):
        format_spec(MESSY, "<messy>")


def test_a_spec_that_does_not_parse_raises_its_errors():
    with pytest.raises(SpecError) as raised:
        format_text("variant v\ndeal:\n  hand 10,,\n  nest 5 5,\n", "bad.rook")
    assert [p.span.line for p in raised.value.problems] == [3, 4]


# -- the command ----------------------------------------------------------------------------

def test_fmt_check_diff_and_in_place(tmp_path):
    spec = tmp_path / "messy.rook"
    spec.write_text(MESSY)
    tidy = tmp_path / "tidy.rook"
    tidy.write_text(CANONICAL)

    check = rookery("fmt", "--check", str(spec), str(tidy))
    assert check.returncode == 1
    assert check.stdout == f"would reformat {spec}\n"
    assert "2 spec files: 1 would be reformatted, 1 already formatted, 0 left alone" \
        in check.stderr
    assert spec.read_text() == MESSY

    diff = rookery("fmt", "--diff", str(spec))
    assert diff.returncode == 1
    assert "\n-extends    tournament\n" in diff.stdout
    assert "\n+extends tournament\n" in diff.stdout
    assert spec.read_text() == MESSY

    done = rookery("fmt", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert spec.read_text() == CANONICAL and tidy.read_text() == CANONICAL
    assert rookery("fmt", "--check", str(tmp_path)).returncode == 0


def test_fmt_leaves_a_spec_that_does_not_parse_alone_with_its_error(tmp_path):
    spec = tmp_path / "bad.rook"
    spec.write_text("variant v\ndeal:\n  hand 10,,\n")
    done = rookery("fmt", str(spec))
    assert done.returncode == 1
    assert f"{spec}:3:11: error[syntax-error]" in done.stderr
    assert "left as it is" in done.stderr and "Traceback" not in done.stderr
    assert spec.read_text() == "variant v\ndeal:\n  hand 10,,\n"


def test_fmt_of_a_missing_file_is_a_usage_mistake(tmp_path):
    done = rookery("fmt", str(tmp_path / "nope.rook"))
    assert done.returncode == 2
    assert "no such spec file" in done.stderr and "Traceback" not in done.stderr


def test_fmt_keeps_the_export_identical_on_a_builtin_spec_written_loosely(tmp_path):
    original = (ROOT / "specs" / "kentucky-rook.rook").read_text(encoding="utf-8")
    loose = tmp_path / "kentucky-rook.rook"
    loose.write_text(original.replace("  per", "      per").replace("5..14", "5 .. 14"))
    before = json.loads(rookery("export", str(loose)).stdout)
    assert rookery("fmt", str(loose)).returncode == 0
    assert loose.read_text() == original
    after = json.loads(rookery("export", str(loose)).stdout)
    assert after["deck"] == before["deck"] and after["scoring"] == before["scoring"]
    assert [r["id"] for r in after["rules"]] == [r["id"] for r in before["rules"]]


def test_fmt_reads_stdin_and_writes_stdout_for_editors(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(MESSY))
    done = rookery("fmt", "-")
    assert done.returncode == 0 and done.stdout == CANONICAL
    monkeypatch.setattr("sys.stdin", io.StringIO("variant v\ndeal:\n  hand 10,,\n"))
    broken = rookery("fmt", "-")
    assert broken.returncode == 1
    assert broken.stdout == "variant v\ndeal:\n  hand 10,,\n"      # the editor keeps its text
    assert "<stdin>:3:11: error[syntax-error]" in broken.stderr


def test_lsp_without_pygls_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pygls", None)     # import pygls now fails
    done = rookery("lsp")
    assert done.returncode == 2
    assert "pip install 'rookery[lsp]'" in done.stderr
