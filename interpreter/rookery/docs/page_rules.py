"""The rules of a variant page, phase by phase, as prose a player reads, with the
traceability one click away.

Each section is one paragraph: the sentences of :func:`rookery.docs.sentences.prose`,
each opened by the anchors of the rules it tells (``<a id="bidding.minimum"></a>``, the
ids conformance cases and reports link to).  Under the paragraph, folded: the rule ids
with their sources ("Rule ids and sources"), each ruling in its own box, and the rules
that cannot matter with this deck (:func:`rookery.language.lint.idle_reason`).  A ruling
inherited from a parent that quotes a figure this variant changed is shown as the
parent's, with the parent's figure named as the parent's
(:mod:`rookery.language.figures`).
"""

from __future__ import annotations

from ..language.figures import StaleRuling
from ..language.lint import idle_reason
from ..language.model import Rule, Variant
from ..language.silent import spec_rules
from ..language.vocabulary import SECTION_ORDER
from ..escaping import markdown_text
from .english import capital, listing, plural
from .sentences import SECTION_TITLES, Told, prose, sentence_for_rule, sentences


def source_link(source: str, v: Variant | None = None) -> str:
    """A link to a source: the entry of a source the spec declares for itself (on its own
    page), or a built-in one's entry on the sources page."""
    if v is not None and any(own.id == source for own in v.sources):
        return f"[{source}](#source-{source})"
    return f"[{source}](../sources.md#{source})"


def anchors(told: Told) -> str:
    return "".join(f'<a id="{key}"></a>' for key in told.keys)


def rules_section(v: Variant, titles: dict[str, str], stale: list[StaleRuling],
                  parent: Variant | None) -> list[str]:
    lines = ["## The rules", "",
             "Phase by phase; under each, folded, its rule ids, sources and *rulings* "
             "(where the spec decides what the sources leave open).", ""]
    anchored: set[str] = set()
    for section in SECTION_ORDER:
        told = sentences(v, section)
        if not told:
            continue
        idle = [s for s in told if idle_reason(v, s.rule)]
        live = [s for s in told if s not in idle]
        lines += [f"### {SECTION_TITLES.get(section, capital(section))}", ""]
        if live:
            said = prose(v, section, live)
            anchored |= {key for t in said for key in t.keys}
            lines += [" ".join(anchors(t) + t.text for t in said), ""]
        if idle:
            said = prose(v, section, idle)
            anchored |= {key for t in said for key in t.keys}
            lines += ['??? note "Rules that cannot matter with this deck"', ""]
            lines += [f"    - {anchors(t)}{t.text} *({idle_reason(v, t.rules[0])}.)*"
                      for t in said]
            lines.append("")
        lines += _where_from([s.rule for s in told], v, titles, stale, parent)
    return lines + _left_at_default(v, anchored)


def _left_at_default(v: Variant, anchored: set[str]) -> list[str]:
    """The clauses the spec does not write that still rule its hands, each with the
    anchor of its id (``game.ties``): a conformance report gives them a verdict and
    links each rule to its anchor here."""
    left = [(rule, words) for rule, words in spec_rules(v) if words]
    if not left:
        return []
    # folded, as the rule ids and sources are: traceability one click away, not reading
    lines = ['??? note "Rules left at the language\'s default"', "",
             "    Clauses this spec does not write; each still rules its hands as the rules "
             "language's default says (a conformance report checks them under these ids):",
             ""]
    for rule, words in left:
        anchor = "" if rule in anchored else f'<a id="{rule}"></a>'
        lines.append(f"    - {anchor}`{rule}`: {markdown_text(words)}")
    return lines + [""]


def _where_from(rules: list[Rule], v: Variant, titles: dict[str, str],
                stale: list[StaleRuling], parent: Variant | None) -> list[str]:
    """The folded box under a phase: each rule's id and sources, and its rulings."""
    count = sum(len(rule.rulings) for rule in rules)
    title = "Rule ids and sources" + (f", {plural(count, 'ruling')}" if count else "")
    lines = [f'??? info rk-meta "{title}"', ""]
    for rule in rules:
        where = f"[`{rule.id}`](#{rule.id}): " + citations(rule, v)
        if rule.inherited_from:
            parent_id = rule.inherited_from
            where += (f" · *inherited* from [{titles.get(parent_id, parent_id)}]"
                      f"({parent_id}.md#{rule.id})")
        if rule.option:
            where += f" · stated by option `{rule.option}`"
        lines.append(f"    - {where}")
        for ruling in _rulings(rule, titles, stale, parent):
            lines += ["", f"        {ruling}", ""]
    return lines + [""]


def ruling_text(ruling: str) -> str:
    """A ruling as a sentence of Markdown: capitalised, one full stop, escaped."""
    return markdown_text(capital(ruling).rstrip(".") + ".")


def citations(rule: Rule, v: Variant | None = None) -> str:
    """A rule's citations, each linked to its source ("per [wikipedia-rook](...), “Play”")."""
    if not rule.citations:
        return "no source cited" + ("; see the ruling" if rule.rulings else "")
    return "; ".join(f"per {source_link(c.source, v)}, “{markdown_text(c.where)}”"
                     for c in rule.citations)


def _rulings(rule: Rule, titles: dict[str, str], stale: list[StaleRuling],
             parent: Variant | None) -> list[str]:
    """Each ruling of a rule, as a line of the box; an inherited ruling that quotes a
    figure this variant changed is marked as the parent's (class ``rk-parent``)."""
    out = []
    mine = [s for s in stale if s.rule.id == rule.id]
    for ruling in rule.rulings:
        text = ruling_text(ruling)
        if mine and parent is not None:
            name = titles.get(parent.id, parent.id)
            figures = listing([f"{s.figure.name} of {s.was}" for s in mine])
            ours = listing([f"{s.figure.name} is {s.now}" for s in mine])
            out.append(f'<span class="rk-parent">**Ruling of [{name}]({parent.id}.md#{rule.id}), '
                       f"written for its {figures}** (here the {ours}, so it does not hold "
                       f"as written; `rookery check` warns of it): {text}</span>")
        elif rule.inherited_from:
            out.append(f"**Ruling** (inherited): {text}")
        else:
            out.append(f"**Ruling:** {text}")
    return out


def what_differs(v: Variant, titles: dict[str, str]) -> list[str]:
    """For a variant that extends another: one line per rule it states itself."""
    if not v.extends:
        return []
    parent = titles.get(v.extends, v.extends)
    own = [rule for rule in v.rules if not rule.inherited_from]
    lines = [f"## What differs from {parent}", "",
             f"Everything else is as in [{parent}]({v.extends}.md).", ""]
    lines += [f"- {sentence_for_rule(v, rule.id)} <small class=\"rk-meta\">"
              f"[`{rule.id}`](#{rule.id})</small>" for rule in own]
    return lines + [""]
