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

Reading the whole text again after each mistake would cost the text's length a mistake
(a 64 KB spec with 50 mistakes: 50 readings of 64 KB).  A section's clauses are read the
same whatever the other sections hold, and a header line whatever the others say, so the
text is read in pieces of some :data:`PIECE_LINES` lines (cut where a clause, a section or
a header line begins): the header's, each with the variant line, then the sections',
each with the variant line and the header line of the section it goes on (a mistake is
worded by what comes before it), every other line blank (which
keeps the line numbers; the grammar's line end swallows blank lines at once).  A mistake
costs one more reading of its piece only, and the pieces' sections are joined again.
The errors keep no state of the parser (no ``__context__``, ``__cause__`` or traceback
holding its partial trees).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable

from . import ast
from ..errors import SpecError

# At most this many syntax errors are reported for one file: past it, the text is
# probably not a spec at all.
MAX_SYNTAX_ERRORS = 50
# The lines of a section read at once (a mistake costs a reading of its piece).
PIECE_LINES = 40
_NOTE_WORDS = ("per", "ruling", "as")

_HEADER = re.compile(r"([A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*)\s*(?::|\{|$)")
# A section header as the grammar's SECTION reads it: a name and a colon alone on a line.
_SECTION_LINE = re.compile(r"[\t ]*[A-Za-z_][A-Za-z0-9_-]*:[\t ]*(#[^\n]*)?\r?$")


def recover(text: str, path: str, parse_once: Callable[[str, str], ast.SpecFile]
            ) -> tuple[ast.SpecFile | None, list[SpecError]]:
    """Parse ``text`` with ``parse_once`` (which raises at its first mistake), blanking
    each failing line in turn; the spec read at the end and every mistake met."""
    lines = text.split("\n")
    written = tuple(lines)        # the lines as the author wrote them
    errors: list[SpecError] = []
    lost: set[int] = set()        # 1-based lines read as blank or as a bare header
    variant_line = _first_statement(lines)
    body = _first_section(lines, variant_line)
    top = tuple(range(1, variant_line + 1))     # the variant line, and what is above it
    spec = None
    for piece in _pieces(lines, variant_line + 1, body, first=1):
        part = _read_piece(lines, piece, top, path, parse_once, errors, lost, variant_line)
        if part is None:
            return None, errors
        spec = part if spec is None else _joined_headers(spec, part)
    sections: list[ast.Section] = []
    above = None        # the last section header above the piece, as now read
    for piece in _pieces(lines, body, len(lines) + 1) if body <= len(lines) else ():
        # the piece read under the header of the section it goes on (a mistake is
        # worded by what comes before it)
        kept = top + ((above,) if above else ())
        part = _read_piece(lines, piece, kept, path, parse_once, errors, lost,
                           variant_line)
        if part is None:
            return None, errors
        for section in part.sections:
            if sections and sections[-1].span == section.span:
                sections[-1] = replace(sections[-1],
                                       clauses=sections[-1].clauses + section.clauses)
            else:
                sections.append(section)
        above = max((n for n in piece if _SECTION_LINE.match(lines[n - 1])),
                    default=above)
    spec = replace(spec, sections=tuple(sections))
    return (_tainted(spec, lost, written) if lost else spec), errors


def _joined_headers(spec: ast.SpecFile, more: ast.SpecFile) -> ast.SpecFile:
    """The header of ``spec`` with the header lines read in ``more`` after it: a later
    ``extends`` or default ``source`` replaces an earlier one (as in one reading), the
    declared sources and requirements add up."""
    if more.extends is not None:
        spec = replace(spec, extends=more.extends, extends_span=more.extends_span,
                       extends_path=more.extends_path)
    if more.source is not None:
        spec = replace(spec, source=more.source, source_span=more.source_span)
    return replace(spec, sources=spec.sources + more.sources,
                   requires=spec.requires + more.requires)


def _read_piece(lines: list[str], piece: range, kept: tuple[int, ...], path: str,
                parse_once, errors: list[SpecError], lost: set[int], variant_line: int
                ) -> ast.SpecFile | None:
    """The lines ``piece`` (1-based) read with the lines ``kept`` and every other line
    blank, each failing line of the piece blanked in turn (``lines``, ``errors`` and
    ``lost`` updated); None when reading must stop (a broken variant line, a mistake
    outside the piece, too many mistakes)."""
    from .vocabulary import SECTION_ORDER

    shown = set(piece) | set(kept)
    while True:
        try:
            return parse_once("\n".join(line if number in shown else ""
                                        for number, line in enumerate(lines, 1)), path)
        except SpecError as error:
            errors.append(_detached(error))
            line = error.span.line if error.span else 0
            if (line not in piece or line in lost or line <= variant_line
                    or len(errors) >= MAX_SYNTAX_ERRORS
                    or error.message in ("the file ends too early", "the spec is empty")):
                return None
            lost.add(line)
            header = _HEADER.match(lines[line - 1])
            if header and header.group(1) in SECTION_ORDER:
                if "{" in lines[line - 1]:
                    _blank_closing_brace(lines, line, lost)
                lines[line - 1] = header.group(1) + ":"
            else:
                lines[line - 1] = ""


def _detached(error: SpecError) -> SpecError:
    """``error`` holding nothing of the parser: the exception it was raised from (lark's,
    with the parser's stack of partial trees) and the frames it passed through let go."""
    error.__context__ = error.__cause__ = None
    error.__traceback__ = None
    return error


def _first_section(lines: list[str], variant_line: int) -> int:
    """The 1-based line of the first section header below the variant line (one past
    the last line when there is none)."""
    for number in range(variant_line + 1, len(lines) + 1):
        if _SECTION_LINE.match(lines[number - 1]) and not _goes_on(lines, number):
            return number
    return len(lines) + 1


def _pieces(lines: list[str], begin: int, end: int, first: int | None = None):
    """The lines ``begin`` to ``end - 1`` (1-based) in pieces of at least
    :data:`PIECE_LINES` lines, cut only where a clause, a section or a header line begins
    (not at a note, a comment, a blank line or a line that goes on from the one above);
    the first piece from line ``first`` if given.  Always one piece at least."""
    start = begin if first is None else first
    for number in range(begin + 1, end):
        if number - start >= PIECE_LINES and _clause_begins(lines, number):
            yield range(start, number)
            start = number
    yield range(start, end)


def _goes_on(lines: list[str], number: int) -> bool:
    """Whether line ``number`` goes on from the one above (which ends with ``\\``)."""
    return number > 1 and lines[number - 2].rstrip().endswith("\\")


def _clause_begins(lines: list[str], number: int) -> bool:
    words = lines[number - 1].split()
    return bool(words) and not words[0].startswith("#") and words[0] not in _NOTE_WORDS \
        and not _goes_on(lines, number)


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
