"""Shrinking a difference into a small conformance case.

A difference found by :mod:`rookery.conformance.diagnosis.lockstep` is a deal and the actions that led
to it.  Shrinking looks for the smallest reproducer that still shows the same difference
(the same rule and kind):

1. other deals, played towards that difference, keeping the one that shows it after the
   fewest actions;
2. delta debugging over the choices that lead there: a run of choices is replaced by
   the simplest action (a pass, the lowest bid, the first card in the canonical order),
   kept whenever the difference still shows, in as many actions or fewer.

The result is written as a case of the corpus format, ``origin: "generated"``, naming
the oracle spec and its content hash, so that ``rookery conformance --engine CMD FILE``
reruns it: the oracle passes it, the engine that showed the difference fails it.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from ...language.model import Variant
from ..diagnosis.lockstep import KINDS, Difference, choices_of
from .fuzzer import Fuzzer

PROBED = ("accepts-illegal", "code", "changed-on-reject")


def _replay_arguments(difference: Difference) -> tuple[tuple[int, str] | None, int | None]:
    """The illegal action to offer at the end, and the seat whose view to watch."""
    step = difference.check[0] if difference.check else {}
    probe = (step["seat"], step["do"]) if difference.kind in PROBED and "do" in step \
        else None
    view = step.get("expect", {}).get("view", {}).get("seat") \
        if difference.kind in ("view-leak", "view-shows") else None
    return probe, view


def _size(difference: Difference, variant: Variant) -> tuple[int, int]:
    return len(difference.path), sum(choices_of(variant, difference.deal, difference.path))


def shrink(fuzzer: Fuzzer, difference: Difference, deals: int = 30,
           rounds: int = 60) -> Difference:
    """The smallest reproducer found for ``difference`` (the same rules and kind).

    ``deals`` other deals are tried first, then at most ``rounds`` replays of simplified
    choices.  The engine of ``fuzzer`` is used throughout; its own record of
    differences is left as it was."""
    variant = fuzzer.oracle_for(difference)
    key = difference.key
    if difference.earlier:
        return difference           # a game's later hand: kept as found
    seeker = Fuzzer(variant, fuzzer.engine, seed=f"{fuzzer.seed}-shrink",
                    probe_rate=fuzzer.probe_rate)
    seeker.adaptation = fuzzer.adaptation
    seeker.learned = lambda: difference.learned
    seeker.info = fuzzer.info
    best = difference
    probe, view = _replay_arguments(difference)

    def same(found: list[Difference]) -> Difference | None:
        return next((d for d in found if d.key == key), None)

    if probe is None and view is None:
        for number in range(deals):
            found = same(seeker.play_deal(number, want=key))
            if found is not None and not found.earlier and len(found.path) < len(best.path):
                best = found
    choices = choices_of(variant, best.deal, best.path)
    size = (len(choices), sum(choices))
    chunks = 2
    tried = 0
    while choices and tried < rounds:
        width = max(1, -(-len(choices) // chunks))
        improved = False
        for start in range(0, len(choices), width):
            candidate = choices[:start] + [0] * len(choices[start:start + width]) + \
                choices[start + width:]
            if candidate == choices or tried >= rounds:
                continue
            tried += 1
            found = same(seeker.play_deal(0, deal=best.deal, choices=candidate, want=key,
                                          probe=probe, view=view))
            if found is None:
                continue
            new_choices = choices_of(variant, found.deal, found.path)
            new_size = (len(new_choices), sum(new_choices))
            if new_size < size:
                best, choices, size, improved = found, new_choices, new_size, True
                break
        if not improved:
            if chunks >= len(choices):
                break
            chunks = min(len(choices), chunks * 2)
    return best


# -- the case file ---------------------------------------------------------------------------

def spec_digest(path: Path | None, text: str | None = None) -> str:
    """The SHA-256 of a spec file's bytes (or of ``text``)."""
    data = text.encode("utf-8") if text is not None else Path(path).read_bytes()
    return hashlib.sha256(data).hexdigest()


def to_case(difference: Difference, variant: Variant, case_id: str, oracle: dict,
            engine: str = "") -> dict:
    """``difference`` as a case of the corpus format: its deal, the actions before it as
    ``start``, and the steps that show it.  ``oracle`` names the spec that decides
    (``{"spec": ..., "sha256": ...}``)."""
    rules = list(difference.rules) or [_fallback_rule(variant)]
    what = KINDS.get(difference.kind, difference.kind)
    if difference.earlier:
        first_deal, first_path = difference.earlier[0]
        deal, start, steps = first_deal, first_path, [{"expect": {"hand_over": True}}]
        following = [{"hands": d["hands"], "nest": d["nest"], "start": _written(p),
                      "steps": [{"expect": {"hand_over": True}}]}
                     for d, p in difference.earlier[1:]]
        following.append({"hands": difference.deal["hands"], "nest": difference.deal["nest"],
                          "start": _written(difference.path), "steps": difference.check})
    else:
        deal, start, steps, following = difference.deal, difference.path, difference.check, []
    words = f"the engine {what}" + (f" ({difference.detail})" if difference.detail else "")
    return {
        "id": case_id,
        "description": f"Generated by rookery fuzz against {engine or 'an engine'}: "
                       f"{words}. The oracle spec decides: {_expected(difference)}.",
        "rules": rules,
        "tags": ["generated", difference.kind],
        "origin": "generated",
        "oracle": oracle,
        "deal": deal,
        "start": _written(start),
        "steps": steps,
    } | ({"next_hands": following} if following else {})


def _written(path) -> list[str]:
    return [f"{seat} {action}" for seat, action in path]


def _fallback_rule(variant: Variant) -> str:
    """A difference no clause decides (the turn passing left) is charged to the table."""
    ids = variant.rule_ids
    return "table.players" if "table.players" in ids else ids[0]


def _expected(difference: Difference) -> str:
    value = difference.expected
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)
