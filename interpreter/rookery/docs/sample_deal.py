"""A sample deal on each rules page: one hand of the variant played by the interpreter
between simple bots (:class:`rookery.play.bots.SimpleBot`) from a fixed seed, drawn as card
tables: the hands, the auction, what the bid winner declared, every trick with who led
it and who won it, and the score.

The deal is real: the page shows what :func:`rookery.deal_hand` and the engine do, so a
change in the rules or the engine shows on the page (and ``tests/test_docs.py`` asks for
the pages to be regenerated).
"""

from __future__ import annotations

import random

from ..play.bots import SimpleBot
from ..engine import Hand, deal_hand
from ..engine.hand import CALL, DISCARD, PASSING, TRUMP, steps_after_bidding
from ..engine.passing import direction
from ..language.model import Variant
from .cards import chip, chips

FIRST_SEED = 1
SEEDS_TRIED = 20     # a seed whose hand everyone passes is skipped for the next one


def play(variant: Variant) -> tuple[int, Hand]:
    """The first seed from :data:`FIRST_SEED` whose hand is bid on, and that hand played
    to its end by simple bots (seat 0 deals; the bots' choices use the same seed)."""
    for seed in range(FIRST_SEED, FIRST_SEED + SEEDS_TRIED):
        hand = deal_hand(variant, seed=seed, dealer=0)
        bot = SimpleBot(random.Random(seed))
        while not hand.is_over:
            hand.apply(bot.choose(hand))
        if not hand.result.thrown_in:
            return seed, hand
    return seed, hand


def _seat(hand: Hand, seat: int) -> str:
    team = hand.t.team_of
    return f"seat {seat} (team {team[seat]})" if team is not None else f"seat {seat}"


def _trump_words(variant: Variant, call: str) -> str:
    names = {c.letter: c.name for c in variant.deck.colors}
    letter, _, rook = call.partition(" ")
    if letter in ("none", "none-low"):
        words = "no trump" + (", low cards winning" if letter == "none-low" else "")
    elif letter.endswith("-low"):
        words = f"{names.get(letter[:-4], letter)}, low cards winning"
    else:
        words = names.get(letter, letter)
    return words + (f", the Rook called {rook}" if rook else "")


def section(variant: Variant) -> list[str]:
    """The Markdown of the sample deal."""
    seed, hand = play(variant)
    v = variant
    n = hand.n
    if hand.result.thrown_in:
        return ["## A sample deal", "",
                f"No sample deal: in each of the {SEEDS_TRIED} deals tried (seeds "
                f"{FIRST_SEED} to {seed}), the {n} simple bots all passed and the hand was "
                f"thrown in.", ""]
    lines = ["## A sample deal", "",
             f"One hand played by the interpreter between {n} simple bots, to show the "
             f"rules at work, not good play.",
             "", '??? example "The hands, the auction, every trick and the score"', "",
             f"    Seat 0 deals; seats are numbered to the left. "
             f"`rookery.deal_hand(variant, seed={seed}, dealer=0)`, each bot "
             f"(`rookery.play.bots.SimpleBot`) deciding with `random.Random({seed})`.", "",
             '    <div class="rk-deal" markdown>', ""]
    body = _hands(v, hand) + _auction(hand) + _declarations(v, hand) + _tricks(v, hand)
    body += _score(hand)
    lines += [f"    {line}" if line else "" for line in body]
    return lines + ["    </div>", ""]


def by_color(hand: Hand, held) -> list[str]:
    """Card codes sorted as a player holds them: by color (in the deck's order, colorless
    cards last), then by rank."""
    t = hand.t

    def key(code: str):
        card = t.card_of[code]
        return (t.color_of[card] if t.color_of[card] >= 0 else len(t.letters), t.rank_index[card])

    return sorted(held, key=key)


def _hands(v: Variant, hand: Hand) -> list[str]:
    lines = ["**The deal.** Each hand sorted by color, counters ringed:", "",
             "| Seat | Cards |", "|---|---|"]
    for seat, held in enumerate(hand.start_hands):
        lines.append(f"| {_seat(hand, seat)} | {chips(v, by_color(hand, held))} |")
    if hand.start_nest:
        lines.append(f"| the nest | {chips(v, hand.start_nest)} |")
    return lines + [""]


def _auction(hand: Hand) -> list[str]:
    """The auction as a bridge player draws it: a column per seat, in the order they
    speak, a row per round."""
    calls = hand.auction
    if not calls:
        return []
    n = hand.n
    first = calls[0][0]
    order = [(first + k) % n for k in range(n)]
    rows: list[list[str]] = []
    column = 0
    for seat, said in calls:
        while order[column % n] != seat:
            column += 1
        if column // n >= len(rows):
            rows.append([""] * n)
        rows[column // n][column % n] = "pass" if said == "pass" else said.split()[1]
        column += 1
    lines = ["**The auction.**", "",
             "| " + " | ".join(_seat(hand, s) for s in order) + " |",
             "|" + "---|" * n]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines + ["", f"{_seat(hand, hand.bidder).capitalize()} wins the auction at "
                        f"{hand.high}.", ""]


def decisions(v: Variant, hand: Hand) -> list[tuple[str, str]]:
    """What was decided between the auction and the play, as (step, sentence), in the
    order the spec puts those steps (:func:`rookery.engine.hand.steps_after_bidding`):
    the nest laid aside, cards passed, the partner called, the Rook called, trump named.
    A circus hand (a player other than the bid winner names trump, then cards are passed
    to the left) tells its own course."""
    gave = "; ".join(f"{_seat(hand, s)} {chips(v, [hand.t.codes[c] for c in cards])}"
                     for s, cards in enumerate(hand.given) if cards)
    said: dict[str, str] = {}
    if hand.laid_aside:
        said[DISCARD] = (f"The bid winner takes the nest and lays aside "
                         f"{chips(v, [hand.t.codes[c] for c in hand.laid_aside])}.")
    if gave and hand.circus_namer is None:
        said[PASSING] = (f"Each player passes {v.passing.cards} cards to the "
                         f"{direction(hand)}: {gave}.")
    if hand.called:
        said[CALL] = ("The bid winner calls " + chips(v, [hand.t.codes[c] for c in hand.called])
                      + ": the partner" + ("s are " if len(hand.partners) > 1 else " is ")
                      + (", ".join(_seat(hand, s) for s in sorted(hand.partners)) or "nobody")
                      + ".")
    if hand.ctx is not None:
        circus = (f"The bid winner calls circus: {_seat(hand, hand.circus_namer)} names "
                  f"trump. " if hand.circus_namer is not None else "")
        after = (f" Each player passes a card to the left, the side that named trump its "
                 f"best, the other side its worst: {gave}." if gave and circus else "")
        said[TRUMP] = f"{circus}Trump: **{_trump_words(v, hand.ctx.call)}**.{after}"
    steps = steps_after_bidding(v)
    return [(step, said[step]) for step in steps if step in said]


def _declarations(v: Variant, hand: Hand) -> list[str]:
    said = [sentence for _, sentence in decisions(v, hand)]
    return [" ".join(said), ""] if said else []


def _tricks(v: Variant, hand: Hand) -> list[str]:
    lines = ["**The play.** Each trick in the order its cards were played, the winning card "
             "underlined:", "",
             "| Trick | Led by | Cards played | Won by | Points |", "|--:|---|---|---|--:|"]
    codes = hand.t.codes
    for number, (leader, cards, seats, winner) in enumerate(hand.tricks, 1):
        played = []
        for seat, card in zip(seats, cards):
            drawn = chip(v, codes[card])
            if seat == winner:
                drawn = drawn.replace('class="', 'class="rk-won ', 1)
            played.append(f"{seat}:&nbsp;{drawn}")
        points = sum(hand.t.points[c] for c in cards)
        lines.append(f"| {number} | seat {leader} | {' '.join(played)} | seat {winner} | "
                     f"{points or ''} |")
    return lines + [""]


def _score(hand: Hand) -> list[str]:
    r = hand.result
    lines = [f"**The score.** The bid was {r.bid} by {_seat(hand, r.bidder)}: "
             f"{'made' if r.made else 'set'}."
             + (f" The nest (the cards laid aside, {r.nest_points} points) goes to "
                f"{'nobody' if r.nest_to is None else _seat(hand, r.nest_to)}."
                if hand.start_nest else ""), "",
             "| Side | Tricks | Counters | Bonus | Taken | Scores |", "|---|--:|--:|--:|--:|--:|"]
    for side in r.sides:
        seats = ", ".join(str(s) for s in side.seats)
        who = f"seat{'s' if len(side.seats) > 1 else ''} {seats}" + \
            (" (bidding side)" if side.bidding else "")
        lines.append(f"| {who} | {side.tricks} | {side.counters} | {side.bonus} | "
                     f"{side.taken} | {side.score:+d} |")
    return lines + [""]
