"""The corpus pins the rules down: every observable mutant of every variant with cases is
killed (``rookery mutate``).

A mutant changes one rule clause of a spec (the Rook high instead of low, the minimum bid
up a step, another leader, another nest owner, a counter worth more, the follow rule
relaxed, a scoring formula changed ...).  A mutant no case rejects must be listed in
``conformance/equivalent-mutants.json`` with the reason no deal can tell it apart.
"""

from __future__ import annotations

import pytest

import rookery
from rookery.conformance import load_corpus
from rookery.conformance.mutation.mutants import (
    check_variant_corpus,
    equivalent_mutants,
    mutants,
)

CASES, PROBLEMS = load_corpus()
VARIANTS = sorted({case.variant for case in CASES})
# A house variant's cases name its spec file: that file is what is mutated.
SPECS = {case.variant: case.spec_file or case.variant for case in CASES}


def test_the_corpus_loads_without_problems() -> None:
    assert PROBLEMS == []
    assert len(VARIANTS) >= 6


# What each variant's cases are decided by: its built-in id, or the house spec they name.
SPECS = {case.variant: case.spec_file or case.variant for case in CASES}


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_every_observable_mutant_is_killed(variant_id: str) -> None:
    report = check_variant_corpus(SPECS[variant_id], CASES)
    survivors = [f"{m.rule}: {m.change}" for m in report.survived]
    assert survivors == [], f"{variant_id}: no case rejects these mutants"


def test_mutants_change_what_they_say() -> None:
    by_change = {m.change: m for m in mutants("tournament")}
    assert by_change["rook lowest"].mutant.trump.rook == "lowest"
    assert by_change["minimum 75"].mutant.bidding.minimum == 75
    assert by_change["leader left-of-bidder"].mutant.play.leader == "left-of-bidder"
    assert by_change["points bidder"].mutant.nest.points == "bidder"
    assert by_change["counter ROOK worth 25"].mutant.card("ROOK").points == 25
    assert by_change["follow any"].mutant.play.follow == "any"
    # Rejected by the static checker: laying no counters aside cannot always be done.
    assert by_change["forbid counters"].mutant is None
    assert "cannot always be met" in by_change["forbid counters"].invalid
    # The real variant is untouched.
    assert rookery.load_variant("tournament").trump.rook == "highest"


def test_a_mutant_the_corpus_cannot_see_survives() -> None:
    """The check can fail: with no cases at all, every mutant survives."""
    report = check_variant_corpus("tournament", [])
    assert report.killed == [] and len(report.survived) + len(report.equivalent) > 30


def test_derived_variants_are_mutated_in_their_own_clauses() -> None:
    rules = {m.rule for m in mutants("red-two")}
    assert rules == {"trump.special.R2"}


def test_equivalent_mutants_give_reasons() -> None:
    for (variant, rule, change), reason in equivalent_mutants().items():
        assert variant in rookery.builtin_variants()
        assert rule and change and len(reason.split()) >= 5
