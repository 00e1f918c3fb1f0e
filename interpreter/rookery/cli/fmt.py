"""``rookery fmt [--check | --diff] PATH ...``: put spec files in the canonical layout
(:mod:`rookery.editor.layout`), in place.

Exit codes: 0 when every file is (now) in canonical form; 1 for findings: with ``--check``
or ``--diff`` a file that would change, and in any mode a file left alone because it does
not parse (its errors are printed, as ``rookery check`` prints them) or because the safety
check refused the result; 2 for a usage mistake (a path that is not there, a folder
without specs).
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

from ..errors import UsageError
from ..paths import write_text
from ..exit_codes import FINDINGS, OK


def add_subcommand(sub) -> None:
    p = sub.add_parser(
        "fmt",
        description="Rewrite spec files in the canonical layout: sections in the order "
        "rules are told, one clause a line, citations aligned, comments kept. Every result "
        "is checked before it is written: the parsed clauses and the compiled variant are "
        "the same as before (positions aside), and formatting again changes nothing. "
        "Exit code 0 when every file is in canonical form, 1 when a file would change "
        "(--check, --diff) or was left alone (it does not parse), 2 for a usage mistake.")
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="spec files, or folders (every .rook file in them, recursively); "
                        "'-' alone reads a spec on stdin and writes it formatted to stdout "
                        "(for editors)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true",
                      help="change nothing; list the files that would change (exit 1 if any)")
    mode.add_argument("--diff", action="store_true",
                      help="change nothing; print what would change as a unified diff")


def spec_files(paths: list[str]) -> list[Path]:
    """The files named, folders expanded to the ``.rook`` files in them."""
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found = sorted(path.rglob("*.rook"))
            if not found:
                raise UsageError(f"{name} is a folder with no .rook spec files in it")
            files += found
        elif path.is_file():
            files.append(path)
        else:
            raise UsageError(f"no such spec file: {name} (rookery fmt takes .rook files "
                             "or folders of them)")
    return list({path.resolve(): path for path in files}.values())   # each file once


def cmd_fmt(args) -> int:
    from ..editor.fmt import format_spec
    from ..errors import RookeryError

    if args.paths == ["-"]:
        return _filter(args)
    files = spec_files(args.paths)
    changed = unchanged = left_alone = 0
    for path in files:
        try:
            text = path.read_bytes().decode("utf-8")
            result = format_spec(text, str(path))
        except UnicodeDecodeError as error:
            left_alone += 1
            print(f"{path}: error: not UTF-8 text (byte {error.start}); left as it is",
                  file=sys.stderr)
            continue
        except RookeryError as error:
            left_alone += 1
            print(f"{error}\n{path}: left as it is: it does not parse", file=sys.stderr)
            continue
        if result.unchecked and result.changed:
            print(f"{path}: note: compiled variants not compared: {result.unchecked}",
                  file=sys.stderr)
        if not result.changed:
            unchanged += 1
            continue
        changed += 1
        if args.diff:
            sys.stdout.writelines(_diff(result))
        elif args.check:
            print(f"would reformat {path}")
        else:
            write_text(path, result.text, str(path))
            print(f"reformatted {path}")
    verb = "would be reformatted" if args.check or args.diff else "reformatted"
    print(f"{len(files)} spec file{'s' if len(files) != 1 else ''}: {changed} {verb}, "
          f"{unchanged} already formatted, {left_alone} left alone (errors)",
          file=sys.stderr)
    if left_alone or (changed and (args.check or args.diff)):
        return FINDINGS
    return OK


def _filter(args) -> int:
    """``rookery fmt -``: stdin to stdout.  A spec that does not parse is written back as it
    came (an editor then keeps its text) and its errors go to stderr (exit 1)."""
    from ..editor.fmt import format_spec
    from ..errors import RookeryError

    text = sys.stdin.read()
    try:
        result = format_spec(text, "<stdin>")
    except RookeryError as error:
        sys.stdout.write(text)
        print(f"{error}\n<stdin>: left as it is", file=sys.stderr)
        return FINDINGS
    if args.diff:
        sys.stdout.writelines(_diff(result))
    elif not args.check:
        sys.stdout.write(result.text)
    return FINDINGS if result.changed and (args.check or args.diff) else OK


def _diff(result) -> list[str]:
    return list(difflib.unified_diff(
        result.original.splitlines(keepends=True), result.text.splitlines(keepends=True),
        f"{result.path} (as written)", f"{result.path} (formatted)"))
