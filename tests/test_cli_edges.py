"""The command line's sharp edges, each with the behaviour that replaced it:
whole games end (or stop at a reported limit), wrong arguments are usage mistakes
(exit 2) that say what was meant, ``check`` takes folders and ends with one summary
line, ``--json`` for ``check``, ``list`` and ``play``, one exit-code convention."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import rookery
from rookery.play.games import DEFAULT_HAND_LIMIT, play_game
from test_cli import rookery_cmd

REPO = Path(__file__).resolve().parent.parent


# -- whole games end -------------------------------------------------------------------

def test_a_game_between_random_bots_ends(tmp_path):
    # it used to run for ever: random bids went to 120 and set every contract
    done = rookery_cmd("play", "tournament", "--bots", "random", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().splitlines()[-1].startswith("Game over")


class Passer:
    """Passes whenever the rules allow it: every hand is thrown in, the game never ends."""

    name = "passer"

    def choose(self, hand):
        legal = hand.legal_actions()
        return next((a for a in legal if a.kind == "pass"), legal[0])


def test_a_game_that_cannot_end_stops_at_the_default_hand_limit_and_says_so():
    variant = rookery.load_variant("tournament")
    lines = []
    from rookery.play.games import TranscriptView
    outcome = play_game(variant, [Passer()] * 4, 1, view=TranscriptView(lines.append))
    assert outcome.hands == DEFAULT_HAND_LIMIT and not outcome.winners
    assert outcome.record["finished"] is False
    assert outcome.record["stopped"] == f"the hand limit ({DEFAULT_HAND_LIMIT} hands)"
    assert lines[-1].startswith(f"\nstopped after {DEFAULT_HAND_LIMIT} hands without a winner")


def test_max_hands_stops_and_reports(tmp_path):
    done = rookery_cmd("play", "kentucky-rook", "--max-hands", "1", cwd=tmp_path)
    assert done.returncode == 0
    assert "stopped after 1 hands without a winner" in done.stdout
    assert "Hand 2:" not in done.stdout


# -- wrong arguments are usage mistakes that say what was meant --------------------------

@pytest.mark.parametrize("args, says", [
    (("play", "tournament", "--dealer", "9"), "--dealer 9: tournament seats 4 players; "
     "the dealer is a seat from 0 to 3"),
    (("play", "tournament", "--dealer", "-1"), "the dealer is a seat from 0 to 3"),
    (("play", "rook-for-three", "--dealer", "3"), "the dealer is a seat from 0 to 2"),
    (("play", "tournament", "--max-hands", "-1"), "--max-hands -1: give a number of hands"),
    (("play", "tournament", "--max-hands", "0"), "--max-hands 0: give a number of hands"),
    (("play", "tournament", "--seat", "4"), "--seat 4: tournament seats 4 players, 0 to 3"),
    (("play", "tournament", "--games", "0"), "--games 0"),
    (("play", "tournament", "--bots", "simpel"), "did you mean 'simple'?"),
    (("play", "tournament", "--record", "no/such/dir/game.json"),
     "--record no/such/dir/game.json: the folder no/such/dir does not exist"),
    (("mutate", "tournament", "--json", "nosuchdir/x.json"), "the folder nosuchdir does not"),
    (("mutate", "tournament", "--json", "."), "--json .: that is a folder"),
    (("replay", "no-such-record.json"), "no such record file: no-such-record.json"),
    (("check", "tournament", "missing.rook"), "no such spec file: missing.rook"),
    (("play", "missing.rook"), "no such spec file: missing.rook"),
])
def test_wrong_arguments_exit_2_with_a_message(tmp_path, args, says):
    done = rookery_cmd(*args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert says in done.stderr
    assert "Traceback" not in done.stderr and "stopped after" not in done.stdout


@pytest.mark.parametrize("command", ["check", "play", "export"])
def test_an_unknown_variant_is_a_usage_mistake_under_every_command(tmp_path, command):
    done = rookery_cmd(command, "tournamnt", cwd=tmp_path)
    assert done.returncode == 2
    assert "unknown variant 'tournamnt'; did you mean 'tournament'" in done.stderr
    # a suggestion, not the list of every variant
    assert "kentucky-rook-low" not in done.stderr
    assert "'rookery list' shows the built-in variants" in done.stderr


def test_an_unknown_option_shows_the_sub_commands_usage(tmp_path):
    done = rookery_cmd("play", "tournament", "--seeed", "3", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("usage: rookery play ")
    assert "unrecognized arguments: --seeed 3; did you mean --seed?" in done.stderr


def test_the_exit_codes_are_documented_in_help_and_readme(tmp_path):
    done = rookery_cmd("--help", cwd=tmp_path)
    assert done.returncode == 0
    text = " ".join(done.stdout.split())
    assert "exit codes: 0 all is well; 1 findings" in text and "2 a usage mistake" in text
    readme = " ".join((REPO / "README.md").read_text(encoding="utf-8").split())
    assert "exits with **0** when all is well, **1** for findings" in readme
    assert "**2** for a usage mistake" in readme


# -- check -------------------------------------------------------------------------------

def test_check_of_a_folder_checks_every_spec_in_it(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    for name in ("tournament", "rook-for-three"):
        (folder / f"{name}.rook").write_text(
            Path(rookery.load_variant(name).path).read_text(encoding="utf-8"))
    done = rookery_cmd("check", str(folder), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split()[1] for line in lines[:-1]] == ["rook-for-three", "tournament"]
    assert lines[-1] == "2 specs checked: 2 ok, 0 with errors, 0 warnings"


def test_check_of_a_folder_without_specs_says_so(tmp_path):
    done = rookery_cmd("check", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 2
    assert f"{tmp_path} is a folder with no .rook spec files in it" in done.stderr
    assert "no such spec file" not in done.stderr


def test_check_ends_with_one_summary_line_and_exit_1_for_a_broken_spec(tmp_path):
    broken = tmp_path / "broken.rook"
    broken.write_text('variant broken "Broken"\nsource wikipedia-rook\n\ntable:\n  players four\n')
    done = rookery_cmd("check", "tournament", str(broken), cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout.splitlines()[-1] == "2 specs checked: 1 ok, 1 with errors, 0 warnings"


def test_check_json(tmp_path):
    done = rookery_cmd("check", "--json", "tournament", "kentucky-rook", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["checked"], data["ok"], data["failed"]) == (2, 2, 0)
    first = data["specs"][0]
    assert first["variant"] == "tournament" and first["ok"]
    assert first["summary"]["points"] == 120 and first["summary"]["target"] == 300


def test_check_json_places_a_mistake_as_the_spec_was_named(tmp_path):
    """A spec named by a relative path has its mistakes placed relative to the current
    folder in the JSON too, as on the console; named by an absolute path, absolutely."""
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "bad.rook").write_text("variant x\n  bogus\n")
    done = rookery_cmd("check", "--json", "mine/bad.rook", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    spec = json.loads(done.stdout)["specs"][0]
    assert [e["file"] for e in spec["errors"]] == ["mine/bad.rook"]
    assert spec["error"].startswith("mine/bad.rook:2:3: ")
    absolute = str(tmp_path / "mine" / "bad.rook")
    done = rookery_cmd("check", "--json", absolute, cwd=tmp_path)
    assert [e["file"] for e in json.loads(done.stdout)["specs"][0]["errors"]] == [absolute]


# -- list ----------------------------------------------------------------------------------

def test_list_json(tmp_path):
    done = rookery_cmd("list", "--json", cwd=tmp_path)
    assert done.returncode == 0
    data = json.loads(done.stdout)
    assert [entry["id"] for entry in data] == rookery.builtin_variants()
    tournament = next(e for e in data if e["id"] == "tournament")
    assert (tournament["players"], tournament["deck"], tournament["points"]) == (4, 41, 120)


def test_list_fits_the_terminal(tmp_path):
    done = rookery_cmd("list", cwd=tmp_path)        # COLUMNS=200 in rookery_cmd
    import os
    import subprocess
    import sys
    env = dict(os.environ, COLUMNS="100", PYTHONIOENCODING="utf-8")
    narrow = subprocess.run([sys.executable, "-m", "rookery.cli", "list"], cwd=tmp_path,
                            env=env, capture_output=True, text=True, encoding="utf-8")
    assert narrow.returncode == 0 and done.returncode == 0
    assert max(map(len, narrow.stdout.splitlines())) <= 100
    # ids are never cut short
    assert "call-partner-200-short-five" in narrow.stdout


# -- play ----------------------------------------------------------------------------------

def test_play_json_is_the_game_record(tmp_path):
    done = rookery_cmd("play", "tournament", "--seed", "7", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert record["format"] == "rookery-record" and record["finished"]
    assert record["players"] == ["simple"] * 4
    assert max(record["scores"]) >= 300


def test_play_games_prints_win_and_set_rates_per_bot(tmp_path):
    done = rookery_cmd("play", "tournament", "--games", "20", "--bots", "simple,random",
                       cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = {m.group(1): m.groups()[1:] for m in re.finditer(
        r"│ (simple|random)\s+│ ([\d, ]+?)\s+│\s+(\d+)% │\s+(\d+) │\s+(\d+)% │", done.stdout)}
    assert rows["simple"][0] == "0, 2" and rows["random"][0] == "1, 3"
    assert "20 of 20 games finished within 100 hands" in done.stdout
    as_json = rookery_cmd("play", "tournament", "--games", "20", "--bots", "simple,random",
                          "--json", cwd=tmp_path)
    data = {b["bot"]: b for b in json.loads(as_json.stdout)["bots"]}
    assert f"{100 * data['simple']['win_rate']:.0f}" == rows["simple"][1]
    assert str(data["random"]["contracts"]) == rows["random"][2]


# -- transcripts ---------------------------------------------------------------------------

def test_the_transcript_says_who_leads_and_names_trump_in_words(tmp_path):
    done = rookery_cmd("play", "tournament", "--seed", "7", cwd=tmp_path)
    out = done.stdout
    assert re.search(r"names trump: (black|red|yellow|green)\n", out)
    assert not re.search(r"names trump: [BRYG]\n", out)
    tricks = re.findall(r"trick +(\d+): seat (\d) \(team \d\) leads: .*won by seat (\d)", out)
    assert len(tricks) >= 9
    # the winner of a trick leads the next one, within a hand
    for (number, _, winner), (following, leader, _) in zip(tricks, tricks[1:]):
        if int(following) == int(number) + 1:
            assert leader == winner


def test_the_readme_example_shows_the_real_reprs():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    variant = rookery.load_variant("tournament")
    hand = rookery.deal_hand(variant, seed=7, dealer=0)
    action = hand.legal_actions()[0]
    assert f"# {action!r}" in readme
    assert repr(hand.apply(action)) in readme
    assert repr(rookery.Action.parse("play R14")) in readme


def test_the_case_format_page_names_only_paths_that_exist():
    text = (REPO / "docs" / "conformance.md").read_text(encoding="utf-8")
    for path in re.findall(r"`(conformance/[\w./-]+?)/?`", text):
        if "<" not in path:
            assert (REPO / path).exists(), path


# -- mutate ----------------------------------------------------------------------------------

def test_the_mutation_summary_adds_up(tmp_path):
    # it printed 40 mutants as 39 killed + 0 survived + 1 equivalent + 2 invalid
    done = rookery_cmd("mutate", "tournament", "--json", "report.json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    row = next(line for line in done.stdout.splitlines() if "tournament" in line)
    cases, mutants, killed, survived, equivalent, invalid = map(
        int, re.findall(r"\b(\d+)\b(?!%)", row)[:6])
    assert mutants == killed + survived + equivalent + invalid
    assert invalid > 0 and equivalent > 0          # the case the issue saw
    assert "mutants = killed + survived + equivalent + invalid" in " ".join(
        done.stdout.split())
    report = json.loads((tmp_path / "report.json").read_text())[0]
    assert report["killed"] == killed and report["invalid"] == invalid


def test_a_mistyped_command_says_what_was_meant(tmp_path):
    done = rookery_cmd("plya", "tournament", cwd=tmp_path)
    assert done.returncode == 2
    assert "invalid choice: 'plya'" in done.stderr and "did you mean 'play'?" in done.stderr


@pytest.mark.parametrize("args", [["list"], ["list", "--options"], ["list", "--json"],
                                  ["export", "tournament"]])
def test_a_pipe_closed_by_its_reader_ends_the_command_quietly(tmp_path, args):
    """``rookery list | head``: the reader has all it wants and closes the pipe; the
    command ends with exit 0 and says nothing (rich alone would exit 1).  The reader's
    end is closed before the command writes, so its first write fails."""
    import os
    import subprocess
    import sys
    read, write = os.pipe()
    os.close(read)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [
        str(Path(rookery.__file__).resolve().parent.parent), os.environ.get("PYTHONPATH")])))
    try:
        done = subprocess.run([sys.executable, "-m", "rookery.cli", *args], cwd=tmp_path,
                              env=env, stdout=write, stderr=subprocess.PIPE, text=True,
                              timeout=120)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (0, "")
