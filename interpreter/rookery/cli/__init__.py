"""The ``rookery`` command: check, list, play and export variants (and, with the
conformance suite, run and serve it).  User mistakes end in a message, never a
traceback."""

from __future__ import annotations

import argparse
import sys

from .. import __version__
from ..exit_codes import EXIT_CODES, USAGE

# ``rookery --help`` (and a usage mistake) lists the commands from the table below and
# imports no command's module: a command's module, the engine, rich and the rest are
# imported when that command is asked for (``rookery fuzz --help`` builds fuzz's parser
# alone).  ``tests/test_imports.py`` checks what the top-level help leaves unloaded.


class Command:
    """A command of ``rookery``: the module of :mod:`rookery.cli` that adds its parser
    (with the function ``adder``) and runs it (``run``), and its line in the help."""

    __slots__ = ("name", "module", "adder", "run", "help")

    def __init__(self, name: str, module: str, adder: str, run: str, help: str):
        self.name, self.module, self.adder, self.run, self.help = \
            name, module, adder, run, help

    def load(self):
        from importlib import import_module
        return import_module(f"{__name__}.{self.module}")


COMMANDS = {command.name: command for command in (
    Command("check", "specs", "add_subcommands", "cmd_check",
            "check specs statically and print a summary of each"),
    Command("list", "specs", "add_subcommands", "cmd_list",
            "a table of the built-in variants"),
    Command("play", "play", "add_subcommands", "cmd_play",
            "play a whole game between bots, or sit at the table yourself"),
    Command("replay", "play", "add_subcommands", "cmd_replay",
            "replay a game record, or turn a hand of it into a conformance case"),
    Command("export", "specs", "add_export", "cmd_export", "print a compiled variant as JSON"),
    Command("conformance", "conformance", "add_subcommands", "cmd_conformance",
            "run the conformance corpus against our interpreter or an engine"),
    Command("serve", "conformance", "add_subcommands", "cmd_serve",
            "serve our interpreter over the engine protocol on stdin/stdout"),
    Command("mutate", "mutate", "add_subcommand", "cmd_mutate",
            "mutation check: does the corpus reject every changed rule?"),
    Command("fuzz", "fuzz", "add_subcommand", "cmd_fuzz",
            "play an engine against a spec and name every rule it breaks"),
    Command("check-games", "check_games", "add_subcommand", "cmd_check_games",
            "check games an engine recorded (a log) against a spec, no protocol needed"),
    Command("report", "report", "add_subcommand", "cmd_report",
            "lay several runs' JSON reports side by side in one HTML page"),
    Command("compare", "compare", "add_subcommand", "cmd_compare",
            "what a house rule changes: bot games of specs side by side"),
    Command("docs", "docs", "add_subcommand", "cmd_docs",
            "write the documentation site (mkdocs) from the specs"),
    Command("fmt", "fmt", "add_subcommand", "cmd_fmt",
            "put spec files in the one canonical layout"),
    Command("lsp", "lsp", "add_subcommand", "cmd_lsp",
            "the language server for .rook files (stdio; needs rookery[lsp])"),
)}

# The commands that load specs, and so take --allow-root.
SPEC_COMMANDS = frozenset({"check", "play", "replay", "export", "conformance", "serve",
                           "mutate", "fuzz", "docs", "check-games", "report"})


class _Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes say what was meant where it can tell."""

    def error(self, message: str):
        import re
        wrong = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if wrong:
            choices = re.findall(r"'([^']*)'", wrong.group(2))
            close = _close_to(wrong.group(1), choices)
            if close:
                message += f"; did you mean '{close}'?"
        self.print_usage(sys.stderr)
        self.exit(USAGE, f"{self.prog}: error: {message}\n")


def _close_to(word: str, words: list[str]) -> str | None:
    import difflib
    close = difflib.get_close_matches(word, words, n=1)
    return close[0] if close else None


def _unknown_options(parser: argparse.ArgumentParser, extras: list[str]) -> str:
    """The message for arguments a command does not take, with the closest option."""
    options = [o for action in parser._actions for o in action.option_strings]
    hints = [f"did you mean {close}?" for close in
             (_close_to(extra.split("=")[0], options) for extra in extras) if close]
    return "unrecognized arguments: " + " ".join(extras) + ("; " + " ".join(hints)
                                                           if hints else "")


class _Only:
    """The sub-parsers as a command module sees them: its command ``name`` is added for
    real (with its line of help from :data:`COMMANDS`), any other it adds goes nowhere
    (a module adding two commands is asked for each in the table's order)."""

    def __init__(self, sub, name: str):
        self.sub, self.name = sub, name

    def add_parser(self, name: str, **options):
        if name not in COMMANDS:        # a command missing from the table: never shown
            raise LookupError(f"rookery {name}: add the command to rookery.cli.COMMANDS")
        if name != self.name:
            return _Parser(add_help=False)
        options.pop("help", None)       # the table's line is the one shown
        return self.sub.add_parser(name, help=COMMANDS[name].help, **options)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of ``rookery``: every command's, or with ``command`` that command's
    alone, the others listed by name and help (their modules not imported; ``""``:
    none built)."""
    parser = _Parser(
        prog="rookery", description="Rook card game variants as data: check, play, export "
        "and check engines against the rules.", epilog=EXIT_CODES)
    parser.add_argument("--version", action="version", version=f"rookery {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, entry in COMMANDS.items():
        if command is not None and name != command:
            sub.add_parser(name, help=entry.help, add_help=False)
            continue
        getattr(entry.load(), entry.adder)(_Only(sub, name))
        if name in SPEC_COMMANDS:
            from pathlib import Path
            sub.choices[name].add_argument(
                "--allow-root", action="append", default=[], metavar="DIR", type=Path,
                help="let specs read files (extends \"...\", source ... file \"...\") "
                     "under DIR too; by default only under each spec's own folder and "
                     "the current folder (repeatable)")
    return parser


def _command_in(argv: list[str]) -> str | None:
    """The command named on the command line (its first word not an option), if it is
    one of ours; None for none (``rookery --help``) or a word that is no command."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    # the command asked for built alone; no command (or a word that is none): the list
    parser = build_parser(_command_in(argv) or "")
    args, extras = parser.parse_known_args(argv)
    if extras:
        # A sub-command's unknown option: that sub-command's usage, not the top level's.
        chosen = parser._subparsers._group_actions[0].choices.get(args.command, parser) \
            if args.command else parser
        chosen.error(_unknown_options(chosen, extras))
    if not args.command:
        parser.print_help()
        return USAGE
    import signal

    from . import terminal
    from ..errors import RookeryError, SpecError
    from ..interrupts import Terminated
    from ..language.reach import allowing
    from ..paths import guarded_stdout
    from .specs import exit_code
    run = getattr(COMMANDS[args.command].load(), COMMANDS[args.command].run)
    previous = _on_terminate()
    restore_console = terminal.guard(args.command)   # no raw control character printed
    try:
        with allowing(getattr(args, "allow_root", ())), guarded_stdout():
            return int(run(args) or 0)
    except Terminated:
        return 143
    except SpecError as error:
        print(str(error), file=sys.stderr)
        return exit_code(error)
    except RookeryError as error:
        print(f"rookery: {error}", file=sys.stderr)
        return getattr(error, "exit_code", USAGE)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0            # the reader closed the pipe (rookery list | head): it has enough
    except SystemExit as stop:
        # rich ends a closed pipe with exit 1 (Console.on_broken_pipe); so do we, with 0
        if isinstance(stop.__context__, BrokenPipeError):
            return 0
        raise
    finally:
        restore_console()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _on_terminate():
    """Turn SIGTERM into :class:`Terminated` while a command runs; the previous handler,
    to put back (None where signals cannot be set: not the main thread)."""
    import signal

    from ..interrupts import Terminated

    def terminate(signum, frame):
        raise Terminated()
    try:
        return signal.signal(signal.SIGTERM, terminate)
    except ValueError:
        return None

