"""Issue 18, points 3 and 4: a game record from someone else's hands.

Point 3, the reader: every hostile file ends in exit 2 and a message that says what is
wrong (``rookery.bounded.read_json``: a regular file, a size, a depth, a number length,
strict UTF-8, no lone surrogate, a limit on the hands), never a traceback, a hang or a
memory blow-up.  Point 4, the sense: a record that contradicts itself (running scores
that jump, a hand after the end of the game, final scores or winners the hands do not
give, a dealer or a number out of turn) is refused with its place, exit 2, and never
becomes a case.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import rookery
from rookery.cli import main
from rookery.play.bots import make_bot
from rookery.play.games import play_game
from rookery.play.record import MAX_RECORD_FILE, check_record
from test_cli import rookery_cmd

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def game() -> dict:
    """A finished game of Tournament Rook between bots, as ``play --record`` keeps it."""
    variant = rookery.load_variant("tournament")
    rng = random.Random(4)
    outcome = play_game(variant, [make_bot("simple", rng) for _ in range(4)], 4, rng=rng)
    record = json.loads(json.dumps(outcome.record))
    assert record["finished"] and len(record["hands"]) >= 3
    return record


def replay(tmp_path, capsys, content, *args) -> tuple[int, str]:
    path = tmp_path / "game.json"
    path.write_bytes(content if isinstance(content, bytes) else
                     json.dumps(content).encode())
    code = main(["replay", str(path), *args])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


def test_the_game_itself_replays(game, tmp_path, capsys):
    code, err = replay(tmp_path, capsys, game)
    assert code == 0, err


# -- point 3: the reader ----------------------------------------------------------------------

def _with(game, change):
    record = copy.deepcopy(game)
    change(record)
    return record


HOSTILE = {
    "non-UTF-8 byte": (lambda g: b"\xff" + json.dumps(g).encode(), "not UTF-8: byte 0"),
    "deep nesting": (lambda g: b'{"hands": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
                     "nested more than 16 levels deep"),
    "5,000-digit seed": (lambda g: json.dumps(g).replace(
        '"seed": 4', '"seed": ' + "9" * 5000).encode(), "a number of 5,000 characters"),
    "5,000-digit dealer": (lambda g: json.dumps(g).replace(
        '"dealer": 0', '"dealer": ' + "7" * 5000, 1).encode(), "a number of 5,000"),
    "result without scores": (lambda g: _with(g, lambda r: r["hands"][0]["result"].pop(
        "scores")), "hands/0/result: 'scores' is a required property"),
    "lone surrogate in the title": (lambda g: json.dumps(g).replace(
        '"title": "', '"title": "\\udc00', 1).encode(), "title: a lone surrogate"),
    "40-option variant name": (lambda g: _with(g, lambda r: r.update(
        variant="tournament" + "+no-trump" * 40)), "variant: a name of 370 characters"),
    "NaN": (lambda g: json.dumps(g).replace('"seed": 4', '"seed": NaN').encode(),
            "NaN is not a JSON number"),
    "1,001 hands": (lambda g: _with(g, lambda r: r.update(hands=r["hands"][:1] * 1001)),
                    "hands: 1,001 hands, but a game stops after 1,000"),
    "too large": (lambda g: b" " * (MAX_RECORD_FILE + 1), "larger than 8 MB"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_record_is_a_usage_mistake_with_its_reason(game, tmp_path, capsys, name):
    make, says = HOSTILE[name]
    code, err = replay(tmp_path, capsys, make(game))
    assert code == 2 and says in err, err


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_fifo_or_a_link_to_dev_zero_is_refused_at_once(tmp_path, kind):
    path = tmp_path / "game.json"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    # in a process of its own, with a memory limit: a hang or a blow-up fails the test
    limit = "import resource; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))"
    done = subprocess.run(
        [sys.executable, "-c", f"{limit}; import sys; from rookery.cli import main; "
         f"sys.exit(main(['replay', {str(path)!r}]))"],
        capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 2 and "not a regular file" in done.stderr, done.stderr


# -- point 4: the sense ------------------------------------------------------------------------

def _jump(record):
    record["hands"][1]["scores"][0] += 10


def _after_the_end(record):
    record["hands"].append(copy.deepcopy(record["hands"][-1]))


def _final_scores(record):
    record["scores"] = [s + 5 for s in record["scores"]]


def _winners(record):
    record["winners"] = [1 - record["winners"][0]]


def _finished_without_winner(record):
    record["hands"] = record["hands"][:1]
    record["scores"] = record["hands"][0]["result"]["scores"]
    record["winners"] = []


def _dealer(record):
    record["hands"][1]["dealer"] = (record["hands"][1]["dealer"] + 2) % 4


def _number(record):
    record["hands"][2]["number"] = 7


def _not_at_zero(record):
    record["hands"] = record["hands"][:1]
    record["hands"][0]["scores"] = [100, 0]


def _seat(record):
    record["hands"][0]["actions"][0][0] = 9


def _players(record):
    record["players"].append("simple")


def _card(record):
    record["hands"][0]["hands"][1][0] = record["hands"][0]["hands"][0][0]


INCONSISTENT = {
    "running scores that jump": (_jump, "hands/1/scores: "),
    "a hand after game over": (_after_the_end, "a hand after the end of the game"),
    "final scores": (_final_scores, "scores: "),
    "final winners": (_winners, "winners: "),
    "finished without a winner": (_finished_without_winner,
                                  "finished: true, but the hands do not end the game"),
    "a dealer out of turn": (_dealer, "hands/1/dealer: "),
    "a hand number out of turn": (_number, "hands/2/number: 7, but hand 2 ended so: "
                                           "number 2"),
    "a first hand not at zero": (_not_at_zero, "hands/0/scores: [100, 0] before the "
                                               "hand, but the game's first hand"),
    "a seat of no table": (_seat, "hands/0/actions/0: seat 9 is not a seat"),
    "a player too many": (_players, "players: 5 players, but tournament seats 4"),
    "a card dealt twice": (_card, "is dealt twice"),
}


@pytest.mark.parametrize("name", list(INCONSISTENT))
def test_an_inconsistent_record_is_refused_and_never_a_case(game, tmp_path, capsys, name):
    change, says = INCONSISTENT[name]
    record = _with(game, change)
    code, err = replay(tmp_path, capsys, record)
    assert code == 2 and "an inconsistent record: " in err and says in err, err
    out = tmp_path / "case.json"
    code, err = replay(tmp_path, capsys, record, "--hand", "1", "--to-case", str(out))
    assert code == 2 and says in err and not out.exists()


@pytest.mark.parametrize("variant_id", ["tournament", "kentucky-rook", "rook-for-three",
                                        "family-double-deck-6",
                                        "conformance/house/poor-hand.rook",
                                        "conformance/house/misdeal.rook"])
def test_records_the_tool_writes_are_consistent(variant_id):
    """Every check holds for real games (poor hands redealt by the same dealer, hands
    thrown in as dealt, hand limits)."""
    variant = rookery.load_variant(REPO / variant_id if variant_id.endswith(".rook")
                                   else variant_id)
    for seed in range(6):
        rng = random.Random(seed)
        players = [make_bot("simple" if s % 2 else "random", rng)
                   for s in range(variant.table.players)]
        outcome = play_game(variant, players, seed, first_dealer=seed % 3, max_hands=4,
                            rng=rng)
        record = json.loads(json.dumps(outcome.record))
        assert len(check_record(variant, record)) == outcome.hands


def test_replay_from_the_command_line_says_why_in_one_line(game, tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(b"\xc3\x28" + json.dumps(game).encode())
    done = rookery_cmd("replay", str(path), cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip() == f"rookery: {path}: not a rookery game record: not " \
                                  "UTF-8: byte 0 is 0xc3"
