"""What the language server knows of one open spec: the checker's verdict on its text, and
where things are in it.

:func:`analyse` runs the pipeline as ``rookery check`` does (parse, ``extends``, read,
check, then the warnings of :func:`rookery.language.lint.spec_warnings`) on the editor's
text, which need not be saved.  The other functions answer "what is at this place": the
section and clause a line belongs to, the word under the cursor.  Lines and columns here
are 1-based, as in a :class:`~rookery.errors.Span`; the server turns them into the
protocol's 0-based positions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import RookeryError, SpecError, SpecWarning
from ..language import ast
from ..language.model import Variant

# A word of a spec as a reader points at it: a name, card code, rule id or combination.
WORD = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]*[A-Za-z0-9_]|[A-Za-z0-9_]")


@dataclass(frozen=True)
class Analysis:
    """One version of an open spec: its parsed form (None when even the header is
    unreadable), its compiled variant (None unless it checks), its errors and warnings."""

    path: str
    text: str
    spec: ast.SpecFile | None
    variant: Variant | None
    problems: tuple[SpecError, ...]
    warnings: tuple[SpecWarning, ...]

    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()


def analyse(text: str, path: str) -> Analysis:
    """Check ``text`` as the spec file ``path`` (its ``extends`` found beside it)."""
    from ..language.lint import spec_warnings
    from ..language.load import load_text
    from ..language.parse import parse_text_recovering

    spec, parse_problems = parse_text_recovering(text, path)
    if spec is not None and spec.kind == "option":
        # An option is checked on the bases that take it ('rookery check'); here, its syntax.
        return Analysis(path, text, spec, None, tuple(parse_problems), ())
    try:
        variant = load_text(text, path)
    except SpecError as error:
        return Analysis(path, text, spec, None, error.problems, ())
    except RookeryError as error:   # an extends the loader could not follow
        return Analysis(path, text, spec, None, (SpecError(str(error)),), ())
    return Analysis(path, text, spec, variant, (), tuple(spec_warnings(variant)))


def same_file(a: str, b: str) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except (OSError, RuntimeError):
        return a == b


# -- what is where ---------------------------------------------------------------------------

def section_at(spec: ast.SpecFile, line: int) -> ast.Section | None:
    """The section whose lines hold ``line`` (None in the header)."""
    found = None
    for section in spec.sections:
        if section.span.line <= line:
            found = section
    return found


def clause_at(spec: ast.SpecFile, line: int) -> ast.Clause | None:
    """The clause that ``line`` belongs to: its own line, or a note line under it."""
    section = section_at(spec, line)
    if section is None or section.span.line == line:
        return None
    found = None
    for clause in section.clauses:
        if clause.key_span.line <= line:
            found = clause
    return found


def word_at(text: str, line: int, column: int) -> tuple[str, int] | None:
    """The word at a 1-based place and the column it starts at (a quoted string counts as
    one word, with its quotes)."""
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return None
    row = lines[line - 1]
    for match in re.finditer(r'"[^"\n]*"|' + WORD.pattern, row):
        # the word's own columns, or the one just after it (a cursor at its end)
        if match.start() + 1 <= column <= match.end() + 1:
            return match.group(), match.start() + 1
    return None


@dataclass(frozen=True)
class Place:
    """A file and a 1-based line in it."""

    path: Path
    line: int = 1


def parent_place(spec: ast.SpecFile, path: str) -> Place | None:
    """The spec file that ``spec`` (read from ``path``) extends, if it can be found and
    the spec may read it (the loader's own rule: :func:`rookery.language.specs.parent_file`)."""
    from ..language.specs import parent_file
    try:
        return Place(parent_file(spec, Path(path)))
    except (RookeryError, OSError):
        return None


def parent_variant(analysis: Analysis) -> Variant | None:
    """The variant the spec extends, compiled (None when it has none or it fails)."""
    from ..language.load import load_variant
    spec = analysis.spec
    place = parent_place(spec, analysis.path) if spec is not None and spec.extends else None
    try:
        return load_variant(place.path) if place else None
    except RookeryError:
        return None


def rule_id_of(clause: ast.Clause) -> str:
    from ..language.vocabulary import rule_id
    return rule_id(clause)
