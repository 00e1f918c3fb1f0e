"""``rookery play`` (whole games between bots, a person at the table, win and set rates
over many games, game records) and ``rookery replay`` (a record's transcript, or one of
its hands as a conformance case)."""

from __future__ import annotations

import difflib
import json
import random
import sys

from ..errors import UsageError
from ..exit_codes import EXIT_CODES, FINDINGS, OK
from ..paths import output_file

# rich and the specs' loader are imported by the command that runs: the command line's
# help needs neither.


def add_subcommands(sub) -> None:
    p = sub.add_parser(
        "play", help="play a whole game between bots, or sit at the table yourself",
        description="Play a whole game between bots and print a transcript; with --seat N "
        "you play seat N yourself against the bots; with --games N print each bot's win "
        "and set rates over N games.", epilog=EXIT_CODES)
    p.add_argument("variant", help="variant id or spec file")
    p.add_argument("--seed", type=int, default=1, help="shuffle seed (default 1)")
    p.add_argument("--bots", default="simple", metavar="BOT[,BOT...]",
                   help="the bots at the seats, in turn from seat 0: simple (bids from "
                   "hand strength, plays sensibly), random, or ismcts (searches: "
                   "determinized tree search, see --iterations, --think) (default "
                   "simple); 'simple,random' puts simple bots at even seats and random "
                   "at odd")
    p.add_argument("--iterations", type=int, default=None, metavar="N",
                   help="the ismcts bot's budget: N playouts a decision (default 80; "
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
    p = sub.add_parser("replay", help="replay a game record, or turn a hand of it into a "
                       "conformance case", epilog=EXIT_CODES)
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

    from ..play.bots import BOTS, make_bot
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
    bots = [name.strip() for name in args.bots.split(",")]
    for name in bots:
        if name not in BOTS:
            close = difflib.get_close_matches(name, BOTS, n=1)
            raise UsageError(f"--bots: no bot called '{name}'"
                             + (f"; did you mean '{close[0]}'?" if close else "")
                             + f" (bots: {', '.join(BOTS)})")
    seats = [bots[seat % len(bots)] for seat in range(n)]
    budget = _search_budget(args)
    record_path = output_file(args.record, "--record") if args.record else None
    if args.games > 1:
        if record_path:
            raise UsageError("--record keeps one game; leave out --games")
        return _many_games(args, variant, seats, max_hands, play_game, rates,
                           lambda name, rng: make_bot(name, rng, **budget))

    rng = random.Random(args.seed)
    players = [make_bot(name, rng, **budget) for name in seats]
    if args.seat is not None:
        from ..play.table import HumanSeat, TableView
        console = Console(highlight=False)
        players[args.seat] = HumanSeat(console, args.seat)
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
        record_path.write_text(json.dumps(outcome.record, indent=1) + "\n", encoding="utf-8")
    if args.json:
        print(json.dumps(outcome.record, indent=1))
    if args.seat is not None and outcome.left:
        print("you left the table" + (f"; the game so far is in {record_path}"
                                      if record_path else ""))
    return OK


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


def _many_games(args, variant, seats, max_hands, play_game, rates, make_bot) -> int:
    """``--games N``: win and set rates per bot, from seeds ``seed`` .. ``seed+N-1``."""
    from rich.console import Console
    from rich.table import Table

    outcomes = []
    for number in range(args.games):
        seed = args.seed + number
        rng = random.Random(seed)
        players = [make_bot(name, rng) for name in seats]
        outcomes.append(play_game(variant, players, seed, args.dealer, max_hands, rng=rng))
    table_rows = rates(variant, seats, outcomes)
    finished = sum(1 for o in outcomes if o.winners)
    hands = sum(o.hands for o in outcomes)
    if args.json:
        print(json.dumps({"variant": variant.id, "games": args.games, "first_seed": args.seed,
                          "finished": finished, "hand_limit": max_hands,
                          "hands_per_game": hands / args.games,
                          "bots": [r.to_json() for r in table_rows]}, indent=2))
        return OK
    table = Table(title=f"{variant.title}: {args.games} games from seed {args.seed}")
    for column in ("bot", "seats", "games won", "contracts", "set"):
        table.add_column(column, justify="left" if column in ("bot", "seats") else "right")
    for r in table_rows:
        table.add_row(r.bot, ", ".join(map(str, r.seats)), f"{100 * r.win_rate:.0f}%",
                      str(r.contracts),
                      "-" if r.set_rate is None else f"{100 * r.set_rate:.0f}%")
    out = Console(highlight=False)
    out.print(table)
    out.print(f"{finished} of {args.games} games finished within {max_hands} hands; "
              f"{hands / args.games:.1f} hands a game")
    return OK


def cmd_replay(args) -> int:
    """Replay a game record: the transcript, or one hand as a conformance case."""
    from ..play.games import TranscriptView
    from ..language.load import load_variant
    from ..play.record import RecordMismatch, hand_case, read_record, replay

    case_path = output_file(args.to_case, "--to-case") if args.to_case else None
    record = read_record(args.file)
    try:
        variant = load_variant(args.variant or record["variant"])
    except UsageError as error:
        raise UsageError(f"{args.file}: {error} (give its spec file with --variant)") \
            from None
    if case_path or args.hand is not None:
        if case_path is None:
            raise UsageError("--hand K goes with --to-case OUT.json")
        number = 1 if args.hand is None else args.hand
        try:
            case = hand_case(variant, record, number, args.rule)
        except RecordMismatch as error:
            print(f"rookery: {args.file}: {error}", file=sys.stderr)
            return FINDINGS
        case_path.write_text(json.dumps(case, indent=2) + "\n", encoding="utf-8")
        print(f"hand {number} of {args.file} written to {case_path} as case "
              f"{case['cases'][0]['id']}")
        return OK
    view = TranscriptView()
    print(f"{record.get('title', variant.title)}: a recorded game, seed {record.get('seed')}, "
          f"players {', '.join(f'seat {s} {p}' for s, p in enumerate(record['players']))}")
    print()
    try:
        for number, replayed in enumerate(replay(variant, record), 1):
            view.deal(replayed.hand, number)
            for _, _, events in replayed.events:
                view.events(replayed.hand, events)
            if replayed.game_over is not None:
                view.events(replayed.hand, [replayed.game_over])
    except RecordMismatch as error:
        print(f"rookery: {args.file}: {error}", file=sys.stderr)
        return FINDINGS
    if record.get("stopped"):
        print(f"\nthe record stops here: {record['stopped']}")
    return OK
