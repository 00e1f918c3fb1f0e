"""The comments of a spec, which the grammar ignores (``# ...`` runs to the line's end),
found again so that ``rookery fmt`` keeps them.

A ``#`` starts a comment unless it is inside a double-quoted string; the language's strings
never span lines and have no escapes (``STRING: /"[^"\\n]*"/`` in ``grammar/rook.lark``), so a
count of quotes on the line before the ``#`` says which.

Lines are split at line feeds only, as the grammar splits them (``COMMENT: /#[^\n]*/``):
a U+2028, U+2029 or form feed inside a comment is part of its text, not a line end.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Comment:
    """A comment: its 1-based line, its text from the ``#`` on (trailing spaces dropped),
    whether code comes before it on its line (a trailing comment), and whether a comment
    line is indented (a clause commented out, which belongs to the section it is in)."""

    line: int
    text: str
    trailing: bool
    indented: bool = False


def comments_of(text: str) -> tuple[Comment, ...]:
    """Every comment of ``text``, in line order."""
    found = []
    for number, line in enumerate(text.split("\n"), start=1):
        inside = False
        for column, char in enumerate(line):
            if char == '"':
                inside = not inside
            elif char == "#" and not inside:
                before = line[:column]
                found.append(Comment(number, line[column:].rstrip(" \t\r"),
                                     bool(before.strip(" \t")), bool(before)))
                break
    return tuple(found)
