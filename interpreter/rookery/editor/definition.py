"""Go to definition: from a name in a spec to the file (and line) that defines it.

- ``extends ID`` or ``extends "path.rook"``: the parent spec;
- a source id (``source club``, ``per club "Dealing"``): its declaration in this spec, or
  its entry in the built-in ``specs/sources.json``; a citation's quoted section of a
  ``file`` source: the line of that file that holds it;
- an option or variant id (``rook-low``, either part of ``kentucky-rook+rook-low``, say in a
  comment or an option's header): the option's or variant's spec file.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import RookeryError
from ..language import ast
from ..language.lint import MAX_SOURCE_BYTES
from ..language.reach import read_within
from .analysis import Analysis, Place, parent_place, word_at


def definition(analysis: Analysis, line: int, column: int) -> Place | None:
    spec = analysis.spec
    found = word_at(analysis.text, line, column)
    if spec is None or found is None:
        return None
    word, start = found
    here = Path(analysis.path)
    if spec.extends_span is not None and spec.extends_span.line == line:
        return parent_place(spec, analysis.path)
    if word.startswith('"'):
        return _cited_section(analysis, line, start, word[1:-1])
    for part in _parts(word, column - start):
        place = _source(spec, part) or _spec_file(part, here)
        if place is not None:
            return place
    return None


def _parts(word: str, offset: int) -> list[str]:
    """The word, or the part of a ``base+option`` combination under the cursor."""
    if "+" not in word:
        return [word]
    at = 0
    for part in word.split("+"):
        if at <= offset <= at + len(part):
            return [part]
        at += len(part) + 1
    return []


def _source(spec: ast.SpecFile, name: str) -> Place | None:
    from ..language.specs import known_sources
    from ..resources import specs_dir
    for declared in spec.sources:
        if declared.id == name:
            return Place(Path(spec.path).resolve(), declared.span.line)
    if name in known_sources():
        listing = specs_dir() / "sources.json"
        lines = listing.read_text(encoding="utf-8").splitlines()
        row = next((i for i, text in enumerate(lines, 1) if f'"{name}":' in text), 1)
        return Place(listing.resolve(), row)
    return None


def _spec_file(name: str, here: Path) -> Place | None:
    """A variant (beside this spec, or built in) or a built-in option, named by id."""
    from ..language.options import find_option
    from ..language.specs import find_spec
    if not name or "/" in name or name.endswith(".rook"):
        return None
    for find in (lambda: find_spec(name, near=here.parent), lambda: find_option(name)):
        try:
            return Place(find().resolve())
        except RookeryError:
            continue
    return None


def _cited_section(analysis: Analysis, line: int, start: int, where: str) -> Place | None:
    """``per club "Dealing"`` (or ``per "Dealing"`` with ``source club``): the line of the
    club's own file that holds "Dealing"."""
    spec = analysis.spec
    assert spec is not None
    row = analysis.text.splitlines()[line - 1][:start - 1].split()
    if not row or row[-1] == "ruling":
        return None
    source = row[-1] if row[-1] != "per" else spec.source
    declared = next((s for s in spec.sources if s.id == source), None)
    if declared is None or declared.kind != "file":
        return None
    # read as the checker reads it: within the spec's reach, links resolved, bounded
    folder = Path(analysis.path).resolve().parent
    data = read_within(declared.location, folder, MAX_SOURCE_BYTES)
    if data is None:
        return None
    path = (folder / Path(declared.location).expanduser()).resolve()
    lines = data.decode("utf-8", errors="replace").splitlines()
    number = next((i for i, text in enumerate(lines, 1) if where.lower() in text.lower()), 1)
    return Place(path.resolve(), number)
