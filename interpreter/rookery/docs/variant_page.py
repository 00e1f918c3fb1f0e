"""The rules page of one variant (``docs/variants/<id>.md``), written for players first, as
pagat.com writes a game: the aim and who plays with whom, what differs from the game it
extends, the figures at a glance, the cards, the trump order, how a hand goes (a picture
and a short narrative), then the rules in prose by phase (:mod:`.page_rules`), the
variations, a sample deal, and, folded, where the page comes from and the spec."""

from __future__ import annotations

from pathlib import Path

from ..language.check import summary
from ..engine.tables import tables_for
from ..language.model import Variant
from ..language.figures import stale_rulings
from . import hand_story, sample_deal
from ..escaping import code_span, html_text, markdown_link, markdown_text
from .cards import chip, chips
from .english import capital, listing, number, plural
from .page_rules import rules_section, source_link, what_differs
from .tell_play import counter_groups


def variant_page(variant: Variant, titles: dict[str, str], children: list[str],
                 header: str, parent: Variant | None = None) -> str:
    """The Markdown of a variant's page; ``titles`` maps every variant id to its title,
    ``children`` lists the variants that extend this one, ``parent`` is the variant it
    extends (compiled), to show its rulings that quote a figure this one changed as
    the parent's."""
    v = variant
    stale = stale_rulings(v, parent) if parent is not None else []
    out = [header, f"# {markdown_text(v.title)}", ""]
    out += hand_story.aim(v)
    out += what_differs(v, titles)
    out += _glance(v)
    out += _cards(v)
    out += _trump_order(v)
    out += _how_a_hand_goes(v)
    out += rules_section(v, titles, stale, parent)
    out += _variations(titles, children)
    out += sample_deal.section(v)
    out += _about(v)
    out += _own_sources(v)
    out += _spec_file(v)
    return "\n".join(out).rstrip() + "\n"


def _how_a_hand_goes(v: Variant) -> list[str]:
    return ["## How a hand goes", "",
            f'<figure class="rk-phases-figure">{hand_story.phases_svg(v)}</figure>', "",
            hand_story.story(v), ""]


def _variations(titles: dict[str, str], children: list[str]) -> list[str]:
    if not children:
        return []
    return ["## Variations", "",
            "Games that start from this one and change a few rules: "
            + listing([f"[{titles[c]}]({c}.md)" for c in children]) + ".", ""]


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


def _about(v: Variant) -> list[str]:
    """Where the page comes from: the spec, its sources, its rules and rulings (folded)."""
    cited: dict[str, int] = {}
    for rule in v.rules:
        for citation in rule.citations:
            cited[citation.source] = cited.get(citation.source, 0) + 1
    rulings = sum(len(rule.rulings) for rule in v.rules)
    options = "".join(f" with option `{o}`" for o in v.options)
    lines = ['??? info rk-meta "About this page"', "",
             f"    Written by `rookery docs` from the spec {code_span(shown_path(Path(v.path)))}"
             f"{options} (variant id `{v.id}`): {plural(len(v.rules), 'rule')}, each "
             f"with its id and the place in the sources it comes from, and "
             f"{plural(rulings, 'ruling')} where the spec decides what the sources leave "
             f"open."]
    if cited:
        main = sorted(cited, key=lambda s: (-cited[s], s))
        lines += ["", "    Sources: " + ", ".join(
            f"{source_link(s, v)} ({plural(cited[s], 'citation')})" for s in main) + "."]
    return lines + [""]


def _glance(v: Variant) -> list[str]:
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
    lines = ["## At a glance", "", '<table class="rk-glance">']
    lines += [f'<tr><th scope="row">{name}</th><td>{value}</td></tr>'
              for name, value in rows]
    return lines + ["</table>", ""]


def _cards(v: Variant) -> list[str]:
    d = v.deck
    lines = ["## The cards", ""]
    twice = ""
    if d.copies > 1:
        odd = [c.code for c in d.cards if c.copies != d.copies]
        twice = (f" Every card is in the deck "
                 f"{'twice' if d.copies == 2 else plural(d.copies, 'time')}"
                 + (f", except {listing([f'`{c}`' for c in odd])}" if odd else "") + ".")
    lines += [f"{d.size} cards in all.{twice} Lowest to highest, the counters (the cards "
              f"worth points) ringed:", "",
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
        always = (f"; {listing([f'`{c}`' for c in extra])} "
                  f"{'is' if len(extra) == 1 else 'are'} always trump" if extra else "")
        lines += [f"In every color the cards rank from {_high_to_low(ranks)}{always}.", ""]
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


def shown_path(path: Path) -> str:
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
    files = [(shown_path(path), path) for path in paths]
    lines = ["## The spec", ""]
    for name, path in files:
        try:
            text = path.read_text(encoding="utf-8").rstrip()
        except OSError:
            return []
        lines += [f"??? abstract \"The spec: {html_text(markdown_text(name))}\"", "",
                  "    ```rook"]
        # split on line feeds only: the parser's lines (splitlines also splits on form
        # feeds and separators, which would let a comment close the fence)
        lines += [f"    {line}".rstrip() for line in text.split("\n")]
        lines += ["    ```", ""]
    return lines
