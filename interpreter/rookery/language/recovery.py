"""Reading on after a syntax error, so that one run reports every line's mistake.

The grammar's parser stops at the first token it cannot take.  A spec is a list of lines,
one clause a line, so the natural place to resume is the next line: the line that failed
is reported, then read as blank, and the whole text is read again.  Each round blanks a
line that has not been blanked before, so the rounds end.

Two kinds of line are kept rather than blanked, since blanking them would move every
clause below into another section and report each of those as a mistake too: a known
section header with text after it (``deck: colors ...``, ``deck {``) is read as the bare
header (``deck:``).  Nothing after a broken variant line can be read, so recovery stops
there.
"""

from __future__ import annotations

import re
from typing import Callable

from . import ast
from ..errors import SpecError

# At most this many syntax errors are reported for one file: past it, the text is
# probably not a spec at all.
MAX_SYNTAX_ERRORS = 50

_HEADER = re.compile(r"([A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*)\s*(?::|\{|$)")


def recover(text: str, path: str, parse_once: Callable[[str, str], ast.SpecFile]
            ) -> tuple[ast.SpecFile | None, list[SpecError]]:
    """Parse ``text`` with ``parse_once`` (which raises at its first mistake), blanking
    each failing line in turn; the spec read at the end and every mistake met."""
    from .vocabulary import SECTION_ORDER

    lines = text.split("\n")
    written = tuple(lines)        # the lines as the author wrote them
    errors: list[SpecError] = []
    lost: set[int] = set()        # 1-based lines read as blank or as a bare header
    variant_line = _first_statement(lines)
    while True:
        try:
            spec = parse_once("\n".join(lines), path)
        except SpecError as error:
            errors.append(error)
            line = error.span.line if error.span else 0
            if (not 0 < line <= len(lines) or line in lost or line <= variant_line
                    or len(errors) >= MAX_SYNTAX_ERRORS
                    or error.message in ("the file ends too early", "the spec is empty")):
                return None, errors
            lost.add(line)
            header = _HEADER.match(lines[line - 1])
            if header and header.group(1) in SECTION_ORDER:
                if "{" in lines[line - 1]:
                    _blank_closing_brace(lines, line, lost)
                lines[line - 1] = header.group(1) + ":"
            else:
                lines[line - 1] = ""
            continue
        if lost:
            spec = _tainted(spec, lost, written)
        return spec, errors


def _blank_closing_brace(lines: list[str], opened: int, lost: set[int]) -> None:
    """After ``deck: {``, the lone ``}`` that closes it is the same mistake: read it as
    blank too (the first such line before the next section header)."""
    for index in range(opened, len(lines)):
        text = lines[index].strip()
        if text == "}":
            lines[index] = ""
            lost.add(index + 1)
            return
        if _HEADER.match(lines[index]) and lines[index].rstrip().endswith(":"):
            return


def _first_statement(lines: list[str]) -> int:
    """The 1-based number of the first line that is not blank or a comment (the variant
    line of a well-formed spec)."""
    for number, line in enumerate(lines, start=1):
        if line.strip() and not line.strip().startswith("#"):
            return number
    return len(lines)


def _tainted(spec: ast.SpecFile, lost: set[int], written: tuple[str, ...]) -> ast.SpecFile:
    """``spec`` with what each lost line held marked: the clause's rule id when the line
    starts with a key of its section (``deal.hand``), nothing for a note under a clause
    (``per``, ``ruling``, ``as``: no figure is lost), else the whole section
    (``"header"`` for a line lost above the first section)."""
    from dataclasses import replace

    from .vocabulary import SECTIONS

    tainted = set()
    for line in lost:
        above = [section for section in spec.sections if section.span.line <= line]
        if not above:
            tainted.add("header")
            continue
        section = above[-1].name
        words = written[line - 1].split()
        first = words[0] if words and above[-1].span.line != line else ""
        if first in ("per", "ruling", "as"):
            continue
        key = first.rstrip(":")
        tainted.add(f"{section}.{key}" if key in SECTIONS.get(section, {}) else section)
    return replace(spec, tainted=frozenset(tainted))
