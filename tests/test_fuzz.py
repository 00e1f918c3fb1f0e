"""Differential play (``rookery fuzz``): the spec is the oracle, an engine is checked
against it, every difference is charged to the rule that decides it, and each deviation
is shrunk into a case that fails against the engine and passes against the spec.

The engines under test are mutants of the specs (one clause changed), played by our
interpreter: a mutant breaks exactly one known rule, so the diagnosis can be checked."""

import json
import sys

import pytest

import rookery
from rookery.cli import main
from rookery.conformance.corpus.cases import load_corpus, validator
from rookery.conformance.corpus.oracle import builtin_digest
from rookery.conformance.protocol.engines import InProcessEngine
from rookery.conformance.differential.fuzzer import Fuzzer
from rookery.conformance.mutation.mutants import combined_mutant, mutant_spec, mutants
from rookery.conformance.corpus.runner import PASS, run_cases
from rookery.conformance.protocol.session import Session
from rookery.conformance.differential.shrink import shrink, to_case

TOURNAMENT = rookery.load_variant("tournament")


def engine_of(variant):
    return InProcessEngine(Session({variant.id: variant}))


def tournament_mutant(change: str):
    found = [m for m in mutants("tournament", own_only=False) if m.change == change]
    assert found and found[0].mutant is not None, change
    return found[0]


def named(variant, engine_variant, deals, witnesses=False):
    """The rules a run names (witnesses sought only where a test reads the verdicts:
    they cost time, and naming what breaks does not need them)."""
    fuzzer = Fuzzer(variant, engine_of(engine_variant), seed=1, witnesses=witnesses)
    fuzzer.run(deals)
    return fuzzer, {rule for d in fuzzer.differences for rule in d.rules}


@pytest.mark.parametrize("variant_id", ["tournament", "kentucky-rook", "rook-for-three",
                                        "family-double-deck-6", "standard-deck",
                                        "call-partner-200-six", "circus-rook", "display"])
def test_the_interpreter_agrees_with_its_own_spec(variant_id):
    variant = rookery.load_variant(variant_id)
    fuzzer, rules = named(variant, variant, 40)
    assert fuzzer.differences == [] and fuzzer.unattributed == []
    assert fuzzer.actions > 40 * 10
    # Every kind of mistake was offered and refused alike.
    assert {"not-your-turn", "wrong-phase"} <= set(fuzzer.coverage.codes)


@pytest.mark.parametrize("change, rule", [
    ("minimum 75", "bidding.minimum"),
    ("maximum 115", "bidding.maximum"),
    ("step 10", "bidding.step"),
    ("raise one-step", "bidding.raise"),
    ("first dealer", "bidding.first"),
    ("all-pass dealer-forced", "bidding.all-pass"),
    ("forbid counters unless forced", "nest.forbid"),
    ("points bidder", "nest.points"),
    ("named before-nest", "trump.named"),
    ("rook lowest", "trump.rook"),
    ("leader left-of-bidder", "play.leader"),
    ("follow any", "play.follow"),
    ("no card may be played anytime", "play.anytime"),
    ("review last-trick", "play.review"),
    ("counter ROOK worth 25", "scoring.counters"),
    ("last-trick 10", "scoring.last-trick"),
    ("majority 10", "scoring.majority"),
    ("made: taken > bid", "scoring.made"),
    ("bidders: if made then bid else -bid", "scoring.bidders"),
    ("defenders: 0", "scoring.defenders"),
    ("target 250", "game.target"),
])
def test_a_single_mutated_rule_is_named_and_no_other(change, rule):
    mutant = tournament_mutant(change)
    assert mutant.rule == rule
    fuzzer, rules = named(TOURNAMENT, mutant.mutant, 300, witnesses=True)
    assert rules == {rule}
    # and never said to conform (a "conforms" is earned by witnesses, not decisions)
    from rookery.conformance.differential.deviations import group
    from rookery.conformance.differential.verdicts import CONFORMS, verdicts
    found = {v.rule: v for v in verdicts(TOURNAMENT, fuzzer.coverage,
                                         group(fuzzer.differences),
                                         learned=fuzzer.learned(),
                                         alternatives=fuzzer.spec_alternatives())}
    assert found[rule].verdict != CONFORMS


def test_three_mutations_at_once_are_all_named():
    picked = [tournament_mutant(c) for c in ("minimum 75", "rook lowest", "last-trick 10")]
    engine_variant = combined_mutant("tournament", picked)
    _, rules = named(TOURNAMENT, engine_variant, 300)
    assert rules == {"bidding.minimum", "trump.rook", "scoring.last-trick"}


@pytest.mark.parametrize("change", ["rook lowest", "minimum 75", "counter ROOK worth 25",
                                    "no card may be played anytime", "target 250"])
def test_each_deviation_shrinks_to_a_case_that_fails_the_mutant_and_passes_the_spec(change):
    mutant = tournament_mutant(change)
    fuzzer, _ = named(TOURNAMENT, mutant.mutant, 60)
    first = min((d for d in fuzzer.differences if mutant.rule in d.rules),
                key=lambda d: (len(d.earlier), len(d.path)))
    small = shrink(fuzzer, first)
    assert small.key == first.key and len(small.path) <= len(first.path)
    case = to_case(small, TOURNAMENT, "tournament/fuzz/001",
                   {"spec": "tournament", "sha256": "0" * 64}, "a mutant")
    assert list(validator("case").iter_errors({"variant": "tournament",
                                                "cases": [case]})) == []
    from rookery.conformance.corpus.cases import Case
    loaded = Case(case["id"], "tournament", case["description"], tuple(case["rules"]), (),
                  "generated", case["deal"], tuple(case["start"]), tuple(case["steps"]),
                  "generated.json", next_hands=tuple(case.get("next_hands", ())))
    against_spec = run_cases(engine_of(TOURNAMENT), [loaded])
    against_mutant = run_cases(engine_of(mutant.mutant), [loaded],
                               oracle_of=lambda c: TOURNAMENT)
    assert against_spec.results[0].verdict == PASS
    failed = against_mutant.results[0]
    assert failed.verdict == "fail" and failed.charged == (mutant.rule,)


def test_rookery_fuzz_over_the_protocol_writes_cases_that_rerun(tmp_path, capsys,
                                                               monkeypatch):
    """The command line end to end: a mutant served by `rookery serve FILE` is fuzzed,
    the report names its rule, the case written fails against it and passes in-process."""
    monkeypatch.chdir(tmp_path)
    spec = tmp_path / "house.rook"
    spec.write_text(mutant_spec(tournament_mutant("minimum 75")))
    serve = f"{sys.executable} -m rookery.cli serve {spec}"
    report = tmp_path / "fuzz.json"
    junit = tmp_path / "fuzz.xml"
    code = main(["fuzz", "--variant", "tournament", "--engine", serve, "--deals", "20",
                 "--json", str(report), "--junit", str(junit)])
    out = capsys.readouterr().out
    assert code == 1
    assert "bidding.minimum" in out and "The lowest bid is 70" in out
    data = json.loads(report.read_text())
    assert data["broken_rules"] == ["bidding.minimum"]
    case_files = sorted((tmp_path / "rookery-fuzz" / "tournament").glob("*.json"))
    assert case_files and all(d["case"] for d in data["deviations"])
    assert "<failure" in junit.read_text()
    for path in case_files:
        assert main(["conformance", str(path)]) == 0                 # the spec passes it
        assert main(["conformance", "--engine", serve, str(path)]) == 1  # the engine not
    capsys.readouterr()


def test_a_users_own_spec_is_an_oracle_too(tmp_path, capsys, monkeypatch):
    """--spec: a house spec decides; another house spec as the engine (--engine-spec);
    the generated cases rerun with `conformance --spec`."""
    monkeypatch.chdir(tmp_path)
    mine = tmp_path / "mine.rook"
    mine.write_text('variant house "Our table"\nextends tournament\n\nbidding:\n'
                    '  minimum 80\n    ruling "we open at 80"\n')
    theirs = tmp_path / "theirs.rook"
    theirs.write_text('variant house "Their table"\nextends tournament\n\nplay:\n'
                      '  anytime none\n    ruling "the Rook follows like any trump"\n')
    report = tmp_path / "report.json"
    assert main(["fuzz", "--spec", str(mine), "--engine-spec", str(theirs),
                 "--deals", "80", "--json", str(report)]) == 1
    # Theirs keeps Tournament's minimum of 70 and lets the Rook follow like any trump.
    assert json.loads(report.read_text())["broken_rules"] == ["bidding.minimum",
                                                              "play.anytime"]
    assert f"--engine 'rookery serve {theirs}'" in capsys.readouterr().out
    written = tmp_path / "rookery-fuzz" / "house"
    assert main(["conformance", "--spec", str(mine), str(written)]) == 0
    capsys.readouterr()


def test_rule_ids_of_a_users_cases_are_checked_against_the_spec(tmp_path, capsys):
    mine = tmp_path / "mine.rook"
    mine.write_text('variant house "Our table"\nextends tournament\n')
    corpus, _ = load_corpus(rules_of=lambda v: None)
    case = next(c for c in corpus if c.id == "tournament/bidding/001")
    raw = {"id": "house/bidding/001", "description": "made up", "rules":
           ["bidding.nonsense"], "origin": "regression", "deal": case.deal,
           "start": list(case.start), "steps": list(case.steps)}
    path = tmp_path / "house.json"
    path.write_text(json.dumps({"variant": "house", "cases": [raw]}))
    assert main(["conformance", "--spec", str(mine), str(path)]) == 1
    assert "house has no rule bidding.nonsense" in capsys.readouterr().out
    raw["rules"] = ["bidding.minimum"]
    path.write_text(json.dumps({"variant": "house", "cases": [raw]}))
    assert main(["conformance", "--spec", str(mine), str(path)]) == 0
    capsys.readouterr()


def test_an_engine_that_differs_only_in_its_minimum_bid_fails_only_on_bidding_rules():
    """The corpus run, made precise: every failing case is charged to a bidding rule, and
    the cases that cannot reach their own rules are blocked by one, not failed."""
    mutant = tournament_mutant("minimum 75")
    cases = [c for c in load_corpus()[0] if c.variant == "tournament"]
    run = run_cases(engine_of(mutant.mutant), cases, oracle_of=lambda case: TOURNAMENT)
    failed = [r for r in run.results if not r.ok]
    assert failed, "the corpus must notice a minimum bid of 75"
    for result in failed:
        rules = result.blocked_by or result.charged
        assert rules and all(rule.startswith("bidding.") for rule in rules), result.case.id
    charged = [r for r in failed if not r.blocked]
    assert charged and all("bidding.minimum" in r.charged for r in charged)
    # Cases about play reach their rule through setup goals and pass.
    passed = {r.case.id for r in run.results if r.verdict == PASS}
    assert {"tournament/follow/014", "tournament/rook/013"} <= passed


class _DealsToTheRight(Session):
    """An engine that passes the deal to the right after each hand."""

    def deal_next(self, hands, nest):
        super().deal_next(hands, nest)
        hand = self.hand
        rotated = rookery.Hand(hand.variant, (hand.dealer - 2) % hand.n, hands, nest,
                               hand.scores_before, hand.number)
        self.hand = self.game.hand = rotated


def test_a_game_is_played_across_hands_and_a_wrong_rotation_is_found(tmp_path):
    fuzzer = Fuzzer(TOURNAMENT, InProcessEngine(_DealsToTheRight({"tournament": TOURNAMENT})),
                    seed=3)
    fuzzer.run(40)
    found = [d for d in fuzzer.differences if d.kind == "next-hand"]
    assert found and all(d.earlier for d in found)
    case = to_case(found[0], TOURNAMENT, "tournament/fuzz/002",
                   {"spec": "tournament", "sha256": builtin_digest("tournament")})
    assert case["next_hands"] and "dealer" in case["next_hands"][-1]["steps"][0]["expect"]
    assert list(validator("case").iter_errors({"variant": "tournament",
                                                "cases": [case]})) == []
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"variant": "tournament", "cases": [case]}))
    assert main(["conformance", str(path)]) == 0          # the spec deals to the left


def test_a_rule_that_hides_the_others_is_learned_and_the_others_still_named():
    """With a different first bidder every deal parts from the spec at its first
    decision: the fuzzer learns that rule as the engine plays it, goes on, and names the
    other two; the report says how the engine plays each."""
    picked = [tournament_mutant(c) for c in ("first dealer", "target 250",
                                             "counter ROOK worth 25")]
    engine_variant = combined_mutant("tournament", picked)
    fuzzer = Fuzzer(TOURNAMENT, engine_of(engine_variant), seed=1, spec_ref="tournament")
    fuzzer.run(300)
    assert {r for d in fuzzer.differences for r in d.rules} == {
        "bidding.first", "game.target", "scoring.counters"}
    learned = dict(fuzzer.learned())
    assert learned["bidding.first"] == "first dealer"
    assert learned["game.target"] == "target 250"
    without = Fuzzer(TOURNAMENT, engine_of(engine_variant), seed=1)     # no learning
    without.run(100)
    assert {r for d in without.differences for r in d.rules} == {"bidding.first"}


def test_a_run_stopped_in_this_process_keeps_the_deals_of_its_round_that_finished(
        monkeypatch):
    """Ctrl-C in the middle of a round of ``-j 1``: the deals of that round that had
    finished are kept, as they are with workers, and they are what a run of just those
    deals finds (each deal of a round starts from the round's counts)."""
    whole = Fuzzer(TOURNAMENT, engine_of(TOURNAMENT), seed=1)
    whole.run(9)                        # rounds 0-1, 2-5 and 6-8
    stopped = Fuzzer(TOURNAMENT, engine_of(TOURNAMENT), seed=1)
    play = stopped.play_planned

    def ctrl_c_at_deal_9(number, *rest):
        if number == 9:
            raise KeyboardInterrupt
        return play(number, *rest)
    monkeypatch.setattr(stopped, "play_planned", ctrl_c_at_deal_9)
    with pytest.raises(KeyboardInterrupt):
        stopped.run(20)                 # the third round is 6-15
    assert stopped.deals == whole.deals == 9
    assert stopped.actions == whole.actions > 0


@pytest.mark.parametrize("first", [0, 1, 500])
def test_rounds_cover_every_deal_once_and_grow_with_a_long_campaign(first):
    """The rounds: 2 and 4 deals first, then 10, then (past 200 deals) a twentieth of
    the deals played before each round; every deal number once, in order.  A default
    run of 200 deals keeps rounds of 10; a campaign of 100,000 deals is planned anew in
    some 150 rounds, not 10,000, each long enough to keep 16 workers busy."""
    fuzzer = Fuzzer(TOURNAMENT, engine_of(TOURNAMENT), seed=1)

    def sizes(deals):
        rounds = fuzzer.rounds(first, first + deals)
        numbers = [n for start, stop in rounds for n in range(start, stop)]
        assert numbers == list(range(first, first + deals))
        for start, stop in rounds[2:]:
            assert stop - start <= max(10, (start - first) // 20)
        return [stop - start for start, stop in rounds]

    assert sizes(200) == [2, 4] + [10] * 19 + [4]
    assert sizes(5) == [2, 3]
    assert len(sizes(100_000)) < 200
    late = [stop - start for start, stop in fuzzer.rounds(first, first + 100_000)[:-1]
            if start - first >= 320]
    assert late and min(late) >= 16
