"""One English sentence per rule: what a rules page says for each clause of a spec.

Each writer reads the compiled :class:`~rookery.language.model.Variant` (never the sources, and
not the clause's text) and returns the rule as a Rook player would say it.  A writer is
never asked about a key the spec leaves out: a rules page states only what the spec
rules, so a default of the rules language is never told as if it were a rule.

This module holds the order of telling (the registry is ``writers``); the writers themselves are in
``tell_setup`` (table, deck, deal), ``tell_auction`` (bidding, nest, passing, trump) and
``tell_play`` (play, scoring, game end).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..language.model import Rule, Variant
from ..language.vocabulary import SECTION_ORDER, SECTIONS
from .english import capital
from .writers import MERGERS, WRITERS

SECTION_TITLES = {
    "table": "Players and sides",
    "deck": "The deck",
    "deal": "The deal",
    "bidding": "Bidding",
    "nest": "The nest",
    "passing": "Passing cards",
    "trump": "Trump",
    "play": "Playing the tricks",
    "scoring": "Scoring",
    "game": "End of the game",
}


@dataclass(frozen=True)
class Sentence:
    """A rule told in English: ``rule`` is the spec's clause (``key`` its rule id)."""

    key: str
    text: str
    rule: Rule


def sentences(variant: Variant, section: str) -> list[Sentence]:
    """The sentences of one section, in the order the vocabulary lists its keys (the
    order a player tells them): the spec's rules only, never a default."""
    keys = list(SECTIONS.get(section, {}))
    told: list[tuple[int, Sentence]] = []
    for rule in variant.rules:
        if rule.section != section:
            continue
        writer = WRITERS.get((section, rule.key), _fallback)
        text = writer(variant, rule) or _fallback(variant, rule)
        told.append((keys.index(rule.key) if rule.key in keys else len(keys),
                     Sentence(rule.id, text, rule)))
    return [sentence for _, sentence in sorted(told, key=lambda item: item[0])]


def sentence_for_rule(variant: Variant, rule_id: str) -> str:
    """The one sentence that tells the rule ``rule_id`` of ``variant`` alone (a hover in
    an editor, a line of "What differs"); ``KeyError`` for a rule the spec does not
    state."""
    rule = variant.rule(rule_id)
    writer = WRITERS.get((rule.section, rule.key), _fallback)
    return writer(variant, rule) or _fallback(variant, rule)


@dataclass(frozen=True)
class Told:
    """A sentence of a rules page's prose: the rules it tells, one clause or several
    merged into the sentence a person would say ("Bids go up in fives from 70 to 120.")."""

    rules: tuple[Rule, ...]
    text: str

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(rule.id for rule in self.rules)


def prose(variant: Variant, section: str, told: list[Sentence] | None = None) -> list[Told]:
    """The sentences of a section as a page tells them: ``told`` (by default every rule of
    the section, see :func:`sentences`) in order, where a merger of the writers knows
    a group of them as one sentence, that sentence in the place of the group's first."""
    told = sentences(variant, section) if told is None else told
    by_key = {s.rule.key: s for s in told}
    merged: dict[str, Told] = {}
    used: set[str] = set()
    for keys, merger in MERGERS.get(section, []):
        if all(key in by_key for key in keys) and not used & set(keys):
            merged[keys[0]] = Told(tuple(by_key[k].rule for k in keys), merger(variant))
            used |= set(keys)
    out = []
    for sentence in told:
        key = sentence.rule.key
        if key in merged:
            out.append(merged[key])
        elif key not in used:
            out.append(Told((sentence.rule,), sentence.text))
    return out


def all_sentences(variant: Variant) -> dict[str, list[Sentence]]:
    return {section: sentences(variant, section) for section in SECTION_ORDER}


def _fallback(variant: Variant, rule: Rule | None) -> str:
    """For a clause no writer knows yet: its meaning from the vocabulary, and the clause."""
    assert rule is not None
    meaning = SECTIONS.get(rule.section, {}).get(rule.key)
    what = meaning.meaning if meaning else rule.key
    return f"{capital(what)}: `{rule.text}`."


# The writers, one module per part of a hand; importing them registers them.
from . import tell_auction, tell_play, tell_setup  # noqa: E402,F401

__all__ = ["Sentence", "SECTION_TITLES", "WRITERS", "Told", "sentences", "all_sentences",
           "prose", "sentence_for_rule"]
