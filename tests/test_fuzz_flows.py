"""Continuing past another flow (issue 17): an engine that lays the nest aside and names
trump as one act, and one that lays a forced burial aside in another card order, are
played to the end of their hands, their scoring rules get verdicts, and only the rule
an engine really breaks is named (none for the card order: a burial is one act)."""

import json
import sys
from pathlib import Path

import rookery
from rookery.cli import main
from rookery.conformance.differential.fuzzer import Fuzzer
from rookery.conformance.differential.scenarios import scenario_for
from rookery.conformance.protocol.subprocess_engine import SubprocessEngine

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ROOT / "tests" / "engines"
BURIAL = ROOT / "conformance" / "house" / "burial.rook"


def fuzz(tmp_path, capsys, engine: str, *oracle: str) -> tuple[int, dict]:
    report = tmp_path / "fuzz.json"
    code = main(["fuzz", *oracle, "--engine", f"{sys.executable} {ENGINES / engine}",
                 "--deals", "10", "--json", str(report), "--cases", str(tmp_path / "cases")])
    capsys.readouterr()
    return code, json.loads(report.read_text())


def assert_played_to_the_end(data, variant):
    """At least 90% of hands compared to their end, every scoring and game-end rule
    of the spec conforms."""
    coverage = data["coverage"]
    assert coverage["hands_ended"] >= 0.9 * coverage["hands"] > 0, coverage
    verdict = {v["rule"]: v for v in data["verdicts"]}
    ends = [r for r in variant.rule_ids if r.startswith(("scoring.", "game."))]
    # none masked by the other flow: each conforms with witnesses, or (in so few deals)
    # was never put where it could differ
    assert ends and all(verdict[r]["verdict"] == "conforms" or (
        verdict[r]["verdict"] == "not reached" and not verdict[r].get("masked_by"))
        for r in ends), {r: verdict[r] for r in ends}
    assert sum(verdict[r]["verdict"] == "conforms" for r in ends) >= len(ends) / 2


def test_an_engine_that_buries_and_names_trump_as_one_act_is_played_to_the_end(
        tmp_path, capsys):
    """Its state lists the trump calls beside the cards while it lays the nest aside:
    charged to ``trump.named`` (when trump is named), never to ``nest.discard``, and
    the legal actions both allow carry each hand on to its result."""
    code, data = fuzz(tmp_path, capsys, "burial_and_trump.py", "--variant", "tournament")
    assert code == 1 and data["broken_rules"] == ["trump.named"]
    assert {d["kind"] for d in data["deviations"]} == {"legal"}
    assert_played_to_the_end(data, rookery.load_variant("tournament"))


def forced_burials(deals: int) -> list:
    """Deals set up for a forced burial, played against the engine that lays the
    forced counters aside first."""
    variant = rookery.load_variant(BURIAL)
    engine = SubprocessEngine([sys.executable, str(ENGINES / "forced_counters_first.py")],
                              timeout=20)
    try:
        fuzzer = Fuzzer(variant, engine, seed=3, spec_ref=str(BURIAL))
        scenario = scenario_for("nest.forced-burial", "nest.forced-burial")
        return [fuzzer.play_planned(n, scenario, fuzzer.coverage, set())
                for n in range(deals)]
    finally:
        engine.close()


def test_forced_counters_laid_aside_first_are_the_same_burial():
    outcomes = forced_burials(2)
    assert sum(o.coverage.decided["nest.forced-burial"] for o in outcomes) > 0
    assert [o.found for o in outcomes] == [[], []]


def test_without_the_burial_as_one_act_the_other_order_would_be_blamed(monkeypatch):
    """The same deals, the comparison taking the burial one card at a time: the engine's
    counters offered first are charged to ``nest.forbid`` -- what the one-act
    comparison keeps from happening."""
    import rookery.conformance.diagnosis.probes as probes
    import rookery.engine.attribution.legal as legal
    monkeypatch.setattr(legal, "later_in_burial", lambda hand: [])
    monkeypatch.setattr(probes, "later_in_burial", lambda hand: [])
    found = [d for o in forced_burials(2) for d in o.found]
    assert found and {r for d in found for r in d.rules} == {"nest.forbid"}


def test_an_engine_with_another_burial_order_is_blamed_for_nothing(tmp_path, capsys):
    """A default run sets up a forced burial in its first deals (the rule is not yet
    decided), where the engine lists the forced counters before its plain cards."""
    code, data = fuzz(tmp_path, capsys, "forced_counters_first.py", "--spec", str(BURIAL))
    assert code == 0 and data["broken_rules"] == [] and data["deviations"] == []
    forced = next(v for v in data["verdicts"] if v["rule"] == "nest.forced-burial")
    assert forced["verdict"] == "conforms" and forced["witnesses"] >= 3
    assert_played_to_the_end(data, rookery.load_variant(BURIAL))
