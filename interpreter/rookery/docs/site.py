"""The site's other generated pages (home, DSL reference, sources) and ``mkdocs.yml``.

Hand-written prose lives in ``templates/*.md`` beside this module, with ``{{name}}``
slots the generator fills, so every generated page can be rebuilt from scratch.
"""

from __future__ import annotations

from pathlib import Path

from ..escaping import code_span, markdown_link, markdown_text, nav_text, yaml_string
from ..language.check import summary
from ..language.formula import FUNCTIONS, QUANTITIES
from ..limits import LIMITS
from ..language.model import Variant
from ..language.options import REQUIREMENTS
from ..language.vocabulary import FORMULA_KEYS, SECTION_ORDER, SECTIONS
from .comparison import sides
from .english import capital
from .families import FIRST, families
from .sentences import SECTION_TITLES

TEMPLATES = Path(__file__).resolve().parent / "templates"
NAV_TITLE = 120     # characters of a title in the navigation

# Hand-written pages another part of the project owns: (file, title in the navigation).
CONFORMANCE_PAGES = (("check-your-engine.md", "Check your engine"),
                     ("recorded-games.md", "Recorded games"),
                     ("conformance.md", "Case format"), ("protocol.md", "Engine protocol"))
# Hand-written guides to the rules language, listed beside its reference.
LANGUAGE_PAGES = (("house-rules.md", "Write your house rules"),
                  ("editor-support.md", "Editor support"),
                  ("compare.md", "What a house rule changes"))
# Hand-written pages for people who play a variant, and who train game AI on one.
PLAY_PAGES = (("play.md", "Play at the table and against bots"),
              ("records.md", "Game records"),
              ("environments.md", "Every spec an environment"))
ABOUT = {"house-rules.md": "a tutorial: write a club's house rules as a spec, step by step "
                           "(face-up nest cards, poor hands, burial rules, claims, bonuses, a "
                           "low score that loses), then check it, play it, pin it down with "
                           "cases and combine it with options",
         "editor-support.md": "rookery fmt, one layout for every spec, and rookery lsp, "
                              "a language server for Neovim, VS Code, Helix or any editor "
                              "with an LSP client",
         "compare.md": "rookery compare: bot games of a house rule and its base on the "
                       "same deals, what differs with its confidence interval, and "
                       "campaigns on every core or a Dask cluster",
         "play.md": "rookery play: a seat at the table typed as players speak, with help "
                    "and hints, and the bots (simple, random, and a search bot for any "
                    "spec) with how strong each is",
         "records.md": "a game kept as JSON, replayed through the rules, and turned into a "
                       "conformance case",
         "environments.md": "every spec a PettingZoo environment (AEC, Parallel, a "
                            "quick vector of hands) and an OpenSpiel game, its actions, "
                            "observations and rewards, with a training example",
         "check-your-engine.md": "fuzz your engine against any spec (a built-in variant "
                                 "or your own house rules), read the report of the rules "
                                 "it breaks, and rerun the minimal cases",
         "recorded-games.md": "rookery check-games: the games an engine logged, checked "
                              "against the spec with no protocol, and the log's format",
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
    the language's guides, the conformance pages and the pages for players, each in
    their fixed order, then any other, by name."""
    from .header import is_generated

    found = []
    known = dict(CONFORMANCE_PAGES + LANGUAGE_PAGES + PLAY_PAGES)
    for name, title in LANGUAGE_PAGES + CONFORMANCE_PAGES + PLAY_PAGES:
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

def index_page(variants: list[Variant], extra: list[tuple[str, str]],
               options_page: bool = True) -> str:
    """The home page, for readers first: what Rook is, the families of games one line
    each, where a newcomer starts, then the links for variant writers and engine
    authors, and every game in a table."""
    from .hand_story import sides_words

    lines = []
    for root, members in families(variants):
        s = summary(root)
        more = len(members) - 1
        variations = f", and {more} variation{'s' if more != 1 else ''}" if more else ""
        lines.append(f"- **[{markdown_text(root.title)}](variants/{root.id}.md)**{variations}: "
                     f"{sides_words(root)}; {s.deck} cards; game to {s.target}.")
    out = []
    for root, members in families(variants):
        out += [f"### {markdown_text(root.title)}", "",
                "| Variant | Id | Players | Deck | Game |", "|---|---|---|--:|--:|"]
        for v in members:
            s = summary(v)
            out.append(f"| [{markdown_text(v.title)}](variants/{v.id}.md) | `{v.id}` | "
                       f"{v.table.players}, "
                       f"{sides(v)} | {s.deck} | {s.target} |")
        out.append("")
    def listed(pages: list[tuple[str, str]]) -> str:
        return "".join(f"- [{title}]({name})" + (f": {ABOUT[name]}." if name in ABOUT else "")
                       + "\n" for name, title in pages)

    guides, players, others = _grouped(extra)
    options = ("- [Options](options.md): small sets of rules any game able to take them "
               "combines with (Rook low, no trump ...).\n" if options_page else "")
    first = next((v for v in variants if v.id == FIRST), None)
    start = "" if first is None else (
        f'!!! tip "New to Rook?"\n\n    Start with [{markdown_text(first.title)}]'
        f'(variants/{first.id}.md), '
        f"the game most players know as Rook: {sides_words(first)}, "
        f"{first.deck.size} cards, game to {first.game.target}.\n")
    return fill("index.md", count=str(len(variants)), start=start, families="\n".join(lines),
                variants="\n".join(out).rstrip(), conformance=listed(others),
                writers=listed(guides), options=options,
                players="" if not players else
                "## For players and game-AI builders\n\nPlay any of these games, or your "
                "own house rules, against bots or train an agent on them.\n\n"
                + listed(players) + "\n")


def _grouped(extra: list[tuple[str, str]]) -> tuple[list, list, list]:
    """The hand-written pages as the home page and the navigation group them: the
    language's guides, the pages for players, and the rest (for engine authors)."""
    guides = [(name, title) for name, title in extra if name in dict(LANGUAGE_PAGES)]
    players = [(name, title) for name, title in extra if name in dict(PLAY_PAGES)]
    others = [(name, title) for name, title in extra
              if name not in dict(LANGUAGE_PAGES) and name not in dict(PLAY_PAGES)]
    return guides, players, others


# -- the DSL reference ------------------------------------------------------------------------

def dsl_page(variants: list[Variant], options_page: bool = True) -> str:
    """The DSL reference; ``options_page``: the site has the options page to link to (a
    site for a user's own specs has none)."""
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
    options = ("The built-in options, what each changes and the bases that take it, are "
               "on the [Options](options.md) page." if options_page else
               "`rookery list --options` lists the built-in options, what each changes and "
               "the bases that take it.")
    return fill("dsl.md", reference="\n".join(out), requirements=requirements,
                options_page=options)


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
    """Every source a page of the site may cite: the built-in ones, then the sources the
    site's specs declare for themselves (a house spec's rule sheet), each with its
    anchor, so that every citation link of the site leads somewhere."""
    declared = {}
    for v in variants:
        for own in v.sources:
            if own.id not in sources:
                where = markdown_link(own.location, own.location) if own.kind == "url" \
                    else (f"the file {code_span(own.location)} beside "
                          f"{code_span(Path(own.declared_in).name)}")
                declared.setdefault(own.id, f"{markdown_text(capital(own.title))}, "
                                            f"declared by a spec: {where}.")
    out = []
    for source, what in sources.items():
        out += [f"## {source} {{#{source}}}", "", f"{capital(what)}.", ""]
        out += _cited_by(source, variants)
    for source, what in declared.items():
        out += [f"## {source} {{#{source}}}", "", what, ""]
        out += _cited_by(source, variants)
    return fill("sources.md", sources="\n".join(out))


def _cited_by(source: str, variants: list[Variant]) -> list[str]:
    """The variants whose rules cite ``source``, and where."""
    out = []
    default = [v for v in variants if v.source == source]
    if default:
        out += ["The main source of " + ", ".join(f"[{markdown_text(v.title)}]"
                                                  f"(variants/{v.id}.md)"
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
            wheres = ", ".join(f"“{markdown_text(where)}”" for where in places)
            rows.append(f"| [{markdown_text(v.title)}](variants/{v.id}.md) | {count} | "
                        f"{wheres} |")
    if rows:
        out += ["| Cited by | Citations | Sections cited |", "|---|--:|---|"] + rows + [""]
    else:
        out += ["No variant cites it yet.", ""]
    return out


# -- mkdocs.yml -------------------------------------------------------------------------------

def mkdocs_config(variants: list[Variant], docs_dir: str, extra: list[tuple[str, str]],
                  header: str, options: list[Variant] | None = None) -> str:
    """``options``: for the built-in site, the combinations (a base with options) with
    rules pages, each listed in its base's family; ``None`` for a site without options
    (and so without the options page)."""
    def quoted(text: str) -> str:
        """A navigation title (:func:`~rookery.escaping.nav_text`) in a YAML string; cut
        at NAV_TITLE characters (YAML takes no key over 1024; the page keeps it whole)."""
        if len(text) > NAV_TITLE:
            text = text[:NAV_TITLE - 1].rstrip() + "…"
        return yaml_string(nav_text(text))

    nav = ["nav:", "  - Home: index.md", "  - Variants:"]
    combined = list(options or [])
    for root, members in families(variants):
        ids = {v.id for v in members}
        pages = [(v.title, v.id) for v in members]
        pages += [(c.title, c.id) for c in combined if c.extends in ids]
        if len(pages) == 1:
            nav.append(f"      - {quoted(root.title)}: variants/{root.id}.md")
            continue
        nav.append(f"      - {quoted(root.title + ' and its variants')}:")
        nav += [f"          - {quoted(title)}: variants/{name}.md" for title, name in pages]
    if options is not None:
        nav.append("  - Options: options.md")
    nav += ["  - Comparison: comparison.md", "  - Where the sources are unclear: unclear.md"]
    guides, players, others = _grouped(extra)
    if guides:
        nav.append("  - Rules language:")
        nav += [f"      - {quoted(title)}: {name}" for name, title in guides]
        nav.append("      - DSL reference: dsl.md")
    else:
        nav.append("  - DSL reference: dsl.md")
    if others:
        nav.append("  - Conformance:")
        nav += [f"      - {quoted(title)}: {name}" for name, title in others]
    if players:
        nav.append("  - Play:")
        nav += [f"      - {quoted(title)}: {name}" for name, title in players]
    nav += ["  - Sources: sources.md", "  - Developer quickstart: quickstart.md"]
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
        "  font: false",     # no fonts from a CDN: the site works offline
        "  palette:",
        "    primary: brown",
        "    accent: amber",
        "validation:",
        "  not_found: warn",
        "  anchors: warn",
        "  unrecognized_links: warn",
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
