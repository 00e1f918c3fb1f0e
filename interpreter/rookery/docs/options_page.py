"""The options page (``docs/options.md``): each built-in option in plain words, its rules
with their citations and rulings, what it needs of a base, and the built-in bases that
take it, found by trying every base (:mod:`rookery.language.option_bases`)."""

from __future__ import annotations

from ..language.load import load_variant
from ..language.option_bases import CANNOT, CHANGES, SAME, OptionInfo, all_options
from ..language.options import SEPARATOR
from ..escaping import code_span, markdown_text
from .english import capital
from .sentences import all_sentences
from .page_rules import citations, ruling_text


def options_page(header: str) -> str:
    options = all_options()
    out = [header, "# Options", "",
           "An option is a small spec that changes a few rules of any game that can take it. "
           "Join it to a base variant with `+`, on the command line or in the API: "
           "`rookery play kentucky-rook+rook-low+no-trump`, "
           "`rookery.load_variant(\"kentucky-rook+rook-low\")`, or with your own files, "
           "`rookery check house.rook+rook-low` and `tournament+my-option.rook`. "
           "The combination is checked like any spec (the deck divides, the points add up, "
           "every bid can be reached); when an option cannot apply, `rookery check` says "
           "which and why. Two options that set the same rule cannot be combined.", "",
           "Each rule an option states keeps its rule id (`trump.rook`) and is marked as "
           "the option's: `rookery export` gives the rule an `option` field. How to write "
           "an option is in the [DSL reference](dsl.md#options). `rookery list --options` "
           "prints the table below.", "",
           "| Option | What it changes | Bases it changes | Already so | Cannot take it |",
           "|---|---|--:|--:|--:|"]
    for o in options:
        out.append(f"| [{markdown_text(o.title)}](#{o.id}) `{o.id}` | "
                   + "<br>".join(_cell(code_span(f"{section_of(r)}: {t}"))
                                 for r, t in o.clauses)
                   + f" | {len(o.taking(CHANGES))} | {len(o.taking(SAME))} | "
                   f"{len(o.taking(CANNOT))} |")
    out.append("")
    for o in options:
        out += _option(o)
    return "\n".join(out).rstrip() + "\n"


def _cell(markdown: str) -> str:
    """Markdown in a table's cell: a ``|`` (even in a code span) would end the cell."""
    return markdown.replace("|", "\\|")


def section_of(rule_id: str) -> str:
    return rule_id.split(".")[0]


def _option(o: OptionInfo) -> list[str]:
    out = [f"## {markdown_text(o.title)} {{#{o.id}}}", "", markdown_text(capital(o.comment)),
           "",
           f"Written `BASE+{o.id}`."
           + (" It needs of its base " + "; ".join(map(markdown_text, o.needs)) + "."
              if o.needs else ""), ""]
    takes = o.taking(CHANGES)
    if takes:
        example = load_variant(f"{takes[0]}{SEPARATOR}{o.id}")
        out += [f"Its rules, as told on {markdown_text(example.title.split(' + ')[0])} "
                f"(`{example.id}`):", ""]
        for told in all_sentences(example).values():
            for sentence in told:
                rule = sentence.rule
                if rule.option != o.id:
                    continue
                out += [f"- {sentence.text}<br>",
                        # this page sits beside sources.md, not in variants/
                        f"    <small>`{rule.id}` · "
                        f"{citations(rule).replace('](../sources.md', '](sources.md')}</small>",
                        ""]
                for ruling in rule.rulings:
                    out += ["    !!! note \"Ruling\"", "",
                            f"        {ruling_text(ruling)}", ""]
    out += [f"**Bases it changes** ({len(takes)}): "
            + (", ".join(_link(b) for b in takes) or "none") + ".", ""]
    same = o.taking(SAME)
    if same:
        out += [f"**Already so** ({len(same)}, the option changes nothing): "
                + ", ".join(_link(b) for b in same) + ".", ""]
    cannot = [b for b in o.bases if b.verdict == CANNOT]
    if cannot:
        out += [f"??? info \"Bases that cannot take it ({len(cannot)}), and why\"", ""]
        out += [f"    - {_link(b.base)}: {_reason(b.reason, o.id, b.base)}" for b in cannot]
        out.append("")
    return out


def _link(base: str) -> str:
    return f"[`{base}`](variants/{base}.md)"


def _reason(message: str, option: str, base: str) -> str:
    """The checker's message without the words the list already says."""
    reason = message.removeprefix(f"option {option} cannot apply to {base}: ")
    return markdown_text(reason)


__all__ = ["options_page"]
