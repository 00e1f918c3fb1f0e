"""JSON from people we do not trust (an engine's answers, a case file, a line sent to
``rookery serve``): read with a limit on nesting, and shown only as a short, cleaned
excerpt.

Python's ``json`` recurses once per level of nesting: a line of 100,000 ``[`` ends in a
``RecursionError`` that no ``except ValueError`` catches.  :func:`loads` measures the
nesting first and refuses anything deeper than :data:`MAX_DEPTH` as a ``ValueError``.
:func:`clean` makes text safe to print and to put in JUnit XML: control characters and
lone surrogates (``"\\ud800"`` decodes to one) become escapes, and long text is cut.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate

MAX_DEPTH = 64          # levels of [ and {; the protocol and the case files need 6 or so
EXCERPT = 200           # characters of an engine's line kept in a verdict

# C0 and C1 controls (tab and newline included: an excerpt is one line), DEL, and the
# surrogates, which cannot be encoded as UTF-8 at all.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether JSON text nests ``[`` and ``{`` more than ``limit`` levels deep (brackets
    in strings aside)."""
    if text.count("[") + text.count("{") <= limit:
        return False
    # The strings out (an unfinished one runs to the end), then the level after each
    # bracket, every step at C speed: a case file holds thousands of brackets.
    brackets = _BRACKETS.findall(_STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0) > limit


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def loads(text: str | bytes, max_depth: int = MAX_DEPTH):
    """``json.loads`` that raises ``ValueError`` (never ``RecursionError``) for JSON
    nested deeper than ``max_depth``, and for bytes that are not UTF-8."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")     # UnicodeDecodeError is a ValueError
    if too_deep(text, max_depth):
        raise ValueError(f"nested more than {max_depth} levels deep")
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError(f"nested more than {max_depth} levels deep") from None


def _escape(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def clean(text: str, width: int = EXCERPT) -> str:
    """``text`` as one printable line of at most about ``width`` characters."""
    if len(text) > width:
        text = text[:width] + f"... ({len(text) - width} more characters)"
    return _UNSAFE.sub(_escape, text)


def plain(line: bytes, width: int = 10_000) -> bool:
    """Whether :func:`cleaned` would leave every string of the JSON ``line`` as it is:
    ASCII text without a backslash (so without an escape: no control character, no
    surrogate) or DEL, and no longer than ``width`` (so no string is cut).  Answers are
    nearly always plain, and this is found at C speed."""
    return len(line) <= width and line.isascii() and b"\\" not in line \
        and b"\x7f" not in line


def cleaned(value, width: int = 10_000):
    """A decoded JSON value with every string :func:`clean` (keys too): what an engine
    says may then be printed, compared and written to any report."""
    if isinstance(value, str):
        return clean(value, width)
    if isinstance(value, list):
        return [cleaned(item, width) for item in value]
    if isinstance(value, dict):
        return {clean(key, width): cleaned(item, width) for key, item in value.items()}
    return value
