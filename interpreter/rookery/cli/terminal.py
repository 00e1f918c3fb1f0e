"""The console as a boundary: nothing a spec, a case, a record or an engine says reaches
the terminal as a control sequence.

Every command that prints for a person (``check``, ``list``, ``play``, ``replay``,
``conformance``, ``fuzz``, ...) writes through :class:`SafeStream`, which passes each
string through :func:`rookery.escaping.terminal_text`: an ESC, BEL, CR or C1 character is
printed as a visible escape (``\\u001b``), so a title cannot clear the screen, set the
window's title, rewrite the line above or hide a link.  On a terminal, colour and style
sequences (SGR, ``ESC [ ... m``, which rich writes for its markup) pass; through a pipe
or into a file nothing does (rich writes no styles there).  The commands that speak a
protocol on stdout (``serve``) are left alone: their output is JSON, which escapes every
control character itself.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from ..escaping import terminal_text

PROTOCOL_COMMANDS = frozenset({"serve", "lsp"})


class SafeStream:
    """A text stream that writes every string made terminal-safe into ``stream``."""

    def __init__(self, stream):
        self.raw = stream
        try:
            self._styles = bool(stream.isatty())
        except (AttributeError, ValueError):
            self._styles = False

    def write(self, text: str) -> int:
        self.raw.write(terminal_text(text, styles=self._styles))
        return len(text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def unescaped(self):
        """The stream this one escapes for."""
        return self.raw

    def __getattr__(self, name):      # flush, isatty, fileno, encoding, ...
        return getattr(self.raw, name)


def raw(stream):
    """``stream`` without the :class:`SafeStream` under it, wherever it is among the
    wrappers of the standard output (the guard of its write errors stays): for rich's
    progress bar, which moves the cursor itself and is given only text made safe
    first."""
    unescaped = getattr(stream, "unescaped", None)
    return unescaped() if callable(unescaped) else stream


def guard(command: str | None) -> Callable[[], None]:
    """Make ``sys.stdout`` and ``sys.stderr`` safe while ``command`` runs; returns the
    function that puts them back."""
    if command in PROTOCOL_COMMANDS:
        return lambda: None
    before = sys.stdout, sys.stderr
    if not isinstance(sys.stdout, SafeStream):
        sys.stdout = SafeStream(sys.stdout)
    if not isinstance(sys.stderr, SafeStream):
        sys.stderr = SafeStream(sys.stderr)

    def restore() -> None:
        sys.stdout, sys.stderr = before
    return restore


# The width a console lays out its lines and tables in off a terminal: through a pipe or
# into a file nothing is folded (rich would fold at 80 columns: every figure of
# compare's table over two lines, list's records broken).
UNFOLDED = 1000


def console(**options):
    """A rich console for what a person reads: on a terminal, the terminal's width; through
    a pipe or into a file, lines as long as they are (unless the COLUMNS variable or
    ``width`` says otherwise)."""
    import os

    from rich.console import Console

    stream = options.get("file") or (sys.stderr if options.get("stderr") else sys.stdout)
    try:
        on_terminal = bool(stream.isatty())
    except (AttributeError, ValueError):
        on_terminal = False
    if not on_terminal and "width" not in options and not os.environ.get("COLUMNS"):
        options["width"] = UNFOLDED
    return Console(**options)
