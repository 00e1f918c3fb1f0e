"""No absolute path of the user's machine in what rookery writes for others to read
(issue 31): ``check --json`` names files relative to the current folder (or as the user
gave them), and the generated pages of a user's spec name neither its absolute path nor
a path inside the installed package."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import rookery

PACKAGE = Path(rookery.__file__).resolve().parent

HOUSES = {
    # a stale ruling: a warning at the writer's line
    "bonus.rook": 'variant bonus "A bonus"\nextends standard-deck\n\nscoring:\n'
                  '  most-cards 20    ruling "our bonus"\n  total 220    ruling "20 more"\n',
    # an option that breaks an inherited clause: an error told at the writer's line
    "lake.rook": 'variant lake "Lake Rook"\nextends call-partner-200\n\ngame:\n'
                 '  target 300    ruling "a short game"\n',
    # a syntax error
    "broken.rook": 'variant broken "Broken"\nextends tournament\n\nbidding:\n  minimum\n',
}


def _run(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(PACKAGE.parent))
    return subprocess.run([sys.executable, "-m", "rookery.cli", *args], capture_output=True,
                          text=True, timeout=300, cwd=cwd, env=env)


def _strings(data) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for value in data.values() for s in _strings(value)]
    if isinstance(data, list):
        return [s for value in data for s in _strings(value)]
    return []


def _absolute(text: str, *roots: Path) -> list[str]:
    """The absolute paths ``text`` names: any of ``roots``, or a string that starts at /."""
    return [root for root in map(str, roots) if root in text] + \
        ([text] if text.startswith("/") else [])


def test_check_json_writes_no_absolute_path(tmp_path):
    for name, text in HOUSES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    result = _run(tmp_path, "check", "--json", "bonus.rook", "lake.rook+rook-low",
                  "broken.rook", "call-partner-200+rook-low", "tournament")
    assert result.returncode == 1, result.stderr
    data = json.loads(result.stdout)
    said = _strings(data)
    assert [s for s in said for _ in _absolute(s, tmp_path, PACKAGE, PACKAGE.parent)] == []
    assert "bonus.rook:5:3: warning[stale-ruling]" in " ".join(said) or \
        "bonus.rook:6:3: warning[stale-ruling]" in " ".join(said)
    files = {problem["file"] for spec in data["specs"] for problem in spec.get("errors", ())}
    assert {"lake.rook", "broken.rook"} <= files
