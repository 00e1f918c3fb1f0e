"""The corpus covers every rule of every variant.

* Every rule id of every built-in variant is checked by at least one case.  A rule a
  variant inherits unchanged (``extends``) is the parent's clause, so the cases of the
  variant that writes the clause cover it; a variant's own clauses need its own cases.
* Every rule that forbids something has at least one rejection case: a case that cites
  the rule and has a step the engine must reject.
"""

from __future__ import annotations

from collections import defaultdict

from pathlib import Path

import pytest

import rookery
from rookery.conformance import load_corpus

CASES, PROBLEMS = load_corpus()
VARIANTS = rookery.builtin_variants()

CITED: dict[str, set[str]] = defaultdict(set)
REJECTING: dict[str, set[str]] = defaultdict(set)
for _case in CASES:
    for _rule in _case.rules:
        CITED[_case.variant].add(_rule)
        if any("reject" in step for step in _case.steps):
            REJECTING[_case.variant].add(_rule)


def defining_variant(variant: rookery.Variant, rule_id: str) -> str:
    """The variant whose spec file writes the clause."""
    return variant.rule(rule_id).inherited_from or variant.id


def forbidding_rules(variant: rookery.Variant) -> set[str]:
    """The rules of a variant that forbid an action, so an engine must reject it."""
    rules = {"bidding.minimum", "play.follow"}
    if variant.bidding.maximum is not None:
        rules.add("bidding.maximum")
    if not variant.bidding.jumps:
        rules.add("bidding.raise")
    if variant.nest.forbid_counters or variant.nest.forbid_trump:
        rules.add("nest.forbid")
    if len(variant.trump.choices) < 2 * len(variant.deck.colors) + 2:
        rules.add("trump.choices")      # some call (no trump, low card) is not allowed
    return rules & set(variant.rule_ids)


def test_the_corpus_loads() -> None:
    assert PROBLEMS == []
    assert len(CASES) >= 400
    assert all(case.origin in ("reasoned", "regression")
               for case in CASES)


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_every_rule_is_covered(variant_id: str) -> None:
    variant = rookery.load_variant(variant_id)
    missing = [rule for rule in variant.rule_ids
               if rule not in CITED[defining_variant(variant, rule)]]
    assert missing == [], f"{variant_id}: no case checks {missing}"


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_every_forbidding_rule_has_a_rejection_case(variant_id: str) -> None:
    variant = rookery.load_variant(variant_id)
    missing = [rule for rule in sorted(forbidding_rules(variant))
               if rule not in REJECTING[defining_variant(variant, rule)]]
    assert missing == [], f"{variant_id}: no rejection case for {missing}"


def test_reasoned_cases_cite_a_source() -> None:
    for case in CASES:
        if case.origin == "reasoned" and case.source.get("id") == "house":
            # A house rule is its spec's ruling: the case names the house spec it follows.
            assert case.spec_file and "conformance/house/" in case.spec_file.replace("\\", "/")
            assert Path(case.spec_file).name in case.source.get("where", ""), case.id
        elif case.origin == "reasoned":
            assert case.source.get("id") in rookery.language.load.known_sources(), case.id
