"""The tutorial docs/house-rules.md runs as written: the files it shows are the files of
``docs/house-rules/`` (so page and files cannot drift apart), every ``rookery`` command
of its shell blocks runs, in order, from a copy of that folder, with the exit code the
page implies, and the lines it shows of ``rookery check`` and ``rookery mutate`` are
lines those commands print.

It is also the issue's house variant: written from docs/ alone, using more than eight of
the house-rule mechanisms, checked, played for 1,000 random games, with reasoned cases."""

import json
import re
import shlex
import shutil
from pathlib import Path

import pytest
from _conformance_fixtures import rookery_on_path

import rookery
from rookery.cli import main
from rookery.resources import specs_dir

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "house-rules.md"
FOLDER = ROOT / "docs" / "house-rules"
TEXT = PAGE.read_text(encoding="utf-8")

# The exit code of each command, in order: the first try has five mistakes (1); the
# club's spec checks (0), plays (0), gets its site (0) and passes its first cases (0);
# three mutants of game.ties survive them (1); with the ties cases, every case passes and
# every mutant is killed (0, 0); the combination checks and the options list (0, 0);
# rookery serving the spec agrees with it (0).
EXPECTED = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]

# Mechanisms the issue asked for, as the clauses (or header lines) that use them.
MECHANISMS = {"sources of one's own": 'source club "', "poor hand": "poor-hand ",
              "face-up nest card": "face-up ", "forced bidder picks": "dealer-must-bid",
              "top bid ends the auction": "at-maximum ends-auction",
              "burial rule": "forced-burial ", "claim": "claim certain",
              "bonus": "all-points ", "most cards": "most-cards ", "low score": "low -",
              "ties at the target": "ties "}


def page_commands() -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", TEXT, re.S)
    return [line.strip() for block in blocks for line in block.splitlines()
            if line.strip().startswith("rookery ")]


def shown_files() -> dict[str, str]:
    """The last block the page shows under each file name (```lang title="NAME"```)."""
    return {name: body for name, body in
            re.findall(r'```\w+ title="([^"]+)"\n(.*?)```', TEXT, re.S)}


def shown_output(after: str) -> list[str]:
    """The lines of the first ```text block after the words ``after``."""
    rest = TEXT[TEXT.index(after):]
    return re.search(r"```text\n(.*?)```", rest, re.S).group(1).splitlines()


def test_the_page_shows_the_files_of_its_folder():
    files = shown_files()
    assert sorted(files) == ["club-rules.txt", "club.rook", "first-try.rook"]
    for name, body in files.items():
        assert (FOLDER / name).read_text(encoding="utf-8") == body, name


def test_every_fragment_of_the_page_is_in_the_whole_file():
    whole = shown_files()["club.rook"]
    fragments = re.findall(r"```rook\n(.*?)```", TEXT, re.S)
    for fragment in fragments:
        for line in fragment.strip().splitlines():
            if line.startswith(("variant", "extends", "source")) or line.endswith(":"):
                continue
            if "extends \"" in line:
                continue
            assert line in whole.splitlines(), line


def test_the_house_variant_uses_the_new_mechanisms():
    whole = shown_files()["club.rook"]
    used = [name for name, clause in MECHANISMS.items() if clause in whole]
    assert len(used) >= 8, used
    variant = rookery.load_variant(FOLDER / "club.rook")
    assert variant.extends == "kentucky-rook" and [s.id for s in variant.sources] == ["club"]


def test_the_expectation_the_page_shows_is_the_ties_case_s():
    shown = json.loads(re.findall(r"```json\n(.*?)```", TEXT, re.S)[1])
    case = json.loads((FOLDER / "cases" / "thursday" / "ties.json").read_text())["cases"][0]
    assert case["steps"][-1] == shown


def test_the_check_output_the_page_shows_is_what_a_run_prints():
    """Order, places and words: the block is a run's output, not a retelling of it."""
    assert shown_output(CHECK_SHOWN) == check_output(FOLDER).splitlines(), \
        "python tests/test_house_rules_tutorial.py --update rewrites it"


def test_the_page_lists_the_commands_this_test_expects():
    assert len(page_commands()) == len(EXPECTED)


@pytest.fixture
def club_folder(tmp_path, monkeypatch):
    """A copy of docs/house-rules, as a reader who copied the folder has it."""
    shutil.copytree(FOLDER, tmp_path / "house-rules")
    folder = tmp_path / "house-rules"
    monkeypatch.chdir(folder)
    rookery_on_path(tmp_path, monkeypatch)  # `rookery serve` in --engine is this rookery
    return folder


# The words above the output of `rookery check first-try.rook`, which the page shows
# exactly as a run prints it (errors, in line order, then the summary line).
CHECK_SHOWN = "`rookery check` reports every mistake"


def check_output(folder: Path) -> str:
    """What ``rookery check first-try.rook`` prints in ``folder``: stderr, then stdout."""
    import contextlib
    import io
    import os

    out, err, here = io.StringIO(), io.StringIO(), os.getcwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main(["check", "first-try.rook"])
    finally:
        os.chdir(here)
    return err.getvalue() + out.getvalue()


def update_page() -> None:
    """Write the output a real run prints into the page's block (after a change of
    wording: review the diff)."""
    start = TEXT.index("```text\n", TEXT.index(CHECK_SHOWN)) + len("```text\n")
    end = TEXT.index("```", start)
    PAGE.write_text(TEXT[:start] + check_output(FOLDER) + TEXT[end:], encoding="utf-8")


def _plain(text: str, folder: Path) -> str:
    """Output with the folder and the installed specs' place written as the page does."""
    return text.replace(f"{folder}/", "").replace(f"{specs_dir().parent}/", "")


def test_every_command_of_the_tutorial_runs_with_the_exit_code_it_implies(club_folder,
                                                                         capsys):
    outputs = {}
    for command, expected in zip(page_commands(), EXPECTED):
        code = main(shlex.split(command)[1:])
        out = capsys.readouterr()
        outputs[command] = _plain(out.err + out.out, club_folder)
        assert code == expected, f"{command}\n{out.out[-3000:]}\n{out.err[-3000:]}"
    check = outputs["rookery check first-try.rook"].splitlines()
    shown = shown_output(CHECK_SHOWN)
    assert len([line for line in shown if "error[" in line]) == 5
    assert shown == check, "python tests/test_house_rules_tutorial.py --update rewrites it"
    mutate = outputs["rookery mutate --cases cases/thursday/club.json"].splitlines()
    survivors = [line for line in mutate if line.startswith("survived:")]
    assert survivors == shown_output("three survive")
    row = next(line for line in mutate if line.startswith("│ thursday"))
    assert [cell.strip() for cell in row.strip("│ ").split("│")][2:7] == \
        ["25", "19", "3", "0", "3"]         # mutants, killed, survived, equivalent, invalid
    plays = outputs["rookery play club.rook --games 1000 --bots random"]
    assert "1000 of 1000 games finished" in plays
    assert "8 cases, 8 passed" in outputs["rookery conformance cases/thursday/club.json"]
    assert "10 cases, 10 passed" in outputs["rookery conformance cases"]
    final = next(line for line in outputs["rookery mutate --cases cases"].splitlines()
                 if line.startswith("│ thursday"))
    assert [cell.strip() for cell in final.strip("│ ").split("│")][2:] == \
        ["25", "22", "0", "0", "3", "100%"]
    assert (club_folder / "site" / "docs" / "variants" / "thursday.md").is_file()
    assert "no deviation" in outputs[page_commands()[-1]]


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["--update"]:
        update_page()
