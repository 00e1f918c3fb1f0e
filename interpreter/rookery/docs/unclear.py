"""The page "Where the sources are unclear": every ruling of every variant in one place.

A ruling is a judgment call, the spec's reading where its source is silent or unclear
(:mod:`rookery.language.rulings`).  The rules pages show each one under its rule; this page
gathers them so a second reader can weigh them all: per family and variant, the rule
id (linked to the rules page), the clause as the spec writes it, what it cites, and the
ruling.  A ruling a variant inherits is listed once, under the variant that makes it.
"""

from __future__ import annotations

from collections import Counter

from ..language.model import Rule, Variant
from ..language.rulings import rulings
from ..escaping import markdown_text
from .english import capital
from .sentences import SECTION_TITLES
from .families import families
from .page_rules import ruling_text


def unclear_page(variants: list[Variant]) -> str:
    found = rulings(variants)
    by_variant: dict[str, list] = {}
    for ruling in found:
        by_variant.setdefault(ruling.variant, []).append(ruling)
    sections = Counter(ruling.rule.section for ruling in found)
    out = ["# Where the sources are unclear", "",
           f"Every judgment call of the specs in one place: {len(found)} rulings in "
           f"{len(by_variant)} of the {len(variants)} variants. A ruling is the spec's own "
           "reading where its source is silent or unclear; each one says what the source "
           "says and why the spec reads it so (the tests hold every ruling to that). A "
           "ruling that a variant inherits is listed once, under the variant that makes it; "
           "the rule id links to the rules page, where the rule is told in full.", "",
           "| Part of the rules | Rulings |", "|---|--:|"]
    out += [f"| {SECTION_TITLES.get(section, capital(section))} | {count} |"
            for section, count in sorted(sections.items(), key=lambda item: -item[1])]
    out.append("")
    for root, members in families(variants):
        listed = [v for v in members if v.id in by_variant]
        if not listed:
            continue
        out += [f"## {markdown_text(root.title)}"
                + (" and its variants" if len(members) > 1 else ""), ""]
        for v in listed:
            out += [f"### [{markdown_text(v.title)}](variants/{v.id}.md)", "",
                    "| Rule | The spec says | Cites | Ruling |", "|---|---|---|---|"]
            for ruling in by_variant[v.id]:
                rule = ruling.rule
                out.append(f"| [`{rule.id}`](variants/{v.id}.md#{rule.id}) | "
                           f"`{_cell(rule.text)}` | {_cites(rule)} | "
                           f"{ruling_text(ruling.text)} |")
            out.append("")
    return "\n".join(out)


def _cites(rule: Rule) -> str:
    if not rule.citations:
        return "nothing: a ruling alone"
    return "; ".join(f"{c.source}, “{markdown_text(c.where)}”" for c in rule.citations)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")
