"""The comments of a spec, which the grammar ignores (``# ...`` runs to the line's end),
found again so that ``rookery fmt`` keeps them.

A ``#`` starts a comment unless it is inside a double-quoted string; the language's strings
never span lines and have no escapes (``STRING: /"[^"\\n]*"/`` in ``grammar/rook.lark``), so a
count of quotes on the line before the ``#`` says which.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Comment:
    """A comment: its 1-based line, its text from the ``#`` on (trailing spaces dropped),
    and whether code comes before it on its line (a trailing comment)."""

    line: int
    text: str
    trailing: bool


def comments_of(text: str) -> tuple[Comment, ...]:
    """Every comment of ``text``, in line order."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        inside = False
        for column, char in enumerate(line):
            if char == '"':
                inside = not inside
            elif char == "#" and not inside:
                found.append(Comment(number, line[column:].rstrip(),
                                     bool(line[:column].strip())))
                break
    return tuple(found)
