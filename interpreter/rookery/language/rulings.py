"""The spec's rulings, gathered for a second reader: every judgment call a spec makes
where its source is silent or unclear, and a plain check that each one says why.

A ruling is the spec's own word, so a reader must be able to weigh it: it should say
what the source says (or that it says nothing) and why the spec reads it so, not just
restate the clause.  :func:`weak_reason` is the concrete check the tests apply to every
ruling of every built-in variant; :func:`rulings` lists them for the docs page "Where
the sources are unclear".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .model import Rule, Variant

MIN_WORDS = 10
# Distinct words a ruling needs beyond those of its own clause (key, values, section).
MIN_WORDS_BEYOND_CLAUSE = 5
COMMON = frozenset(
    "a an and any are as at be by each for from in is it its no not of on one or that the "
    "their them then there this to with".split())
# A ruling names what its source says, or that it says nothing: it speaks of the
# source itself (a verb alone, "say" or "named", may be about anything) ...
SOURCE_WORDS = frozenset(
    "source sources article comment comments notes book official parker hoyle "
    "silent".split())
SOURCE_PHRASES = ("not stated", "not say", "no rule", "nothing of")
# ... and gives a ground for its reading: a connective, or a figure derived from others.
REASON_WORDS = frozenset(
    "because since so as which otherwise therefore means would could cannot only unless "
    "less plus leave leaves make makes need needs".split())


@dataclass(frozen=True)
class Ruling:
    """One ruling of one variant's own clause (inherited clauses are the parent's)."""

    variant: str
    rule: Rule
    text: str


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def weak_reason(ruling: str, rule: Rule) -> list[str]:
    """What a ruling lacks to count as a reason (empty when it holds): at least
    MIN_WORDS words; at least MIN_WORDS_BEYOND_CLAUSE distinct words beyond its clause's
    own words (so it does more than repeat the rule); a word saying what the source
    says; and a connective or derivation giving the ground of the reading."""
    words = _words(ruling)
    own = set(_words(rule.text)) | set(_words(rule.key)) | {rule.section}
    beyond = {w for w in words if w not in own and w not in COMMON}
    lacks = []
    if len(words) < MIN_WORDS:
        lacks.append(f"only {len(words)} words (at least {MIN_WORDS})")
    if len(beyond) < MIN_WORDS_BEYOND_CLAUSE:
        lacks.append(f"only {len(beyond)} words beyond the clause's own (at least "
                     f"{MIN_WORDS_BEYOND_CLAUSE}): it repeats the rule")
    if not (SOURCE_WORDS & set(words) or any(p in ruling.lower() for p in SOURCE_PHRASES)):
        lacks.append("does not say what the source says")
    if not (REASON_WORDS & set(words) or ":" in ruling or ";" in ruling):
        lacks.append("gives no ground for the reading")
    return lacks


def rulings(variants: Iterable[Variant]) -> list[Ruling]:
    """Every ruling of every variant's own clauses, in spec order."""
    return [Ruling(v.id, rule, text) for v in variants for rule in v.rules
            if rule.inherited_from is None for text in rule.rulings]
