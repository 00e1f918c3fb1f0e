"""``rookery check``, ``rookery list`` and ``rookery export``: the commands about specs
themselves (what a spec says, whether it holds together, the variants and options there
are)."""

from __future__ import annotations

import json
import os
import re
import sys
import textwrap
from dataclasses import asdict, replace
from pathlib import Path

from ..errors import RookeryError, SpecError, UsageError
from ..exit_codes import EXIT_CODES, FINDINGS, OK, USAGE


def add_subcommands(sub) -> None:
    p = sub.add_parser("check", epilog=EXIT_CODES)
    p.add_argument("specs", nargs="*", metavar="SPEC",
                   help="spec files, folders of them, or variant ids (default: every "
                   "built-in variant)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p = sub.add_parser("list")
    p.add_argument("--json", action="store_true", help="print the variants as JSON")
    p.add_argument("--options", action="store_true",
                   help="the options (BASE+OPTION) instead: what each changes and which "
                        "built-in bases take it")


def add_export(sub) -> None:
    p = sub.add_parser("export")
    p.add_argument("variant", help="variant id or spec file")


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
    from . import terminal
    return terminal.console(highlight=False, soft_wrap=True)


def exit_code(error: RookeryError) -> int:
    """A spec that is wrong is a finding; a spec file that is not there, like an unknown
    variant, is a usage mistake."""
    if isinstance(error, SpecError) and error.code != "file-not-found":
        return FINDINGS
    return USAGE


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
                seen = shown(error) if not Path(name).is_absolute() else str(error)
                tell(seen)
                results.append({"spec": name, "ok": False, "error": seen,
                                "errors": _problems(error, relative=not Path(name).is_absolute())})
            continue
        if not Path(name).is_absolute():    # places as the spec was named
            warnings = [_relative_warning(warning) for warning in warnings]
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
    return SpecError(problem.message, replace(span, file=relative_path(span.file)),
                     expected=problem.expected, hint=problem.hint, code=problem.code)


def relative_path(file: str) -> str:
    """A file as it is named from the current folder: below it, its path from there
    (``first-try.rook``); a spec or option of the installed package by its place in the
    package (``rookery:specs/tournament.rook``, as the generated pages name it under
    ``specs/``); elsewhere, the way there (``../club/lake.rook``). No report carries the
    absolute path of the user's machine, nor the way up to where the package lives."""
    from ..resources import specs_dir
    try:
        return str(Path(file).resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        pass
    try:
        return "rookery:specs/" + Path(file).resolve().relative_to(
            specs_dir().resolve()).as_posix()
    except (ValueError, OSError):
        pass
    try:
        return os.path.relpath(file)
    except ValueError:      # another drive (Windows): nothing relative to say
        return file


# The place that opens a warning's text: ``/home/me/club.rook:8:3: warning[...]``.
_WARNING_PLACE = re.compile(r"^(.+?):(\d+):(\d+): warning\[")


def _relative_warning(text: str) -> str:
    place = _WARNING_PLACE.match(text)
    if not place:
        return text
    return relative_path(place.group(1)) + text[len(place.group(1)):]


def _problems(error: RookeryError, relative: bool) -> list[dict]:
    """Each mistake of a spec, for ``check --json``: place, code and words; the place
    relative to the current folder when the spec was named by a relative path (as the
    console shows it)."""
    if not isinstance(error, SpecError):
        return [{"message": str(error)}]
    problems = [_relative(p) if relative else p for p in error.problems]
    return [{"file": p.span.file if p.span else None, "line": p.span.line if p.span else None,
             "column": p.span.column if p.span else None, "code": p.code,
             "message": p.message, "found": p.span.text if p.span else "",
             "expected": p.expected, "hint": p.hint} for p in problems]


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


def cmd_list(args) -> int:
    if args.options:
        return _list_options(args.json)
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
    from . import terminal
    out = terminal.console()
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


def cmd_export(args) -> int:
    from ..language.export import export_variant
    from ..language.load import load_variant
    print(json.dumps(export_variant(load_variant(args.variant)), indent=2))
    return OK
