"""Game records (issue 12): ``rookery play --record FILE`` keeps a game in the format of
``conformance/schema/record.schema.json``, ``rookery replay FILE`` replays it, and a hand
of it becomes a conformance case (origin ``regression``) that the runner passes."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

import rookery
from rookery.conformance.corpus.cases import load_corpus
from rookery.play.record import hand_case, replay, schema
from test_cli import rookery_cmd

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> tuple[Path, str]:
    folder = tmp_path_factory.mktemp("record")
    done = rookery_cmd("play", "tournament", "--seed", "4", "--record", "game.json",
                       cwd=folder)
    assert done.returncode == 0, done.stderr
    return folder / "game.json", done.stdout


def test_the_record_follows_its_schema(recorded):
    path, _ = recorded
    record = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema()).validate(record)
    assert record["variant"] == "tournament" and record["seed"] == 4
    assert record["finished"] and record["winners"]
    assert len(record["hands"]) > 1
    first = record["hands"][0]
    assert first["dealer"] == 0 and len(first["hands"]) == 4 and len(first["nest"]) == 5
    assert first["actions"][0][1].startswith(("bid", "pass"))


def test_replay_prints_the_same_transcript_as_the_game(recorded):
    path, played = recorded
    done = rookery_cmd("replay", str(path), cwd=path.parent)
    assert done.returncode == 0, done.stderr
    # the same hands, tricks and scores, line for line, after the heading
    assert done.stdout.splitlines()[1:] == played.splitlines()[1:]


def test_a_record_the_engine_disagrees_with_is_a_finding(recorded, tmp_path):
    path, _ = recorded
    record = json.loads(path.read_text(encoding="utf-8"))
    record["hands"][0]["result"]["scores"] = [999, 0]
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(record))
    done = rookery_cmd("replay", str(tampered), cwd=tmp_path)
    assert done.returncode == 1
    assert "hand 1: the record says scores [999, 0], the engine" in done.stderr
    record = json.loads(path.read_text(encoding="utf-8"))
    seat, action = record["hands"][0]["actions"][0]
    record["hands"][0]["actions"][0] = [(seat + 1) % 4, action]
    tampered.write_text(json.dumps(record))
    done = rookery_cmd("replay", str(tampered), cwd=tmp_path)
    assert done.returncode == 1
    assert "hand 1, action 1" in done.stderr and "not-your-turn" in done.stderr


def test_a_file_that_is_not_a_record_is_named(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "rookery-record", "version": 1}))
    done = rookery_cmd("replay", str(bad), cwd=tmp_path)
    assert done.returncode == 2
    assert "not a rookery game record" in done.stderr and "Traceback" not in done.stderr


def test_a_hand_becomes_a_regression_case_the_runner_passes(recorded, tmp_path):
    path, _ = recorded
    out = tmp_path / "case.json"
    done = rookery_cmd("replay", str(path), "--hand", "2", "--to-case", str(out),
                       "--rule", "scoring.bidders", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    case_schema = json.loads((REPO / "conformance/schema/case.schema.json").read_text())
    jsonschema.Draft202012Validator(case_schema).validate(data)
    case = data["cases"][0]
    assert case["origin"] == "regression" and case["rules"] == ["scoring.bidders"]
    record = json.loads(path.read_text(encoding="utf-8"))
    assert case["deal"]["hands"] == record["hands"][1]["hands"]
    assert case["steps"][-1]["expect"]["result"]["scores"] == \
        record["hands"][1]["result"]["scores"]
    cases, problems = load_corpus([out])
    assert not problems and len(cases) == 1
    run = rookery_cmd("conformance", str(out), cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 cases, 1 passed, 0 failed" in run.stdout


def test_the_case_expects_the_replayed_result_and_checks_the_scoring_rules(recorded):
    path, _ = recorded
    record = json.loads(path.read_text(encoding="utf-8"))
    variant = rookery.load_variant("tournament")
    data = hand_case(variant, record, 1, [])
    assert all(rule.startswith("scoring.") for rule in data["cases"][0]["rules"])
    replayed = list(replay(variant, {"hands": record["hands"][:1]}))[0]
    assert data["cases"][0]["steps"][-1]["expect"]["result"]["changes"] == \
        list(replayed.hand.result.changes)


@pytest.mark.parametrize("args, says", [
    (("--hand", "99", "--to-case", "x.json"), "--hand 99: the record has hands 1 to"),
    (("--hand", "1", "--to-case", "x.json", "--rule", "scoring.bidder"),
     "did you mean 'scoring.bidders'?"),
    (("--hand", "1"), "--hand K goes with --to-case"),
    (("--to-case", "nosuchdir/x.json"), "the folder nosuchdir does not exist"),
])
def test_to_case_mistakes(recorded, args, says):
    path, _ = recorded
    done = rookery_cmd("replay", str(path), *args, cwd=path.parent)
    assert done.returncode == 2
    assert says in done.stderr


@pytest.mark.parametrize("variant_id", rookery.builtin_variants())
def test_every_variant_records_and_replays(variant_id):
    import random

    from rookery.play.bots import make_bot
    from rookery.play.games import play_game

    variant = rookery.load_variant(variant_id)
    rng = random.Random(11)
    players = [make_bot("simple" if s % 2 else "random", rng)
               for s in range(variant.table.players)]
    outcome = play_game(variant, players, 11, max_hands=3, rng=rng)
    record = json.loads(json.dumps(outcome.record))       # as written to a file
    jsonschema.Draft202012Validator(schema()).validate(record)
    replayed = list(replay(variant, record))
    assert len(replayed) == outcome.hands
    assert [r.hand.result.to_json() for r in replayed] == [h["result"] for h in record["hands"]]
    assert (replayed[-1].game_over is not None) == record["finished"]
