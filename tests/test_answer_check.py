"""The hand-written check of state answers (conformance/answer_check.py) against the
reference validator of the protocol schema: it must never pass an answer the schema
refuses, and it must pass the answers our engine really gives (else it saves nothing)."""

from __future__ import annotations

import copy
import random

from rookery.conformance import InProcessEngine, run_cases
from rookery.conformance.protocol.answer_check import BY_KIND
from rookery.conformance.corpus.cases import load_corpus
from rookery.conformance.protocol.session import Session
from rookery.conformance.protocol.subprocess_engine import response_validator
from test_schema_check import _places


class RecordingSession(Session):
    """A session that keeps every batch and state answer it gives."""

    def __init__(self, answers: list):
        super().__init__()
        self.answers = answers

    def batch(self, actions, state=None):
        out = super().batch(actions, state)
        self.answers.append(("batch", out))
        return out

    def state(self, seat=None):
        out = super().state(seat)
        self.answers.append(("state", {"ok": True, "state": out}))
        self.answers.append(("deal", {"ok": True, "state": out}))
        return out


def real_answers(count: int = 160) -> list:
    cases, _ = load_corpus()
    cases = random.Random(5).sample([c for c in cases if not c.spec_file], count)
    answers: list = []
    run_cases(InProcessEngine(RecordingSession(answers)), cases, {})
    return answers


ANSWERS = real_answers()

# Values put in place of a part of an answer: every JSON type, and the edge cases of the
# schema's types (a bool is not an integer, 1.0 is one, -1 is no seat).
POOL = [None, True, False, 0, 1, -1, 7, 1.0, 2.5, "", "x", "bidding", "done", [], ["x"],
        [1], [True], [None], {}, {"hand": []}, {"winners": [0]}, {"winners": ["a"]},
        {"hand": [1]}, {"code": None, "message": "m"}]


def mutate(answer, rng: random.Random):
    """``answer`` with one to three parts replaced, deleted, or added to."""
    out = copy.deepcopy(answer)
    for _ in range(rng.randint(1, 3)):
        places = [path for path, _ in _places(out) if path]
        if not places:
            return rng.choice(POOL)
        path = rng.choice(places)
        parent = out
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        roll = rng.random()
        if roll < 0.2 and isinstance(parent, dict):
            del parent[last]
        elif roll < 0.3 and isinstance(parent, dict):
            parent[rng.choice(["extra", "phase", "state", "winner", "applied"])] = \
                copy.deepcopy(rng.choice(POOL))
        elif roll < 0.35 and isinstance(parent, list):
            parent.append(copy.deepcopy(rng.choice(POOL)))
        else:
            parent[last] = copy.deepcopy(rng.choice(POOL))
    return out


def _has_float(value) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(_has_float(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_float(v) for v in value)
    return False


def test_real_answers_pass_both():
    kinds = {kind for kind, _ in ANSWERS}
    assert kinds == {"batch", "state", "deal"} and len(ANSWERS) > 1000
    for kind, answer in ANSWERS:
        assert response_validator(kind).reference.is_valid(answer), answer
        assert BY_KIND[kind](answer), answer


def test_mutated_answers_never_pass_where_the_schema_refuses():
    rng = random.Random(11)
    passed = refused = 0
    for number in range(12_000):
        kind, answer = ANSWERS[rng.randrange(len(ANSWERS))]
        wrong = mutate(answer, rng)
        valid = response_validator(kind).reference.is_valid(wrong)
        fits = BY_KIND[kind](wrong)
        assert not fits or valid, (kind, wrong)          # never passes the invalid
        if not _has_float(wrong):
            assert fits == valid, (kind, wrong)          # and refuses only what it must
        passed += valid
        refused += not valid
    assert passed > 1000 and refused > 3000, (passed, refused)


def test_not_an_object_and_error_answers_are_left_to_the_schema():
    for kind, fits in BY_KIND.items():
        for value in (None, [], "ok", 1, {"ok": False, "error": "bad-request",
                                           "message": "m"}):
            assert not fits(value), (kind, value)


def test_wire_encode_writes_what_json_dumps_writes():
    import json

    from rookery.conformance.protocol.wire import encode
    samples = [answer for _, answer in ANSWERS[:2000]] + [
        {"cmd": "batch", "actions": [{"seat": 0, "action": "bid 70"}], "state": {}},
        {"s": "é\u2028\"\\\n", "f": 1.5, "n": None, "b": [True, False], "big": 10**30}]
    for message in samples:
        assert encode(message) == json.dumps(message, separators=(",", ":"))
    for wrong in ({"x": object()}, {1j: 2}):
        try:
            encode(wrong)
        except TypeError:
            continue
        raise AssertionError(f"{wrong!r} was encoded")
