"""``rookery list``: a table of every built-in variant with its figures (issue 3: players,
deck size, hand and nest size, counters total, minimum bid, target)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

import rookery
from rookery.language.check import summary

COLUMNS = ["variant", "title", "players", "deck", "hand", "nest", "points", "min bid",
           "target", "extends"]
FIGURES = COLUMNS[2:9]


def run_list(columns: str) -> subprocess.CompletedProcess:
    # UTF-8 so rich draws its usual box characters (the parser below accepts the ASCII
    # ones too).
    env = dict(os.environ, COLUMNS=columns, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "rookery.cli", "list"], capture_output=True,
                          text=True, encoding="utf-8", env=env, timeout=120)


BARS = re.compile("[│┃|]")


def cells(line: str) -> list[str] | None:
    """The cells of one table line (rich draws the header's bars heavier), or None for a
    rule, the title or a blank line."""
    line = line.strip()
    if not line or not BARS.match(line):
        return None
    return [cell.strip() for cell in BARS.split(line)[1:-1]]


@pytest.fixture(scope="module", params=["250", "155"], ids=["wide", "narrow"])
def table(request) -> tuple[list[str], dict[str, list[str]]]:
    """The table as a wide terminal shows it, and as a narrower one does, where rich
    wraps the long titles onto a second line (joined back here)."""
    done = run_list(request.param)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    lines = [c for c in map(cells, done.stdout.splitlines()) if c]
    header, body = lines[0], lines[1:]
    rows: dict[str, list[str]] = {}
    last = None
    for row in body:
        if row[0]:
            assert row[0] not in rows, f"{row[0]} is listed twice"
            rows[row[0]] = row
            last = row[0]
        else:                       # a wrapped title: its second line
            assert last is not None
            rows[last] = [f"{a} {b}".strip() for a, b in zip(rows[last], row)]
    return header, rows


def test_the_table_has_the_figures_of_issue_three(table):
    header, _ = table
    assert header == COLUMNS


def test_every_built_in_variant_is_listed_once(table):
    _, rows = table
    assert sorted(rows) == sorted(rookery.builtin_variants())
    assert len(rows) >= 41


def test_the_figures_are_the_variants_own(table):
    _, rows = table
    for name, row in rows.items():
        variant = rookery.load_variant(name)
        s = summary(variant)
        expected = [s.players, s.deck, s.hand, s.nest, s.points, s.minimum_bid, s.target]
        assert row[2:9] == [str(x) for x in expected], name
        assert "".join(row[1].split()) == "".join(variant.title.split()), name
        assert row[9] == (variant.extends or ""), name
        # a deal uses the whole deck
        assert s.players * s.hand + s.nest == s.deck, name


@pytest.mark.parametrize("name, figures", [
    # the official game: 41 cards (5-14 and the Rook), 9 each and a nest of 5; the
    # counters 5, 10, 14 and the Rook make 120; bids from 70; game to 300
    ("tournament", "4 41 9 5 120 70 300"),
    # 5-14 and 1 with the Rook: 45 cards, 10 each; the 1s add 60 points; bids from 100
    ("kentucky-rook", "4 45 10 5 180 100 500"),
    # three players, 13 each: 126 points to take; bids from 50; game to 200
    ("rook-for-three", "3 44 13 5 126 50 200"),
    # no nest: 56 cards, 14 each; 100 in counters and 20 for the majority of tricks
    ("regular-partnership", "4 56 14 0 120 70 300"),
    # the 140-point game: the official deck with 20 for the last trick
    ("hundred-forty", "4 41 9 5 140 70 300"),
])
def test_figures_checked_by_hand(table, name, figures):
    _, rows = table
    assert rows[name][2:9] == figures.split()


def test_a_terminal_too_narrow_for_the_table_gets_two_lines_a_variant():
    done = run_list("80")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert max(map(len, lines)) <= 80               # it fits the terminal
    text = done.stdout
    for name in rookery.builtin_variants():
        variant = rookery.load_variant(name)
        s = summary(variant)
        # the id is never cut or wrapped; the figures follow on the next lines
        assert f"{name}: " in text
        after = " ".join(text.split(f"\n{name}: ", 1)[-1].split()) if not \
            text.startswith(f"{name}: ") else " ".join(text.split()[1:])
        assert (f"{s.players} players, {s.deck} cards, hand {s.hand}, nest {s.nest}, "
                f"{s.points} points, min bid {s.minimum_bid}, game to {s.target}") in after
