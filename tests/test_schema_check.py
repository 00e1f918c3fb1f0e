"""Issue 11: the compiled schema check (fastjsonschema) agrees with the reference
validator (jsonschema) on what is valid, and every message is still the reference's.

Cases of the corpus and answers of our engine are mutated at random (seeded): a value
replaced by one of another type or shape, a key removed or added, a list emptied or
grown, a string bent.  On each mutated document the compiled check must pass exactly
what the reference passes.  A compiled check that passed something the reference
refuses would let a broken case or answer through; one that refused something valid
would only cost time (the reference decides), but it does not happen here either."""

import copy
import json
import random

import pytest

from rookery.conformance import Session
from rookery.conformance.corpus.cases import load_corpus, schema, validator
from rookery.conformance.protocol.schema_check import NotShared, SchemaCheck, shared_draft
from rookery.conformance.protocol.serve import reply_to
from rookery.conformance.protocol.subprocess_engine import response_validator

SEED = 11
REPLACEMENTS = [None, True, False, 0, -1, 3, 1.5, 2.0, "", "R14", "bid 70", "0 pass",
                "tournament", "tournament/x/001", "not a thing!", [], ["R14"], [1, 2],
                {}, {"seat": 0}, {"seat": 0, "do": "pass"}, {"expect": {}},
                {"auction": {"winner": 1}}, {"discard": {"seat": 0, "cards": []}}]


def _places(value, path=()):
    """Every place inside a JSON value: (path, value)."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _places(item, path + (index,))


def _set(document, path, value):
    if not path:
        return value
    target = document
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return document


def mutate(document, rng: random.Random):
    """``document`` with one random change somewhere inside it."""
    out = copy.deepcopy(document)
    path, value = rng.choice(list(_places(out)))
    kind = rng.randrange(6)
    if kind == 0 or not isinstance(value, (dict, list, str)):
        return _set(out, path, copy.deepcopy(rng.choice(REPLACEMENTS)))
    if isinstance(value, dict):
        if kind in (1, 2) and value:
            del value[rng.choice(list(value))]
        else:
            value[rng.choice(["extra", "note", "seat", "bid", "next", "ok"])] = \
                copy.deepcopy(rng.choice(REPLACEMENTS))
        return out
    if isinstance(value, list):
        if kind == 1:
            value.clear()
        elif kind == 2 and value:
            value.append(copy.deepcopy(value[0]))
        elif kind == 3 and value:
            value.pop(rng.randrange(len(value)))
        else:
            value.append(copy.deepcopy(rng.choice(REPLACEMENTS)))
        return out
    bent = [value.lower(), value.upper(), value + "x", value[1:], value + " ", "1" + value,
            value.replace(" ", "")]
    return _set(out, path, rng.choice(bent))


def corpus_cases(count: int, rng: random.Random) -> list[dict]:
    cases, _ = load_corpus()
    chosen = rng.sample(cases, count)
    return [json.loads(json.dumps({key: getattr(case, key) for key in (
        "id", "description", "origin", "deal", "steps", "source")} | {
        "rules": list(case.rules), "tags": list(case.tags), "start": list(case.start)}
        | ({"next_hands": list(case.next_hands)} if case.next_hands else {})
        | ({"oracle": case.oracle} if case.oracle else {})
        | ({"replaces": case.replaces} if case.replaces else {})))
        for case in chosen]


def _agreement(check: SchemaCheck, documents) -> tuple[int, int, list]:
    valid = invalid = 0
    disagree = []
    for document in documents:
        fast = check.passes_fast(document)
        reference = check.reference.is_valid(document)
        valid += reference
        invalid += not reference
        if fast != reference:
            disagree.append((fast, reference, document))
    return valid, invalid, disagree


def test_mutated_cases_get_the_same_verdict_from_both():
    rng = random.Random(SEED)
    check = SchemaCheck({"$ref": "#/$defs/case", "$defs": schema("case")["$defs"]})
    originals = corpus_cases(60, rng)
    mutated = [mutate(rng.choice(originals), rng) for _ in range(300)]
    # the corpus's own cases first: all valid, all passed by the compiled check
    assert _agreement(check, originals) == (60, 0, [])
    valid, invalid, disagree = _agreement(check, mutated)
    assert disagree == []
    assert valid >= 100 and invalid >= 100         # both verdicts well exercised


def test_mutated_case_files_get_the_same_verdict_from_both():
    rng = random.Random(SEED + 1)
    check = validator("case")
    originals = [{"variant": case["id"].split("/")[0], "cases": [case]}
                 for case in corpus_cases(20, rng)]
    mutated = [mutate(rng.choice(originals), rng) for _ in range(200)]
    valid, invalid, disagree = _agreement(check, mutated)
    assert disagree == []
    assert valid >= 20 and invalid >= 60


def engine_answers() -> list[tuple[str, dict]]:
    """Answers of our engine (kind, answer): hello, a deal, every step of a few corpus
    cases with the state after each, and refusals."""
    cases, _ = load_corpus()
    # A bare Session plays the built-in variants: a house spec's cases need its file.
    cases = [case for case in cases if case.spec_file is None and case.oracle_file is None]
    session = Session()
    out = [("hello", reply_to(session, {"cmd": "hello", "protocol": 1}))]
    for case in random.Random(SEED).sample(cases, 8):
        deal = case.deal
        out.append(("ok", reply_to(session, {
            "cmd": "deal", "variant": case.variant, "dealer": deal["dealer"],
            "hands": deal["hands"], "nest": deal["nest"], "scores": deal.get("scores"),
            "number": deal.get("number", 0)})))
        for seat in (None, 0):
            out.append(("state", reply_to(session, {"cmd": "state", "seat": seat})))
        for step in case.steps:
            if "do" in step:
                out.append(("apply", reply_to(session, {"cmd": "apply", "seat": step["seat"],
                                                        "action": step["do"]})))
                out.append(("state", reply_to(session, {"cmd": "state"})))
    out.append(("error", reply_to(session, {"cmd": "dance"})))
    return out


def test_mutated_engine_answers_get_the_same_verdict_from_both():
    rng = random.Random(SEED + 2)
    answers = engine_answers()
    for kind, answer in answers:
        assert response_validator(kind).passes_fast(answer), (kind, answer)
    checked = {"valid": 0, "invalid": 0}
    for _ in range(300):
        kind, answer = rng.choice(answers)
        check = response_validator(kind)
        mutated = mutate(answer, rng)
        reference = check.reference.is_valid(mutated)
        assert check.passes_fast(mutated) == reference, (kind, mutated)
        checked["valid" if reference else "invalid"] += 1
    assert checked["valid"] >= 30 and checked["invalid"] >= 100


def test_the_messages_are_the_reference_validators():
    rng = random.Random(SEED + 3)
    check = SchemaCheck({"$ref": "#/$defs/case", "$defs": schema("case")["$defs"]})
    for original in corpus_cases(10, rng):
        for _ in range(10):
            mutated = mutate(original, rng)
            assert [(e.message, list(e.absolute_path)) for e in check.iter_errors(mutated)] \
                == [(e.message, list(e.absolute_path))
                    for e in check.reference.iter_errors(mutated)]


def test_a_ref_with_siblings_keeps_them():
    # 2020-12 applies a $ref's sibling keywords; older drafts (fastjsonschema's) ignore
    # them: a discard with no cards must still be refused by the compiled check.
    check = SchemaCheck({"$ref": "#/$defs/setup", "$defs": schema("case")["$defs"]})
    assert check.passes_fast({"discard": {"seat": 0, "cards": ["R5"]}})
    assert not check.passes_fast({"discard": {"seat": 0, "cards": []}})
    assert not check.reference.is_valid({"discard": {"seat": 0, "cards": []}})


def test_const_is_exact_about_booleans_and_numbers():
    check = SchemaCheck({"properties": {"ok": {"const": True}, "v": {"const": 1}}})
    assert check.passes_fast({"ok": True, "v": 1})
    for wrong in ({"ok": 1}, {"v": True}, {"ok": "true"}, {"v": 1.5}):
        assert not check.passes_fast(wrong) and not check.reference.is_valid(wrong)


def test_a_final_newline_is_left_to_the_reference():
    # Python's "$" also matches before a final newline, as jsonschema uses it: a card
    # "R5\n" fits the card pattern there.  The compiled check reads "$" as the very end
    # and refuses it; the reference decides, so the verdict does not change.
    check = SchemaCheck({"$ref": "#/$defs/card", "$defs": schema("case")["$defs"]})
    assert not check.passes_fast("R5\n")
    assert check.reference.is_valid("R5\n") and check.is_valid("R5\n")
    assert list(check.iter_errors("R5\n")) == []


@pytest.mark.parametrize("keyword", ["prefixItems", "format", "unevaluatedProperties"])
def test_a_schema_with_a_keyword_not_shared_is_checked_by_the_reference_alone(keyword):
    schema_ = {"type": "object", keyword: [] if keyword == "prefixItems" else
               "date" if keyword == "format" else False}
    with pytest.raises(NotShared):
        shared_draft(schema_)
    check = SchemaCheck(schema_)
    assert check.compiled is None and not check.passes_fast({})
    assert check.is_valid({}) == check.reference.is_valid({})
