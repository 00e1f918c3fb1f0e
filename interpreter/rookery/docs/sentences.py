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
from .writers import WRITERS

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
        told.append((keys.index(rule.key) if rule.key in keys else len(keys),
                     Sentence(rule.id, sentence_for_rule(variant, rule.id), rule)))
    return [sentence for _, sentence in sorted(told, key=lambda item: item[0])]


def sentence_for_rule(variant: Variant, rule_id: str) -> str:
    """The English sentence of one rule of ``variant`` (by its id, ``bidding.minimum``), as
    its rules page tells it; the language server's hover shows the same words.  An id the
    variant does not state raises KeyError."""
    rule = next((r for r in variant.rules if r.id == rule_id), None)
    if rule is None:
        raise KeyError(f"{variant.id} has no rule {rule_id}")
    writer = WRITERS.get((rule.section, rule.key), _fallback)
    return writer(variant, rule) or _fallback(variant, rule)


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

__all__ = ["Sentence", "SECTION_TITLES", "WRITERS", "sentences", "sentence_for_rule",
           "all_sentences"]
