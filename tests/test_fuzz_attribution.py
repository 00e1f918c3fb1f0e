"""Attribution you can trust (issue 17): each difference found by ``rookery fuzz`` is
charged to the rule whose decision differs and to no other -- a clause the spec leaves
at the language's default included -- for the misattributions seen on real engines."""

from collections import Counter
from pathlib import Path

import pytest

import rookery
from rookery.conformance.differential.fuzzer import Fuzzer
from rookery.conformance.mutation.mutants import mutants
from rookery.conformance.protocol.engines import InProcessEngine
from rookery.conformance.protocol.session import Session

ROOT = Path(__file__).resolve().parent.parent
HOUSE = ROOT / "conformance" / "house"
TOURNAMENT = rookery.load_variant("tournament")


def charged(oracle, engine_variant, deals, spec_ref):
    """The rules a run charges, by how many differences, and what it left unexplained."""
    engine = InProcessEngine(Session({oracle.id: engine_variant}))
    fuzzer = Fuzzer(oracle, engine, seed=1, spec_ref=spec_ref)
    fuzzer.run(deals)
    return Counter(r for d in fuzzer.differences for r in d.rules), fuzzer


def test_a_nest_shown_face_up_is_charged_to_the_default_it_departs_from():
    """An engine that turns nest cards face up, against a spec that leaves the nest face
    down (the default): ``nest.face-up``, never ``deal.nest``, ``play.review`` or a
    difference without a rule, wherever the shown card has gone since."""
    engine = rookery.load_variant(HOUSE / "open-nest.rook")
    rules, fuzzer = charged(TOURNAMENT, engine, 20, "tournament")
    assert set(rules) == {"nest.face-up"}
    assert all(d.rules for d in fuzzer.differences)


def test_a_poor_hand_thrown_in_is_charged_to_the_poor_hand_rule_not_the_all_pass():
    engine = rookery.load_variant(HOUSE / "poor-hand.rook")
    rules, _ = charged(TOURNAMENT, engine, 20, "tournament")
    assert set(rules) == {"deal.poor-hand"}


@pytest.mark.parametrize("change", ["all-points 0 instead of double"])
def test_a_sweep_that_fits_two_bonuses_is_charged_to_the_one_that_explains_it(change):
    """A side that takes every trick takes every counter too: a difference there fits
    ``scoring.all-tricks`` and ``scoring.all-points``; the deals where only one of them
    applies tell which (here the mutated all-points, never all-tricks)."""
    ref = str(HOUSE / "bonuses.rook")
    oracle = rookery.load_variant(Path(ref))
    mutant = next(m for m in mutants(ref, own_only=True) if m.change == change)
    rules, _ = charged(oracle, mutant.mutant, 100, ref)
    assert set(rules) == {"scoring.all-points"}


@pytest.mark.parametrize("house, change, rule", [
    ("claim.rook", "claim none", "play.claim"),
    ("exchange.rook", "exchange 0", "nest.exchange"),
    ("low-score.rook", "low -200", "game.low"),
    ("misdeal.rook", "poor-hand none", "deal.poor-hand"),
    ("misdeal.rook", "poor-hand-redeal may", "deal.poor-hand-redeal"),
])
def test_a_house_mechanism_broken_alone_is_named_alone(house, change, rule):
    """Misattributions the house mutants showed: a claim refused (was left unexplained),
    an exchange limit (was ``nest.forbid``), a low score that loses (was
    ``game.target``), a poor hand (was charged to both poor-hand rules at once)."""
    ref = str(HOUSE / house)
    oracle = rookery.load_variant(Path(ref))
    mutant = next(m for m in mutants(ref, own_only=True) if m.change == change)
    rules, fuzzer = charged(oracle, mutant.mutant, 30, ref)
    assert set(rules) == {rule}
