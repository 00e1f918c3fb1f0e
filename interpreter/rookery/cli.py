"""The ``rookery`` command: check, list, play and export variants (and, with the
conformance suite, run and serve it).  User mistakes end in a message, never a
traceback."""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table

from . import __version__
from .bots import RandomBot, SimpleBot
from .check import check_variant, summary
from .engine import Game
from .errors import RookeryError, SpecError
from .export import export_variant
from .load import builtin_variants, load_variant
from .transcript import describe_deal, describe_event

_COMMANDS: dict[str, object] = {}


def command(name: str):
    def register(fn):
        _COMMANDS[name] = fn
        return fn
    return register


def _specs(names: list[str]) -> list[str]:
    """Expand the arguments of ``check``: paths, variant ids, or nothing (all built-ins)."""
    return names or builtin_variants()


@command("check")
def cmd_check(args) -> int:
    failed = 0
    out = Console(highlight=False, soft_wrap=True)
    for name in _specs(args.specs):
        try:
            variant = load_variant(name)
            warnings = check_variant(variant)
        except RookeryError as error:
            failed += 1
            print(str(error), file=sys.stderr)
            continue
        s = summary(variant)
        out.print(f"ok  {variant.id:<24} {s.players} players, {s.deck} cards, hand {s.hand}, "
                  f"nest {s.nest}, {s.points} points, bids {s.minimum_bid}-{s.maximum_bid}, "
                  f"game to {s.target}, {len(variant.rules)} rules")
        for warning in warnings:
            out.print(f"    {warning}")
    return 1 if failed else 0


@command("list")
def cmd_list(args) -> int:
    table = Table(title="rookery variants")
    for column in ("variant", "title", "players", "deck", "hand", "nest", "points",
                   "min bid", "target", "extends"):
        # ids are never cut short (they are what a reader types); a long title folds
        table.add_column(column, justify="right" if column in (
            "players", "deck", "hand", "nest", "points", "min bid", "target") else "left",
            no_wrap=column in ("variant", "extends"), overflow="fold")
    for name in builtin_variants():
        variant = load_variant(name)
        s = summary(variant)
        table.add_row(variant.id, variant.title, str(s.players), str(s.deck), str(s.hand),
                      str(s.nest), str(s.points), str(s.minimum_bid), str(s.target),
                      variant.extends or "")
    Console(width=max(140, Console().width)).print(table)
    return 0


@command("play")
def cmd_play(args) -> int:
    variant = load_variant(args.variant)
    rng = random.Random(args.seed)
    game = Game(variant, rng, first_dealer=args.dealer % variant.table.players)
    bot = (RandomBot if args.bots == "random" else SimpleBot)(rng)
    print(f"{variant.title}: seed {args.seed}, {args.bots} bots")
    print()
    for line in describe_deal(game):
        print(line)
    hands = 1
    while not game.is_over:
        actor = game.actor
        action = bot.choose(game.hand)
        events = game.apply(action)
        for event in events:
            if event.kind == "new-hand":
                hands += 1
                if args.max_hands and hands > args.max_hands:
                    print(f"\nstopped after {args.max_hands} hands (--max-hands)")
                    return 0
                print()
                for line in describe_deal(game):
                    print(line)
                continue
            for line in describe_event(game, event, actor, action):
                print(line)
    return 0


@command("export")
def cmd_export(args) -> int:
    print(json.dumps(export_variant(load_variant(args.variant)), indent=2))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rookery", description="Rook card game variants as data: check, play, export "
        "and check engines against the rules.")
    parser.add_argument("--version", action="version", version=f"rookery {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    p = sub.add_parser("check", help="check specs statically and print a summary of each")
    p.add_argument("specs", nargs="*", metavar="SPEC",
                   help="spec files or variant ids (default: every built-in variant)")
    sub.add_parser("list", help="a table of the built-in variants")
    p = sub.add_parser("play", help="play a whole game between bots and print a transcript")
    p.add_argument("variant", help="variant id or spec file")
    p.add_argument("--seed", type=int, default=1, help="shuffle seed (default 1)")
    p.add_argument("--bots", choices=("simple", "random"), default="simple")
    p.add_argument("--dealer", type=int, default=0, help="who deals the first hand")
    p.add_argument("--max-hands", type=int, default=0, help="stop after this many hands")
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


def _fuzz_command() -> None:
    """``rookery fuzz``: differential play against a spec (:mod:`rookery.conformance.fuzz`)."""
    from .conformance import fuzz_command
    _COMMANDS["fuzz"] = fuzz_command.cmd_fuzz
    _EXTENSIONS.append(fuzz_command.add_subcommand)


_fuzz_command()


def _docs_command() -> None:
    """``rookery docs``: the documentation site from the specs (:mod:`rookery.docs`)."""
    from .docs import command as docs
    _COMMANDS["docs"] = docs.cmd_docs
    _EXTENSIONS.append(docs.add_subcommand)


_docs_command()


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 2
    try:
        return int(_COMMANDS[args.command](args) or 0)
    except SpecError as error:
        print(str(error), file=sys.stderr)
        return 1
    except RookeryError as error:
        print(f"rookery: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
