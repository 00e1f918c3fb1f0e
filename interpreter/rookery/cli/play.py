"""``rookery play`` (whole games between bots, a person at the table, win and set rates
over many games, game records) and ``rookery replay`` (a record's transcript, or one of
its hands as a conformance case)."""

from __future__ import annotations

import difflib
import json
import random
import re
import sys

from .. import parallel
from ..errors import UsageError
from ..exit_codes import EXIT_CODES, FINDINGS, OK
from ..paths import output_file, write_text

# rich and the specs' loader are imported by the command that runs: the command line's
# help needs neither.


def add_subcommands(sub) -> None:
    p = sub.add_parser(
        "play",
        description="Play a whole game between bots and print a transcript; with --seat N "
        "you play seat N yourself against the bots; with --games N print each bot's win "
        "and set rates over N games.", epilog=EXIT_CODES)
    p.add_argument("variant", help="variant id or spec file")
    p.add_argument("--seed", type=int, default=1, help="shuffle seed (default 1)")
    p.add_argument("--bots", default="simple", metavar="BOT[,BOT...]",
                   help="the bots at the seats, in turn from seat 0: simple (bids from "
                   "hand strength, plays sensibly), random, or ismcts (searches its "
                   "cards on deals of the hidden cards, see --iterations, --think) (default "
                   "simple); 'simple,random' puts simple bots at even seats and random "
                   "at odd")
    p.add_argument("--iterations", type=int, default=None, metavar="N",
                   help="the ismcts bot's budget: N playouts a decision (default 55; "
                   "deterministic under --seed)")
    p.add_argument("--think", type=float, default=None, metavar="SECONDS",
                   help="the ismcts bot's budget: SECONDS of thinking a decision "
                   "instead (not deterministic: the playouts done depend on the "
                   "machine)")
    p.add_argument("--dealer", type=int, default=0, help="who deals the first hand "
                   "(a seat, default 0)")
    p.add_argument("--max-hands", type=int, default=None, metavar="N",
                   help="stop a game after N hands without a winner (default 100)")
    p.add_argument("--seat", type=int, default=None, metavar="N",
                   help="play seat N yourself, in the terminal")
    p.add_argument("--games", type=int, default=1, metavar="N",
                   help="play N games (seeds SEED, SEED+1, ...) and print win and set "
                   "rates per bot")
    p.add_argument("--record", metavar="FILE", help="save the game as a record "
                   "(docs/records.md); replay it with 'rookery replay FILE'")
    p.add_argument("--json", action="store_true",
                   help="print the game record (or with --games, the rates) as JSON")
    parallel.add_arguments(p, "games of --games")
    p = sub.add_parser("replay", epilog=EXIT_CODES)
    p.add_argument("file", help="a game record (rookery play --record FILE)")
    p.add_argument("--variant", help="the variant's spec file, when it is not built in")
    p.add_argument("--hand", type=int, metavar="K", help="the hand (1 = the first) to "
                   "turn into a case with --to-case")
    p.add_argument("--to-case", metavar="OUT.json",
                   help="write hand K as a conformance case file (origin regression)")
    p.add_argument("--rule", action="append", default=[], metavar="ID",
                   help="a rule id the case checks (repeatable; default: the variant's "
                   "scoring rules)")


def cmd_play(args) -> int:
    """A whole game (or ``--games N``) between bots, or with a person at ``--seat``."""
    from rich.console import Console

    from ..play.bots import make_bot
    from ..play.games import DEFAULT_HAND_LIMIT, TranscriptView, play_game, rates
    from ..language.load import load_variant

    variant = load_variant(args.variant)
    n = variant.table.players
    if not 0 <= args.dealer < n:
        raise UsageError(f"--dealer {args.dealer}: {variant.id} seats {n} players; the "
                         f"dealer is a seat from 0 to {n - 1}")
    max_hands = DEFAULT_HAND_LIMIT if args.max_hands is None else args.max_hands
    if max_hands < 1:
        raise UsageError(f"--max-hands {args.max_hands}: give a number of hands, 1 or more")
    if args.games < 1:
        raise UsageError(f"--games {args.games}: give a number of games, 1 or more")
    if args.seat is not None and not 0 <= args.seat < n:
        raise UsageError(f"--seat {args.seat}: {variant.id} seats {n} players, 0 to {n - 1}")
    if args.seat is not None and (args.games > 1 or args.json):
        raise UsageError("--seat plays one game at the table; it does not go with --games "
                         "or --json")
    seats = list(seat_bots(args.bots, n))
    budget = _search_budget(args)
    record_path = output_file(args.record, "--record") if args.record else None
    workers = parallel.workers_from(args.jobs, args.executor)
    if args.games > 1:
        if record_path:
            raise UsageError("--record keeps one game; leave out --games")
        return _many_games(args, variant, seats, max_hands, rates, workers, budget)

    rng = random.Random(args.seed)
    players = [make_bot(name, rng, **budget) for name in seats]
    if args.seat is not None:
        from ..play.table import HumanSeat, TableView
        console = Console(highlight=False)
        players[args.seat] = HumanSeat(console, args.seat, pause=FORCED_PAUSE,
                                       seed=args.seed)
        view = TableView(console, args.seat)
        console.print(f"{variant.title}: you are seat {args.seat}; "
                      f"{', '.join(f'seat {s} {b}' for s, b in enumerate(seats) if s != args.seat)}"
                      f" bots; seed {args.seed}", highlight=False, markup=False)
    elif args.json:
        view = None
    else:
        print(f"{variant.title}: seed {args.seed}, {args.bots} bots")
        print()
        view = TranscriptView()
    outcome = play_game(variant, players, args.seed, args.dealer, max_hands, view, rng)
    if record_path:
        write_text(record_path, json.dumps(outcome.record, indent=1) + "\n", "--record")
    if args.json:
        print(json.dumps(outcome.record, indent=1))
    if args.seat is not None and outcome.left:
        kept = record_path or _kept_record(variant.id, args.seed)
        if record_path is None:
            write_text(kept, json.dumps(outcome.record, indent=1) + "\n", "the record")
        print(f"you left the table; the game so far is in {kept} "
              f"(rookery replay {kept})")
    return OK


# How long a forced action (the only legal one) stays on the screen before it is played.
FORCED_PAUSE = 0.6


def _kept_record(variant_id: str, seed: int):
    """Where a game the person left is kept when no ``--record`` was given: a new file
    in the current folder named after the variant and seed, never over an existing one."""
    from pathlib import Path

    stem = "rookery-" + re.sub(r"[^A-Za-z0-9+_.-]+", "-", variant_id).strip("-.")[:60] \
        + f"-seed{seed}"
    path = Path(f"{stem}.json")
    number = 1
    while path.exists():
        number += 1
        path = Path(f"{stem}-{number}.json")
    return path


def _search_budget(args) -> dict:
    """The ismcts bot's budget from ``--iterations`` / ``--think`` (one or neither)."""
    if args.iterations is not None and args.think is not None:
        raise UsageError("--iterations and --think both set the ismcts bot's budget: "
                         "give one")
    if args.iterations is not None and args.iterations < 1:
        raise UsageError(f"--iterations {args.iterations}: give a number of playouts, "
                         "1 or more")
    if args.think is not None and not args.think > 0:
        raise UsageError(f"--think {args.think}: give a time in seconds above 0, like 0.02")
    return {"iterations": args.iterations, "think": args.think}


def _many_games(args, variant, seats, max_hands, rates, workers, budget) -> int:
    """``--games N``: win and set rates per bot, from seeds ``seed`` .. ``seed+N-1``,
    played by ``workers`` and merged in seed order (the same rates for every ``-j``)."""
    from rich.table import Table

    from ..play.games import BotGames, play_bot_games

    items = [BotGames(parallel.portable(args.variant), first, count, tuple(seats),
                      args.dealer, max_hands, **budget)
             for first, count in parallel.chunks(args.seed, args.games, GAMES_A_CHUNK)]
    said: list[str] = []
    chunks, stopped = _with_progress(items, play_bot_games, workers, args, said)
    outcomes = [game for chunk in chunks for game in chunk]
    table_rows = rates(variant, seats, outcomes)
    finished = sum(1 for o in outcomes if o.winners)
    hands = sum(o.hands for o in outcomes)
    games = len(outcomes)
    if not games:
        raise stopped       # stopped before any game finished: 130 or 143
    if args.json:
        report = {"variant": variant.id, "games": games, "first_seed": args.seed,
                  "finished": finished, "hand_limit": max_hands,
                  "hands_per_game": hands / games,
                  "bots": [r.to_json() for r in table_rows], "workers": said}
        if stopped is not None:
            report["stopped"] = f"stopped after {games} games: {stopped}" \
                if isinstance(stopped, parallel.WorkerLost) else \
                f"interrupted after {games} games"
        print(json.dumps(report, indent=2))
        return _ended(stopped)
    table = Table(title=f"{variant.title}: {games} games from seed {args.seed}")
    for column in ("bot", "seats", "games won", "contracts", "set"):
        table.add_column(column, justify="left" if column in ("bot", "seats") else "right")
    for r in table_rows:
        table.add_row(r.bot, ", ".join(map(str, r.seats)), f"{100 * r.win_rate:.0f}%",
                      str(r.contracts),
                      "-" if r.set_rate is None else f"{100 * r.set_rate:.0f}%")
    from . import terminal
    out = terminal.console(highlight=False)
    out.print(table)
    out.print(f"{finished} of {games} games finished within {max_hands} hands; "
              f"{hands / games:.1f} hands a game")
    return _ended(stopped)


def _ended(stopped: BaseException | None) -> int:
    """OK for a whole run; a run stopped by Ctrl-C or SIGTERM, its report printed,
    ends as that signal would (130 or 143), and one stopped by a lost worker with its
    error (1), so no caller takes part of a run for all of it."""
    if stopped is not None:
        raise stopped
    return OK


def seat_bots(text: str, players: int) -> tuple[str, ...]:
    """``--bots simple,random``: the bot at each seat, the names repeated in turn."""
    from ..play.bots import BOTS
    bots = [name.strip() for name in text.split(",")]
    for name in bots:
        if name not in BOTS:
            close = difflib.get_close_matches(name, BOTS, n=1)
            raise UsageError(f"--bots: no bot called '{name}'"
                             + (f"; did you mean '{close[0]}'?" if close else "")
                             + f" (bots: {', '.join(BOTS)})")
    return tuple(bots[seat % len(bots)] for seat in range(players))


GAMES_A_CHUNK = 25     # games in one work item of play --games


def _with_progress(items: list, work, workers, args,
                   said: list[str] | None = None) -> tuple[list, BaseException | None]:
    """``work`` over ``items`` (each a chunk of games) by ``workers``, with a progress
    bar over all the games on a terminal: the chunks' results, and what stopped the run
    (Ctrl-C, SIGTERM) or None; stopped, the chunks that finished."""
    from rich.console import Console

    from .campaign import progress_bar
    console = Console(stderr=True)
    with progress_bar(console, sum(item.count for item in items), "games",
                      not args.json) as advance:
        try:
            return parallel.map_in_order(work, items, workers,
                                         lambda index, done: advance(len(done)),
                                         said=said), None
        except parallel.Interrupted as stop:
            console.print(f"stopped: the rates below are those of the "
                          f"{sum(len(chunk) for chunk in stop.finished.values())} games "
                          "that finished")
            return stop.in_order(), stop.cause
        except parallel.WorkerLost as lost:
            # a chunk of games killed its worker each time: the chunks before it are
            # the report (exit 1, the error said last)
            kept = [lost.finished[i] for i in sorted(lost.finished)]
            console.print(f"stopped: the rates below are those of the "
                          f"{sum(len(chunk) for chunk in kept)} games that finished",
                          markup=False)
            return kept, lost


def cmd_replay(args) -> int:
    """Replay a game record: the transcript, or one hand as a conformance case."""
    from ..play.games import TranscriptView
    from ..language.load import load_variant
    from ..play.record import (RecordMismatch, check_record, hand_case, read_record,
                               replay_unfinished)
    from ..play.record_checks import InconsistentRecord

    case_path = output_file(args.to_case, "--to-case") if args.to_case else None
    record = read_record(args.file)
    try:
        variant = load_variant(args.variant or record["variant"])
    except (UsageError, OSError) as error:
        raise UsageError(f"{args.file}: {error} (give its spec file with --variant)") \
            from None
    if args.hand is not None and case_path is None:
        raise UsageError("--hand K goes with --to-case OUT.json")
    try:
        # the whole record first: an inconsistent one (exit 2) is neither replayed nor
        # turned into a case
        replayed = check_record(variant, record)
        case = hand_case(variant, record, 1 if args.hand is None else args.hand,
                         args.rule) if case_path else None
    except InconsistentRecord as error:
        raise UsageError(f"{args.file}: {error}") from None
    except RecordMismatch as error:
        print(f"rookery: {args.file}: {error}", file=sys.stderr)
        return FINDINGS
    if case_path:
        write_text(case_path, json.dumps(case, indent=2) + "\n", "--to-case")
        print(f"hand {1 if args.hand is None else args.hand} of {args.file} written to "
              f"{case_path} as case {case['cases'][0]['id']}")
        return OK
    view = TranscriptView()
    print(f"{record.get('title', variant.title)}: a recorded game, seed {record.get('seed')}, "
          f"players {', '.join(f'seat {s} {p}' for s, p in enumerate(record['players']))}")
    print()
    for number, one in enumerate(replayed, 1):
        view.deal(one.hand, number)
        for _, _, events in one.events:
            view.events(one.hand, events)
        if one.game_over is not None:
            view.events(one.hand, [one.game_over])
    try:
        unfinished = replay_unfinished(variant, record)
    except RecordMismatch as error:
        print(f"rookery: {args.file}: {error}", file=sys.stderr)
        return FINDINGS
    if unfinished is not None:
        view.deal(unfinished.hand, len(record["hands"]) + 1)
        for _, _, events in unfinished.events:
            view.events(unfinished.hand, events)
    if record.get("stopped"):
        print(f"\nthe record stops here{' in the middle of a hand' if unfinished else ''}: "
              f"{record['stopped']}")
    return OK
