"""The ``rookery`` command: check, list, play and export variants (and, with the
conformance suite, run and serve it).  User mistakes end in a message, never a
traceback."""

from __future__ import annotations

import argparse
import difflib
import re
import signal
import sys
from pathlib import Path

from .. import __version__
from . import play as play_commands
from . import specs as spec_commands
from .specs import exit_code
from . import terminal
from ..language.reach import allowing
from ..errors import RookeryError, SpecError
from ..exit_codes import EXIT_CODES, USAGE
from ..interrupts import Terminated
from ..paths import guarded_stdout

# The parser, the engine, rich and each command's modules are imported by the command
# that uses them: ``rookery --help`` (and a usage mistake) needs none of them.

_COMMANDS: dict[str, object] = {}


class _Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes say what was meant where it can tell."""

    def error(self, message: str):
        wrong = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if wrong:
            choices = re.findall(r"'([^']*)'", wrong.group(2))
            close = difflib.get_close_matches(wrong.group(1), choices, n=1)
            if close:
                message += f"; did you mean '{close[0]}'?"
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


# ``rookery check``, ``list`` and ``export`` live in :mod:`rookery.cli.specs`, ``rookery
# play`` and ``rookery replay`` in :mod:`rookery.cli.play`.
_COMMANDS["check"] = spec_commands.cmd_check
_COMMANDS["list"] = spec_commands.cmd_list
_COMMANDS["export"] = spec_commands.cmd_export
_COMMANDS["play"] = play_commands.cmd_play
_COMMANDS["replay"] = play_commands.cmd_replay


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="rookery", description="Rook card game variants as data: check, play, export "
        "and check engines against the rules.", epilog=EXIT_CODES)
    parser.add_argument("--version", action="version", version=f"rookery {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    spec_commands.add_subcommands(sub)
    play_commands.add_subcommands(sub)
    spec_commands.add_export(sub)
    for extend in _EXTENSIONS:
        extend(sub)
    for name, command_parser in sub.choices.items():
        if name in SPEC_COMMANDS:
            command_parser.add_argument(
                "--allow-root", action="append", default=[], metavar="DIR", type=Path,
                help="let specs read files (extends \"...\", source ... file \"...\") "
                     "under DIR too; by default only under each spec's own folder and "
                     "the current folder (repeatable)")
    return parser


# The commands that load specs, and so take --allow-root.
SPEC_COMMANDS = frozenset({"check", "play", "replay", "export", "conformance", "serve",
                           "mutate", "fuzz", "docs"})


# Other modules (the conformance runner, the engine server) add their sub-commands here.
_EXTENSIONS: list = []


def _conformance_commands() -> None:
    """``rookery conformance`` and ``rookery serve`` live in :mod:`rookery.conformance`."""
    from . import conformance as commands
    _COMMANDS["conformance"] = commands.cmd_conformance
    _COMMANDS["serve"] = commands.cmd_serve
    _EXTENSIONS.append(commands.add_subcommands)


_conformance_commands()


def _mutation_command() -> None:
    """``rookery mutate``: the corpus's mutation check (:mod:`rookery.conformance.mutation.mutants`)."""
    from . import mutate as mutate_command
    _COMMANDS["mutate"] = mutate_command.cmd_mutate
    _EXTENSIONS.append(mutate_command.add_subcommand)


_mutation_command()


def _fuzz_command() -> None:
    """``rookery fuzz``: differential play against a spec (:mod:`rookery.conformance.diagnosis.lockstep`)."""
    from . import fuzz as fuzz_command
    _COMMANDS["fuzz"] = fuzz_command.cmd_fuzz
    _EXTENSIONS.append(fuzz_command.add_subcommand)


_fuzz_command()


def _compare_command() -> None:
    """``rookery compare``: what a house rule changes (:mod:`rookery.play.compare`)."""
    from . import compare as compare_command
    _COMMANDS["compare"] = compare_command.cmd_compare
    _EXTENSIONS.append(compare_command.add_subcommand)


_compare_command()


def _docs_command() -> None:
    """``rookery docs``: the documentation site from the specs (:mod:`rookery.docs`)."""
    from . import docs as docs
    _COMMANDS["docs"] = docs.cmd_docs
    _EXTENSIONS.append(docs.add_subcommand)


_docs_command()


def _editor_commands() -> None:
    """``rookery fmt`` and ``rookery lsp``: tools for writing specs (:mod:`rookery.editor`)."""
    from . import fmt, lsp
    _COMMANDS["fmt"] = fmt.cmd_fmt
    _COMMANDS["lsp"] = lsp.cmd_lsp
    _EXTENSIONS.append(fmt.add_subcommand)
    _EXTENSIONS.append(lsp.add_subcommand)


_editor_commands()


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
    previous = _on_terminate()
    restore_console = terminal.guard(args.command)   # no raw control character printed
    try:
        with allowing(getattr(args, "allow_root", ())), guarded_stdout():
            return int(_COMMANDS[args.command](args) or 0)
    except Terminated:
        return 143
    except SpecError as error:
        print(str(error), file=sys.stderr)
        return exit_code(error)
    except RookeryError as error:
        print(f"rookery: {error}", file=sys.stderr)
        return USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    finally:
        restore_console()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _on_terminate():
    """Turn SIGTERM into :class:`Terminated` while a command runs; the previous handler,
    to put back (None where signals cannot be set: not the main thread)."""
    def terminate(signum, frame):
        raise Terminated()
    try:
        return signal.signal(signal.SIGTERM, terminate)
    except ValueError:
        return None

