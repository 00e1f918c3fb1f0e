"""The ``rookery`` command, run as a user runs it: a subprocess, from outside the repo.

Every mistake ends in a message and a non-zero exit code, never a traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import rookery

CORE = ["tournament", "kentucky-rook", "rook-for-three", "family-double-deck",
        "family-double-deck-6", "standard-deck"]


def rookery_cmd(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    # The package under test, whether installed or run from the checkout.
    package_root = str(Path(rookery.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
    env["COLUMNS"] = "200"
    return subprocess.run([sys.executable, "-m", "rookery.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_check_prints_one_ok_line_per_built_in_variant(tmp_path):
    done = rookery_cmd("check", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    names = [line.split()[1] for line in lines if line.startswith("ok ")]
    assert names == sorted(rookery.builtin_variants())
    # no warnings under any built-in spec; one summary line at the end
    assert len(lines) == len(names) + 1
    assert lines[-1] == f"{len(names)} specs checked: {len(names)} ok, 0 with errors, 0 warnings"
    assert done.stderr == ""
    figures = {line.split()[1]: line for line in lines}
    assert "4 players, 41 cards, hand 9, nest 5, 120 points, bids 70-120, game to 300" \
        in figures["tournament"]
    assert "3 players, 44 cards, hand 13, nest 5, 126 points, bids 50-125, game to 200" \
        in figures["rook-for-three"]
    assert "6 players, 84 cards, hand 13, nest 6, 250 points" in figures["family-double-deck-6"]


def test_check_takes_spec_files_and_variant_ids(tmp_path):
    spec = Path(rookery.load_variant("kentucky-rook").path)
    done = rookery_cmd("check", str(spec), "tournament", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert [line.split()[1] for line in done.stdout.splitlines()[:-1]] == ["kentucky-rook",
                                                                           "tournament"]
    assert "180 points" in done.stdout


def test_list_shows_a_table_of_the_variants(tmp_path):
    done = rookery_cmd("list", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    for name in CORE:
        assert name in done.stdout
    assert "Tournament Rook" in done.stdout and "Rook for Three" in done.stdout


@pytest.mark.parametrize("seed", [7])
def test_play_prints_a_transcript_of_a_whole_game(tmp_path, seed):
    done = rookery_cmd("play", "tournament", "--seed", str(seed), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith(f"Tournament Rook (Kentucky Discard): seed {seed}")
    assert out.rstrip().splitlines()[-1].startswith("Game over")
    for part in ("Hand 1: dealer seat 0", "  nest ", "wins the auction at", "takes the nest",
                 "lays aside", "names trump:", "trick  1:", "trick  9:", "won by seat",
                 "running score: team 0"):
        assert part in out, part
    again = rookery_cmd("play", "tournament", "--seed", str(seed), cwd=tmp_path)
    assert again.stdout == out               # seeded: the same game every time


def test_play_works_for_every_core_variant(tmp_path):
    for name in CORE:
        done = rookery_cmd("play", name, "--seed", "3", cwd=tmp_path)
        assert done.returncode == 0, (name, done.stderr)
        assert done.stdout.rstrip().splitlines()[-1].startswith("Game over"), name


def test_export_prints_the_compiled_variant_as_json(tmp_path):
    done = rookery_cmd("export", "rook-for-three", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["id"] == "rook-for-three"
    assert data["table"]["players"] == 3
    assert {k: data["deal"][k] for k in ("hand", "nest", "nest_deal")} == \
        {"hand": 13, "nest": 5, "nest_deal": "last"}
    assert data["deal"]["poor_hand"] == []      # house rules add fields, never change these
    assert data["bidding"]["opening"] == 50
    assert data["scoring"]["trick_points"] == 2 and data["scoring"]["total"] == 126
    assert data["game"] == {"target": 200, "winner": "highest", "low": None, "ties": "play-on",
                            "ties_team": None, "win_on": "any-hand"}
    ids = [rule["id"] for rule in data["rules"]]
    assert "bidding.opening" in ids and len(ids) == len(set(ids))


@pytest.mark.parametrize("args, says", [
    (("check", "no/such/file.rook"), "no such spec file: no/such/file.rook"),
    (("check", "no-such-variant"), "unknown variant 'no-such-variant'"),
    (("play", "no-such-variant"), "unknown variant 'no-such-variant'"),
    (("export", "no-such-variant"), "unknown variant 'no-such-variant'"),
    (("play", "missing.rook", "--seed", "1"), "no such spec file: missing.rook"),
])
def test_a_bad_spec_or_variant_gives_a_message_and_a_failing_exit_code(tmp_path, args, says):
    done = rookery_cmd(*args, cwd=tmp_path)
    assert done.returncode != 0
    assert says in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_a_broken_spec_file_gives_file_line_and_column(tmp_path):
    spec = tmp_path / "broken.rook"
    spec.write_text('variant broken "Broken"\nsource wikipedia-rook\n\ntable:\n  players four\n')
    done = rookery_cmd("check", str(spec), cwd=tmp_path)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr + done.stdout
    assert f"{spec}:5:" in done.stderr


def test_no_command_prints_help_and_fails(tmp_path):
    done = rookery_cmd(cwd=tmp_path)
    assert done.returncode != 0
    assert "usage: rookery" in done.stdout
