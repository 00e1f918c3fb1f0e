"""The rules page of one variant (``docs/variants/<id>.md``): the figures at a glance, the
cards, the trump order, then every rule as a sentence with its id, its citations and its
rulings, in the order rules are told."""

from __future__ import annotations

from pathlib import Path

from ..language.check import summary
from ..engine.tables import tables_for
from ..language.model import Rule, Variant
from ..language.vocabulary import SECTION_ORDER
from . import sample_deal
from ..escaping import code_span, html_text, markdown_link, markdown_text
from .cards import chip, chips
from .english import capital, listing, number, plural
from .sentences import SECTION_TITLES, Sentence, all_sentences
from .tell_play import counter_groups


def variant_page(variant: Variant, titles: dict[str, str], children: list[str],
                 header: str) -> str:
    """The Markdown of a variant's page; ``titles`` maps every variant id to its title
    (as Markdown text, :func:`~rookery.escaping.markdown_text`), ``children`` lists the
    variants that extend this one.  Every string of the spec on the page is escaped for
    Markdown (:mod:`rookery.escaping`)."""
    v = variant
    out = [header, f"# {markdown_text(v.title)}", ""]
    out += _intro(v, titles, children)
    out += _glance(v, titles)
    out += _cards(v)
    out += _trump_order(v)
    out += _rules(v, titles)
    out += _own_sources(v)
    out += sample_deal.section(v)
    out += _spec_file(v)
    return "\n".join(out).rstrip() + "\n"


def _source_link(source: str, v: Variant | None = None) -> str:
    """A link to a source: a built-in one's entry on the sources page, or the entry of a
    source the spec declares for itself (see :func:`_own_sources`)."""
    if v is not None and any(own.id == source for own in v.sources):
        return f"[{source}](#source-{source})"
    return f"[{source}](../sources.md#{source})"


def _own_sources(v: Variant) -> list[str]:
    """The sources the spec declares (``source ID "Title" url "..."`` / ``file "..."``)."""
    if not v.sources:
        return []
    lines = ["## Sources of this spec", "",
             "Documents the spec declares for itself and cites like the built-in sources:", ""]
    for source in v.sources:
        where = (markdown_link(source.location, source.location) if source.kind == "url"
                 else f"the file {code_span(source.location)} beside "
                      f"{code_span(Path(source.declared_in).name)}")
        lines.append(f"- <a id=\"source-{source.id}\"></a>**{source.id}**: "
                     f"{markdown_text(source.title)}, {where}")
    return lines + [""]


def _intro(v: Variant, titles: dict[str, str], children: list[str]) -> list[str]:
    cited: dict[str, int] = {}
    for rule in v.rules:
        for citation in rule.citations:
            cited[citation.source] = cited.get(citation.source, 0) + 1
    rulings = sum(len(rule.rulings) for rule in v.rules)
    spec = f"spec {code_span(_shown_path(Path(v.path)))}" + "".join(
        f" with option [`{o}`](../options.md#{o})" for o in v.options)
    lines = [f"The rules of **{markdown_text(v.title)}** (variant id `{v.id}`, {spec}), "
             f"told from the spec: {plural(len(v.rules), 'rule')}, "
             f"each with its id and the place in the sources it comes from, and "
             f"{plural(rulings, 'ruling')} where the spec decides what the sources leave "
             f"open.", ""]
    if cited:
        main = sorted(cited, key=lambda s: (-cited[s], s))
        lines += ["Sources: " + ", ".join(f"{_source_link(s, v)} ({plural(cited[s], 'citation')})"
                                          for s in main) + ".", ""]
    if v.extends:
        inherited = sum(1 for rule in v.rules if rule.inherited_from)
        own = (f"its options state {plural(len(v.rules) - inherited, 'rule')}" if v.options
               else f"states {plural(len(v.rules) - inherited, 'rule')} of its own")
        lines += [f"This variant **extends [{titles.get(v.extends, v.extends)}]"
                  f"({v.extends}.md)**: it keeps {plural(inherited, 'rule')} of it "
                  f"(marked *inherited* below) and {own}.", ""]
    if children:
        lines += ["Extended by " + listing([f"[{titles[c]}]({c}.md)" for c in children])
                  + ".", ""]
    return lines


def _glance(v: Variant, titles: dict[str, str]) -> list[str]:
    s = summary(v)
    t = v.table
    if t.sides == "teams":
        sides = f"{number(t.teams)} teams of {number(t.players // t.teams)}"
    elif t.sides == "individual":
        sides = "each for themselves"
    else:
        sides = f"the bid winner calls a partner ({plural(t.calls, 'card')})"
    rook = {"highest": "highest trump", "lowest": "lowest trump",
            "caller-chooses": "highest or lowest trump, as the bid winner calls",
            "above": f"trump just above the {v.trump.rook_above}"}[v.trump.rook]
    deck = f"{s.deck} cards" + (f" ({number(v.deck.copies)} decks)" if v.deck.copies > 1 else "")
    bids = f"{s.minimum_bid} to {s.maximum_bid}, in steps of {v.bidding.step}"
    if v.bidding.opening is not None:
        bids += f"; the dealer opens at {v.bidding.opening}"
    rows = [("Players", f"{t.players}, {sides}"), ("Deck", deck),
            ("Hand", f"{s.hand} cards each"), ("Nest", (f"{s.nest} card" + ("s" if s.nest > 1 else "")) if s.nest else "none"),
            ("Points in a hand", str(s.points)
             + (f" (+{v.scoring.all_tricks} for taking every trick)"
                if v.scoring.all_tricks else "")),
            ("Bids", bids),
            ("The Rook", rook if v.deck.rook else "not in this deck"),
            ("Game", f"to {s.target} points")]
    if v.extends:
        rows.append(("Extends", f"[{titles.get(v.extends, v.extends)}]({v.extends}.md)"))
    lines = ["## At a glance", "", "| | |", "|---|---|"]
    lines += [f"| {name} | {value} |" for name, value in rows]
    return lines + [""]


def _cards(v: Variant) -> list[str]:
    d = v.deck
    lines = ["## The cards", ""]
    twice = ""
    if d.copies > 1:
        odd = [c.code for c in d.cards if c.copies != d.copies]
        twice = (f" Every card is in the deck "
                 f"{'twice' if d.copies == 2 else plural(d.copies, 'time')}"
                 + (f", except {listing([f'`{c}`' for c in odd])}" if odd else "") + ".")
    lines += [f"{d.size} cards in all.{twice} Each color from its lowest card to its "
              f"highest, the counters (the cards worth points) ringed:", "",
              "| Color | Cards |", "|---|---|"]
    for index, color in enumerate(d.colors):
        cards = [c.code for c in d.cards if c.color == index]
        lines.append(f"| {color.name} (`{color.letter}`) | {chips(v, cards)} |")
    if d.rook:
        lines.append(f"| no color | {chip(v, d.rook)} (the Rook) |")
    lines.append("")
    groups = counter_groups(v)
    if groups:
        total_cards = sum(g[2] for g in groups)
        total = sum(g[1] * g[2] for g in groups)
        lines += ["| Counter | Points each | In the deck | Points |", "|---|--:|--:|--:|"]
        lines += [f"| {capital(what)} | {points} | {count} | {points * count} |"
                  for what, points, count in groups]
        lines += [f"| **All counters** | | **{total_cards}** | **{total}** |", ""]
    return lines


def _trump_order(v: Variant) -> list[str]:
    tables = tables_for(v)
    d = v.deck
    lines = ["## Trump order", ""]
    letters = [c for c in v.trump.choices if c in {col.letter for col in d.colors}]
    if letters:
        letter = letters[0]
        color = next(c.name for c in d.colors if c.letter == letter)
        calls = [(letter, "")]
        if v.trump.rook == "caller-chooses" and d.rook:
            calls = [(f"{letter} high", " with the Rook called high"),
                     (f"{letter} low", " with the Rook called low")]
        if f"{letter}-low" in v.trump.choices:
            calls += [(f"{call.replace(letter, letter + '-low', 1)}", f" in a low-card hand{how}")
                      for call, how in calls]
        for call, how in calls:
            ctx = tables.context(call)
            order = sorted((i for i, key in enumerate(ctx.trump_key) if key >= 0),
                           key=lambda i: -ctx.trump_key[i])
            codes = chips(v, [tables.codes[i] for i in order])
            each = ""
            if d.copies > 1:
                copies = {c.code: c.copies for c in d.cards}
                once = [tables.codes[i] for i in order if copies[tables.codes[i]] != d.copies]
                each = (", each of them " + ("twice" if d.copies == 2 else
                                             f"{d.copies} times")
                        + (f" but {listing([f'`{c}`' for c in once])}" if once else ""))
            lines += [f"With {color} as trump{how}, the {len(order)} trumps from highest to "
                      f"lowest{each} (any other color works the same way):", "", codes, ""]
        extra = sorted(tables.codes[i] for i in tables.always_trump)
        ranks = [r for r in d.ranks
                 if sum(1 for c in d.cards if c.rank == r and c.color is not None)
                 == len(d.colors)]
        always = (f", with {listing([f'`{c}`' for c in extra])}, always trump, placed as the "
                  f"trump rules below say" if extra else "")
        lines += [f"The trumps are the cards of the trump color in their usual order{always}. "
                  f"In every color the cards rank from {_high_to_low(ranks)}, and a card of "
                  f"another color than the one led never wins a trick unless it is a trump.",
                  ""]
    if "none" in v.trump.choices or "none-low" in v.trump.choices:
        lines += ["With no trump named, no card is trump: every trick goes to the highest "
                  "card of the color led"
                  + (f"; the Rook plays as a {_color(v, v.trump.no_trump_rook[0])} card, just "
                     f"above the {_color(v, v.trump.no_trump_rook[0])} "
                     f"{v.trump.no_trump_rook[1]}." if v.trump.no_trump_rook and d.rook else ".")
                  , ""]
    return lines


def _color(v: Variant, letter: str) -> str:
    return next((c.name for c in v.deck.colors if c.letter == letter), letter)


def _high_to_low(ranks: list[str]) -> str:
    return f"{ranks[-1]} (highest) down to {ranks[0]}" if ranks else ""


def _rules(v: Variant, titles: dict[str, str]) -> list[str]:
    lines = ["## The rules", "",
             "Each rule below is written from the spec. Under it: its **rule id** (the anchor "
             "conformance cases point to) and its **source**, the document and the section "
             "it comes from. A **Ruling** box marks the spec's own decision where the "
             "sources are silent or unclear: it is our reading, not the source's.", ""]
    by_section = all_sentences(v)
    for section in SECTION_ORDER:
        told = by_section[section]
        if not told:
            continue
        lines += [f"### {SECTION_TITLES.get(section, capital(section))}", ""]
        for sentence in told:
            lines += _sentence(sentence, titles, v)
    return lines


def _sentence(sentence: Sentence, titles: dict[str, str], v: Variant | None = None
              ) -> list[str]:
    rule = sentence.rule
    anchor = sentence.key
    ref = f"[`{anchor}`](#{anchor})"
    where = ref + " · " + _citations(rule, v)
    if rule.inherited_from:
        parent = rule.inherited_from
        where += (f" · *inherited* from [{titles.get(parent, parent)}]"
                  f"({parent}.md#{anchor})")
    if rule.option:
        where += f" · stated by option [`{rule.option}`](../options.md#{rule.option})"
    lines = [f"- <a id=\"{anchor}\"></a>{sentence.text}<br>",
             f"    <small>{where}</small>", ""]
    for ruling in rule.rulings:
        lines += ["    !!! note \"Ruling\"", "", f"        {ruling_text(ruling)}", ""]
    return lines


def _citations(rule: Rule, v: Variant | None = None) -> str:
    if not rule.citations:
        return "no source cited" + ("; see the ruling" if rule.rulings else "")
    return "; ".join(f"per {_source_link(c.source, v)}, “{markdown_text(c.where)}”"
                     for c in rule.citations)


def ruling_text(ruling: str) -> str:
    """A ruling as a sentence of Markdown: capitalised, one full stop, escaped."""
    return markdown_text(f"{capital(ruling)}.".replace("..", "."))


def _shown_path(path: Path) -> str:
    """How a page names a spec file: under ``specs/`` for a built-in spec or option, else
    by its own file name (a user's spec, wherever it lives)."""
    from ..resources import specs_dir
    try:
        return "specs/" + path.resolve().relative_to(specs_dir().resolve()).as_posix()
    except ValueError:
        return path.name


def _spec_file(v: Variant) -> list[str]:
    from ..errors import UsageError
    from ..language.options import find_option
    paths = [Path(v.path)]
    for option in v.options:
        try:
            paths.append(Path(find_option(option)))
        except UsageError:   # a user's option file: the variant keeps its id, not its path
            continue
    files = [(_shown_path(path), path) for path in paths]
    lines = ["## The spec", ""]
    for name, path in files:
        try:
            text = path.read_text(encoding="utf-8").rstrip()
        except OSError:
            return []
        lines += [f"???+ abstract \"{html_text(markdown_text(name))}\"", "", "    ```rook"]
        # split on line feeds only: the parser's lines (splitlines also splits on form
        # feeds and separators, which would let a comment close the fence)
        lines += [f"    {line}".rstrip() for line in text.split("\n")]
        lines += ["    ```", ""]
    return lines
