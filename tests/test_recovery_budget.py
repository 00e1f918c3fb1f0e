"""Error recovery in bounds (issue 29, class 2): a 64 KB spec with 50 syntax errors is
read in work linear in its text (not once more after each mistake), its errors hold
nothing of the parser, and ``rookery check`` on it stays within a few seconds and a
small memory.  The messages themselves: tests/test_malformed_specs.py and the others."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rookery.language import parse
from rookery.language.parse import parse_text_recovering
from rookery.language.recovery import recover

import rookery

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_ROOT = str(Path(rookery.__file__).resolve().parent.parent)


def big_spec(mistakes: int = 50, size: int = 64 * 1024) -> str:
    """The tournament spec's sections over and over up to ``size`` bytes, with
    ``mistakes`` clause lines spread through it broken (``hand 9,, oops``)."""
    lines = (ROOT / "specs" / "tournament.rook").read_text(encoding="utf-8").split("\n")
    head, body = lines[:4], lines[4:]
    out = list(head)
    while sum(len(line) + 1 for line in out) < size - 4096:
        out += body
    clauses = [i for i, line in enumerate(out) if i > 10 and line.startswith("  ")
               and not line.startswith("    ")]
    for k in range(mistakes):
        i = clauses[k * (len(clauses) // max(mistakes, 1))]
        out[i] = out[i].split(" per ")[0].rstrip() + ",, oops"
    text = "\n".join(out) + "\n"
    assert len(text.encode()) <= size
    return text


def big_header(mistakes: int = 50, size: int = 64 * 1024) -> str:
    """A header of declared sources up to ``size`` bytes (``extends`` and ``source``
    twice: the later one counts), ``mistakes`` of them broken, and one section."""
    lines = ["variant big", "extends kentucky-rook", "source wikipedia-rook"]
    while sum(len(line) + 1 for line in lines) < size - 200:
        n = len(lines)
        lines.append(f'source s{n} "Title {n}" url "https://example.org/{n}"')
    for k in range(mistakes):
        lines[3 + k * ((len(lines) - 3) // max(mistakes, 1))] += " ,,"
    lines += ["extends tournament", "source s5", "deal:", "  hand 9"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("make", [big_spec, big_header])
def test_recovery_reads_the_text_a_bounded_number_of_times(make):
    """The characters handed to the parser, over all the readings, are a few times the
    text's, not once again for each mistake (before: 48 times the text for 50 in the
    sections, 25 in the header)."""
    text = make()
    read = []

    def counting(piece: str, path: str):
        read.append(len(piece) - piece.count("\n"))
        return parse._parse_once(piece, path)
    spec, errors = recover(text, "big.rook", counting)
    assert len(errors) == 50
    assert sum(read) < 4 * len(text), (sum(read), len(text))


@pytest.mark.parametrize("make", [big_spec, big_header])
def test_a_spec_read_in_pieces_is_the_spec_read_whole(make):
    """A long spec without mistakes (sections and a header longer than a piece) reads
    as one parse of the whole text reads it: the pieces joined again."""
    text = make(mistakes=0)
    spec, errors = parse_text_recovering(text, "big.rook")
    assert errors == []
    assert spec == parse._parse_once(text, "big.rook")
    assert len(spec.sections) > 20 or (len(spec.sources) > 500
                                       and spec.extends == "tournament")


def test_errors_keep_nothing_of_the_parser():
    """No error holds the exception it came from (lark's, with the parser's partial
    trees) nor a traceback (its frames hold the text and trees too)."""
    _, errors = parse_text_recovering(big_spec(mistakes=5, size=8 * 1024), "x.rook")
    assert len(errors) == 5
    for error in errors:
        assert error.__context__ is None and error.__cause__ is None
        assert error.__traceback__ is None


# Runs ``rookery check FILE`` as its only child, and prints its peak memory (KB).
MEASURE = """import resource, subprocess, sys
run = subprocess.run([sys.executable, "-m", "rookery.cli", "check", sys.argv[1]],
                     capture_output=True)
print(run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def test_check_of_a_64_kb_spec_with_50_errors_in_bounds(tmp_path):
    """``rookery check`` on it: the 50 errors, within 30 s and 400 MB (loose bounds for
    a loaded machine: it takes 1.6 s of CPU and 30 MB; before, 64 s and 230 MB on the
    same loaded machine)."""
    spec = tmp_path / "big.rook"
    spec.write_text(big_spec(), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, [PACKAGE_ROOT, os.environ.get("PYTHONPATH")])))
    began = time.monotonic()
    out = subprocess.run([sys.executable, "-c", MEASURE, str(spec)], env=env,
                         capture_output=True, text=True, timeout=300).stdout
    seconds = time.monotonic() - began
    code, peak_kb = map(int, out.split())
    assert code == 1
    assert seconds < 30 and peak_kb < 400 * 1024, (seconds, peak_kb)
