"""Hover: what a clause, a value or a card code of a spec means, in the words of the rules
pages.

The sentence comes from :func:`rookery.docs.sentences.sentence_for_rule`, the very function
the rules pages call, so a page reworded is a hover reworded.  Below it: the rule's id, its
citations with each source's title and section, its rulings, and for a clause the spec
inherits, the variant it comes from.  A card code adds the card's name and points.  When the
spec has errors, the last version of it that checked answers (and says so); with none, the
vocabulary's meaning of the key.
"""

from __future__ import annotations

from ..language import ast
from ..language.model import Rule, Variant
from ..language.vocabulary import SECTIONS
from .analysis import (Analysis, clause_at, parent_variant, rule_id_of, section_at,
                       word_at)


def hover_text(analysis: Analysis, line: int, column: int,
               last_good: Variant | None = None) -> str | None:
    """Markdown for the place (1-based), or None where there is nothing to tell."""
    spec = analysis.spec
    if spec is None:
        return None
    variant = analysis.variant or last_good
    stale = analysis.variant is None and last_good is not None
    word = word_at(analysis.text, line, column)
    if spec.extends_span and spec.extends_span.line == line:
        return _extends(spec, variant)
    section = section_at(spec, line)
    if section is not None and section.span.line == line:
        return _section(section.name, variant, spec)
    clause = clause_at(spec, line)
    if clause is None:
        return None
    parts = []
    if word and variant is not None:
        card = _card(variant, word[0])
        if card:
            parts.append(card)
    parts.append(_clause(clause, variant, spec.kind == "option"))
    replaced = _replaced(analysis, rule_id_of(clause))
    if replaced:
        parts.append(replaced)
    if stale:
        parts.append("_The spec has errors now: this is what its last version that "
                     "checked says._")
    return "\n\n".join(parts)


def _clause(clause: ast.Clause, variant: Variant | None, option: bool) -> str:
    rule_id = rule_id_of(clause)
    key = SECTIONS.get(clause.section, {}).get(clause.key)
    rule = _rule(variant, rule_id)
    if rule is None or variant is None:
        meaning = key.meaning if key else "a clause the vocabulary does not know"
        why = ("an option is told with a base it applies to (rookery list --options)"
               if option else "the spec does not check yet")
        return f"**{_escape(rule_id)}**: {_escape(meaning)}\n\n_No sentence: {why}._"
    return told(variant, rule)


def told(variant: Variant, rule: Rule) -> str:
    """A rule as hover tells it: sentence, id, citations, rulings, where it comes from."""
    from ..docs.sentences import sentence_for_rule

    lines = [sentence_for_rule(variant, rule.id), "", f"Rule `{rule.id}`: `{_code(rule.text)}`"]
    titles = source_titles(variant)
    for citation in rule.citations:
        title = titles.get(citation.source, "a source this spec does not declare")
        lines.append(f"- per **{_escape(citation.source)}** ({_escape(title)}), section "
                     f"\"{_escape(citation.where)}\"")
    lines += [f"- ruling: {_escape(ruling)}" for ruling in rule.rulings]
    if rule.inherited_from:
        lines.append(f"- inherited from `{rule.inherited_from}` "
                     f"({_escape(rule.span.file)}, line {rule.span.line})")
    if rule.option:
        lines.append(f"- stated by the option `{rule.option}`")
    return "\n".join(lines)


def _replaced(analysis: Analysis, rule_id: str) -> str | None:
    """For a clause of a spec that extends another: the parent's rule it replaces."""
    parent = parent_variant(analysis)
    rule = _rule(parent, rule_id)
    if parent is None or rule is None:
        return None
    return (f"_Replaces_ `{_code(rule.text)}` _of_ `{parent.id}` "
            f"({_escape(rule.span.file)}, line {rule.span.line})")


def source_titles(variant: Variant) -> dict[str, str]:
    """Every source a citation of ``variant`` may name: id -> title."""
    from ..language.specs import known_sources
    return {**known_sources(), **{s.id: s.title for s in variant.sources}}


def _rule(variant: Variant | None, rule_id: str) -> Rule | None:
    if variant is None:
        return None
    return next((r for r in variant.rules if r.id == rule_id), None)


def _section(name: str, variant: Variant | None, spec: ast.SpecFile) -> str:
    """A section header: its rules, the inherited ones marked with where they come from."""
    from ..docs.sentences import SECTION_TITLES
    title = SECTION_TITLES.get(name, name)
    if variant is None:
        return f"**{_escape(title)}**"
    rules = [r for r in variant.rules if r.section == name]
    lines = [f"**{_escape(title)}**: {len(rules)} rule{'s' if len(rules) != 1 else ''}"]
    for rule in rules:
        where = f" (inherited from `{rule.inherited_from}`)" if rule.inherited_from else ""
        lines.append(f"- `{rule.id}`: `{_code(rule.text)}`{where}")
    return "\n".join(lines)


def _extends(spec: ast.SpecFile, variant: Variant | None) -> str:
    if variant is None:
        return f"extends `{_code(spec.extends or '')}`"
    inherited = [r for r in variant.rules if r.inherited_from]
    return (f"extends `{_code(spec.extends or '')}`: {len(inherited)} of the "
            f"{len(variant.rules)} rules of `{variant.id}` come from it or its parents")


def _card(variant: Variant, word: str) -> str | None:
    from ..docs.english import card_with_code
    card = next((c for c in variant.deck.cards if c.code == word), None)
    if card is None:
        return None
    points = f", worth {card.points} point{'s' if card.points != 1 else ''}" \
        if card.points else ", no points"
    return f"{card_with_code(variant.deck, card.code)}{points}"


def _escape(text: str) -> str:
    """Text of a spec made safe for Markdown (no markup of its own reaches the editor)."""
    return "".join("\\" + c if c in "\\`*_[]<>#|" else c for c in str(text))


def _code(text: str) -> str:
    """Text for a Markdown code span (a backtick cannot end it early)."""
    return str(text).replace("`", "'")
