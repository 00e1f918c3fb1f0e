"""``rookery compare``: what a house rule changes.  Bot games of each spec on the same
seeds (the same deals where the decks are the same: :mod:`rookery.play.tally`), then each
measure per spec with its 95% interval, and each other spec's difference from the first
(the base), game by game (:mod:`rookery.play.stats`).

The games run in batches of :data:`BATCH` over the workers (:mod:`rookery.parallel`),
merged in the order of their seeds, so the report is the same for every ``-j``; with a
sequential test the comparison stops after the first batch at which the test decides."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..parallel import Workers, chunks, map_in_order
from . import stats
from .tally import Games, GameTally, play_games

BATCH = 200         # games of each spec between two looks of the sequential test
CHUNK = 25          # games of one spec in a work item


@dataclass(frozen=True)
class Measure:
    """A measure of a spec's games: ``key`` (the JSON name), the words of the report,
    how a value is shown (a share or a number), the smallest difference that matters
    (for ``--until-significant``) and how one game is counted (``(x, n)``)."""

    key: str
    words: str
    share: bool
    smallest: float
    count: object       # GameTally -> (x, n)


def _contracts(game: GameTally):
    return [hand for hand in game.hands if not hand.thrown_in]


def _made(game):
    played = _contracts(game)
    return sum(1 for h in played if h.made), len(played)


def _set(game):
    played = _contracts(game)
    return sum(1 for h in played if not h.made), len(played)


def _bid(game):
    played = _contracts(game)
    return sum(h.bid for h in played), len(played)


def _bidders(game):
    played = _contracts(game)
    return sum(h.bidders_score for h in played), len(played)


def _thrown(game):
    return sum(1 for h in game.hands if h.thrown_in), len(game.hands)


def _length(game):
    return len(game.hands), 1


def _finished(game):
    return int(game.finished), 1


def _dealer(game):
    played = _contracts(game)
    return sum(1 for h in played if h.dealer_ahead), len(played)


MEASURES = (
    Measure("contracts-made", "contracts made", True, 0.02, _made),
    Measure("contracts-set", "contracts set", True, 0.02, _set),
    Measure("winning-bid", "winning bid (mean)", False, 2.0, _bid),
    Measure("bidders-points", "bidders' points per hand", False, 5.0, _bidders),
    Measure("thrown-in", "hands thrown in", True, 0.02, _thrown),
    Measure("hands-per-game", "hands per game", False, 0.25, _length),
    Measure("finished", "games finished within the hand limit", True, 0.02, _finished),
    Measure("dealer-ahead", "hands the dealer's side came out ahead", True, 0.02, _dealer),
)


def seat_measure(seat: int) -> Measure:
    """Seat ``seat``'s share of the games won (its side's win)."""
    return Measure(f"seat-{seat}-wins", f"games won by seat {seat}", True, 0.02,
                   lambda game: (int(seat in game.winning_seats), 1))


def measures_for(players: int) -> tuple[Measure, ...]:
    return MEASURES + tuple(seat_measure(seat) for seat in range(players))


def measure_named(key: str, players: int) -> Measure | None:
    return next((m for m in measures_for(players) if m.key == key), None)


@dataclass
class Comparison:
    """The games played so far: each spec's tallies, in seed order."""

    specs: tuple[str, ...]             # the variants' ids, as the report names them
    titles: tuple[str, ...]
    players: int
    same_deals: tuple[bool, ...]        # per spec: dealt exactly as the base is
    first_seed: int
    bots: tuple[str, ...]
    max_hands: int
    sources: tuple[str, ...] = ()       # what a worker loads for each spec (default specs)
    games: list[list[GameTally]] = field(default_factory=list)
    tests: tuple[stats.Sequential, ...] = ()     # per house spec, when asked for
    test_measure: str | None = None
    stopped: str | None = None          # why the games stopped before the number asked
    # what happened to the worker processes (one died, its games run again ...)
    workers_said: list[str] = field(default_factory=list)

    @property
    def played(self) -> int:
        return min(len(games) for games in self.games) if self.games else 0


def play_batch(comparison: Comparison, count: int, workers: Workers, progress=None) -> None:
    """``count`` more games of every spec, on the next seeds, added in seed order.  The
    work items go seed range by seed range, every spec's in turn, so that a run stopped
    half way has played about as many games of each spec (and keeps them)."""
    start = comparison.first_seed + comparison.played
    specs = comparison.sources or comparison.specs
    items = [Games(spec, first, length, comparison.bots, comparison.max_hands)
             for first, length in chunks(start, count, CHUNK) for spec in specs]
    finished: dict[int, list] = {}

    def done(index, result):
        finished[index] = result
        if progress:
            progress(len(result))
    try:
        map_in_order(play_games, items, workers, done, said=comparison.workers_said)
    finally:
        # what finished in seed order is kept, even when the run was stopped
        for number, games in enumerate(comparison.games):
            for index in range(number, len(items), len(specs)):
                if index not in finished:
                    break
                games += finished[index]
        shortest = comparison.played
        for games in comparison.games:
            del games[shortest:]


def run(comparison: Comparison, games: int, workers: Workers, until: str | None = None,
        smallest: float | None = None, progress=None) -> Comparison:
    """Play up to ``games`` games of every spec; with ``until`` (a measure's key), stop
    at the first batch where the sequential test of that measure (each house spec
    against the base) has decided for every house spec."""
    comparison.games = [[] for _ in comparison.specs]
    measure = measure_named(until, comparison.players) if until else None
    while comparison.played < games:
        count = min(games - comparison.played, BATCH if measure else games)
        play_batch(comparison, count, workers, progress)
        if measure:
            counted = [[measure.count(g) for g in spec_games]
                       for spec_games in comparison.games]
            comparison.tests = tuple(
                stats.sprt(counted[0], house, measure.smallest if smallest is None
                           else smallest) for house in counted[1:])
            comparison.test_measure = measure.key
            if all(test.verdict != stats.UNDECIDED for test in comparison.tests):
                if comparison.played < games:
                    comparison.stopped = (
                        f"the sequential test of {measure.words} decided for every "
                        f"house spec after {comparison.played} games")
                break
    return comparison


def bid_distribution(games: list[GameTally]) -> dict[int, int]:
    """How often each amount won the auction."""
    return dict(sorted(Counter(h.bid for g in games for h in g.hands
                               if not h.thrown_in).items()))


def length_distribution(games: list[GameTally]) -> dict[int, int]:
    """How many games lasted each number of hands."""
    return dict(sorted(Counter(len(g.hands) for g in games).items()))


def notes(comparison: Comparison, measures: list[dict]) -> list[str]:
    """What a reader needs to read the figures right: why the seats' win rates of a spec
    add up to more than 100% (a game's winners are a side: partners, fixed or called,
    win together), and a caution that among many intervals some exclude the true value
    by chance alone."""
    said = []
    seats = [m for m in measures if m["measure"].startswith("seat-")]
    for index, spec in enumerate(comparison.specs):
        total = sum(m["specs"][index]["value"] or 0 for m in seats)
        if total > 1.005:
            said.append(f"in {spec} the games won by each seat add up to {100 * total:.0f}%: "
                        "the winners of a game are a side, and every seat of the side "
                        "wins it (partners, fixed or called, win together)")
    intervals = sum(len(m["specs"]) + len(m["differences"]) for m in measures)
    differences = sum(len(m["differences"]) for m in measures)
    if differences > 1:
        said.append(f"{intervals} intervals at 95%, {differences} of them differences: "
                    "by chance alone about one in twenty misses the true value, so a "
                    "'differs' among many measures is a lead to confirm (--until-significant "
                    "MEASURE with a new --seed), not a finding")
    return said


def report(comparison: Comparison) -> dict:
    """The comparison as data (what ``--json`` prints): per measure, each spec's value
    and interval and each house spec's difference from the base."""
    measures = []
    for measure in measures_for(comparison.players):
        counted = [[measure.count(g) for g in games] for games in comparison.games]
        estimates = [stats.estimate(c) for c in counted]
        measures.append({
            "measure": measure.key, "words": measure.words, "share": measure.share,
            "specs": [e.to_json() for e in estimates],
            "differences": [stats.difference(counted[0], c).to_json()
                            for c in counted[1:]]})
    return {
        "specs": [{"spec": spec, "title": title, "same_deals_as_base": same}
                  for spec, title, same in zip(comparison.specs, comparison.titles,
                                               comparison.same_deals)],
        "loaded_from": list(comparison.sources or comparison.specs),
        "games": comparison.played, "first_seed": comparison.first_seed,
        "bots": list(comparison.bots), "hand_limit": comparison.max_hands,
        "confidence": 0.95, "stopped": comparison.stopped,
        "workers": list(comparison.workers_said),
        "sequential_tests": [dict(test.to_json(), measure=comparison.test_measure)
                             for test in comparison.tests],
        "measures": measures,
        "notes": notes(comparison, measures),
        "bid_distribution": [{str(k): v for k, v in bid_distribution(g).items()}
                             for g in comparison.games],
        "game_lengths": [{str(k): v for k, v in length_distribution(g).items()}
                         for g in comparison.games],
    }
