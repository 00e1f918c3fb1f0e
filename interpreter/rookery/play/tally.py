"""One bot game of a spec, counted for ``rookery compare``: what each hand came to
(contract made or set, the winning bid, the bidders' score, thrown in, who dealt and
whether the dealer's side came out ahead) and who won the game.

The deals come from their own generator, seeded by the game's number, and the bots
draw from another: two specs with the same deck and deal are dealt the same cards in
the same order whatever their other rules (until a rule changes how many hands are
dealt), so their games differ only by what the rules change."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine import Game
from ..language.model import Variant
from ..parallel import worker_local
from .bots import make_bot


@dataclass(frozen=True)
class HandTally:
    """One hand: ``bid`` and ``made`` are None when it was thrown in."""

    dealer: int
    thrown_in: bool
    bid: int | None
    made: bool | None
    bidders_score: int | None
    dealer_ahead: bool | None       # the dealer's side scored more than every other side


@dataclass(frozen=True)
class GameTally:
    """One game: its hands, the seats whose side won (none if stopped at the limit)."""

    seed: int
    hands: tuple[HandTally, ...]
    winning_seats: tuple[int, ...]
    finished: bool


def _hand_tally(dealer: int, result) -> HandTally:
    """A finished hand's :class:`HandResult` seen from its bidders and its dealer."""
    if result.thrown_in or result.bidder is None:
        return HandTally(dealer, True, None, None, None, None)
    bidders = next((side.score for side in result.sides if side.bidding), None)
    dealer_side = next((side.score for side in result.sides if dealer in side.seats), None)
    others = [side.score for side in result.sides if dealer not in side.seats]
    ahead = dealer_side is not None and all(dealer_side > score for score in others)
    return HandTally(dealer, False, result.bid, bool(result.made), bidders, ahead)


def play_tallied(variant: Variant, seed: int, bots: tuple[str, ...],
                 max_hands: int) -> GameTally:
    """A whole game of ``variant`` from ``seed`` between ``bots`` (one per seat, seat 0
    dealing first), stopped after ``max_hands`` hands without a winner."""
    deals = random.Random(seed)
    choices = random.Random(f"bots {seed}")
    players = [make_bot(name, choices) for name in bots]
    game = Game(variant, deals, first_dealer=0, max_hands=max_hands)
    dealers = [hand.dealer for hand in game.dealt_over]
    game.dealt_over.clear()
    while not game.is_over:
        hand = game.hand
        game.apply(players[hand.actor].choose(hand), hand.actor)
        if hand.is_over:
            dealers.append(hand.dealer)
            dealers += [thrown.dealer for thrown in game.dealt_over]
            game.dealt_over.clear()
    team_of = game.t.team_of
    seats = range(variant.table.players)
    winning = tuple(seat for seat in seats
                    if (team_of[seat] if team_of is not None else seat) in game.winners)
    return GameTally(seed, tuple(_hand_tally(dealer, result)
                                 for dealer, result in zip(dealers, game.results)),
                     winning, bool(game.winners))


@dataclass(frozen=True)
class Games:
    """A work item: games ``first`` .. ``first + count - 1`` of one spec."""

    spec: str
    first: int
    count: int
    bots: tuple[str, ...]
    max_hands: int


def play_games(games: Games) -> list[GameTally]:
    """The games of a work item (run by a worker; the spec is loaded once a worker)."""
    from ..language.load import load_variant
    variant = worker_local(("variant", games.spec), lambda: load_variant(games.spec))
    return [play_tallied(variant, seed, games.bots, games.max_hands)
            for seed in range(games.first, games.first + games.count)]
