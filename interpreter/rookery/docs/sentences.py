"""One English sentence per rule: what a rules page says for each clause of a spec.

Each writer reads the compiled :class:`~rookery.model.Variant` (never the sources, and
not the clause's text) and returns the rule as a Rook player would say it.  A writer is
also asked about a key the spec leaves out, for the defaults worth telling a player
(``There is no card passing.``); it returns ``None`` when there is nothing to say.

This module holds the registry and the order of telling; the writers themselves are in
``tell_setup`` (table, deck, deal), ``tell_auction`` (bidding, nest, passing, trump) and
``tell_play`` (play, scoring, game end).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..model import Rule, Variant
from ..vocabulary import SECTION_ORDER, SECTIONS
from .english import capital

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
    """A rule told in English: ``rule`` is the spec's clause, or ``None`` for a default
    of the rules language (then ``key`` names the clause that was left out)."""

    key: str
    text: str
    rule: Rule | None


Writer = Callable[[Variant, Rule | None], str | None]
WRITERS: dict[tuple[str, str], Writer] = {}

# Keys whose default a player should be told about when a spec leaves them out.
TOLD_WHEN_ABSENT = {
    ("table", "sides"), ("deal", "nest"), ("deal", "nest-deal"), ("bidding", "first"),
    ("bidding", "maximum"), ("bidding", "step"), ("bidding", "all-pass"), ("nest", "forbid"),
    ("nest", "points"), ("passing", "cards"), ("trump", "named"), ("trump", "choices"),
    ("trump", "rook"), ("play", "leader"), ("play", "follow"), ("play", "anytime"),
    ("play", "review"),
    ("scoring", "made"), ("scoring", "bidders"), ("scoring", "defenders"),
    ("game", "winner"),
}


def writes(section: str, key: str):
    def register(fn: Writer) -> Writer:
        WRITERS[(section, key)] = fn
        return fn
    return register


def sentences(variant: Variant, section: str) -> list[Sentence]:
    """The sentences of one section, in the order the vocabulary lists its keys (the
    order a player tells them): the spec's rules, and the defaults worth telling."""
    keys = list(SECTIONS.get(section, {}))
    told: list[tuple[int, Sentence]] = []
    present = set()
    for rule in variant.rules:
        if rule.section != section:
            continue
        present.add(rule.key)
        writer = WRITERS.get((section, rule.key), _fallback)
        text = writer(variant, rule) or _fallback(variant, rule)
        told.append((keys.index(rule.key) if rule.key in keys else len(keys),
                     Sentence(rule.id, text, rule)))
    for index, key in enumerate(keys):
        if key in present or (section, key) not in TOLD_WHEN_ABSENT:
            continue
        text = WRITERS[(section, key)](variant, None)
        if text:
            told.append((index, Sentence(f"{section}.{key}", text, None)))
    return [sentence for _, sentence in sorted(told, key=lambda item: item[0])]


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

__all__ = ["Sentence", "SECTION_TITLES", "WRITERS", "sentences", "all_sentences"]
