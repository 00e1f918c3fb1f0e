"""A corpus that reaches its rules whatever the flow: the runner takes a burial and the
naming of trump as one act, in the order the engine plays them, so that a case about
the play, the scoring or the end of the game does not depend on the engine's order of
phases.  An engine that names trump before the burial
(``tests/engines/trump_before_burial.py``) is blocked or failed only by the rule it
really breaks, ``trump.named``."""

import sys
from pathlib import Path

import pytest

from rookery.conformance.corpus.cases import load_corpus
from rookery.conformance.corpus.runner import PASS, run_cases
from rookery.conformance.corpus.setup import Burial, burials
from rookery.conformance.protocol.subprocess_engine import SubprocessEngine
from rookery.resources import conformance_dir

ENGINE = Path(__file__).resolve().parent / "engines" / "trump_before_burial.py"


def test_a_burial_next_to_the_trump_is_one_act_in_either_order():
    start = ["0 pass", "1 bid 70", "1 discard R5", "1 discard R6", "1 trump G", "1 play G9"]
    entries = burials(start, ("play.follow",))
    assert [index for index, _, _ in entries] == [0, 1, 2, 5]
    _, burial, used = entries[2]
    assert used == 3 and burial == Burial(1, ("R5", "R6"), "trump G", False, start[2:5])
    assert burial.actions == ["discard R5", "discard R6", "trump G"]
    # Written trump first, from a goal: the same act.
    goal = {"discard": {"seat": 2, "cards": ["B5", "B6"]}}
    _, burial, used = burials(["2 trump R", goal, "2 play R9"], ())[0]
    assert used == 2 and burial.trump_first and burial.actions[0] == "trump R"
    # Another seat's trump, or a case about the order itself: as written.
    assert [e for _, e, _ in burials(["1 discard R5", "2 trump G"], ())] == \
        ["1 discard R5", "2 trump G"]
    assert [e for _, e, _ in burials(start, ("trump.named",))] == start


@pytest.fixture(scope="module")
def tournament_cases():
    cases, problems = load_corpus([conformance_dir() / "cases" / "tournament"])
    assert not problems
    return cases


def test_an_engine_that_names_trump_before_the_burial_is_charged_only_with_that(
        tournament_cases):
    engine = SubprocessEngine([sys.executable, str(ENGINE)], timeout=20)
    try:
        oracle = __import__("rookery").load_variant("tournament")
        run = run_cases(engine, tournament_cases, oracle_of=lambda case: oracle)
    finally:
        engine.close()
    results = run.results
    failed = [r for r in results if not r.ok]
    assert failed, "the engine's other order must show in the cases about it"
    for result in failed:
        assert (result.blocked_by or result.charged) == ("trump.named",), result.case.id
    # Before, every case with a burial in its setup was blocked: 75 of 129.  Now only
    # those whose own steps lay cards aside before trump is named.
    blocked = [r for r in failed if r.blocked]
    assert len(blocked) <= 5
    # Every case about the play, the scoring or the game's end passes.
    later = [r for r in results if all(rule.split(".")[0] in ("play", "scoring", "game")
                                       for rule in r.case.rules)]
    assert later and all(r.verdict == PASS for r in later)
    reordered = [r for r in results if any("before laying aside" in s for s in r.setup)]
    assert reordered and all(r.verdict == PASS for r in reordered
                             if "trump.named" not in r.case.rules)
    # A case about the auction that ends by looking at the phase after it (the burial in
    # the spec, trump for this engine) passes on its own rules, and says so.
    auction = {r.case.id: r for r in results if r.case.id in
               ("tournament/bidding/019", "tournament/bidding/021")}
    assert len(auction) == 2
    for result in auction.values():
        assert result.verdict == PASS, result.case.id
        assert any("the engine's phase is trump where the spec's is discard" in note
                   for note in result.setup)


def test_a_burial_taken_as_written_is_charged_as_usual(tournament_cases):
    """After bids held for the next request, a burial the engine takes in the case's
    order is not another order: a failure past it is diagnosed in step with the engine
    (here a Rook ranked lowest, charged to trump.rook)."""
    import rookery
    from rookery.conformance.mutation.mutants import mutants
    from rookery.conformance.protocol.engines import InProcessEngine
    from rookery.conformance.protocol.session import Session
    mutant = next(m for m in mutants("tournament", own_only=False)
                  if m.change == "rook lowest")
    written = [case for case in tournament_cases
               if any(isinstance(e, str) and " discard " in e for e in case.start)
               and any(isinstance(e, str) and " trump " in e for e in case.start)]
    oracle = rookery.load_variant("tournament")
    run = run_cases(InProcessEngine(Session({"tournament": mutant.mutant})), written,
                    oracle_of=lambda case: oracle)
    failed = [r for r in run.results if not r.ok]
    assert failed
    assert not any("another order" in r.diagnosis for r in run.results)
    assert all((r.blocked_by or r.charged) == ("trump.rook",) for r in failed)
