"""JSON from people we do not trust (an engine's answers, a case file, a game record, a
learned spec's digest, a line sent to ``rookery serve``): read with limits, and shown only
as a short, cleaned excerpt.

:func:`read_json` is the one reader of a JSON *file* the tool is given: a regular file
only (a FIFO, a device, a link to ``/dev/zero`` is refused, opened without blocking), at
most :data:`MAX_FILE` bytes read (limit + 1, never the whole of an endless stream),
strict UTF-8, nesting no deeper than a limit, numbers of at most :data:`MAX_DIGITS`
digits, no ``NaN`` nor ``Infinity``, and (unless the caller checks them itself, with a
place) no lone surrogate.  Every refusal is a :class:`BadJSON` (a ``ValueError``) or an
``OSError``: never a traceback, a hang nor a memory blow-up.

Python's ``json`` recurses once per level of nesting: a line of 100,000 ``[`` ends in a
``RecursionError`` that no ``except ValueError`` catches.  :func:`loads` measures the
nesting first and refuses anything deeper than :data:`MAX_DEPTH` as a ``ValueError``.
:func:`clean` makes text safe to print and to put in JUnit XML: control characters and
lone surrogates (``"\\ud800"`` decodes to one) become escapes, and long text is cut.
"""

from __future__ import annotations

import json
import os
import re
import stat
from itertools import accumulate
from pathlib import Path

MAX_DEPTH = 64          # levels of [ and {; the protocol and the case files need 6 or so
EXCERPT = 200           # characters of an engine's line kept in a verdict
MAX_FILE = 16 << 20     # bytes of a JSON file (the largest case file is under 1 MB)
MAX_DIGITS = 30         # digits of a JSON number: a seed, a score, a seat need under 20

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


class BadJSON(ValueError):
    """A JSON file refused by :func:`read_json`: what is wrong, in words."""


class TooLarge(OSError):
    """A file larger than the limit it is read with."""


def read_bytes(path: str | Path, limit: int = MAX_FILE) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes.

    Opened without blocking (a FIFO would otherwise wait for a writer for ever), checked
    to be a regular file once open (a link to ``/dev/zero`` or a terminal is refused),
    and read for at most ``limit + 1`` bytes.  Raises ``OSError`` with words a person
    can read."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with open(fd, "rb") as stream:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError("not a regular file (a FIFO, a device or a folder)")
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(f"larger than {_size(limit)}")
    return data


def _size(limit: int) -> str:
    return f"{limit >> 20} MB" if limit >= 1 << 20 else f"{limit:,} bytes"


def read_json(path: str | Path, limit: int = MAX_FILE, max_depth: int = MAX_DEPTH,
              digits: int = MAX_DIGITS, surrogates: bool = False):
    """The JSON value in the file ``path``, read within every limit of this module.

    ``surrogates=True`` keeps lone surrogates (``"\\ud800"``) for a caller that
    reports them itself with their place (the case reader does); by default they are
    refused here, with theirs.  Raises ``OSError`` (cannot be read) or
    :class:`BadJSON` (not JSON within the limits)."""
    return decode(read_bytes(path, limit), max_depth, digits, surrogates)


def decode(data: bytes, max_depth: int = MAX_DEPTH, digits: int = MAX_DIGITS,
           surrogates: bool = False):
    """:func:`read_json` on bytes already read."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadJSON(f"not UTF-8: byte {error.start} is 0x{data[error.start]:02x}") \
            from None
    if too_deep(text, max_depth):
        raise BadJSON(f"nested more than {max_depth} levels deep")
    try:
        value = json.loads(text, parse_int=_number(int, digits),
                           parse_float=_number(float, digits),
                           parse_constant=_no_constant)
    except RecursionError:
        raise BadJSON(f"nested more than {max_depth} levels deep") from None
    except BadJSON:
        raise
    except ValueError as error:     # json.JSONDecodeError: line and column in it
        raise BadJSON(clean(str(error), 120)) from None
    if not surrogates and _MAY_HOLD_SURROGATE.search(text):
        where = lone_surrogate(value)
        if where is not None:
            raise BadJSON(f"{where}: a lone surrogate (a \\ud800-\\udfff escape "
                          "without its pair), which is not text")
    return value


def _number(kind, digits: int):
    def parse(text: str):
        if len(text) > digits:
            raise BadJSON(f"a number of {len(text):,} characters (at most {digits})")
        return kind(text)
    return parse


def _no_constant(name: str):
    raise BadJSON(f"{name} is not a JSON number")


# a \ud800-\udfff escape, found at C speed before any walk through the value
_MAY_HOLD_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def lone_surrogate(value, where: str = "(top)") -> str | None:
    """The place (``hands/0/1``) of the first string (or key) of ``value`` holding a
    lone surrogate, or None."""
    if isinstance(value, str):
        return where if _SURROGATE.search(value) else None
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return None
    prefix = "" if where == "(top)" else where + "/"
    for key, item in items:
        if isinstance(key, str) and _SURROGATE.search(key):
            return prefix + clean(key, 40)
        found = lone_surrogate(item, f"{prefix}{key}")
        if found is not None:
            return found
    return None


_SURROGATE = re.compile("[\ud800-\udfff]")


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
