"""The walkthrough of docs/check-your-engine.md runs as written: every ``rookery`` command
in its shell blocks, in order, from the repository's root (in a copy, so the cases it
writes land in a temporary folder), with the exit code the page implies.  The engines on
the page that use the harness kits are checked too: each is a program of its language,
and implements every member the kit reads."""

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
from _conformance_fixtures import rookery_on_path

from rookery.cli import main

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "check-your-engine.md"

# The exit code of each command of the page, in order: the two example engines built on
# the kits pass (0, 0), the house engine breaks two rules
# (1 wherever it is checked against official Tournament Rook), the interpreter agrees
# with itself (0) but one deal leaves rules not reached (1 with --require-all), the spec
# passes its own
# generated cases (0), the house spec served as an engine agrees with itself (0), and the
# cases generated against the official rules fail under the club's (1).
EXPECTED = [0, 0, 1, 1, 0, 1, 1, 0, 0, 1, 1]


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
    # The kits the examples find by their paths (an engine run with no rookery installed).
    shutil.copytree(ROOT / "conformance" / "harness", tmp_path / "conformance" / "harness")
    (tmp_path / "interpreter" / "rookery").mkdir(parents=True)
    shutil.copy(ROOT / "interpreter" / "rookery" / "harness.py",
                tmp_path / "interpreter" / "rookery" / "harness.py")
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
    assert "js-tournament" in outputs[0] and " 0 failed, 0 skipped" in outputs[0]
    assert "python-tournament" in outputs[1] and "no deviation" in outputs[1]
    fuzz_report = outputs[3]
    assert "bidding.minimum" in fuzz_report and "play.anytime" in fuzz_report
    written = sorted(p.name for p in (repo_copy / "rookery-fuzz" / "tournament").iterdir())
    assert any(name.startswith("bidding-minimum") for name in written)
    assert any(name.startswith("play-anytime") for name in written)
    assert (repo_copy / "fuzz.json").is_file()
    assert "verdicts for the spec's" in outputs[4] and "0 break" in outputs[4]
    assert "skipped" in (repo_copy / "verdicts.xml").read_text(encoding="utf-8")
    assert "not reached" in outputs[5] and "--require-all" in outputs[5]
    assert "no deviation" in outputs[8]
    assert "not run" in outputs[2]              # --maxfail 3 stopped the club's first run early


# What each kit reads of a hand (conformance/harness/js/index.js, rookery/harness.py).
JS_MEMBERS = ["phase", "toAct", "legal", "apply", "view", "highBid", "bidder", "trump",
              "tricksWon", "lastTrick", "result", "gameOver"]
PY_MEMBERS = ["phase", "to_act", "legal", "apply", "view", "high_bid", "bidder", "trump",
              "tricks_won", "last_trick", "result", "game_over"]


def listing(language: str) -> str:
    (code,) = re.findall(rf"```{language}\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    return code


def test_the_javascript_kit_engine_of_the_page_is_javascript_with_every_member(tmp_path):
    code = listing("js")
    (tmp_path / "engine.js").write_text(code, encoding="utf-8")
    done = subprocess.run(["node", "--check", str(tmp_path / "engine.js")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "serve({" in code and "start: (deal) =>" in code
    for member in JS_MEMBERS:
        assert re.search(rf"^  (get )?{member}\(", code, re.M), member


def test_the_python_kit_engine_of_the_page_is_python_with_every_member():
    code = listing("python")
    compile(code, "docs/check-your-engine.md", "exec")
    assert "harness.serve(harness.Engine(" in code and "start=Hand" in code
    for member in PY_MEMBERS:
        assert re.search(rf"^    (def )?{member}\b", code, re.M), member
