"""The ``rookery`` command: check, list, play and export variants (and, with the
conformance suite, run and serve it).  User mistakes end in a message, never a
traceback."""

from __future__ import annotations

import argparse
import difflib
import json
import random
import sys
from dataclasses import asdict
from pathlib import Path

from rich.console import Console
from rich.table import Table

from . import __version__
from .check import check_variant, summary
from .errors import RookeryError, SpecError, UsageError
from .export import export_variant
from .load import builtin_variants, load_variant
from .paths import output_file

# The exit codes of every command (also in README.md and ``rookery --help``).
OK, FINDINGS, USAGE = 0, 1, 2
EXIT_CODES = ("exit codes: 0 all is well; 1 findings (a spec with errors, a failing case, "
              "a surviving mutant); 2 a usage mistake (an unknown variant, option or file)")

_COMMANDS: dict[str, object] = {}


def command(name: str):
    def register(fn):
        _COMMANDS[name] = fn
        return fn
    return register


def _specs(names: list[str]) -> list[str]:
    """Expand the arguments of ``check``: paths, folders (every ``.rook`` in them),
    variant ids, or nothing (all built-ins)."""
    if not names:
        return builtin_variants()
    specs: list[str] = []
    for name in names:
        path = Path(name)
        if path.is_dir():
            found = sorted(str(p) for p in path.glob("*.rook"))
            if not found:
                raise UsageError(f"{name} is a folder with no .rook spec files in it")
            specs += found
        else:
            specs.append(name)
    return specs


def _console() -> Console:
    return Console(highlight=False, soft_wrap=True)


@command("check")
def cmd_check(args) -> int:
    """Check each spec; a spec with errors is a finding (exit 1), an unknown variant a
    usage mistake (exit 2).  One line per spec, then one summary line."""
    out = _console()
    results = []
    usage = False
    for name in _specs(args.specs):
        try:
            variant = load_variant(name)
            warnings = check_variant(variant)
        except UsageError as error:
            usage = True
            print(f"rookery: {error}", file=sys.stderr)
            results.append({"spec": name, "ok": False, "error": str(error)})
            continue
        except RookeryError as error:
            print(str(error), file=sys.stderr)
            results.append({"spec": name, "ok": False, "error": str(error)})
            continue
        s = summary(variant)
        results.append({"spec": name, "ok": True, "variant": variant.id,
                        "summary": asdict(s),
                        "rules": len(variant.rules), "warnings": [str(w) for w in warnings]})
        if not args.json:
            out.print(f"ok  {variant.id:<24} {s.players} players, {s.deck} cards, hand "
                      f"{s.hand}, nest {s.nest}, {s.points} points, bids "
                      f"{s.minimum_bid}-{s.maximum_bid}, game to {s.target}, "
                      f"{len(variant.rules)} rules")
            for warning in warnings:
                out.print(f"    {warning}")
    ok = sum(1 for r in results if r["ok"])
    failed = len(results) - ok
    warned = sum(len(r.get("warnings", ())) for r in results)
    if args.json:
        print(json.dumps({"specs": results, "checked": len(results), "ok": ok,
                          "failed": failed, "warnings": warned}, indent=2))
    else:
        out.print(f"{len(results)} spec{'s' if len(results) != 1 else ''} checked: {ok} ok, "
                  f"{failed} with errors, {warned} warning{'s' if warned != 1 else ''}")
    return USAGE if usage else FINDINGS if failed else OK


@command("list")
def cmd_list(args) -> int:
    variants = [load_variant(name) for name in builtin_variants()]
    if args.json:
        print(json.dumps([_list_entry(v) for v in variants], indent=2))
        return OK
    table = Table(title="rookery variants")
    for column in ("variant", "title", "players", "deck", "hand", "nest", "points",
                   "min bid", "target", "extends"):
        # ids are never cut short (they are what a reader types); a long title folds
        table.add_column(column, justify="right" if column in (
            "players", "deck", "hand", "nest", "points", "min bid", "target") else "left",
            no_wrap=column in ("variant", "extends"), overflow="fold")
    for variant in variants:
        s = summary(variant)
        table.add_row(variant.id, variant.title, str(s.players), str(s.deck), str(s.hand),
                      str(s.nest), str(s.points), str(s.minimum_bid), str(s.target),
                      variant.extends or "")
    Console().print(table)
    return OK


def _list_entry(variant) -> dict:
    s = summary(variant)
    return {"id": variant.id, "title": variant.title, "players": s.players, "deck": s.deck,
            "hand": s.hand, "nest": s.nest, "points": s.points, "minimum_bid": s.minimum_bid,
            "maximum_bid": s.maximum_bid, "target": s.target, "extends": variant.extends}


@command("play")
def cmd_play(args) -> int:
    """A whole game (or ``--games N``) between bots, or with a person at ``--seat``."""
    from .bots import BOTS, make_bot
    from .games import DEFAULT_HAND_LIMIT, TranscriptView, play_game, rates

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
    record_path = output_file(args.record, "--record") if args.record else None
    if args.games > 1:
        if record_path:
            raise UsageError("--record keeps one game; leave out --games")
        return _many_games(args, variant, seats, max_hands, play_game, rates, make_bot)

    rng = random.Random(args.seed)
    players = [make_bot(name, rng) for name in seats]
    if args.seat is not None:
        from .table import HumanSeat, TableView
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


def _many_games(args, variant, seats, max_hands, play_game, rates, make_bot) -> int:
    """``--games N``: win and set rates per bot, from seeds ``seed`` .. ``seed+N-1``."""
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


@command("replay")
def cmd_replay(args) -> int:
    """Replay a game record: the transcript, or one hand as a conformance case."""
    from .games import TranscriptView
    from .record import RecordMismatch, hand_case, read_record, replay

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


@command("export")
def cmd_export(args) -> int:
    print(json.dumps(export_variant(load_variant(args.variant)), indent=2))
    return OK


class _Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes say what was meant where it can tell."""

    def error(self, message: str):
        self.print_usage(sys.stderr)
        self.exit(USAGE, f"{self.prog}: error: {message}\n")


def _unknown_options(parser: argparse.ArgumentParser, extras: list[str]) -> str:
    """The message for arguments a command does not take, with the closest option."""
    options = [o for action in parser._actions for o in action.option_strings]
    hints = []
    for extra in extras:
        close = difflib.get_close_matches(extra.split("=")[0], options, n=1)
        if close:
            hints.append(f"did you mean {close[0]}?")
    return "unrecognized arguments: " + " ".join(extras) + ("; " + " ".join(hints)
                                                           if hints else "")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="rookery", description="Rook card game variants as data: check, play, export "
        "and check engines against the rules.", epilog=EXIT_CODES)
    parser.add_argument("--version", action="version", version=f"rookery {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    p = sub.add_parser("check", help="check specs statically and print a summary of each",
                       epilog=EXIT_CODES)
    p.add_argument("specs", nargs="*", metavar="SPEC",
                   help="spec files, folders of them, or variant ids (default: every "
                   "built-in variant)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p = sub.add_parser("list", help="a table of the built-in variants")
    p.add_argument("--json", action="store_true", help="print the variants as JSON")
    p = sub.add_parser(
        "play", help="play a whole game between bots, or sit at the table yourself",
        description="Play a whole game between bots and print a transcript; with --seat N "
        "you play seat N yourself against the bots; with --games N print each bot's win "
        "and set rates over N games.", epilog=EXIT_CODES)
    p.add_argument("variant", help="variant id or spec file")
    p.add_argument("--seed", type=int, default=1, help="shuffle seed (default 1)")
    p.add_argument("--bots", default="simple", metavar="BOT[,BOT...]",
                   help="the bots at the seats, in turn from seat 0: simple (bids from "
                   "hand strength, plays sensibly) or random (default simple); "
                   "'simple,random' puts simple bots at even seats and random at odd")
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
    p = sub.add_parser("export", help="print a compiled variant as JSON")
    p.add_argument("variant", help="variant id or spec file")
    for extend in _EXTENSIONS:
        extend(sub)
    return parser


# Other modules (the conformance runner, the engine server) add their sub-commands here.
_EXTENSIONS: list = []


def _conformance_commands() -> None:
    """``rookery conformance`` and ``rookery serve`` live in :mod:`rookery.conformance`."""
    from .conformance import commands
    _COMMANDS["conformance"] = commands.cmd_conformance
    _COMMANDS["serve"] = commands.cmd_serve
    _EXTENSIONS.append(commands.add_subcommands)


_conformance_commands()


def _mutation_command() -> None:
    """``rookery mutate``: the corpus's mutation check (:mod:`rookery.conformance.mutation`)."""
    from .conformance import mutation
    _COMMANDS["mutate"] = mutation.cmd_mutate
    _EXTENSIONS.append(mutation.add_subcommand)


_mutation_command()


def _docs_command() -> None:
    """``rookery docs``: the documentation site from the specs (:mod:`rookery.docs`)."""
    from .docs import command as docs
    _COMMANDS["docs"] = docs.cmd_docs
    _EXTENSIONS.append(docs.add_subcommand)


_docs_command()


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, extras = parser.parse_known_args(argv)
    if extras:
        # A sub-command's unknown option: that sub-command's usage, not the top level's.
        chosen = parser._subparsers._group_actions[0].choices.get(args.command, parser) \
            if args.command else parser
        chosen.error(_unknown_options(chosen, extras))
    if not args.command:
        parser.print_help()
        return USAGE
    try:
        return int(_COMMANDS[args.command](args) or 0)
    except SpecError as error:
        print(str(error), file=sys.stderr)
        return FINDINGS
    except RookeryError as error:
        print(f"rookery: {error}", file=sys.stderr)
        return USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
