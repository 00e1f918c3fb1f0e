"""Playing whole games: players at the seats (bots, or a person at the table), the game
driven hand after hand until it ends or reaches a hand limit, and what is shown of it
(a transcript, the person's view of the table, a game record, win and set rates)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..engine import Game, Hand
from ..errors import IllegalAction
from ..language.model import Variant
from .record import add_hand, add_unfinished, finish, new_record
from .transcript import describe_deal, describe_event, scores_line

# Whole games stop here unless told otherwise: a game whose bids are set hand after hand
# can go on for ever, and a stop that is reported is better than a run that never ends.
DEFAULT_HAND_LIMIT = 100


class TranscriptView:
    """Prints the whole game as it goes: every hand, the auction, every trick."""

    def __init__(self, write=print):
        self.write = write

    def deal(self, hand: Hand, number: int) -> None:
        if number > 1:
            self.write("")
        for line in describe_deal(hand, number):
            self.write(line)

    def events(self, hand: Hand, events) -> None:
        for event in events:
            for line in describe_event(hand, event):
                self.write(line)

    def stopped(self, game: Game, hands: int) -> None:
        self.write(f"\nstopped after {hands} hands without a winner (the hand limit; "
                   f"--max-hands N changes it): {scores_line(game.t, game.scores)}")


class SilentView:
    def deal(self, hand: Hand, number: int) -> None:
        pass

    def events(self, hand: Hand, events) -> None:
        pass

    def stopped(self, game: Game, hands: int) -> None:
        pass


@dataclass
class Outcome:
    """How a game went: its record, the winners (empty if it stopped at the limit), and
    each hand's bid winner and whether the bid was made."""

    game: Game
    record: dict
    hands: int
    contracts: list[tuple[int, bool]] = field(default_factory=list)
    left: bool = False              # the person left the table

    @property
    def winners(self) -> tuple[int, ...]:
        return self.game.winners


class LeftTheTable(Exception):
    """The person at the table ended the game (end of input, or ``quit``)."""


def play_game(variant: Variant, players: list, seed: int | None, first_dealer: int = 0,
              max_hands: int = DEFAULT_HAND_LIMIT, view=None,
              rng: random.Random | None = None) -> Outcome:
    """Play a game of ``variant`` with ``players[seat]`` deciding for each seat (anything
    with ``choose(hand) -> Action``; a player with ``refused(error)`` hears why an action
    was refused and chooses again)."""
    view = view or SilentView()
    rng = rng or random.Random(seed)
    game = Game(variant, rng, first_dealer=first_dealer)
    record = new_record(variant, seed, first_dealer, [p.name for p in players])
    outcome = Outcome(game, record, 0)
    _record_dealt_over(game, record, outcome)
    view.deal(game.hand, outcome.hands + 1)
    try:
        while not game.is_over:
            hand = game.hand
            player = players[hand.actor]
            action = player.choose(hand)
            try:
                events = game.apply(action, hand.actor)
            except IllegalAction as error:
                if not hasattr(player, "refused"):
                    raise
                player.refused(hand, error)
                continue
            view.events(hand, events)
            if hand.is_over:
                add_hand(record, hand)
                outcome.hands += 1
                _record_dealt_over(game, record, outcome)
                result = hand.result
                if not result.thrown_in:
                    outcome.contracts.append((result.bidder, bool(result.made)))
                if game.is_over:
                    break
                if outcome.hands >= max_hands:
                    view.stopped(game, outcome.hands)
                    finish(record, game.scores, (), f"the hand limit ({max_hands} hands)")
                    return outcome
                view.deal(game.hand, outcome.hands + 1)
    except KeyboardInterrupt:
        # Ctrl-C while a bot thinks leaves a person's table too; in a game of bots
        # alone nobody asked to leave, and it stops the command
        if not any(getattr(player, "name", "") == "human" for player in players):
            raise
        return _left(game, record, outcome)
    except LeftTheTable:
        return _left(game, record, outcome)
    finish(record, game.scores, game.winners)
    return outcome


def _left(game: Game, record: dict, outcome: Outcome) -> Outcome:
    """The person left the table: the game so far, the hand in progress too, recorded."""
    outcome.left = True
    add_unfinished(record, game.hand)
    finish(record, game.scores, (), "the person at the table left")
    return outcome


def _record_dealt_over(game: Game, record: dict, outcome: Outcome) -> None:
    """Hands thrown in as they were dealt (``deal.poor-hand-redeal must``), which the
    game ended itself: they are hands of the game, recorded in turn."""
    for hand in game.dealt_over:
        add_hand(record, hand)
        outcome.hands += 1
    game.dealt_over.clear()


@dataclass
class BotRates:
    """Win and set rates of one bot over many games."""

    bot: str
    seats: tuple[int, ...]
    seat_games: int = 0         # games times seats this bot held
    seat_wins: int = 0
    contracts: int = 0          # auctions won by a seat of this bot
    sets: int = 0

    @property
    def win_rate(self) -> float:
        return self.seat_wins / self.seat_games if self.seat_games else 0.0

    @property
    def set_rate(self) -> float | None:
        return self.sets / self.contracts if self.contracts else None

    def to_json(self) -> dict:
        return {"bot": self.bot, "seats": list(self.seats), "win_rate": self.win_rate,
                "contracts": self.contracts, "sets": self.sets, "set_rate": self.set_rate}


def rates(variant: Variant, bots: list[str], outcomes: list) -> list[BotRates]:
    """Per bot: the share of games its seats won, and the share of its contracts set
    (``outcomes``: :class:`Outcome` or :class:`GameSummary`, anything with ``winners``
    and ``contracts``)."""
    from ..engine.tables import tables_for
    team_of = tables_for(variant).team_of

    def keeper(seat: int) -> int:
        return team_of[seat] if team_of is not None else seat

    table = {name: BotRates(name, tuple(s for s, b in enumerate(bots) if b == name))
             for name in dict.fromkeys(bots)}
    for outcome in outcomes:
        for seat, name in enumerate(bots):
            entry = table[name]
            entry.seat_games += 1
            entry.seat_wins += keeper(seat) in outcome.winners
        for bidder, made in outcome.contracts:
            entry = table[bots[bidder]]
            entry.contracts += 1
            entry.sets += not made
    return list(table.values())


@dataclass(frozen=True)
class GameSummary:
    """What ``play --games`` keeps of a game (small, so a worker sends it back cheaply):
    the winners, the hands, and each contract's bid winner and whether it was made."""

    winners: tuple[int, ...]
    hands: int
    contracts: tuple[tuple[int, bool], ...]


@dataclass(frozen=True)
class BotGames:
    """A work item of ``play --games``: games ``first_seed`` .. ``+count-1`` of ``spec``
    between ``seats`` (bot names), each from its own seed as a single game is played;
    ``iterations`` / ``think``: the search bot's budget (``--iterations`` / ``--think``),
    carried to the worker that plays the games."""

    spec: str
    first_seed: int
    count: int
    seats: tuple[str, ...]
    dealer: int
    max_hands: int
    iterations: int | None = None
    think: float | None = None


def play_bot_games(item: BotGames) -> list[GameSummary]:
    """The games of a work item (a worker loads the spec once)."""
    from ..language.load import load_variant
    from ..parallel import worker_local
    from .bots import make_bot
    variant = worker_local(("variant", item.spec), lambda: load_variant(item.spec))
    out = []
    for seed in range(item.first_seed, item.first_seed + item.count):
        rng = random.Random(seed)
        players = [make_bot(name, rng, item.iterations, item.think) for name in item.seats]
        outcome = play_game(variant, players, seed, item.dealer, item.max_hands, rng=rng)
        out.append(GameSummary(tuple(outcome.winners), outcome.hands,
                               tuple(outcome.contracts)))
    return out
