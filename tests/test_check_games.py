"""``rookery check-games``: games an engine recorded, checked against the spec with no
protocol (issue 30, point 2).  Real records of ``rookery play --record``, the same
record with a planted mistake, hand-written JSON-lines logs with planted mistakes, and
logs with garbage lines."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from rookery.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def record(tmp_path_factory) -> dict:
    """A whole game of Tournament between bots, as ``rookery play --record`` keeps it."""
    path = tmp_path_factory.mktemp("record") / "game.json"
    assert main(["play", "tournament", "--seed", "7", "--record", str(path)]) == 0
    data = json.loads(path.read_text())
    assert data["finished"] and len(data["hands"]) >= 3
    return data


def _check(tmp_path, log: Path, *extra: str) -> tuple[int, dict]:
    report = tmp_path / "report.json"
    code = main(["check-games", str(log), "--json", str(report),
                 "--cases", str(tmp_path / "cases"), *extra])
    return code, json.loads(report.read_text())


def _verdicts(report: dict) -> dict[str, dict]:
    return {v["rule"]: v for v in report["verdicts"]}


def test_a_record_rookery_wrote_conforms(tmp_path, record):
    log = tmp_path / "game.json"
    log.write_text(json.dumps(record, indent=1))
    code, report = _check(tmp_path, log)
    assert code == 0
    assert report["ok"] and report["games"] == 1
    assert report["hands"] == len(record["hands"])
    assert report["deviations"] == [] and report["errors"] == []
    verdicts = _verdicts(report)
    # every rule has a verdict; those that conform were put to the test
    assert report["verdict_counts"]["conforms"] >= 25
    assert all(v["decisions"] > 0 for v in verdicts.values() if v["verdict"] == "conforms")
    # a log shows no views: the rules only a view decides are not reached, said why
    assert "no view" in verdicts["nest.shown"]["reason"]
    # witnesses: a rule with alternatives conforms only where one would have been
    # caught; each witness names where, and the alternative it would have caught
    witnessed = [v for v in verdicts.values() if "witnesses" in v]
    assert len(witnessed) >= 15
    for verdict in witnessed:
        assert (verdict["verdict"] == "conforms") == (verdict["witnesses"] > 0), verdict
    minimum = verdicts["bidding.minimum"]
    assert minimum["witnesses"] > 0
    assert set(minimum["witness"]) == {"deal", "place", "step", "alternative"}
    assert minimum["witness"]["alternative"].startswith("minimum ")


def test_min_witnesses_asks_more_of_a_conforming_rule(tmp_path, record):
    """``--min-witnesses N`` (default 1 for a log) is fuzz's: a rule with fewer
    witnesses than that is not reached, said why; 0 is refused as a usage error."""
    log = tmp_path / "game.json"
    log.write_text(json.dumps(record, indent=1))
    _, usual = _check(tmp_path, log)
    _, strict = _check(tmp_path, log, "--min-witnesses", "4")
    few = [rule for rule, v in _verdicts(usual).items()
           if v["verdict"] == "conforms" and 0 < v.get("witnesses", 99) < 4]
    assert few, "some rule conforms on one to three witnesses"
    for rule in few:
        verdict = _verdicts(strict)[rule]
        assert verdict["verdict"] == "not reached" and verdict["reason"], verdict
    assert strict["verdict_counts"]["conforms"] < usual["verdict_counts"]["conforms"]
    assert main(["check-games", str(log), "--min-witnesses", "0"]) == 2


def test_the_legal_actions_offered_give_witnesses_of_a_permissive_alternative(
        tmp_path, record):
    """An alternative that allows more (any card may be played) is never caught by the
    cards played alone; the legal actions the engine offered catch it."""
    counts = []
    for legal in (False, True):
        log = _write(tmp_path / f"log-{legal}.jsonl", as_lines(record, legal=legal))
        code, report = _check(tmp_path, log)
        assert code == 0
        counts.append(_verdicts(report)["play.follow"].get("witnesses", 0))
    assert counts[1] > counts[0] * 2, counts


def _card_not_held(record: dict, hand: int) -> tuple[dict, int, str]:
    """The record with the first card played in ``hand`` swapped for a card another seat
    holds: the seat, the card."""
    planted = json.loads(json.dumps(record))
    entry = planted["hands"][hand]
    for index, (seat, action) in enumerate(entry["actions"]):
        if action.startswith("play "):
            card = entry["hands"][(seat + 1) % 4][-1]
            entry["actions"][index] = [seat, f"play {card}"]
            return planted, seat, card
    raise AssertionError("no card played")


def test_a_card_played_by_a_seat_that_does_not_hold_it_is_a_finding(tmp_path, record):
    planted, seat, card = _card_not_held(record, 1)
    log = tmp_path / "planted.json"
    log.write_text(json.dumps(planted, indent=1))
    code, report = _check(tmp_path, log)
    assert code == 1 and not report["ok"]
    assert report["errors"] == []       # a finding, not a refusal to read the file
    [finding] = report["findings"]
    assert finding["hand"] == 2 and finding["game"] == 1
    assert finding["kind"] == "accepts-illegal"
    assert finding["action"] == {"seat": seat, "action": f"play {card}",
                                 "code": "card-not-in-hand"}
    assert f"seat {seat}" in finding["detail"] and card in finding["detail"]
    # the other hands are still checked, and conform
    assert report["hands"] == len(record["hands"])
    assert report["verdict_counts"]["conforms"] >= 25
    # the hand cut at its difference, as a case our interpreter passes
    [deviation] = report["deviations"]
    case = json.loads(Path(deviation["case"]).read_text())["cases"][0]
    assert case["steps"] == [{"seat": seat, "do": f"play {card}",
                              "reject": "card-not-in-hand"}]
    assert main(["conformance", deviation["case"]]) == 0


# -- a log written by hand -------------------------------------------------------------------

def as_lines(record: dict, engine: str = "a hand-written log", legal: bool = True) -> list[dict]:
    """A record as the JSON-lines format: a game line, then per hand a deal, its actions
    (with the legal actions offered, replayed from the spec) and its result, and the end."""
    from rookery.engine.hand import Hand
    from rookery.language.load import load_variant
    variant = load_variant(record["variant"])
    record = json.loads(json.dumps(record))     # the lines' lists are their own
    lines: list[dict] = [{"type": "game", "variant": record["variant"], "engine": engine}]
    for entry in record["hands"]:
        lines.append({"type": "deal", "dealer": entry["dealer"], "number": entry["number"],
                      "hands": entry["hands"], "nest": entry["nest"],
                      "scores": entry["scores"]})
        hand = Hand(variant, entry["dealer"], entry["hands"], entry["nest"],
                    entry["scores"], entry["number"])
        for seat, action in entry["actions"]:
            line = {"type": "action", "seat": seat, "action": action}
            if legal:
                line["legal"] = [str(a) for a in hand.legal_actions()]
            lines.append(line)
            hand.apply(action, seat)
        result = entry["result"]
        lines.append({"type": "result", "scores": result["scores"],
                      "changes": result["changes"], "made": result["made"]})
    if record["finished"]:
        lines.append({"type": "end", "winners": record["winners"]})
    return lines


def _write(path: Path, lines: list) -> Path:
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n"
                            for line in lines))
    return path


def _first(lines: list[dict], kind: str, after: int = 0, **where) -> int:
    return next(i for i, line in enumerate(lines) if i >= after and line["type"] == kind
                and all(line.get(k) == v for k, v in where.items()))


def test_a_hand_written_log_names_an_illegal_bid_and_a_wrong_score(tmp_path, record):
    lines = as_lines(record)
    # hand 1: the first bid is made below the lowest bid (bidding.minimum)
    deals = [i for i, line in enumerate(lines) if line["type"] == "deal"]
    bid = next(i for i in range(deals[0], deals[1]) if lines[i]["type"] == "action"
               and lines[i]["action"].startswith("bid "))
    lines[bid] = dict(lines[bid], action="bid 5")
    # hand 3: the engine scores the bidders 10 more, and carries that total on
    result = _first(lines, "result", deals[2])
    wrong = dict(lines[result])
    wrong["changes"] = list(wrong["changes"])
    wrong["scores"] = list(wrong["scores"])
    keeper = 0 if wrong["changes"][0] != 0 else 1
    wrong["changes"][keeper] += 10
    wrong["scores"][keeper] += 10
    lines[result] = wrong
    for line in lines[result + 1:]:
        if line["type"] == "deal":
            line["scores"][keeper] += 10
        if line["type"] == "result":
            line["scores"][keeper] += 10
    junit = tmp_path / "games.xml"
    code, report = _check(tmp_path, _write(tmp_path / "log.jsonl", lines), "--junit",
                          str(junit))
    assert code == 1
    assert report["errors"] == []
    from xml.etree import ElementTree as ET
    failed = {case.get("name") for case in ET.parse(junit).getroot()
              if case.find("failure") is not None}
    assert failed == {"bidding.minimum", scoring_rule(report)}
    broken = {(tuple(d["rules"]), d["kind"]) for d in report["deviations"]}
    assert (("bidding.minimum",), "accepts-illegal") in broken
    scoring = [d for d in report["deviations"] if d["kind"] == "result"]
    assert len(scoring) == 1 and scoring[0]["rules"][0].startswith("scoring.")
    assert scoring[0]["first"]["place"] == f"line {result + 1}"
    assert len(report["deviations"]) == 2       # nothing else: the rest conforms
    verdicts = _verdicts(report)
    assert verdicts["bidding.minimum"]["verdict"] == "breaks"
    assert verdicts["play.follow"]["verdict"] == "conforms"
    assert verdicts["play.follow"]["decisions"] > 100
    assert report["verdict_counts"]["conforms"] >= 25


def scoring_rule(report: dict) -> str:
    return next(d["rules"][0] for d in report["deviations"] if d["kind"] == "result")


def test_a_seat_acting_out_of_turn_breaks_the_turn_rule(tmp_path, record):
    lines = as_lines(record)
    first = _first(lines, "action")
    lines[first] = dict(lines[first], seat=(lines[first]["seat"] + 1) % 4)
    del lines[first]["legal"]
    code, report = _check(tmp_path, _write(tmp_path / "log.jsonl", lines))
    assert code == 1
    [deviation] = report["deviations"]
    assert deviation["kind"] == "to_act" and deviation["rules"] == ["bidding.first"]


def test_offered_actions_the_spec_cannot_read_are_quoted(tmp_path, record):
    lines = as_lines(record)
    first = _first(lines, "action")
    lines[first]["legal"].append("bid moon")
    code, report = _check(tmp_path, _write(tmp_path / "log.jsonl", lines))
    assert code == 1
    [deviation] = report["deviations"]
    assert deviation["kind"] == "unreadable-legal"
    assert "`bid moon`" in deviation["first"]["detail"]


def test_a_game_that_ends_at_another_total_breaks_the_target(tmp_path, record):
    """The engine deals on where the spec ends the game: judged from the engine's own
    totals, the game's end is charged to the target (and the hand dealt after it is
    not compared: the spec deals none); the case reruns on the spec."""
    lines = as_lines(record)
    del lines[_first(lines, "end")]         # the engine plays on ...
    last = [line for line in lines if line["type"] == "deal"][-1]
    lines.append(dict(lines[1], dealer=(last["dealer"] + 2) % 4,
                      number=len(record["hands"]), scores=record["scores"]))
    code, report = _check(tmp_path, _write(tmp_path / "log.jsonl", lines))
    assert code == 1
    [deviation] = report["deviations"]
    assert deviation["kind"] == "game-over"
    assert deviation["rules"] in (["game.target"], ["game.winner"])
    assert main(["conformance", str(tmp_path / "cases")]) == 0


def test_a_next_hand_dealt_by_the_wrong_seat_is_a_finding_whose_case_reruns(
        tmp_path, record):
    lines = as_lines(record)
    deals = [i for i, line in enumerate(lines) if line["type"] == "deal"]
    lines[deals[1]]["dealer"] = (lines[deals[1]]["dealer"] + 1) % 4
    code, report = _check(tmp_path, _write(tmp_path / "log.jsonl", lines))
    assert code == 1
    kinds = [d["kind"] for d in report["deviations"]]
    assert "next-hand" in kinds
    assert main(["conformance", str(tmp_path / "cases")]) == 0


# -- a log that cannot be read -------------------------------------------------------------

def test_garbage_lines_are_errors_with_their_line_numbers_and_the_rest_is_checked(
        tmp_path, record):
    lines: list = as_lines(record, legal=False)
    second_game = as_lines(record, "another game", legal=False)
    action = _first(lines, "action", _first(lines, "deal", 1 + _first(lines, "deal")))
    lines.insert(action, "this is not JSON")                     # breaks hand 2
    lines.insert(1, {"type": "deal", "dealer": 9})               # breaks the schema
    lines.append('{"type": "action", "seat": 0, "action": "pass"')   # cut short
    cut = len(lines)
    lines += second_game
    lines.append({"type": "bogus"})
    log = _write(tmp_path / "log.jsonl", lines)
    junit = tmp_path / "games.xml"
    code, report = _check(tmp_path, log, "--junit", str(junit))
    from xml.etree import ElementTree as ET
    assert {case.get("name") for case in ET.parse(junit).getroot()
            if case.find("error") is not None} == {f"log {e['place']}"
                                                   for e in report["errors"]}
    assert code == 1
    errors = {e["place"]: e["message"] for e in report["errors"]}
    assert set(errors) == {"line 2", f"line {action + 2}", f"line {cut}",
                           f"line {len(lines)}"}
    assert "not a JSON line" in errors[f"line {action + 2}"]
    assert "dealer" in errors["line 2"] or "hands" in errors["line 2"]
    assert "bogus" in errors[f"line {len(lines)}"]
    # both games are still checked: every hand but the one the bad line fell in
    assert report["games"] == 2
    assert report["hands"] == 2 * len(record["hands"]) - 1
    assert report["deviations"] == []
    assert report["verdict_counts"]["conforms"] >= 25


def test_a_log_without_a_game_is_a_usage_mistake(tmp_path, capsys):
    log = _write(tmp_path / "log.jsonl", ["garbage", "[1, 2]"])
    assert main(["check-games", str(log)]) == 2
    assert "no game in the log" in capsys.readouterr().err


def test_a_large_log_is_read_in_bounded_memory(tmp_path, record):
    """The reader keeps one hand at a time: reading four times as many games costs
    about the memory of reading one share."""
    from rookery.conformance.records.log import RecordedHand, read_log
    one = "".join(json.dumps(line) + "\n" for line in as_lines(record, legal=False))

    def peak(games: int) -> int:
        log = tmp_path / f"{games}.jsonl"
        log.write_text(one * games)
        tracemalloc.start()
        hands = sum(1 for item in read_log(log) if isinstance(item, RecordedHand))
        _, most = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert hands == games * len(record["hands"])
        return most
    peak(1)                 # the schema compiled, the modules imported
    small, large = peak(8), peak(32)
    assert large < small * 1.5 + 50_000, f"{small:,} bytes for 8 games, {large:,} for 32"
    assert large < len(one) * 32 / 4    # under a quarter of the file's 32 games


def test_a_checked_log_keeps_what_it_counts_bounded(tmp_path, monkeypatch):
    """Past the first findings of a rule and kind the others are counted, not kept,
    and the hands each rule decided in are counted, not kept: an engine wrong in every
    hand of a 100 MB log is checked in the memory of a few hands."""
    from rookery.conformance.records import replay
    from rookery.conformance.records.check import check_games
    from rookery.language.load import load_variant
    monkeypatch.setattr(replay, "MAX_KEPT", 2)
    one = (ROOT / "conformance" / "examples" / "recorded-games" / "planted.jsonl") \
        .read_text()
    log = tmp_path / "log.jsonl"
    log.write_text(one * 6)
    report, _ = check_games(log, load_variant("tournament"),
                            {"spec": "tournament", "sha256": ""})
    assert report.check.hands == 6 * 7
    assert len(report.findings) == 2 * 2            # two of each of the two mistakes
    for deviation in report.deviations:
        assert report.hands_of(deviation) == report.differences_of(deviation) == 6
    verdicts = {v.rule: v for v in report.verdicts}
    assert verdicts["bidding.minimum"].reason == "6 hands differ"
    decided = report.check.coverage.decided_in
    assert all(not isinstance(hands, (set, list)) for hands in decided.values())
    assert len(decided["deal.hand"]) == 6 * 7


# -- the docs' commands ---------------------------------------------------------------------


def _section_commands(page: Path, start: str) -> list[str]:
    """The ``rookery`` commands of the shell blocks of ``page`` from the heading
    ``start`` on."""
    import re
    text = page.read_text(encoding="utf-8")
    text = text[text.index(start):]
    blocks = re.findall(r"```shell\n(.*?)```", text, re.S)
    return [line.split("  #")[0].strip() for block in blocks for line in block.splitlines()
            if line.strip().startswith("rookery ")]


def test_the_docs_commands_run_as_written(tmp_path, monkeypatch, capsys):
    """docs/check-your-engine.md's sections on recorded games and on the report to
    share, run in order with the exit codes they imply."""
    import shlex
    import shutil

    from _conformance_fixtures import rookery_on_path
    shutil.copytree(ROOT / "conformance" / "examples", tmp_path / "conformance" / "examples")
    monkeypatch.chdir(tmp_path)
    rookery_on_path(tmp_path, monkeypatch)
    commands = _section_commands(ROOT / "docs" / "check-your-engine.md",
                                 "## Checking recorded games")
    # the planted log breaks two rules; the spec passes its cases; the served
    # interpreter conforms; the dashboard is written
    assert [c.split()[1] for c in commands] == ["check-games", "conformance", "fuzz", "report"]
    outputs = []
    for command, expected in zip(commands, [1, 0, 0, 0]):
        code = main(shlex.split(command)[1:])
        out = capsys.readouterr()
        outputs.append(out.out)
        assert code == expected, f"{command}\n{out.out[-2000:]}\n{out.err[-2000:]}"
    report = json.loads((tmp_path / "games.json").read_text())
    assert {rule for d in report["deviations"] for rule in d["rules"]} == \
        {"bidding.minimum", "scoring.bidders"}
    assert (tmp_path / "served-report" / "badge.svg").is_file()
    assert (tmp_path / "dashboard" / "index.html").is_file()
    first = _section_commands(ROOT / "docs" / "recorded-games.md", "# Recorded games")[0]
    assert main(shlex.split(first)[1:]) == 1


def test_a_written_case_that_would_not_rerun_is_said(tmp_path):
    """Every case check-games writes is rerun on the spec at once; one the spec would
    not pass is a fault of rookery, said (the check can fail: a case whose expectation
    is changed is caught)."""
    from rookery.conformance.corpus.cases import read_file
    from rookery.conformance.records.cases import _not_passing
    from rookery.language.load import load_variant
    log = ROOT / "conformance" / "examples" / "recorded-games" / "planted.jsonl"
    code, report = _check(tmp_path, log)
    assert code == 1
    variant = load_variant("tournament")
    for deviation in report["deviations"]:
        cases, problems = read_file(Path(deviation["case"]))
        assert problems == [] and _not_passing(cases, variant) == []
    [deviation] = [d for d in report["deviations"] if d["kind"] == "accepts-illegal"]
    path = Path(deviation["case"])
    data = json.loads(path.read_text())
    data["cases"][0]["steps"][0]["reject"] = "must-follow-color"     # not bid-too-low
    path.write_text(json.dumps(data))
    cases, _ = read_file(path)
    assert len(_not_passing(cases, variant)) == 1
