"""The ``rookery`` command: check, list, play and export variants (and, with the
conformance suite, run and serve it).  User mistakes end in a message, never a
traceback."""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import signal
import sys
import textwrap
from dataclasses import asdict, replace
from pathlib import Path

from .. import __version__
from . import play as play_commands
from . import terminal
from ..language.reach import allowing
from ..errors import RookeryError, SpecError, UsageError
from ..exit_codes import EXIT_CODES, FINDINGS, OK, USAGE
from ..interrupts import Terminated
from ..paths import guarded_stdout

# The parser, the engine, rich and each command's modules are imported by the command
# that uses them: ``rookery --help`` (and a usage mistake) needs none of them.

_COMMANDS: dict[str, object] = {}


def command(name: str):
    def register(fn):
        _COMMANDS[name] = fn
        return fn
    return register


def _specs(names: list[str]) -> list[str]:
    """Expand the arguments of ``check``: paths, folders (every ``.rook`` in them),
    variant ids, or nothing (all built-ins)."""
    from ..language.load import builtin_variants
    if not names:
        return builtin_variants()
    specs: list[str] = []
    for name in names:
        path = Path(name)
        if os.path.isdir(path):     # os.path: "no" for a name too long, where pathlib raises
            found = sorted(str(p) for p in path.glob("*.rook"))
            if not found:
                raise UsageError(f"{name} is a folder with no .rook spec files in it")
            specs += found
        else:
            specs.append(name)
    return specs


def _console():
    from rich.console import Console
    return Console(highlight=False, soft_wrap=True)


def exit_code(error: RookeryError) -> int:
    """A spec that is wrong is a finding; a spec file that is not there, like an unknown
    variant, is a usage mistake."""
    if isinstance(error, SpecError) and error.code != "file-not-found":
        return FINDINGS
    return USAGE


@command("check")
def cmd_check(args) -> int:
    """Check each spec; a spec with errors is a finding (exit 1), an unknown variant a
    usage mistake (exit 2).  One line per spec checked, then one summary line of the
    specs checked (a name that is no spec was not checked: it is not counted).  With
    ``--json`` every finding is in the JSON, and nothing is written to stderr."""
    from rich.markup import escape

    from ..language.check import check_variant, summary
    from ..language.load import load_parent, load_variant
    out = _console()
    results = []
    unusable = []       # names that are no spec: usage mistakes, not checked

    def tell(text: str) -> None:
        if not args.json:
            print(text, file=sys.stderr)

    for name in _specs(args.specs):
        try:
            variant = load_variant(name)
            warnings = check_variant(variant, load_parent(variant))
        except RookeryError as error:
            if isinstance(error, SpecError) and error.code == "option-not-variant":
                results.append(_check_option(name, out, args.json))
            elif exit_code(error) == USAGE:
                tell(f"rookery: {error}" if isinstance(error, UsageError) else str(error))
                unusable.append({"spec": name, "error": str(error)})
            else:
                tell(shown(error) if not Path(name).is_absolute() else str(error))
                results.append({"spec": name, "ok": False, "error": str(error),
                                "errors": _problems(error)})
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
                out.print(escape(textwrap.indent(warning, "    ")))
    ok = sum(1 for r in results if r["ok"])
    failed = len(results) - ok
    warned = sum(len(r.get("warnings", ())) for r in results)
    if args.json:
        print(json.dumps({"specs": results, "checked": len(results), "ok": ok,
                          "failed": failed, "warnings": warned, "not_specs": unusable},
                         indent=2))
    elif results:
        out.print(f"{len(results)} spec{'s' if len(results) != 1 else ''} checked: {ok} ok, "
                  f"{failed} with errors, {warned} warning{'s' if warned != 1 else ''}")
    return USAGE if unusable else FINDINGS if failed else OK


def shown(error: RookeryError) -> str:
    """An error as a person who named a spec by a relative path reads it: each place
    written relative to the current folder when it is in it (``first-try.rook:8:12``)."""
    if not isinstance(error, SpecError):
        return str(error)
    return "\n".join(_relative(problem).render() for problem in error.problems)


def _relative(problem: SpecError) -> SpecError:
    span = problem.span
    if span is None:
        return problem
    try:
        file = str(Path(span.file).resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return problem
    return SpecError(problem.message, replace(span, file=file), expected=problem.expected,
                     hint=problem.hint, code=problem.code)


def _problems(error: RookeryError) -> list[dict]:
    """Each mistake of a spec, for ``check --json``: place, code and words."""
    if not isinstance(error, SpecError):
        return [{"message": str(error)}]
    return [{"file": p.span.file if p.span else None, "line": p.span.line if p.span else None,
             "column": p.span.column if p.span else None, "code": p.code,
             "message": p.message, "found": p.span.text if p.span else "",
             "expected": p.expected, "hint": p.hint} for p in error.problems]


def _check_option(name: str, out, as_json: bool) -> dict:
    """``rookery check OPTION.rook``: an option is checked on every built-in base; it is
    wrong when no base can take it."""
    from ..language.option_bases import CANNOT, CHANGES, SAME, option_info
    try:
        info = option_info(name)
    except SpecError as error:   # a mistake in the option itself, with its line
        if not as_json:
            print(str(error), file=sys.stderr)
        return {"spec": name, "ok": False, "error": str(error)}
    takes, same = info.taking(CHANGES), info.taking(SAME)
    if not takes and not same:
        reasons = sorted({(b.where or name, b.reason.split(": ", 1)[-1])
                          for b in info.bases})
        if not as_json:
            print(f"{reasons[0][0]}: error: option {info.id} applies to no built-in base: "
                  + "; ".join(reason for _, reason in reasons[:3]), file=sys.stderr)
        return {"spec": name, "ok": False, "option": info.id, "error": reasons[0][1]}
    if not as_json:
        out.print(f"ok  option {info.id:<17} changes {len(takes)} built-in bases, "
                  f"{len(same)} already play so, {len(info.taking(CANNOT))} cannot take it")
    return {"spec": name, "ok": True, "option": info.id, "bases": takes,
            "bases_unchanged": same, "warnings": []}


@command("list")
def cmd_list(args) -> int:
    if args.options:
        return _list_options(args.json)
    from rich.console import Console
    from rich.markup import escape
    from rich.measure import Measurement
    from rich.table import Table

    from ..language.check import summary
    from ..language.load import builtin_variants, load_variant
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
    out = Console()
    # the narrowest the table can be drawn with every id whole and the numbers on one line
    title = 16
    needed = Measurement.get(out, out.options, table).minimum + title
    if out.width >= needed:
        out.print(table)
        return OK
    # A terminal too narrow for the table: each variant on two lines instead.
    for variant in variants:
        s = summary(variant)
        out.print(f"[bold]{escape(variant.id)}[/bold]: {escape(variant.title)}",
                  highlight=False)
        out.print(f"    {s.players} players, {s.deck} cards, hand {s.hand}, nest {s.nest}, "
                  f"{s.points} points, min bid {s.minimum_bid}, game to {s.target}"
                  + (f"; extends {variant.extends}" if variant.extends else ""),
                  highlight=False)
    return OK


def _list_options(as_json: bool) -> int:
    """``rookery list --options``: each built-in option, what it changes, and the bases
    that take it (found by trying every built-in base)."""
    from rich.table import Table

    from ..language.option_bases import CANNOT, CHANGES, SAME, all_options
    options = all_options()
    if as_json:
        print(json.dumps([{"id": o.id, "title": o.title, "does": o.comment,
                           "changes": [{"rule": r, "text": t} for r, t in o.clauses],
                           "requires": list(o.requires),
                           "bases": o.taking(CHANGES), "bases_unchanged": o.taking(SAME),
                           "cannot": {b.base: b.reason for b in o.bases
                                      if b.verdict == CANNOT}} for o in options], indent=2))
        return OK
    table = Table(title="rookery options (BASE+OPTION, e.g. kentucky-rook+rook-low)")
    for column in ("option", "title", "what it changes", "bases", "already so", "cannot"):
        table.add_column(column, no_wrap=column == "option", overflow="fold",
                         justify="right" if column in ("bases", "already so", "cannot")
                         else "left")
    for o in options:
        table.add_row(o.id, o.title, "\n".join(f"{r.split('.')[0]}: {t}" for r, t in o.clauses),
                      *(str(len(o.taking(verdict))) for verdict in (CHANGES, SAME, CANNOT)))
    out = _console()
    out.print(table)
    out.print("The built-in bases each option changes (found by trying every base; "
              "'rookery check BASE+OPTION' says why one cannot take it):")
    for o in options:
        out.print(f"  {o.id}: " + (", ".join(o.taking(CHANGES)) or "none"))
    return OK


def _list_entry(variant) -> dict:
    from ..language.check import summary
    s = summary(variant)
    return {"id": variant.id, "title": variant.title, "players": s.players, "deck": s.deck,
            "hand": s.hand, "nest": s.nest, "points": s.points, "minimum_bid": s.minimum_bid,
            "maximum_bid": s.maximum_bid, "target": s.target, "extends": variant.extends}


@command("export")
def cmd_export(args) -> int:
    from ..language.export import export_variant
    from ..language.load import load_variant
    print(json.dumps(export_variant(load_variant(args.variant)), indent=2))
    return OK


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


# ``rookery play`` and ``rookery replay`` live in :mod:`rookery.cli.play`.
_COMMANDS["play"] = play_commands.cmd_play
_COMMANDS["replay"] = play_commands.cmd_replay


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
    p.add_argument("--options", action="store_true",
                   help="the options (BASE+OPTION) instead: what each changes and which "
                        "built-in bases take it")
    play_commands.add_subcommands(sub)
    p = sub.add_parser("export", help="print a compiled variant as JSON")
    p.add_argument("variant", help="variant id or spec file")
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

