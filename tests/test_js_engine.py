"""The JavaScript Tournament Rook engine (``conformance/examples/js-tournament``), written
independently from the rules, against the conformance corpus and over the protocol.

It shows the corpus is language-neutral: a program in another language, speaking only the
JSON-lines protocol, passes every Tournament case.  A second, independent check plays
random hands through it and through our interpreter side by side and requires the two to
agree on everything the contract can read (a disagreement is a bug in one of them).
"""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from rookery.conformance import load_corpus, run_cases
from rookery.conformance.protocol.serve import answer as serve_answer
from rookery.conformance.protocol.session import Session
from rookery.conformance.protocol.subprocess_engine import SubprocessEngine

REPO = Path(__file__).resolve().parent.parent
ENGINE = REPO / "conformance" / "examples" / "js-tournament" / "engine.js"
# The Tournament part of the corpus: reasoned cases and, kept apart, regression ones.
CORPUS = [p for p in (REPO / "conformance" / "cases" / "tournament",
                      REPO / "conformance" / "regression" / "tournament") if p.is_dir()]
COMMAND = ["node", str(ENGINE)]

CARDS = [f"{color}{rank}" for color in "BRYG" for rank in range(5, 15)] + ["ROOK"]


def tournament_cases():
    cases, problems = load_corpus(CORPUS)
    assert not problems, [str(p) for p in problems]
    assert {case.variant for case in cases} == {"tournament"}
    return cases


def describe(result) -> str:
    text = f"{result.case.id}: {result.verdict} {result.message}"
    if result.divergence:
        d = result.divergence
        text += f"\n    at {d.where} {d.step}: expected {d.expected!r}, got {d.actual!r} {d.detail}"
    return text


def test_js_engine_passes_every_tournament_case():
    cases = tournament_cases()
    assert cases, "no Tournament cases in the corpus"
    engine = SubprocessEngine(COMMAND, timeout=10)
    try:
        run = run_cases(engine, cases)
    finally:
        engine.close()
    assert run.info is not None and run.info.name == "js-tournament"
    not_passed = [result for result in run.results if result.verdict != "pass"]
    assert not not_passed, "\n".join(describe(r) for r in not_passed)
    assert len(run.results) == len(cases)


def test_cli_runs_the_js_engine_on_the_tournament_corpus():
    """The command the example's README shows: exit status 0, nothing failed or skipped."""
    done = subprocess.run(
        [sys.executable, "-m", "rookery.cli", "conformance", "--no-progress",
         "--engine", "node conformance/examples/js-tournament/engine.js",
         "--variant", "tournament", *map(str, CORPUS)],
        cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "js-tournament" in done.stdout
    assert " 0 failed, 0 skipped" in done.stdout


# -- the protocol, by hand ------------------------------------------------------------------

def talk(*requests) -> list[dict]:
    """Send raw request lines to a fresh engine; the answers, one per line; it must exit 0."""
    lines = "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in requests)
    done = subprocess.run(COMMAND, input=lines, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def a_deal(seed=0, dealer=0, scores=None):
    deck = CARDS[:]
    random.Random(seed).shuffle(deck)
    return {"cmd": "deal", "variant": "tournament", "dealer": dealer,
            "hands": [deck[i * 9:(i + 1) * 9] for i in range(4)], "nest": deck[36:],
            "scores": scores, "number": 0}


def test_hello_names_the_engine_and_its_variant():
    (hello, bye) = talk({"cmd": "hello", "protocol": 1}, {"cmd": "quit"})
    assert hello["ok"] and hello["name"] == "js-tournament"
    assert hello["variants"] == ["tournament"] and hello["error_codes"] is True
    assert bye == {"ok": True}


def test_requests_it_cannot_serve_get_error_answers_and_it_carries_on():
    broken = a_deal()
    broken["hands"][0][0] = "Z9"
    twice = a_deal()
    twice["nest"][0] = twice["hands"][1][0]
    answers = talk({"cmd": "apply", "seat": 0, "action": "pass"},
                   "this is not json",
                   {"cmd": "deal", "variant": "kentucky-rook", "dealer": 0, "hands": [],
                    "nest": [], "scores": None, "number": 0},
                   broken, twice,
                   {"cmd": "shuffle"},
                   a_deal(),
                   {"cmd": "state", "seat": 9},
                   {"cmd": "apply", "seat": "one", "action": "pass"},
                   {"cmd": "apply", "seat": 1, "action": "pass"},
                   {"cmd": "quit"})
    assert [a.get("error") for a in answers] == [
        "no-deal", "bad-json", "unsupported-variant", "bad-deal", "bad-deal",
        "unknown-command", None, "bad-request", "bad-request", None, None]
    assert answers[9] == {"ok": True, "accepted": True, "events": [{"event": "pass", "seat": 1}]}


def test_four_passes_throw_the_hand_in():
    answers = talk(a_deal(dealer=3, scores=[40, 250]),
                   *({"cmd": "apply", "seat": seat, "action": "pass"} for seat in (0, 1, 2, 3)),
                   {"cmd": "apply", "seat": 0, "action": "bid 70"},
                   {"cmd": "state"})
    assert answers[5]["code"] == "hand-over"
    state = answers[6]["state"]
    assert state["phase"] == "done" and state["hand_over"] and state["legal"] == []
    assert state["result"]["thrown_in"] is True
    assert state["result"]["changes"] == [0, 0] and state["result"]["scores"] == [40, 250]
    assert state["game_over"] is False


def test_a_seat_sees_its_own_hand_and_nothing_hidden():
    deal = a_deal(seed=5, dealer=0)
    answers = talk(deal, {"cmd": "apply", "seat": 1, "action": "bid 70"},
                   *({"cmd": "apply", "seat": seat, "action": "pass"} for seat in (2, 3, 0)),
                   {"cmd": "state", "seat": 2}, {"cmd": "state", "seat": 1})
    seat2, bidder = answers[-2]["state"], answers[-1]["state"]
    assert sorted(seat2["view"]["hand"]) == sorted(deal["hands"][2])
    seen = json.dumps(seat2["view"])
    for card in deal["hands"][0] + deal["hands"][1] + deal["hands"][3] + deal["nest"]:
        assert f'"{card}"' not in seen
    assert bidder["phase"] == "discard" and bidder["to_act"] == 1
    assert sorted(bidder["hand"]) == sorted(deal["hands"][1] + deal["nest"])


# -- side by side with our interpreter -----------------------------------------------------

COMPARED = ("phase", "to_act", "high_bid", "bidder", "trump", "tricks_won", "last_trick",
            "hand_over", "result", "game_over")
PROBES = ["pass", "bid 65", "bid 70", "bid 72", "bid 100", "bid 120", "bid 125", "bid x",
          "pass now", "trump R", "trump none", "trump P", "rook high", "discard Q3",
          "play ROOK", "hello"]


def comparable(state: dict) -> dict:
    out = {key: state[key] for key in COMPARED}
    if out["last_trick"] is not None:      # the contract's keys; engines may say more
        out["last_trick"] = {key: out["last_trick"][key] for key in ("winner", "points", "cards")}
    out["legal"] = sorted(state["legal"])
    out["hand"] = sorted(state["hand"])
    return out


@pytest.mark.parametrize("block", range(4))
def test_random_hands_agree_with_the_interpreter(block):
    """Random deals and random actions, legal and not: both engines must accept and
    reject alike (with the same codes) and show the same state after every step."""
    js = SubprocessEngine(COMMAND, timeout=10)
    js.start()
    try:
        for number in range(10):
            seed = block * 100 + number
            rng = random.Random(seed)
            deal = a_deal(seed, dealer=rng.randrange(4),
                          scores=[rng.choice([0, 180, 280, -100]), rng.choice([0, 200, 290])])
            everyone_passes = number % 5 == 0
            session = Session()
            assert serve_answer(session, deal) == {"ok": True}
            assert js.request(deal, "ok") == {"ok": True}
            for step in range(200):
                seat = rng.randrange(4)
                ours = serve_answer(session, {"cmd": "state", "seat": seat})["state"]
                theirs = js.state(seat)
                where = f"seed {seed} step {step}"
                assert comparable(theirs) == comparable(ours), where
                if ours["hand_over"]:
                    break
                probe = rng.choice(PROBES + [f"play {rng.choice(CARDS)}",
                                             f"discard {rng.choice(CARDS)}"])
                if everyone_passes and ours["phase"] == "bidding":
                    probe = "pass"
                request = {"cmd": "apply", "seat": seat, "action": probe}
                ours_said = serve_answer(session, request)
                theirs_said = js.request(request, "apply")
                assert (theirs_said["accepted"], theirs_said.get("code")) == \
                    (ours_said["accepted"], ours_said.get("code")), f"{where}: {seat} {probe}"
                if ours_said["accepted"] or ours["phase"] == "bidding" and everyone_passes:
                    continue
                action = rng.choice(ours["legal"])
                request = {"cmd": "apply", "seat": ours["to_act"], "action": action}
                assert serve_answer(session, request)["accepted"]
                assert js.request(request, "apply")["accepted"], f"{where}: {action}"
            else:
                pytest.fail(f"seed {seed}: the hand did not end")
            if everyone_passes:
                assert ours["result"]["thrown_in"], seed
    finally:
        js.close()
