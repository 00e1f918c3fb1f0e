"""The corpus's house specs (conformance/house/*.rook): each checks without a warning,
extends a built-in variant, says why it departs from it (a ruling on every clause it
writes: a house rule is no source's), exports in the shape of the variant schema, and has
reasoned cases that name it and cite every house mechanism it writes (a rule no built-in
variant states; clauses it restates to fit, like a nest resized for a bigger deck, are
covered by the built-in variants' cases)."""

from __future__ import annotations

import json

import jsonschema
import pytest

import rookery
from rookery.language.check import check_variant
from rookery.conformance import load_corpus
from rookery.language.export import export_variant
from rookery.resources import conformance_dir

HOUSE = sorted((conformance_dir() / "house").glob("*.rook"))
SCHEMA = json.loads((conformance_dir() / "schema" / "variant.schema.json").read_text())
CASES, _ = load_corpus()
BUILT_IN_RULES = {rule.id for name in rookery.builtin_variants()
                  for rule in rookery.load_variant(name).rules}


@pytest.mark.parametrize("path", HOUSE, ids=lambda p: p.stem)
def test_a_house_spec_rules_on_every_clause_it_writes(path):
    variant = rookery.load_variant(path)
    assert variant.extends in rookery.builtin_variants()
    assert check_variant(variant) == []
    own = [rule for rule in variant.rules if rule.inherited_from is None]
    assert own and all(rule.rulings for rule in own), [r.id for r in own if not r.rulings]
    jsonschema.validate(export_variant(variant), SCHEMA)


@pytest.mark.parametrize("path", HOUSE, ids=lambda p: p.stem)
def test_a_house_spec_has_reasoned_cases_for_its_rules(path):
    variant = rookery.load_variant(path)
    cases = [case for case in CASES if case.variant == variant.id]
    assert cases and all(case.origin == "reasoned" and case.spec_file == str(path.resolve())
                         for case in cases)
    cited = {rule for case in cases for rule in case.rules}
    house = {rule.id for rule in variant.rules if rule.inherited_from is None
             and rule.id not in BUILT_IN_RULES}
    assert house <= cited, house - cited
