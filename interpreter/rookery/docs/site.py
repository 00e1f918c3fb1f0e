"""The site's other generated pages (home, DSL reference, sources) and ``mkdocs.yml``.

Hand-written prose lives in ``templates/*.md`` beside this module, with ``{{name}}``
slots the generator fills, so every generated page can be rebuilt from scratch.
"""

from __future__ import annotations

from pathlib import Path

from ..language.check import summary
from ..language.formula import FUNCTIONS, QUANTITIES
from ..limits import LIMITS
from ..language.model import Variant
from ..language.options import REQUIREMENTS
from ..language.vocabulary import FORMULA_KEYS, SECTION_ORDER, SECTIONS
from .comparison import sides
from .english import capital
from .families import families
from .sentences import SECTION_TITLES

TEMPLATES = Path(__file__).resolve().parent / "templates"

# Hand-written pages another part of the project owns: (file, title in the navigation).
CONFORMANCE_PAGES = (("check-your-engine.md", "Check your engine"),
                     ("conformance.md", "Case format"), ("protocol.md", "Engine protocol"))
# Hand-written guides to the rules language, listed beside its reference.
LANGUAGE_PAGES = (("house-rules.md", "Write your house rules"),
                  ("compare.md", "What a house rule changes"))
ABOUT = {"house-rules.md": "a tutorial: write a club's house rules as a spec, step by step "
                           "(face-up nest cards, poor hands, burial rules, claims, bonuses, a "
                           "low score that loses), then check it, play it, pin it down with "
                           "cases and combine it with options",
         "compare.md": "rookery compare: bot games of a house rule and its base on the "
                       "same deals, what differs with its confidence interval, and "
                       "campaigns on every core or a Dask cluster",
         "check-your-engine.md": "fuzz your engine against any spec (a built-in variant "
                                 "or your own house rules), read the report of the rules "
                                 "it breaks, and rerun the minimal cases",
         "conformance.md": "the conformance corpus: how to run it, and how a case is "
                           "written (a deal, the actions, what must happen, the rules it "
                           "tests)",
         "protocol.md": "how any Rook engine is driven through the cases over JSON lines, "
                        "and the verdicts it gets"}


def fill(template: str, **slots: str) -> str:
    """The template ``templates/<template>`` with each ``{{name}}`` replaced."""
    text = (TEMPLATES / template).read_text(encoding="utf-8")
    for name, value in slots.items():
        text = text.replace("{{" + name + "}}", value)
    if "{{" in text:
        missing = text[text.index("{{"):].split("}}")[0] + "}}"
        raise ValueError(f"template {template}: slot {missing} was not filled")
    return text


def hand_written(docs: Path) -> list[tuple[str, str]]:
    """The hand-written pages present in ``docs`` (not generated), as (file, title):
    the conformance pages first, in their fixed order, then any other, by name."""
    from .header import is_generated

    found = []
    known = dict(CONFORMANCE_PAGES + LANGUAGE_PAGES)
    for name, title in LANGUAGE_PAGES + CONFORMANCE_PAGES:
        if (docs / name).is_file():
            found.append((name, title))
    for path in sorted(docs.glob("*.md")):
        if path.name in known or is_generated(path) or path.name == "index.md":
            continue
        found.append((path.name, _first_heading(path) or path.stem))
    return found


def _first_heading(path: Path) -> str | None:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return None


# -- home --------------------------------------------------------------------------------------

def index_page(variants: list[Variant], extra: list[tuple[str, str]]) -> str:
    out = [f"{len(variants)} variants, in families: each family starts from a variant that "
           f"stands alone, followed by the variants that extend it (directly or not).", ""]
    for root, members in families(variants):
        out += [f"### {root.title}", "",
                "| Variant | Id | Players | Deck | Game |", "|---|---|---|--:|--:|"]
        for v in members:
            s = summary(v)
            out.append(f"| [{v.title}](variants/{v.id}.md) | `{v.id}` | {v.table.players}, "
                       f"{sides(v)} | {s.deck} | {s.target} |")
        out.append("")
    links = "".join(f"- [{title}]({name})" + (f": {ABOUT[name]}." if name in ABOUT else "")
                    + "\n" for name, title in extra)
    return fill("index.md", variants="\n".join(out).rstrip(), conformance=links)


# -- the DSL reference ------------------------------------------------------------------------

def dsl_page(variants: list[Variant]) -> str:
    used: dict[str, int] = {}
    for v in variants:
        for rule in v.rules:
            key = f"{rule.section}.{rule.key}"
            used[key] = used.get(key, 0) + 1
    out = ["## Sections and clauses", "",
           f"Each section with every clause it accepts: how its values are written, what "
           f"it means, and what holds when a spec leaves it out. *Used by* counts the "
           f"{len(variants)} built-in variants that state the clause.", ""]
    for section in SECTION_ORDER:
        title = SECTION_TITLES.get(section, capital(section))
        out += [f"### `{section}:` {title.lower()} {{#{section}}}", "",
                "| Clause | Values | Meaning | Default | Used by |", "|---|---|---|---|--:|"]
        for key, meaning in SECTIONS[section].items():
            rule_id = f"{section}.{key}"
            written = f"{key}: {meaning.shape}" if key in FORMULA_KEYS else \
                f"{key} {meaning.shape}"
            default = meaning.default if meaning.default.startswith("the ") else \
                f"`{meaning.default}`" if meaning.default else "*required*"
            out.append(f"| <a id=\"{rule_id}\"></a>`{key}` | `{written}` | "
                       f"{_cell(capital(meaning.meaning))}. | {_cell(default)} | "
                       f"{used.get(rule_id, 0)} |")
        out.append("")
    out += ["## Formulas", "",
            "The quantities a scoring formula may read, for the side being scored:", "",
            "| Quantity | Kind | Meaning |", "|---|---|---|"]
    out += [f"| `{name}` | {'condition' if kind == 'bool' else 'amount'} | "
            f"{capital(meaning)}. |" for name, (kind, meaning) in QUANTITIES.items()]
    out += ["", "`made` may be read only by `bidders` and `defenders`, once `made:` has "
            "decided it. Functions: " + ", ".join(f"`{name}(A, B, ...)`" for name in FUNCTIONS)
            + " (the smallest or the largest of two or more amounts).", ""]
    out += warnings_reference()
    out += ["## Limits", "",
            "What `rookery check` accepts, so that every variant it passes can be dealt, "
            "played and finished in small time and memory (rulings of ours: the sources "
            "set no limits, and no Rook game comes near them):", "",
            "| What | Limit |", "|---|---|"]
    out += [f"| {capital(what)} | {limit} |" for what, limit in LIMITS]
    out.append("")
    requirements = "\n".join(["| Requires | The base must |", "|---|---|"] + [
        f"| `requires {r.shape}` | {_cell(capital(r.meaning))}. |"
        for r in REQUIREMENTS.values()])
    return fill("dsl.md", reference="\n".join(out), requirements=requirements)


def warnings_reference() -> list[str]:
    """The warnings of :mod:`rookery.language.lint`, for the DSL reference."""
    from ..language.lint import WARNINGS, cannot_matter_clauses

    out = ["## Warnings", "",
           "What `rookery check` warns of (the spec is still accepted):", "",
           "| Code | When |", "|---|---|"]
    out += [f"| `{code}` | {_cell(capital(when))}. |" for code, when in WARNINGS.items()]
    clauses = ", ".join(f"`{section}: {key}`" for section, key in cannot_matter_clauses())
    return out + ["", f"The clauses that can be idle: {clauses}. A clause that states a "
                  "ruling is taken as meant and never warned of: the ruling says why it "
                  "is there.", ""]


def _cell(text: str) -> str:
    """Table cell text (outside code spans, where a pipe would end the cell)."""
    return text.replace("|", "\\|")


# -- sources ----------------------------------------------------------------------------------

def sources_page(sources: dict[str, str], variants: list[Variant]) -> str:
    out = []
    for source, what in sources.items():
        out += [f"## {source} {{#{source}}}", "", f"{capital(what)}.", ""]
        default = [v for v in variants if v.source == source]
        if default:
            out += ["The main source of " + ", ".join(f"[{v.title}](variants/{v.id}.md)"
                                                      for v in default) + ".", ""]
        rows = []
        for v in variants:
            places: dict[str, int] = {}
            for rule in v.rules:
                for citation in rule.citations:
                    if citation.source == source:
                        places[citation.where] = places.get(citation.where, 0) + 1
            if places:
                count = sum(places.values())
                wheres = ", ".join(f"“{where}”" for where in places)
                rows.append(f"| [{v.title}](variants/{v.id}.md) | {count} | {wheres} |")
        if rows:
            out += ["| Cited by | Citations | Sections cited |", "|---|--:|---|"] + rows + [""]
        else:
            out += ["No variant cites it yet.", ""]
    return fill("sources.md", sources="\n".join(out))


# -- mkdocs.yml -------------------------------------------------------------------------------

def mkdocs_config(variants: list[Variant], docs_dir: str, extra: list[tuple[str, str]],
                  header: str, options: list[tuple[str, str]] | None = None) -> str:
    """``options``: for the built-in site, the combinations (title, id) with rules pages,
    listed under the options page; ``None`` for a site without options."""
    def quoted(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

    nav = ["nav:", "  - Home: index.md", "  - Variants:"]
    for root, members in families(variants):
        if len(members) == 1:
            nav.append(f"      - {quoted(root.title)}: variants/{root.id}.md")
            continue
        nav.append(f"      - {quoted(root.title + ' and its variants')}:")
        nav += [f"          - {quoted(v.title)}: variants/{v.id}.md" for v in members]
    if options is not None:
        nav += ["  - Options:", "      - Options: options.md"]
        nav += [f"      - {quoted(title)}: variants/{name}.md" for title, name in options]
    nav += ["  - Comparison: comparison.md", "  - Where the sources are unclear: unclear.md"]
    guides = [(name, title) for name, title in extra if name in dict(LANGUAGE_PAGES)]
    others = [(name, title) for name, title in extra if name not in dict(LANGUAGE_PAGES)]
    if guides:
        nav.append("  - Rules language:")
        nav += [f"      - {quoted(title)}: {name}" for name, title in guides]
        nav.append("      - DSL reference: dsl.md")
    else:
        nav.append("  - DSL reference: dsl.md")
    if others:
        nav.append("  - Conformance:")
        nav += [f"      - {quoted(title)}: {name}" for name, title in others]
    nav.append("  - Sources: sources.md")
    return "\n".join([
        header,
        "site_name: rookery",
        "site_description: The rules of the Rook card game family as data",
        f"docs_dir: {docs_dir}",
        "theme:",
        "  name: material",
        "  features:",
        "    - navigation.sections",
        "    - navigation.top",
        "    - toc.follow",
        "    - search.highlight",
        "  palette:",
        "    primary: brown",
        "    accent: amber",
        "validation:",
        "  anchors: warn",
        "extra_css:",
        "  - assets/rookery.css",
        "markdown_extensions:",
        "  - admonition",
        "  - attr_list",
        "  - md_in_html",
        "  - tables",
        "  - toc:",
        "      permalink: true",
        "  - pymdownx.details",
        "  - pymdownx.highlight:",
        "      pygments_lang_class: true",
        "  - pymdownx.superfences",
        *nav,
        "",
    ])
