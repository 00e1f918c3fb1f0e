"""``rookery fmt [--check | --diff] PATH ...``: put spec files in the canonical layout
(:mod:`rookery.editor.layout`), in place.

Exit codes: 0 when every file is (now) in canonical form; 1 for findings: with ``--check``
or ``--diff`` a file that would change, and in any mode a file left alone because it does
not parse (its errors are printed, as ``rookery check`` prints them), because the safety
check refused the result, or because it is no file fmt reads or writes
(:mod:`rookery.editor.files`: a link leading out of the folder given, a FIFO, a device, a
file over 64 KB, a file saved again while fmt ran); 2 for a usage mistake (a path that is
not there, a folder without specs).
"""

from __future__ import annotations

import difflib
import os
import sys
from pathlib import Path

from ..errors import UsageError
from ..exit_codes import FINDINGS, OK
from .terminal import raw


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


def spec_files(paths: list[str]) -> list[tuple[Path, Path]]:
    """The files named, folders expanded to the ``.rook`` files in them (links to folders
    not followed), each with the folder it must stay inside: the folder given, or the
    folder of a file named."""
    files: list[tuple[Path, Path]] = []
    for name in paths:
        path = Path(name)
        try:
            os.stat(path)
        except FileNotFoundError:
            pass
        except OSError as error:        # a name too long, a part that is a file
            raise UsageError(f"{name[:80]}: {error.strerror or error}") from None
        if path.is_dir():
            found = sorted(path.rglob("*.rook"))
            if not found:
                raise UsageError(f"{name} is a folder with no .rook spec files in it")
            files += [(file, path) for file in found if not file.is_dir()]
        elif path.exists() or path.is_symlink():
            files.append((path, path.parent))
        else:
            raise UsageError(f"no such spec file: {name} (rookery fmt takes .rook files "
                             "or folders of them)")
    return list({_key(path): (path, folder) for path, folder in files}.values())  # each once


def _key(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path


def cmd_fmt(args) -> int:
    from ..editor.files import SpecFileRefused, read_spec, rewrite
    from ..editor.fmt import format_spec
    from ..errors import RookeryError

    if args.paths == ["-"]:
        return _filter(args)
    files = spec_files(args.paths)
    changed = unchanged = left_alone = 0
    for path, folder in files:
        try:
            spec = read_spec(path, folder)
            result = format_spec(spec.data.decode("utf-8"), str(path))
        except SpecFileRefused as error:
            left_alone += 1
            print(f"{path}: error: {error}; left as it is", file=sys.stderr)
            continue
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
        if args.diff:
            sys.stdout.writelines(_diff(result))
        elif args.check:
            print(f"would reformat {path}")
        else:
            try:
                rewrite(spec, result.text)
            except SpecFileRefused as error:
                left_alone += 1
                print(f"{path}: error: {error}; left as it is", file=sys.stderr)
                continue
            print(f"reformatted {path}")
        changed += 1
    verb = "would be reformatted" if args.check or args.diff else "reformatted"
    print(f"{len(files)} spec file{'s' if len(files) != 1 else ''}: {changed} {verb}, "
          f"{unchanged} already formatted, {left_alone} left alone (errors)",
          file=sys.stderr)
    if left_alone or (changed and (args.check or args.diff)):
        return FINDINGS
    return OK


def _filter(args) -> int:
    """``rookery fmt -``: stdin to stdout.  A spec that does not parse is written back as it
    came (an editor then keeps its text) and its errors go to stderr (exit 1).

    An editor's filter must give back the very bytes of the spec: stdin is read as bytes
    (no line end translated, a lone CR kept), and into a pipe or a file the text is
    written as it is, not through the terminal escaping (which would turn a U+2028 of a
    citation into ``\\u2028``); on a terminal a person reads it, escaped as everywhere."""
    from ..editor.fmt import format_spec
    from ..errors import RookeryError
    from ..limits import MAX_SPEC_BYTES

    data = _read_stdin(MAX_SPEC_BYTES + 1)
    out = sys.stdout if sys.stdout.isatty() else raw(sys.stdout)
    if len(data) > MAX_SPEC_BYTES:
        _give_back(out, data + _read_stdin(-1))
        print(f"<stdin>: left as it is: larger than {MAX_SPEC_BYTES // 1024} KB",
              file=sys.stderr)
        return FINDINGS
    try:
        text = data.decode("utf-8")
        result = format_spec(text, "<stdin>")
    except UnicodeDecodeError as error:
        _give_back(out, data)
        print(f"<stdin>: error: not UTF-8 text (byte {error.start}); left as it is",
              file=sys.stderr)
        return FINDINGS
    except RookeryError as error:
        out.write(text)
        print(f"{error}\n<stdin>: left as it is", file=sys.stderr)
        return FINDINGS
    if args.diff:
        sys.stdout.writelines(_diff(result))
    elif not args.check:
        out.write(result.text)
    return FINDINGS if result.changed and (args.check or args.diff) else OK


def _read_stdin(size: int) -> bytes:
    """At most ``size`` bytes of stdin (-1: the rest), as bytes where it has them."""
    below = getattr(sys.stdin, "buffer", None)
    if below is not None:
        return below.read(size)
    return sys.stdin.read(size).encode("utf-8", errors="surrogateescape")


def _give_back(out, data: bytes) -> None:
    """Bytes fmt does not format, written back as they came (to a terminal: as text made
    safe, the bytes that are not UTF-8 shown as U+FFFD)."""
    below = getattr(out, "buffer", None)
    if out is sys.stdout or below is None:
        out.write(data.decode("utf-8", errors="replace"))
        return
    out.flush()
    below.write(data)


def _diff(result) -> list[str]:
    return list(difflib.unified_diff(
        result.original.splitlines(keepends=True), result.text.splitlines(keepends=True),
        f"{result.path} (as written)", f"{result.path} (formatted)"))
