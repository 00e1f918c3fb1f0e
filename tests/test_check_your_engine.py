"""The walkthrough of docs/check-your-engine.md runs as written: every ``rookery`` command
in its shell blocks, in order, from the repository's root (in a copy, so the cases it
writes land in a temporary folder), with the exit code the page implies."""

import re
import shlex
import shutil
from pathlib import Path

import pytest
from _conformance_fixtures import rookery_on_path

from rookery.cli import main

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "check-your-engine.md"

# The exit code of each command of the page, in order: the house engine breaks two rules
# (1 wherever it is checked against official Tournament Rook), the interpreter agrees
# with itself (0) but one deal leaves rules not reached (1 with --require-all), the spec
# passes its own
# generated cases (0), the house spec served as an engine agrees with itself (0), and the
# cases generated against the official rules fail under the club's (1).
EXPECTED = [1, 1, 0, 1, 1, 0, 0, 1, 1]


def page_commands() -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    return [line.strip() for block in blocks for line in block.splitlines()
            if line.strip().startswith("rookery ")]


def test_the_page_lists_the_commands_this_test_expects():
    assert len(page_commands()) == len(EXPECTED)


@pytest.fixture
def repo_copy(tmp_path, monkeypatch):
    """The parts of the repository the commands read, in a temporary folder."""
    shutil.copytree(ROOT / "conformance" / "examples", tmp_path / "conformance" / "examples")
    monkeypatch.chdir(tmp_path)
    rookery_on_path(tmp_path, monkeypatch)  # `rookery serve` in --engine is this rookery
    return tmp_path


def test_every_command_of_the_walkthrough_runs_with_the_exit_code_it_implies(repo_copy,
                                                                           capsys):
    outputs = []
    for command, expected in zip(page_commands(), EXPECTED):
        code = main(shlex.split(command)[1:])
        out = capsys.readouterr()
        outputs.append(out.out)
        assert code == expected, f"{command}\n{out.out[-2000:]}\n{out.err[-2000:]}"
    fuzz_report = outputs[1]
    assert "bidding.minimum" in fuzz_report and "play.anytime" in fuzz_report
    written = sorted(p.name for p in (repo_copy / "rookery-fuzz" / "tournament").iterdir())
    assert any(name.startswith("bidding-minimum") for name in written)
    assert any(name.startswith("play-anytime") for name in written)
    assert (repo_copy / "fuzz.json").is_file()
    assert "verdicts for the spec's" in outputs[2] and "0 break" in outputs[2]
    assert "skipped" in (repo_copy / "verdicts.xml").read_text(encoding="utf-8")
    assert "not reached" in outputs[3] and "--require-all" in outputs[3]
    assert "no deviation" in outputs[6]
    assert "not run" in outputs[0]              # --maxfail 3 stopped the first run early
