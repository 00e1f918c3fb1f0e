"""The protocol's ``batch`` feature (docs/protocol.md): several actions, and the state
after them, in one request.  A case passes or fails the same, with the same report,
whether the engine declares the feature or not; an engine that answers a batch wrongly
gets a clear verdict."""

import os
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from _conformance_fixtures import BIDDING, KENTUCKY_DEAL, small_corpus, write_corpus
from jsonschema import Draft202012Validator

from rookery.conformance import InProcessEngine, load_corpus, run_cases
from rookery.conformance.corpus.cases import schema
from rookery.cli.conformance import oracles
from rookery.conformance.mutation.mutants import mutant_spec, mutants
from rookery.conformance.protocol.serve import reply_to
from rookery.conformance.protocol.session import Session
from rookery.conformance.protocol.subprocess_engine import SubprocessEngine

ENGINES = Path(__file__).parent / "engines"
SERVE = [sys.executable, "-m", "rookery.cli", "serve"]
DEAL = {"cmd": "deal", "variant": "tournament", "dealer": 0,
        "hands": BIDDING["deal"]["hands"], "nest": BIDDING["deal"]["nest"],
        "scores": None, "number": 0}


class _WithoutBatch:
    """The same engine, its hello without the ``batch`` feature (as before it existed)."""

    def start(self):
        info = super().start()
        return replace(info, features=tuple(f for f in info.features if f != "batch"))


class ServeWithoutBatch(_WithoutBatch, SubprocessEngine):
    pass


class InProcessWithoutBatch(_WithoutBatch, InProcessEngine):
    pass


class Counted(SubprocessEngine):
    """``rookery serve``, counting the requests it is sent."""

    requests = 0

    def request(self, message, kind, extra=0.0):
        self.requests += 1
        return super().request(message, kind, extra)


class CountedWithoutBatch(_WithoutBatch, Counted):
    pass


def reports(run) -> list[dict]:
    """Every case's report, its time aside."""
    out = []
    for result in run.results:
        report = result.to_json()
        del report["seconds"]
        out.append(report)
    return out


def run(engine, cases, **kw):
    try:
        return run_cases(engine, cases, **kw)
    finally:
        engine.close()


# -- rookery serve answers batches ---------------------------------------------------------

def dealt() -> Session:
    session = Session()
    assert reply_to(session, DEAL) == {"ok": True}
    return session


def test_serve_declares_the_feature():
    assert "batch" in reply_to(Session(), {"cmd": "hello", "protocol": 1})["features"]


def test_a_batch_is_the_same_as_its_applies_then_a_state():
    actions = [{"seat": 1, "action": "bid 70"}, {"seat": 2, "action": "pass"},
               {"seat": 3, "action": "pass"}]
    batched = dealt()
    answer = reply_to(batched, {"cmd": "batch", "actions": actions, "state": {"seat": 1}})
    single = dealt()
    for action in actions:
        assert reply_to(single, {"cmd": "apply", **action})["accepted"]
    assert answer == {"ok": True, "applied": 3,
                      "state": reply_to(single, {"cmd": "state", "seat": 1})["state"]}
    assert answer["state"]["to_act"] == 0 and answer["state"]["bidder"] == 1


def test_the_first_refused_action_ends_the_batch_and_leaves_the_state_before_it():
    session = dealt()
    answer = reply_to(session, {"cmd": "batch", "state": {}, "actions": [
        {"seat": 1, "action": "bid 70"}, {"seat": 2, "action": "bid 65"},
        {"seat": 2, "action": "pass"}]})
    assert answer["applied"] == 1
    assert answer["rejected"]["code"] == "bid-too-low"
    # After the one accepted bid: the refused one changed nothing, the pass was not made.
    assert answer["state"]["to_act"] == 2 and answer["state"]["high_bid"] == 70
    assert reply_to(session, {"cmd": "state"})["state"] == answer["state"]


def test_a_deal_may_ask_for_the_state_it_leaves():
    answer = reply_to(Session(), dict(DEAL, state={"seat": 1}))
    assert answer == {"ok": True, "state": reply_to(dealt(), {"cmd": "state",
                                                              "seat": 1})["state"]}
    assert answer["state"]["hand"] == BIDDING["deal"]["hands"][1]
    assert reply_to(Session(), dict(DEAL, state=[]))["error"] == "bad-request"


def test_without_state_asked_the_answer_has_none():
    answer = reply_to(dealt(), {"cmd": "batch", "actions": [{"seat": 1, "action": "pass"}]})
    assert answer == {"ok": True, "applied": 1}


@pytest.mark.parametrize("request_", [
    {"cmd": "batch", "actions": [{"seat": 1, "action": "bid 70"}, {"seat": 2}]},
    {"cmd": "batch", "actions": [{"seat": 1, "action": "bid 70"}, "2 pass"]},
    {"cmd": "batch", "actions": {"seat": 1, "action": "bid 70"}},
    {"cmd": "batch", "actions": [{"seat": 1, "action": "bid 70"}], "state": {"seat": 9}},
    {"cmd": "batch", "actions": [{"seat": 1, "action": "bid 70"}], "state": 1},
])
def test_a_malformed_batch_is_refused_whole_with_nothing_applied(request_):
    session = dealt()
    before = reply_to(session, {"cmd": "state"})
    answer = reply_to(session, request_)
    assert answer["ok"] is False and answer["error"] == "bad-request", answer
    assert reply_to(session, {"cmd": "state"}) == before


def test_the_schema_describes_batch_requests_and_answers():
    protocol = Draft202012Validator(schema("protocol"))
    session = dealt()
    request = {"cmd": "batch", "actions": [{"seat": 1, "action": "bid 70"},
                                           {"seat": 2, "action": "bid 65"}],
               "state": {"seat": 0}}
    answer = reply_to(session, request)
    assert "rejected" in answer
    for message in (request, answer, {"cmd": "batch", "actions": []},
                    {"ok": True, "applied": 0}, dict(DEAL, state={}),
                    reply_to(Session(), dict(DEAL, state={}))):
        assert list(protocol.iter_errors(message)) == [], message
    for wrong in ({"cmd": "batch"}, {"cmd": "batch", "actions": [{"seat": -1,
                                                                   "action": "pass"}]},
                  {"cmd": "batch", "actions": [], "state": {"seat": 1, "x": 2}}):
        assert list(protocol.iter_errors(wrong)) != [], wrong


# -- the runner: the same results with the feature and without it ------------------------

def test_the_whole_corpus_through_serve_gives_the_same_reports_with_and_without_batch():
    cases, problems = load_corpus()
    assert problems == [] and len(cases) > 500
    # `rookery serve` without a spec plays the built-in variants (and combinations): the
    # house specs' cases are for `rookery serve HOUSE.rook`.
    cases = [case for case in cases if case.spec_file is None]
    batched = Counted(SERVE)
    with_batch = run(batched, cases)
    single = CountedWithoutBatch(SERVE)
    without = run(single, cases)
    assert with_batch.info.features != without.info.features
    assert reports(with_batch) == reports(without)
    assert all(r.verdict == "pass" for r in with_batch.results)
    # The point of the feature: far fewer round trips.
    assert batched.requests < single.requests / 2


def _failing_mutants(variant: str, count: int):
    """The first ``count`` mutants of ``variant`` that fail some of its cases."""
    cases = [c for c in load_corpus()[0] if c.variant == variant]
    found = []
    for mutant in mutants(variant):
        if mutant.mutant is None:
            continue
        engine = InProcessEngine(Session({variant: mutant.mutant}))
        if any(not r.ok for r in run_cases(engine, cases).results):
            found.append(mutant)
        if len(found) == count:
            break
    return cases, found


def test_failures_and_their_diagnosis_are_the_same_with_and_without_batch():
    """Mutants of Tournament fail cases at every kind of step (a start action refused,
    an expectation, a rejection, a setup step): verdicts, divergences, the rules charged
    or blocking, the setup's choices and the diagnosis agree, in-process and served."""
    cases, found = _failing_mutants("tournament", 6)
    assert len(found) == 6
    oracle_of = oracles({})
    failed = 0
    for mutant in found:
        engines = (InProcessEngine(Session({"tournament": mutant.mutant})),
                   InProcessWithoutBatch(Session({"tournament": mutant.mutant})))
        both = [reports(run_cases(e, cases, oracle_of=oracle_of)) for e in engines]
        assert both[0] == both[1], mutant.change
        failed += sum(r["verdict"] == "fail" for r in both[0])
    assert failed >= 6


def test_a_served_mutant_fails_the_same_with_and_without_batch(tmp_path):
    cases, found = _failing_mutants("tournament", 1)
    spec = tmp_path / "mutant.rook"
    spec.write_text(mutant_spec(found[0]), encoding="utf-8")
    oracle_of = oracles({})
    with_batch = run(SubprocessEngine(SERVE + [str(spec)]), cases, oracle_of=oracle_of)
    without = run(ServeWithoutBatch(SERVE + [str(spec)]), cases, oracle_of=oracle_of)
    assert "batch" in with_batch.info.features
    assert reports(with_batch) == reports(without)
    assert any(r.verdict == "fail" and (r.charged or r.blocked_by)
               for r in with_batch.results)


# -- an engine that answers batches wrongly -----------------------------------------------

@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return small_corpus(tmp_path_factory)


def wrong_engine(fault: str) -> SubprocessEngine:
    return SubprocessEngine([sys.executable, str(ENGINES / "batch_wrong.py")], timeout=5,
                            env=dict(os.environ, ROOKERY_BATCH_FAULT=fault))


@pytest.mark.parametrize("fault, words", [
    ("count", "bad answer to batch: applied 8 of 9 actions, and refused none"),
    ("state", "bad answer to batch: no 'state', which the batch asked for"),
    ("shape", "bad answer to batch: applied: '"),
])
def test_a_batch_answer_that_does_not_add_up_is_a_protocol_error(corpus, fault, words):
    result = run(wrong_engine(fault), corpus)
    verdicts = {r.case.id: r for r in result.results}
    second = verdicts["tournament/fixture/002"]     # 9 start actions, then a state
    assert second.verdict == "protocol-error", second.message
    assert second.message.startswith(words), second.message
    assert second.output          # what the engine wrote last is shown
    # Each case got its verdict; the engine was started again for the next one.
    assert len(result.results) == 3
    # Kentucky's case reads the state first: it comes with the deal.
    kentucky = verdicts["kentucky-rook/fixture/001"]
    if fault == "state":
        assert kentucky.verdict == "protocol-error"
        assert kentucky.message.startswith("bad answer to deal:"), kentucky.message
    else:
        assert kentucky.verdict == "pass"


def test_an_action_a_batch_says_was_refused_is_where_the_case_fails(corpus):
    result = run(wrong_engine("lie"), corpus)
    second = {r.case.id: r for r in result.results}["tournament/fixture/002"]
    assert second.verdict == "fail"
    assert second.divergence.where == "start 9"        # the last discard
    assert second.divergence.actual == "rejected (bad-action)"


def _discarding(case_id: str, cards: list[str]) -> dict:
    """Kentucky Rook (no counter laid aside while other cards remain): seat 2 wins the
    auction and is asked to lay ``cards`` aside, the counter B14 among them."""
    return {"id": case_id, "description": "A discard setup with a counter in it.",
            "rules": ["nest.forbid"], "source": {"id": "kentucky-rook",
                                                 "where": "Kentucky Rook"},
            "tags": ["nest"], "origin": "reasoned", "deal": KENTUCKY_DEAL,
            "start": [{"auction": {"winner": 2}}, {"discard": {"seat": 2, "cards": cards}}],
            "steps": [{"expect": {"phase": "trump", "to_act": 2}}]}


def test_a_discard_setup_offers_a_refused_card_again_the_same_way_with_batches(tmp_path):
    """A counter refused is offered again after each card taken: the same offers, and the
    same failure, whether the cards go in batches or one by one."""
    cases, problems = load_corpus([write_corpus(tmp_path, [], [
        _discarding("kentucky-rook/fixture/101", ["B14", "Y7", "Y11", "R8", "R11"]),
        _discarding("kentucky-rook/fixture/102", ["Y7", "B14", "Y11", "G13", "R9"])])])
    assert problems == []
    oracle_of = oracles({})
    batched, single = (run_cases(e, cases, oracle_of=oracle_of)
                       for e in (InProcessEngine(), InProcessWithoutBatch()))
    assert reports(batched) == reports(single)
    for result in batched.results:
        assert result.verdict == "fail"
        assert result.divergence.where == "start 2"
        assert result.divergence.actual == "rejected (cannot-discard-counters)"
        assert result.divergence.expected == "B14 laid aside"     # the others were taken
