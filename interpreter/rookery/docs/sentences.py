"""One English sentence per rule: what a rules page says for each clause of a spec.

Each writer reads the compiled :class:`~rookery.model.Variant` (never the sources, and
not the clause's text) and returns the rule as a Rook player would say it.  A writer is
also asked about a key the spec leaves out, for the defaults worth telling a player
(``There is no card passing.``); it returns ``None`` when there is nothing to say.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .. import ast
from ..check import maximum_bid, points_available
from ..model import Rule, Variant
from ..parse import parse_text
from ..vocabulary import SECTION_ORDER, SECTIONS
from .english import (amount, capital, card_name, card_with_code, color_names, condition,
                      listing, number, out_of_order, plural, rank_runs, score_phrase,
                      side_words)

SECTION_TITLES = {
    "table": "Players and sides",
    "deck": "The deck",
    "deal": "The deal",
    "bidding": "Bidding",
    "nest": "The nest",
    "passing": "Passing cards",
    "trump": "Trump",
    "play": "Playing the tricks",
    "scoring": "Scoring",
    "game": "End of the game",
}


@dataclass(frozen=True)
class Sentence:
    """A rule told in English: ``rule`` is the spec's clause, or ``None`` for a default
    of the rules language (then ``key`` names the clause that was left out)."""

    key: str
    text: str
    rule: Rule | None


Writer = Callable[[Variant, Rule | None], str | None]
WRITERS: dict[tuple[str, str], Writer] = {}

# Keys whose default a player should be told about when a spec leaves them out.
TOLD_WHEN_ABSENT = {
    ("table", "sides"), ("deal", "nest"), ("deal", "nest-deal"), ("bidding", "first"),
    ("bidding", "maximum"), ("bidding", "step"), ("bidding", "all-pass"), ("nest", "forbid"),
    ("nest", "points"), ("passing", "cards"), ("trump", "named"), ("trump", "choices"),
    ("trump", "rook"), ("play", "leader"), ("play", "follow"), ("play", "anytime"),
    ("play", "review"),
    ("scoring", "made"), ("scoring", "bidders"), ("scoring", "defenders"),
    ("game", "winner"),
}


def writes(section: str, key: str):
    def register(fn: Writer) -> Writer:
        WRITERS[(section, key)] = fn
        return fn
    return register


def sentences(variant: Variant, section: str) -> list[Sentence]:
    """The sentences of one section, in the order the vocabulary lists its keys (the
    order a player tells them): the spec's rules, and the defaults worth telling."""
    keys = list(SECTIONS.get(section, {}))
    told: list[tuple[int, Sentence]] = []
    present = set()
    for rule in variant.rules:
        if rule.section != section:
            continue
        present.add(rule.key)
        writer = WRITERS.get((section, rule.key), _fallback)
        text = writer(variant, rule) or _fallback(variant, rule)
        told.append((keys.index(rule.key) if rule.key in keys else len(keys),
                     Sentence(rule.id, text, rule)))
    for index, key in enumerate(keys):
        if key in present or (section, key) not in TOLD_WHEN_ABSENT:
            continue
        text = WRITERS[(section, key)](variant, None)
        if text:
            told.append((index, Sentence(f"{section}.{key}", text, None)))
    return [sentence for _, sentence in sorted(told, key=lambda item: item[0])]


def all_sentences(variant: Variant) -> dict[str, list[Sentence]]:
    return {section: sentences(variant, section) for section in SECTION_ORDER}


def _fallback(variant: Variant, rule: Rule | None) -> str:
    """For a clause no writer knows yet: its meaning from the vocabulary, and the clause."""
    assert rule is not None
    meaning = SECTIONS.get(rule.section, {}).get(rule.key)
    what = meaning.meaning if meaning else rule.key
    return f"{capital(what)}: `{rule.text}`."


def _seats(seats: list[int]) -> str:
    return listing([str(s) for s in seats])


# -- players and sides ------------------------------------------------------------------------

@writes("table", "players")
def _players(v: Variant, rule: Rule | None) -> str:
    return f"The game is for {plural(v.table.players, 'player')}."


@writes("table", "sides")
def _sides(v: Variant, rule: Rule | None) -> str:
    t = v.table
    if t.sides == "individual":
        return "Every player plays alone and keeps their own score: there are no partnerships."
    if t.sides == "called":
        if t.calls == 1:
            who = "whoever holds it becomes the bid winner's partner"
            what = "a card"
        else:
            who = "the players holding them become the bid winner's partners"
            what = plural(t.calls, "card")
        return (f"There are no fixed partnerships. After the bidding, the bid winner calls "
                f"{what} they do not hold; {who} for the hand, which everyone learns when a "
                f"called card is played.")
    size = t.players // t.teams
    if t.teams == 2 and size == 2:
        where = "partners sitting opposite each other"
    elif t.teams == 2:
        where = "partners in every other seat"
    else:
        where = f"every {number(t.teams)}th seat on the same team"
    teams = "; ".join(f"seats {_seats([s for s in range(t.players) if s % t.teams == team])}"
                      for team in range(t.teams))
    return (f"The players form {plural(t.teams, 'team')} of {number(size)}, {where} "
            f"({teams}). Partners score together.")


@writes("table", "dummy")
def _dummy(v: Variant, rule: Rule | None) -> str:
    if v.table.dummy == "partner":
        return ("The bid winner's partner lays their hand face up as a dummy, and the bid "
                "winner plays it.")
    return "Every player plays their own hand."


@writes("table", "dummy-shown")
def _dummy_shown(v: Variant, rule: Rule | None) -> str:
    if v.table.dummy != "partner":
        return "There is no dummy, so no hand is laid face up."
    if getattr(v.table, "dummy_shown", "") == "after-auction":
        return "The dummy's hand is laid face up as soon as the bidding ends."
    return "The dummy's hand is laid face up once the first card of the first trick is led."


@writes("table", "call-time")
def _call_time(v: Variant, rule: Rule | None) -> str:
    if v.table.sides != "called":
        return "Partners are fixed, so nobody calls a partner."
    if getattr(v.table, "call_time", "") == "after-auction":
        return "The bid winner calls the partner's card as soon as the bidding ends."
    return "The bid winner calls the partner's card after naming trump."


# -- the cards --------------------------------------------------------------------------------

@writes("deck", "colors")
def _colors(v: Variant, rule: Rule | None) -> str:
    d = v.deck
    example = d.cards[-2] if d.rook else d.cards[-1]
    return (f"The cards come in {plural(len(d.colors), 'color')}: {color_names(d)}. A card "
            f"is written with its color's letter and its rank, so `{example.code}` is "
            f"{card_name(d, example.code)}.")


def _ranks_of_colors(v: Variant) -> list[str]:
    present = {card.rank for card in v.deck.cards if card.color is not None}
    return [r for r in v.deck.ranks if r in present]


@writes("deck", "ranks")
def _ranks(v: Variant, rule: Rule | None) -> str:
    d = v.deck
    ranks = [r for r in d.ranks if any(c.rank == r and c.copies > 0 for c in d.cards)]
    full = [r for r in d.ranks if sum(1 for c in d.cards if c.rank == r) == len(d.colors)]
    text = (f"Each color has the ranks {rank_runs(full)}, from lowest to highest, "
            f"{plural(len(full), 'card')} a color")
    odd = out_of_order(tuple(full))
    if odd:
        text += "; " + listing([f"the {high} ranks above the {low}" for high, low in odd])
    extra = [r for r in ranks if r not in full]
    if extra:
        text += f" (the deck's added cards bring in rank {listing(extra)})"
    return text + "."


@writes("deck", "order")
def _order(v: Variant, rule: Rule | None) -> str:
    return (f"With the added cards, the ranks run {rank_runs(v.deck.ranks)}, from lowest "
            f"to highest.")


@writes("deck", "copies")
def _copies(v: Variant, rule: Rule | None) -> str:
    n = v.deck.copies
    if n == 1:
        return "One deck is used."
    return (f"{capital(number(n))} decks are shuffled together, so every card is there "
            f"{'twice' if n == 2 else number(n) + ' times'}.")


@writes("deck", "rook")
def _rook(v: Variant, rule: Rule | None) -> str:
    d = v.deck
    if d.rook is None:
        return "There is no Rook Bird card in this deck."
    many = d.copies > 1
    if d.rook == "ROOK":
        card = (f"{number(d.copies)} Rook Bird cards" if many else "the Rook Bird card")
        return (f"The deck includes {card} (`ROOK`), which "
                f"{'belong' if many else 'belongs'} to no color.")
    card = f"{number(d.copies)} cards" if many else "one card"
    return (f"The deck includes {card} written `{d.rook}` that play the part of the Rook "
            f"Bird: they belong to no color." if many else
            f"The deck includes one card written `{d.rook}` that plays the part of the Rook "
            f"Bird: it belongs to no color.")


def _cards_listed(v: Variant, rule: Rule | None, verb: str) -> str | None:
    if rule is None:
        return None
    codes = [c.strip() for c in rule.text.split(" ", 1)[1].split(",")] \
        if " " in rule.text else []
    codes = [c for c in codes if c and c != "none"]
    if not codes:
        return f"No cards are {verb} the deck."
    return f"{capital(listing([card_with_code(v.deck, c) for c in codes]))} " \
           f"{'is' if len(codes) == 1 else 'are'} {verb} the deck."


@writes("deck", "add")
def _add(v: Variant, rule: Rule | None) -> str | None:
    return _cards_listed(v, rule, "added to")


@writes("deck", "remove")
def _remove(v: Variant, rule: Rule | None) -> str | None:
    return _cards_listed(v, rule, "taken out of")


# -- the deal ---------------------------------------------------------------------------------

@writes("deal", "hand")
def _hand(v: Variant, rule: Rule | None) -> str:
    return (f"Each player gets {plural(v.deal.hand, 'card')}, dealt singly round the table "
            f"from the dealer's left.")


@writes("deal", "nest")
def _nest(v: Variant, rule: Rule | None) -> str:
    if v.deal.nest == 0:
        return "There is no nest: every card is dealt to the players."
    return (f"{capital(plural(v.deal.nest, 'card'))} go face down to the nest (also called "
            f"the widow or the kitty).") if v.deal.nest > 1 else \
        "One card goes face down to the nest (the widow or the kitty)."


@writes("deal", "nest-deal")
def _nest_deal(v: Variant, rule: Rule | None) -> str | None:
    n = v.deal.nest
    if n == 0:
        return "There is no nest to deal." if rule else None
    if v.deal.nest_deal == "rounds":
        return (f"The nest is built during the deal, one card per round for the first "
                f"{plural(n, 'round')}.")
    if v.deal.nest_deal == "first":
        return f"The first {plural(n, 'card')} dealt form the nest." if n > 1 else \
            "The first card dealt is the nest."
    return (f"The nest is the {plural(n, 'card')} left over once the players have their "
            f"hands.") if n > 1 else "The nest is the one card left over after the deal."


# -- bidding ----------------------------------------------------------------------------------

@writes("bidding", "first")
def _first(v: Variant, rule: Rule | None) -> str:
    who = "The dealer" if v.bidding.first == "dealer" else "The player to the dealer's left"
    return f"{who} speaks first, and the bidding goes round to the left."


@writes("bidding", "opening")
def _opening(v: Variant, rule: Rule | None) -> str:
    if v.bidding.opening is None:
        return "Nobody makes an automatic opening bid."
    return (f"The dealer opens with an automatic bid of {v.bidding.opening}; the player to "
            f"the dealer's left speaks next.")


@writes("bidding", "minimum")
def _minimum(v: Variant, rule: Rule | None) -> str:
    return f"The lowest bid is {v.bidding.minimum}."


@writes("bidding", "maximum")
def _maximum(v: Variant, rule: Rule | None) -> str:
    if v.bidding.maximum is not None:
        return f"The highest bid is {v.bidding.maximum}."
    return (f"No highest bid is set; as a hand holds {points_available(v)} points, "
            f"{maximum_bid(v)} is the highest bid possible.")


@writes("bidding", "step")
def _step(v: Variant, rule: Rule | None) -> str:
    return f"Bids are multiples of {v.bidding.step}."


@writes("bidding", "raise")
def _raise(v: Variant, rule: Rule | None) -> str:
    if v.bidding.jumps:
        return (f"Every bid must beat the one before it, and may jump by more than "
                f"{v.bidding.step} at once.")
    return f"Each bid is exactly {v.bidding.step} more than the one before."


@writes("bidding", "pass")
def _pass(v: Variant, rule: Rule | None) -> str:
    return ("A player who passes is out of the bidding for the rest of the hand; the last "
            "player left bidding wins the bid and becomes the bid winner.")


@writes("bidding", "all-pass")
def _all_pass(v: Variant, rule: Rule | None) -> str:
    if v.bidding.all_pass == "dealer-forced":
        last = "the dealer" if v.bidding.first == "left-of-dealer" else \
            "the player on the dealer's right"
        return (f"If all the others pass without a bid, the last to speak ({last}) may not "
                f"pass and takes the bid at the minimum, {v.bidding.minimum}.")
    return ("If every player passes without a bid, the cards are thrown in, nobody scores, "
            "and the next player deals.")


# -- the nest ---------------------------------------------------------------------------------

@writes("nest", "discard")
def _discard(v: Variant, rule: Rule | None) -> str | None:
    n = v.nest.discard
    if v.deal.nest == 0:
        return "With no nest, nobody takes or lays aside any cards."
    mixed = "it may be the nest's own card" if n == 1 else \
        "any of them may be cards that came from the nest"
    return (f"The bid winner takes the nest into hand, then lays {plural(n, 'card')} aside "
            f"face down; {mixed}.")


@writes("nest", "forbid")
def _forbid(v: Variant, rule: Rule | None) -> str | None:
    n = v.nest
    if v.deal.nest == 0:
        return "With no nest, no card is laid aside." if rule else None
    kinds = []
    if n.forbid_counters:
        kinds.append(("Counters", n.counters_unless_forced))
    if n.forbid_trump:
        kinds.append(("Trumps", n.trump_unless_forced))
    if not kinds:
        return "Any card may be laid aside, counters and trumps included."
    parts = []
    for what, unless in kinds:
        parts.append(f"{what if not parts else what.lower()} may not be laid aside"
                     + (" unless the bid winner has no other card left to lay aside"
                        if unless else ""))
    return capital("; ".join(parts)) + "."


@writes("nest", "points")
def _nest_points(v: Variant, rule: Rule | None) -> str | None:
    if v.deal.nest == 0:
        return "With no nest, no counters are laid aside to score." if rule else None
    team, _ = side_words(v)
    where = v.nest.points
    if where == "last-trick":
        return (f"Counters in the nest at the end of the hand go to the {team} that wins "
                f"the final trick.")
    if where == "bidder":
        return f"Counters in the nest at the end of the hand score for the bid winner's {team}."
    return "The cards in the nest score for nobody."


@writes("nest", "announce")
def _announce(v: Variant, rule: Rule | None) -> str:
    if getattr(v.nest, "announce", "nothing") == "points":
        return ("Once the cards are laid aside, the bid winner tells everyone whether the "
                "nest holds any counters (but not which, nor how many).")
    return "The bid winner says nothing about the cards laid aside."


# -- passing ----------------------------------------------------------------------------------

@writes("passing", "cards")
def _passing_cards(v: Variant, rule: Rule | None) -> str:
    n = v.passing.cards
    if n == 0:
        return "Players do not pass cards to one another."
    when = "After the nest exchange" if v.deal.nest else "After the bidding"
    return (f"{when}, every player passes {plural(n, 'card')} face down to an opponent, "
            f"all at the same time, so nobody can pass on a card they have just received.")


_DIRECTION = {"left": "to the left", "right": "to the right", "none": "not at all"}
_NTH = ("first", "second", "third", "fourth", "fifth", "sixth")


@writes("passing", "directions")
def _directions(v: Variant, rule: Rule | None) -> str | None:
    if v.passing.cards == 0:
        return "No cards are passed, so the direction does not matter." if rule else None
    ways = v.passing.directions
    if len(ways) == 1:
        return f"Cards are always passed {_DIRECTION[ways[0]]}."
    cycle = [f"{_DIRECTION[way]} in the {_NTH[i] if i < len(_NTH) else str(i + 1) + 'th'} "
             f"hand" for i, way in enumerate(ways)]
    return (f"The direction changes from hand to hand: cards go {listing(cycle)} of the "
            f"game, and then the cycle starts again.")


@writes("passing", "bidder-sees")
def _bidder_sees(v: Variant, rule: Rule | None) -> str | None:
    if v.passing.cards == 0:
        return "No cards are passed, so there is nothing to look at." if rule else None
    if v.passing.bidder_sees == "after-trump":
        return ("The cards passed to the bid winner stay face down until the bid winner has "
                "named trump.")
    return "Everyone picks up the cards passed to them at once."


# -- trump ------------------------------------------------------------------------------------

@writes("trump", "named")
def _named(v: Variant, rule: Rule | None) -> str:
    named = v.trump.named
    if v.deal.nest == 0:
        return "The bid winner names trump after the bidding."
    if named == "before-nest":
        return "The bid winner names trump before taking the nest."
    if named == "after-taking-nest":
        return ("The bid winner names trump after taking the nest into hand and before "
                "laying cards aside.")
    after = "the nest exchange and the passing of cards" if v.passing.cards else \
        "laying the nest's cards aside"
    return f"The bid winner names trump after {after}."


@writes("trump", "choices")
def _choices(v: Variant, rule: Rule | None) -> str:
    choices = v.trump.choices
    letters = [c for c in choices if c in {col.letter for col in v.deck.colors}]
    names = [col.name for col in v.deck.colors if col.letter in letters]
    if len(names) == len(v.deck.colors):
        text = "The bid winner may name any color trump"
    else:
        text = f"The bid winner may name {listing(names, 'or')} trump"
    if "none" in choices:
        text += ", or call no trump at all"
    text += "."
    if any(c.endswith("-low") for c in choices):
        text += (" Any of these may instead be called *low card*: the ranks are reversed, so "
                 "in every color, trump included, the lowest card wins.")
    if "circus" in choices:
        text += (" The bid winner may also call *circus*: then the player on their left "
                 "names trump, every player passes one card to the left (the namer's side "
                 "its best card, the bid winner's side its worst), and the namer leads to "
                 "the first trick.")
    return text


@writes("trump", "low-card-rook")
def _low_card_rook(v: Variant, rule: Rule | None) -> str | None:
    above = getattr(v.trump, "low_card_rook", None)
    if v.deck.rook is None:
        return "The deck has no Rook, so where it would rank in a low-card hand does not matter."
    if above is None:
        return "In a low-card hand the Rook ranks as it does in any other hand."
    return (f"In a low-card hand the Rook ranks between the {above} and the next card "
            f"above it in the usual order: with the ranks reversed, it beats the cards "
            f"above the {above} but loses to the {above} and everything below it.")


@writes("trump", "rook")
def _rook_place(v: Variant, rule: Rule | None) -> str:
    t = v.trump
    if v.deck.rook is None:
        return "The deck has no Rook, so where it would rank does not matter."
    if t.rook == "highest":
        return ("The Rook is a trump: it belongs to the trump color and ranks "
                "above its highest card.")
    if t.rook == "lowest":
        return ("The Rook is a trump: it belongs to the trump color and ranks "
                "below its lowest card.")
    if t.rook == "above":
        return (f"The Rook is a trump ranking just above the {t.rook_above} of the trump "
                f"color.")
    return ("After naming trump, the bid winner calls the Rook either high (the highest "
            "trump) or low (the lowest trump).")


@writes("trump", "no-trump-rook")
def _no_trump_rook(v: Variant, rule: Rule | None) -> str | None:
    placed = v.trump.no_trump_rook
    if placed is None or v.deck.rook is None:
        return None
    color = next(c.name for c in v.deck.colors if c.letter == placed[0])
    return (f"When no trump is named, the Rook plays as a {color} card ranking just above "
            f"the {color} {placed[1]}.")


@writes("trump", "special")
def _special(v: Variant, rule: Rule | None) -> str | None:
    if rule is None:
        return None
    code = rule.id.split(".", 2)[2] if rule.id.count(".") >= 2 else ""
    for special in v.trump.specials:
        if special.code == code or rule.text.split()[1:2] == [special.code]:
            d = v.deck
            if special.anchor in ("top", "bottom"):
                where = "the highest trump" if special.anchor == "top" else "the lowest trump"
                return f"{capital(card_with_code(d, special.code))} is always trump: {where}."
            return (f"{capital(card_with_code(d, special.code))} is always trump, ranking "
                    f"just {special.placement} {card_name(d, special.anchor)}.")
    return None


# -- play -------------------------------------------------------------------------------------

@writes("play", "leader")
def _leader(v: Variant, rule: Rule | None) -> str:
    leader = v.play.leader
    if leader == "left-of-dealer":
        who = "The player to the dealer's left leads to the first trick."
    elif leader == "left-of-bidder":
        who = "The player to the bid winner's left leads to the first trick."
    elif leader == "bidder":
        who = "The bid winner leads to the first trick."
    else:
        who = ("The bid winner chooses who leads to the first trick: themselves or the "
               "player on their left.")
    return who + " After that, whoever wins a trick leads to the next."


@writes("play", "follow")
def _follow(v: Variant, rule: Rule | None) -> str:
    wins = ("The best trump in a trick wins it; a trick without trumps goes to the top card "
            "of the led color.")
    if v.play.follow == "any":
        return "Players may play any card; they need not follow the color led. " + wins
    rook = " (the Rook belongs to the trump color)" if v.deck.rook else ""
    return ("Play goes to the left. Each player must play a card of the color led if they "
            f"can{rook}; a player who cannot may play any card, a trump included. " + wins)


@writes("play", "anytime")
def _anytime(v: Variant, rule: Rule | None) -> str | None:
    cards = v.play.anytime
    d = v.deck
    if not cards:
        if d.rook is None:
            return "No card is exempt from following the color led." if rule else None
        return ("The Rook may not be played at will: like any trump, it must follow when "
                "trump is led, and may be played to another color only by a player who "
                "cannot follow.")
    names = listing([card_with_code(d, c) for c in cards])
    one = len(cards) == 1
    return (f"{capital(names)} may be played to any trick, even by a player who could "
            f"follow the color led; {'as a trump, it still follows' if one else 'as trumps, they still follow'}"
            f" when trump is led.")


@writes("play", "ties")
def _ties(v: Variant, rule: Rule | None) -> str:
    first = v.play.ties == "first-played"
    text = (f"When two identical cards fall in the same trick, the one played "
            f"{'first' if first else 'last'} ranks higher")
    if v.deck.copies == 1 and not any(card.copies > 1 for card in v.deck.cards):
        text += " (with one deck this cannot happen)"
    return text + "."


@writes("play", "review")
def _review(v: Variant, rule: Rule | None) -> str:
    if getattr(v.play, "review", "none") == "last-trick":
        return ("A player may look again at the last trick taken, but not at earlier ones.")
    return ("Once the next card is led, a taken trick stays face down: nobody may look back "
            "at it.")


# -- scoring ----------------------------------------------------------------------------------

def counter_groups(v: Variant) -> list[tuple[str, int, int]]:
    """Counters grouped for telling: (what, points each, how many in the deck); a rank
    whose cards are all worth the same is one group ("every 14")."""
    d = v.deck
    groups: list[tuple[str, int, int]] = []
    single: list[tuple[str, int, int]] = []
    for rank in d.ranks:
        cards = [c for c in d.cards if c.rank == rank]
        values = {c.points for c in cards}
        if len(values) == 1 and len(cards) == len(d.colors):
            if cards[0].points:
                groups.append((f"every {rank}", cards[0].points, sum(c.copies for c in cards)))
        else:
            single += [(card_with_code(d, c.code), c.points, c.copies) for c in cards if c.points]
    groups.sort(key=lambda g: -g[1])
    rook = [(card_with_code(d, c.code), c.points, c.copies) for c in d.cards
            if c.color is None and c.points]
    return groups + single + rook


@writes("scoring", "counters")
def _counters(v: Variant, rule: Rule | None) -> str:
    groups = counter_groups(v)
    if not groups:
        return "No card is worth points by itself."
    by_points: dict[int, list[str]] = {}
    for what, points, _ in groups:
        by_points.setdefault(points, []).append(what)
    parts = [f"{listing(names)} {'is' if len(names) == 1 else 'are'} worth {points} points"
             for points, names in by_points.items()]
    total = sum(c.points * c.copies for c in v.deck.cards)
    count = sum(c.copies for c in v.deck.cards if c.points)
    return (f"The counters (the cards worth points): {'; '.join(parts)}. Other cards are "
            f"worth nothing. The deck's {count} counters hold {total} points.")


@writes("scoring", "trick-points")
def _trick_points(v: Variant, rule: Rule | None) -> str:
    n = v.scoring.trick_points
    return f"Every trick taken is worth {n} points." if n else "Tricks are worth nothing by themselves."


@writes("scoring", "last-trick")
def _last_trick(v: Variant, rule: Rule | None) -> str:
    n = v.scoring.last_trick
    return f"Winning the final trick earns {n} extra points." if n else \
        "The last trick earns no bonus."


@writes("scoring", "majority")
def _majority(v: Variant, rule: Rule | None) -> str:
    n = v.scoring.majority
    team, _ = side_words(v)
    return (f"The {team} that takes the most tricks scores {n} points more (nobody does on "
            f"a tie).") if n else "Taking the most tricks earns no bonus."


@writes("scoring", "all-tricks")
def _all_tricks(v: Variant, rule: Rule | None) -> str:
    n = v.scoring.all_tricks
    team, _ = side_words(v)
    return f"A {team} that takes every trick scores {n} points more." if n else \
        "Taking every trick earns no bonus."


@writes("scoring", "total")
def _total(v: Variant, rule: Rule | None) -> str:
    return (f"In all, a hand holds {points_available(v)} points"
            + (f" (with {v.scoring.all_tricks} more for taking every trick)"
               if v.scoring.all_tricks else "") + ".")


def formula_of(v: Variant, key: str) -> ast.Expr:
    """The parsed formula of a scoring clause (``made``, ``bidders``, ``defenders``)."""
    text = dict(v.scoring.formulas)[key]
    spec = parse_text(f"variant f\nscoring:\n  {key}: {text}\n", "<formula>")
    return spec.sections[0].clauses[0].formula  # type: ignore[return-value]


def _bidding_side(v: Variant) -> str:
    team, _ = side_words(v)
    return "the bid winner" if team == "player" else f"the bid winner's {team}"


@writes("scoring", "made")
def _made(v: Variant, rule: Rule | None) -> str:
    return (f"{capital(_bidding_side(v))} makes the bid when "
            f"{condition(formula_of(v, 'made'))}.")


@writes("scoring", "bidders")
def _bidders(v: Variant, rule: Rule | None) -> str:
    return (f"At the end of the hand {_bidding_side(v)} "
            f"{score_phrase(formula_of(v, 'bidders'))}.")


@writes("scoring", "defenders")
def _defenders(v: Variant, rule: Rule | None) -> str:
    _, others = side_words(v)
    return f"{capital(others)} {score_phrase(formula_of(v, 'defenders'))}."


# -- end of the game --------------------------------------------------------------------------

@writes("game", "target")
def _target(v: Variant, rule: Rule | None) -> str:
    team, _ = side_words(v)
    return (f"Scores are carried from hand to hand, and the deal passes to the left. The "
            f"game ends with the hand that brings a {team}'s total to {v.game.target} or "
            f"beyond.")


@writes("game", "winner")
def _winner(v: Variant, rule: Rule | None) -> str:
    team, _ = side_words(v)
    if v.game.winner == "bidder-goes":
        return (f"If the bid winner's {team} reaches {v.game.target}, it wins, even when "
                f"another {team} has more (\"the bidder goes out\"); otherwise the highest "
                f"total wins.")
    return (f"If more than one {team} reaches {v.game.target} in the same hand, the higher "
            f"total wins; equal top totals play another hand.")


__all__ = ["Sentence", "SECTION_TITLES", "WRITERS", "sentences", "all_sentences",
           "counter_groups", "formula_of", "amount"]
