"""Rule-directed scenarios for the burial, the nest face up and the second bird (issue
17): each set-up makes the oracle's rule decide in a few deals, as the oracle's own
decisions confirm (:mod:`rookery.engine.decisions`), and a spec mutant that breaks the
rule is named, and no other rule, by a default ``rookery fuzz`` run.

A default run plays 200 deals in rounds of 2, 4, then 10; its first 16 deals are those
of a 16-deal run with the same seed (a round's plan depends only on the rounds before
it), so a rule named within them is named by the default run."""

from pathlib import Path

import pytest

import rookery
from rookery.conformance.differential.fuzzer import Fuzzer
from rookery.conformance.differential.scenarios import scenario_for
from rookery.conformance.mutation.mutants import mutants
from rookery.conformance.protocol.engines import InProcessEngine
from rookery.conformance.protocol.session import Session

HOUSE = Path(__file__).resolve().parent.parent / "conformance" / "house"
DEFAULT_RUN_PREFIX = 16


def spec(ref: str):
    return rookery.load_variant(Path(ref) if ref.endswith(".rook") else ref)


def decided(ref: str, rule: str, clause: str, deals: int) -> tuple[int, int]:
    """How often ``rule`` decides in ``deals`` deals: set up by its scenario, and random."""
    variant = spec(ref)
    fuzzer = Fuzzer(variant, InProcessEngine(Session({variant.id: variant})), seed=3)
    scenario = scenario_for(rule, clause)
    assert scenario is not None

    def count(chosen):
        return sum(fuzzer.play_planned(n, chosen, fuzzer.coverage, set())
                   .coverage.decided[rule] for n in range(deals))
    return count(scenario), count(None)


def named(ref: str, change: str) -> set[str]:
    """The rules the first deals of a default run charge against the mutant ``change``."""
    variant = spec(ref)
    mutant = next(m for m in mutants(ref, own_only=False) if m.change == change)
    fuzzer = Fuzzer(variant, InProcessEngine(Session({variant.id: mutant.mutant})), seed=1,
                    spec_ref=ref)
    fuzzer.run(DEFAULT_RUN_PREFIX)
    assert not fuzzer.unattributed
    return {rule for difference in fuzzer.differences for rule in difference.rules}


BURIAL = str(HOUSE / "burial.rook")


def test_a_forced_burial_is_set_up_and_decided_only_when_forced():
    """The bid winner's hand and the nest full of counters: it must lay some aside, and
    ``nest.forced-burial`` (which counters: trump ones) decides; in random deals a
    Kentucky bid winner almost never holds more than ten counters of fifteen cards, and
    the rule is not counted where nothing is forced."""
    with_scenario, random_deals = decided(BURIAL, "nest.forced-burial",
                                          "nest.forced-burial", 4)
    assert with_scenario >= 4 and random_deals == 0


def test_an_engine_that_buries_any_counters_is_named_under_the_forced_burial():
    """Before the scenario, ``forced-burial any`` went unnamed in 200 deals."""
    assert named(BURIAL, "forced-burial any") == {"nest.forced-burial"}


@pytest.mark.parametrize("ref", ["kentucky-rook", "family-double-deck"])
def test_the_forbidding_clause_decides_more_in_a_forced_burial(ref):
    """Counters (Kentucky Rook) or the trump color (the family game, the color the bid
    winner is steered to name) more than the bid winner can keep."""
    with_scenario, random_deals = decided(ref, "nest.forbid", "nest.forbid", 4)
    assert with_scenario > random_deals


@pytest.mark.parametrize("ref, change", [("kentucky-rook", "forbid nothing"),
                                         ("family-double-deck",
                                          "forbid counters unless forced")])
def test_an_engine_that_forbids_otherwise_is_named_under_the_forbidding_clause(ref, change):
    assert named(ref, change) == {"nest.forbid"}


OPEN_NEST = str(HOUSE / "open-nest.rook")


def test_nest_cards_face_up_are_checked_in_every_view_of_their_scenario():
    with_scenario, random_deals = decided(OPEN_NEST, "nest.face-up", "nest.face-up", 2)
    assert with_scenario > random_deals > 0


@pytest.mark.parametrize("change, rule", [("face-up 1", "nest.face-up"),
                                          ("face-up 3", "nest.face-up"),
                                          ("shown never", "nest.shown")])
def test_an_engine_that_shows_the_nest_otherwise_is_named(change, rule):
    assert named(OPEN_NEST, change) == {rule}


TWO_BIRDS = str(HOUSE / "two-birds.rook")


def test_the_second_bird_decides_more_tricks_in_its_scenario():
    """The stacked side leads its trumps, the Rook and the little rook: the bird's
    place decides the tricks it meets them in (measured against the birds shared round
    the table or given to the other side, which made it decide less)."""
    with_scenario, random_deals = decided(TWO_BIRDS, "trump.bird.LR", "trump.bird", 8)
    assert with_scenario > random_deals


@pytest.mark.parametrize("change", ["bird LR highest", "bird LR lowest", "bird LR above 9"])
def test_an_engine_that_places_the_second_bird_otherwise_is_named(change):
    assert named(TWO_BIRDS, change) == {"trump.bird.LR"}
