"""The real corpus (whatever exists of it) and the schemas: every case file validates,
ids are unique, every case's rule ids exist in its variant; every built-in variant's
export has the shape of ``variant.schema.json``; the schemas themselves are valid."""

import json
import sys

import pytest
from jsonschema import Draft202012Validator

import rookery
from rookery.cli import main
from rookery.conformance import InProcessEngine, run_cases
from rookery.conformance.corpus.cases import case_files, default_paths, load_corpus, schema
from rookery.conformance.protocol.subprocess_engine import SubprocessEngine
from rookery.language.export import export_variant
from rookery.resources import conformance_dir


@pytest.mark.parametrize("name", ["case", "protocol", "variant"])
def test_the_schemas_are_valid_json_schema(name):
    Draft202012Validator.check_schema(schema(name))


def test_the_corpus_validates_and_its_ids_are_unique():
    paths = default_paths()
    files = case_files(paths)
    cases, problems = load_corpus(paths, skip_retired=False)
    assert [str(p) for p in problems] == []
    ids = [case.id for case in cases]
    assert len(ids) == len(set(ids))
    raw_ids = [c["id"] for f in files for c in json.loads(f.read_text())["cases"]]
    assert sorted(raw_ids) == sorted(ids)       # nothing dropped silently


def test_retired_cases_are_named_by_a_replacement():
    path = conformance_dir() / "retired.json"
    if not path.is_file():
        return
    cases, _ = load_corpus(default_paths(), skip_retired=False)
    replaced = {case.replaces for case in cases if case.replaces}
    data = json.loads(path.read_text())
    retired = {e["id"] if isinstance(e, dict) else e for e in data}
    assert retired <= replaced | {c.id for c in cases}


def test_rookery_conformance_passes_the_whole_corpus_in_process_and_over_serve(capsys):
    """The README's main job, and the same cases over the protocol."""
    assert main(["conformance", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert " 0 failed" in out
    cases, _ = load_corpus()
    listed = json.loads((conformance_dir() / "expected-failures.json").read_text()) \
        if (conformance_dir() / "expected-failures.json").is_file() else []
    expected = {entry["id"]: entry["reason"] for entry in listed}
    here = run_cases(InProcessEngine(), cases, expected)
    served = SubprocessEngine([sys.executable, "-m", "rookery.cli", "serve"], timeout=10)
    try:
        there = run_cases(served, cases, expected)
    finally:
        served.close()
    assert [(r.case.id, r.verdict) for r in there.results] == \
        [(r.case.id, r.verdict) for r in here.results]
    assert there.ok


@pytest.mark.parametrize("name", rookery.builtin_variants())
def test_every_builtin_variant_export_validates(name):
    exported = export_variant(rookery.load_variant(name))
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
              for e in Draft202012Validator(schema("variant")).iter_errors(exported)]
    assert errors == []


def test_the_variant_schema_refuses_a_broken_export():
    exported = export_variant(rookery.load_variant("tournament"))
    del exported["rules"][0]["citations"]
    exported["deck"]["cards"][0]["points"] = "five"
    errors = list(Draft202012Validator(schema("variant")).iter_errors(exported))
    assert len(errors) == 2


def test_protocol_examples_validate():
    protocol = Draft202012Validator(schema("protocol"))
    for message in [
        {"cmd": "hello", "protocol": 1},
        {"cmd": "deal", "variant": "tournament", "dealer": 0, "hands": [["R5"]], "nest": [],
         "scores": None, "number": 0},
        {"cmd": "apply", "seat": 1, "action": "bid 70"},
        {"cmd": "state"}, {"cmd": "state", "seat": 2}, {"cmd": "quit"},
        {"ok": True, "name": "x", "version": "1", "variants": ["tournament"],
         "features": [], "error_codes": True},
        {"ok": True, "accepted": False, "code": "bid-too-low", "message": "..."},
        {"ok": False, "error": "unsupported-variant"},
    ]:
        assert list(protocol.iter_errors(message)) == [], message
    assert list(protocol.iter_errors({"cmd": "apply", "seat": 1})) != []
