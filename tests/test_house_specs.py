"""The corpus's house specs (``conformance/house/*.rook``): each checks, extends a
built-in variant, says why for every clause it adds (a ruling: a house rule is no
source's), exports in the shape of ``variant.schema.json``, and has its own cases."""

import json

import pytest
from house_games import HOUSE
from jsonschema import Draft202012Validator

import rookery
from rookery.check import check_variant
from rookery.export import export_variant

SPECS = sorted(HOUSE.glob("*.rook"))
SCHEMA = json.loads((HOUSE.parent / "schema" / "variant.schema.json").read_text())


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.stem)
def test_a_house_spec_checks_and_rules_every_clause_it_adds(path):
    variant = rookery.load_variant(str(path))
    assert variant.id == path.stem and variant.extends in rookery.builtin_variants()
    assert check_variant(variant) == []
    own = [rule for rule in variant.rules if rule.inherited_from is None]
    assert own and all(rule.rulings for rule in own), [r.id for r in own if not r.rulings]


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.stem)
def test_a_house_spec_exports_in_the_schema_shape(path):
    errors = list(Draft202012Validator(SCHEMA).iter_errors(
        export_variant(rookery.load_variant(str(path)))))
    assert errors == []


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.stem)
def test_a_house_spec_has_cases_that_name_it(path):
    folder = HOUSE.parent / "cases" / path.stem
    files = [json.loads(f.read_text()) for f in sorted(folder.glob("*.json"))]
    assert files and all(f["spec"] == f"../../house/{path.name}" for f in files)
