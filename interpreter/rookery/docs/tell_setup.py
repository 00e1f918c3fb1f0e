"""Rule sentences for the table, the deck and the deal (``table:``, ``deck:``, ``deal:``)."""

from __future__ import annotations

from ..language.model import Rule, Variant
from .english import (capital, card_name, card_with_code, color_names, listing, number,
                      out_of_order, plural, rank_runs)
from .writers import writes


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
    return ("The dummy's hand is laid face up once the first card of the first trick is "
            "led, or as its own lead falls due when the dummy leads that trick, so the bid "
            "winner never plays from a hidden hand.")


@writes("table", "call-time")
def _call_time(v: Variant, rule: Rule | None) -> str:
    if v.table.sides != "called":
        return "Partners are fixed, so nobody calls a partner."
    if getattr(v.table, "call_time", "") == "after-auction":
        return "The bid winner calls the partner's card as soon as the bidding ends."
    if getattr(v.table, "call_time", "") == "before-trump":
        rook_first = v.trump.rook == "caller-chooses" and v.deck.rook and \
            v.trump.rook_call == "before-trump"
        return ("The bid winner calls the partner's card before naming trump"
                + (" and before calling the Rook high or low." if rook_first else "."))
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


def _poor_condition(condition) -> str:
    if condition.kind == "counters":
        return "no counter at all" if condition.number == 1 else \
            f"fewer than {plural(condition.number, 'counter')}"
    if condition.kind == "points":
        return f"counters worth fewer than {condition.number} points in all"
    return (f"nothing but cards from {condition.low} to {condition.high} (the Rook is "
            f"not one of them)")


@writes("deal", "poor-hand")
def _poor_hand(v: Variant, rule: Rule | None) -> str | None:
    conditions = v.deal.poor_hand
    if not conditions:
        return "No hand is too poor to play: the cards dealt are always played." \
            if rule else None
    said = listing([_poor_condition(c) for c in conditions], "or")
    return f"A hand holding {said} is a poor hand."


@writes("deal", "poor-hand-redeal")
def _poor_hand_redeal(v: Variant, rule: Rule | None) -> str | None:
    if not v.deal.poor_hand:
        return "No hand is poor, so no hand is thrown in for it." if rule else None
    if v.deal.poor_hand_redeal == "must":
        return ("As soon as a poor hand is dealt, the cards are thrown in before anyone "
                "bids, and nobody scores.")
    return ("Before the bidding, each player holding a poor hand, starting from the "
            "dealer's left, may throw the cards in (nobody scores) or keep them and play "
            "on.")


@writes("deal", "poor-hand-dealer")
def _poor_hand_dealer(v: Variant, rule: Rule | None) -> str | None:
    if not v.deal.poor_hand:
        return "No hand is poor, so nobody deals again for it." if rule else None
    if v.deal.poor_hand_dealer == "same":
        return "After a poor hand is thrown in, the same dealer shuffles and deals again."
    return "After a poor hand is thrown in, the deal passes to the left."


@writes("deck", "birds")
def _birds(v: Variant, rule: Rule | None) -> str | None:
    birds = v.deck.birds
    if not birds:
        return "There is no bird in the deck besides the Rook." if rule else None
    each = "each" if len(birds) > 1 else "it"
    many = f" ({number(v.deck.copies)} copies of each)" if v.deck.copies > 1 else ""
    return (f"Besides the Rook, the deck holds {plural(len(birds), 'more bird')}, "
            f"{listing([f'`{code}`' for code in birds])}{many}: {each} belongs to no color "
            f"and is always a trump.")
