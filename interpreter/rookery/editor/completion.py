"""Completion: what may be written at a place of a spec, from the vocabulary
(:mod:`rookery.language.vocabulary`) and the variant the spec compiles to.

- at the start of a line: the section headers (``deck:``) and the header words;
- first on an indented line: the keys of the section it is in, with their meaning;
- after a key: the words its shape lists (``teams N | individual | called N``) and, where
  it takes cards, the variant's card codes (while the spec has errors, those of its last
  version that checked, or of the variant it extends);
- after ``per``, ``source``: source ids; after ``as``: rule ids; after ``extends``: the
  built-in variants and the ``.rook`` files beside the spec.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..language.model import Variant
from ..language.vocabulary import SECTION_ORDER, SECTIONS
from .analysis import Analysis, parent_variant, section_at

HEADER_WORDS = ("variant", "option", "extends", "source", "requires")


@dataclass(frozen=True)
class Suggestion:
    """One completion: the text to insert, its kind (section, key, value, card, rule,
    source, variant, keyword) and what it means."""

    text: str
    kind: str
    detail: str = ""


def suggestions(analysis: Analysis, line: int, column: int,
                last_good: Variant | None = None) -> list[Suggestion]:
    """What may be written at the place (1-based line, column of the cursor)."""
    lines = analysis.text.splitlines()
    row = lines[line - 1] if 1 <= line <= len(lines) else ""
    before = row[:column - 1]
    variant = analysis.variant or last_good or parent_variant(analysis)
    words = before.split()
    typing = not before or before[-1:] not in " \t"
    done = words[:-1] if typing and words else words   # the words already complete
    if done and done[-1] == "per":
        return _sources(variant, analysis)
    if done and done[-1] == "as":
        return _rule_ids(variant)
    if done == ["extends"]:
        return _variants(analysis.path)
    if done == ["source"]:
        return _sources(variant, analysis)
    if not before[:1].isspace() and not done:
        return ([Suggestion(name + ":", "section", _section_title(name))
                 for name in SECTION_ORDER]
                + [Suggestion(word, "keyword", "header") for word in HEADER_WORDS])
    section = section_at(analysis.spec, line) if analysis.spec else None
    if section is None:
        return []
    keys = SECTIONS.get(section.name, {})
    if not done:
        return [Suggestion(name, "key", f"{name} {key.shape}: {key.meaning}")
                for name, key in keys.items()]
    key = keys.get(done[0].rstrip(":"))
    if key is None:
        return []
    found = [Suggestion(word, "value", key.meaning) for word in shape_words(key.shape)]
    if variant is not None and re.search(r"CODE|CARD", key.shape):
        found += [Suggestion(card.code, "card", f"{card.points} points")
                  for card in variant.deck.cards]
    return found


def shape_words(shape: str) -> list[str]:
    """The literal words of a key's shape: ``teams N | individual`` -> teams, individual."""
    words = []
    for word in re.findall(r"[a-z][a-z0-9-]*", shape):
        if word not in words:
            words.append(word)
    return words


def _section_title(name: str) -> str:
    from ..docs.sentences import SECTION_TITLES
    return SECTION_TITLES.get(name, name)


def _sources(variant: Variant | None, analysis: Analysis) -> list[Suggestion]:
    from ..language.specs import known_sources
    found = dict(known_sources())
    if analysis.spec is not None:
        found.update({s.id: s.title for s in analysis.spec.sources})
    if variant is not None:
        found.update({s.id: s.title for s in variant.sources})
    return [Suggestion(name, "source", title) for name, title in found.items()]


def _rule_ids(variant: Variant | None) -> list[Suggestion]:
    ids = {f"{section}.{key}": k.meaning for section, keys in SECTIONS.items()
           for key, k in keys.items()}
    if variant is not None:
        ids.update({rule.id: rule.text for rule in variant.rules})
    return [Suggestion(rule, "rule", detail) for rule, detail in sorted(ids.items())]


def _variants(path: str) -> list[Suggestion]:
    from ..language.specs import builtin_variants
    found = [Suggestion(name, "variant", "built-in variant") for name in builtin_variants()]
    folder = Path(path).parent
    if folder.is_dir():
        found += [Suggestion(p.stem, "variant", f"{p.name}, beside this spec")
                  for p in sorted(folder.glob("*.rook")) if p.stem not in builtin_variants()
                  and p.resolve() != Path(path).resolve()]
    return found
