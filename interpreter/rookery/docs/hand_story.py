"""How a hand goes, for the top of a rules page: the aim of the game, a short narrative of
one hand (deal, auction, what the bid winner does, play, scoring) and a picture of its
phases, an SVG drawn here at build time (no script, so the site works offline).

Every step is read from the compiled variant, in the order the engine plays them
(:func:`rookery.engine.hand.steps_after_bidding`), so the story, the picture and the
sample deal tell the same order.
"""

from __future__ import annotations

from html import escape

from ..engine.hand import CALL, DISCARD, LEADER, PASSING, ROOK, TRUMP, steps_after_bidding
from ..language.check import maximum_bid
from ..language.model import Variant
from .english import number, plural, side_words

TAKE = "take"     # the step that takes the nest into hand (it has no decision)


def sides_words(v: Variant) -> str:
    """Who plays with whom, as a player says it."""
    t = v.table
    if t.sides == "teams":
        each = t.players // t.teams
        seats = (", partners sitting opposite each other" if t.teams == 2 and each == 2
                 else "")
        return f"{number(t.players)} players in {number(t.teams)} teams of {number(each)}{seats}"
    if t.sides == "individual":
        return f"{number(t.players)} players, each playing for themselves"
    partners = "a partner" if t.calls == 1 else f"{number(t.calls)} partners"
    return f"{number(t.players)} players, the bid winner calling {partners} each hand"


def called_partners(v: Variant) -> str:
    """The sentence a called-partner page opens its second sentence with: how a partner
    is found, each piece of it a clause of its own."""
    t = v.table
    if t.calls == 1:
        return ("There are no fixed partners: in each hand the bid winner calls a card, and "
                "whoever holds it is the bid winner's partner for that hand alone. Nobody "
                "knows who that is until the called card is played.")
    return (f"There are no fixed partners: in each hand the bid winner calls "
            f"{number(t.calls)} cards, and the players who hold them are the bid winner's "
            f"partners for that hand alone. Nobody knows who they are until the called "
            f"cards are played.")


def aim(v: Variant) -> list[str]:
    """The aim of the game, in two or three sentences."""
    one, _ = side_words(v)
    deck = f"a deck of {v.deck.size} cards" + (" and the Rook" if v.deck.rook else "")
    if v.table.sides == "called":
        opening = f"A game for {number(v.table.players)} players with {deck}. " \
            + called_partners(v)
        found = "partner" if v.table.calls == 1 else "partners"
        auction = (f"the player who bids highest names trump and, with the {found} the call "
                   "finds, must then take at least as many points as they bid, or lose the "
                   "bid. Each player keeps a score of their own")
    else:
        opening = f"A game for {sides_words(v)}, played with {deck.replace(' and ', ' with ')}."
        auction = (f"the {one} that bids highest names trump and must then take at least as "
                   f"many points as it bid, or lose the bid. Scores carry from hand to hand")
    return [opening, "",
            f"The aim: win tricks holding *counters*, the cards worth points. Each hand is "
            f"auctioned: {auction}, and the game goes to {v.game.target} points.", ""]


def phases(v: Variant) -> list[tuple[str, str]]:
    """The phases of a hand as (step, a short label for the picture), in order."""
    steps = steps_after_bidding(v)
    labels = {TAKE: "Take the nest", DISCARD: f"Lay aside {v.nest.discard}",
              PASSING: f"Pass {v.passing.cards}", CALL: "Call a partner",
              ROOK: "Rook high or low", TRUMP: "Name trump", LEADER: "Choose the leader"}
    out = [("deal", "Deal"), ("bidding", "Bid")]
    out += [(step, labels[step]) for step in steps if step in labels]
    return out + [("play", f"Play {v.deal.hand} tricks"), ("score", "Score")]


def story(v: Variant) -> str:
    """One hand as a short narrative, in the order of :func:`phases`."""
    one, _ = side_words(v)
    nest = f", and {number(v.deal.nest)} face down to the nest" if v.deal.nest else ""
    first = "the dealer" if v.bidding.first == "dealer" else "the player to the dealer's left"
    said = [f"The dealer deals {number(v.deal.hand)} cards to each player{nest}.",
            f"Starting with {first}, the players bid for the right to name trump, from "
            f"{v.bidding.minimum} up to {maximum_bid(v)}; the highest bid wins."]
    deeds = {TAKE: "takes the nest into hand",
             DISCARD: f"lays {number(v.nest.discard)} cards aside",
             PASSING: f"sees every player pass {plural(v.passing.cards, 'card')}",
             CALL: ("calls a card to find a partner" if v.table.calls == 1 else
                    f"calls {plural(v.table.calls, 'card')} to find partners"),
             ROOK: "calls the Rook high or low",
             TRUMP: "names trump",
             LEADER: "chooses who leads"}
    done = [deeds[step] for step, _ in phases(v) if step in deeds]
    if done:
        said.append("The bid winner then " + _in_turn(done) + ".")
    low = ("; in a low-card hand, the lowest wins" if any(
        choice.endswith("-low") for choice in v.trump.choices) else "")
    said.append(f"The {number(v.deal.hand)} tricks are played out, each won by the highest "
                f"trump or else the highest card of the color led{low}.")
    said.append(f"Each {one} then counts the counters it took; the bid winner's {one} "
                f"scores only if it took at least its bid.")
    return " ".join(said)


def _in_turn(deeds: list[str]) -> str:
    if len(deeds) == 1:
        return deeds[0]
    return ", ".join(deeds[:-1]) + " and then " + deeds[-1]


# -- the picture ------------------------------------------------------------------------------

BOX_W, BOX_H, GAP, PER_ROW, ROW_H, MARGIN = 118, 44, 26, 5, 78, 8


def phases_svg(v: Variant) -> str:
    """The phases of a hand as boxes joined by arrows, five to a row, left to right."""
    steps = phases(v)
    rows = (len(steps) + PER_ROW - 1) // PER_ROW
    width = MARGIN * 2 + PER_ROW * BOX_W + (PER_ROW - 1) * GAP
    height = MARGIN * 2 + rows * ROW_H - (ROW_H - BOX_H)
    title = "How a hand goes: " + ", then ".join(label for _, label in steps)
    out = [f'<svg class="rk-phases" xmlns="http://www.w3.org/2000/svg" role="img" '
           f'aria-label="{escape(title)}" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}">',
           '<defs><marker id="rk-arrow" viewBox="0 0 10 10" refX="9" refY="5" '
           'markerWidth="7" markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" '
           'fill="#795548"/></marker></defs>']
    places = [(MARGIN + (i % PER_ROW) * (BOX_W + GAP), MARGIN + (i // PER_ROW) * ROW_H)
              for i in range(len(steps))]
    for i in range(1, len(steps)):
        (x0, y0), (x1, y1) = places[i - 1], places[i]
        if y0 == y1:
            path = f"M{x0 + BOX_W},{y0 + BOX_H / 2} L{x1 - 2},{y1 + BOX_H / 2}"
        else:       # down to the next row, back to its left end
            mid = y0 + BOX_H + (ROW_H - BOX_H) / 2
            path = (f"M{x0 + BOX_W / 2},{y0 + BOX_H} L{x0 + BOX_W / 2},{mid} "
                    f"L{x1 + BOX_W / 2},{mid} L{x1 + BOX_W / 2},{y1 - 2}")
        out.append(f'<path d="{path}" fill="none" stroke="#795548" stroke-width="2" '
                   f'marker-end="url(#rk-arrow)"/>')
    for (step, label), (x, y) in zip(steps, places):
        fill = "#f3e5c8" if step in ("deal", "bidding", "play", "score") else "#fff8e1"
        out.append(f'<g class="rk-phase" data-step="{escape(step)}"><rect x="{x}" y="{y}" '
                   f'width="{BOX_W}" height="{BOX_H}" rx="8" fill="{fill}" stroke="#795548" '
                   f'stroke-width="1.5"/><text x="{x + BOX_W / 2}" y="{y + BOX_H / 2 + 5}" '
                   f'text-anchor="middle" font-size="14" fill="#3e2723">{escape(label)}'
                   f'</text></g>')
    out.append("</svg>")
    return "".join(out)
