"""``rookery fmt``'s safety check: the formatted spec says exactly what the original said.

Three comparisons, each of a spec before and after formatting:

- **the clauses as parsed** (:func:`same_clauses`): the header, every section and every
  clause with its values, formula, citations, rulings and id, source positions aside and
  sections taken in the canonical order.  It runs on every spec that parses, options too;
- **the compiled variant** (:func:`same_variant`): ``rookery export``'s JSON
  (:func:`rookery.language.export.export_variant`), apart from each rule's line, and with
  each rule's text (the clause as written) compared without its spaces.  It runs on a
  variant that checks; for an option or a spec with errors it cannot, and says why;
- **the comments** (:func:`same_comments`): each comment's text, and the clause, note,
  section or header line it sits on, above or below
  (:func:`rookery.editor.layout.comment_places`): none dropped, cut or moved elsewhere.

A difference raises :class:`FormatUnsafe`; the formatter then leaves the file alone.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from ..errors import RookeryError, Span


class FormatUnsafe(RookeryError):
    """Formatting would change what a spec says: a bug of the formatter, never written."""


def same_clauses(before: str, after: str, path: str) -> None:
    """The parsed clauses of ``before`` and ``after`` are the same (positions aside)."""
    from ..language.parse import parse_text

    old, new = _plain_spec(parse_text(before, path)), _plain_spec(parse_text(after, path))
    if old != new:
        raise FormatUnsafe(f"{path}: formatting would change the parsed clauses "
                           f"({_first_difference(old, new)}); the file is left as it is")


def same_comments(before: str, after: str, path: str) -> None:
    """The comments of ``before`` and ``after`` are the same, each beside the same clause."""
    from .layout import comment_places

    old, new = comment_places(before, path), comment_places(after, path)
    if old != new:
        lost = sorted(set(old) - set(new)) or old
        text, where, key = lost[0]
        raise FormatUnsafe(f"{path}: formatting would drop or move the comment "
                           f"{text[:60]!r} ({where} {'.'.join(map(str, key)) or 'the end'}); "
                           "the file is left as it is")


def same_variant(before: str, after: str, path: str) -> str | None:
    """The compiled variants of ``before`` and ``after`` are the same (rule lines aside,
    rule texts compared without spaces).  Returns why the comparison could not run (an
    option, a spec with errors), or None when it ran."""
    from ..language.export import export_variant
    from ..language.load import load_text

    where = str(Path(path).resolve()) if not path.startswith("<") else path
    try:
        old = export_variant(load_text(before, where))
    except RookeryError as error:
        code = getattr(error, "code", "")
        if code == "option-not-variant":
            return "an option compiles only with a base: its parsed clauses were compared"
        return ("the spec has errors, so it does not compile: its parsed clauses were "
                "compared")
    try:
        new = export_variant(load_text(after, where))
    except RookeryError as error:
        raise FormatUnsafe(f"{path}: the formatted spec no longer checks ({error}); the "
                           "file is left as it is") from None
    old, new = _without_positions(old), _without_positions(new)
    if old != new:
        raise FormatUnsafe(f"{path}: formatting would change the compiled variant "
                           f"({_first_difference(old, new)}); the file is left as it is")
    return None


def _without_positions(exported: dict) -> dict:
    """An exported variant without where its rules were written."""
    rules = [{**rule, "line": None, "text": "".join(rule["text"].split())}
             for rule in exported["rules"]]
    return {**exported, "rules": rules}


def _plain_spec(spec) -> dict:
    """A parsed spec as plain data without positions, its sections in canonical order."""
    from .layout import section_rank

    plain = _plain(spec)
    plain["sections"] = sorted(plain["sections"], key=lambda s: section_rank(s["name"]))
    return plain


def _plain(value):
    """Dataclasses as dicts and tuples as lists, without any Span."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if not isinstance(getattr(value, f.name), Span)}
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    if isinstance(value, frozenset):
        return sorted(value)
    return value


def _first_difference(old, new, where: str = "") -> str:
    """The first place two plain values differ, as a path (``sections[2].clauses[0]``)."""
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(set(old) | set(new)):
            if old.get(key) != new.get(key):
                return _first_difference(old.get(key), new.get(key), f"{where}.{key}")
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for index, (a, b) in enumerate(zip(old, new)):
            if a != b:
                return _first_difference(a, b, f"{where}[{index}]")
    return f"{where.lstrip('.') or 'the spec'}: {str(old)[:60]!r} became {str(new)[:60]!r}"
