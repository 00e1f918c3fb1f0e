"""Output sent to a pipe or a file is not folded at 80 columns (issue 31): rich folds
only on a terminal, at the terminal's width; a script reading ``rookery list`` gets one
record a line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import rookery


def _run(*args: str, columns: str | None = None) -> str:
    env = dict(os.environ, PYTHONPATH=str(Path(rookery.__file__).resolve().parent.parent))
    env.pop("COLUMNS", None)
    if columns:
        env["COLUMNS"] = columns
    result = subprocess.run([sys.executable, "-m", "rookery.cli", *args], capture_output=True,
                            text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_list_through_a_pipe_gives_each_variant_one_row():
    rows = [line for line in _run("list").splitlines() if line.startswith("│")]
    assert len(rows) == len(rookery.builtin_variants())
    assert {row.split("│")[1].strip() for row in rows} == set(rookery.builtin_variants())


def test_a_width_asked_for_is_kept():
    """COLUMNS still sets the width (a script that wants 80 columns says so)."""
    assert max(len(line) for line in _run("list", columns="80").splitlines()) <= 80
