"""The project's own errors: every mistake a user can make ends in one of these.

A :class:`SpecError` points into a spec file (file, line, column, the offending text,
what was expected in plain words and a hint); an :class:`IllegalAction` carries a stable
error code that conformance cases and third-party engines can compare.
"""

from __future__ import annotations

from dataclasses import dataclass


class RookeryError(Exception):
    """Base class of every error rookery reports to a user."""


@dataclass(frozen=True)
class Span:
    """Where a piece of a spec came from: file, 1-based line and column, and its text."""

    file: str
    line: int
    column: int
    text: str = ""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class SpecError(RookeryError):
    """A spec that does not parse, names something unknown, or breaks a static check."""

    def __init__(self, message: str, span: Span | None = None, *, expected: str = "",
                 hint: str = "", code: str = "spec-error"):
        self.message = message
        self.span = span
        self.expected = expected
        self.hint = hint
        self.code = code
        super().__init__(self.render())

    @property
    def problems(self) -> tuple["SpecError", ...]:
        """Every mistake this error reports, in line order (itself alone for one)."""
        return getattr(self, "_problems", None) or (self,)

    @classmethod
    def gather(cls, problems: "list[SpecError]") -> "SpecError":
        """One error that reports all of ``problems``, sorted by file, line and column.

        Its message, place, expectation, hint and code are those of the first problem, so
        code that reads one error still reads the first mistake; ``str()`` shows them all,
        one after the other.  Problems that carry several are flattened.
        """
        flat = [one for problem in problems for one in problem.problems]
        flat.sort(key=_place)
        if len(flat) == 1:
            return flat[0]
        first = flat[0]
        error = cls(first.message, first.span, expected=first.expected, hint=first.hint,
                    code=first.code)
        error._problems = tuple(flat)
        error.args = ("\n".join(problem.render() for problem in flat),)
        return error

    def render(self) -> str:
        where = f"{self.span}: " if self.span else ""
        lines = [f"{where}error[{self.code}]: {self.message}"]
        if self.span and self.span.text:
            lines.append(f"  found: {self.span.text}")
        if self.expected:
            lines.append(f"  expected: {self.expected}")
        if self.hint:
            lines.append(f"  hint: {self.hint}")
        return "\n".join(lines)


def _place(problem: SpecError) -> tuple:
    """Where a problem is, for sorting: problems without a place come first."""
    span = problem.span
    return (0, "", 0, 0) if span is None else (1, span.file, span.line, span.column)


@dataclass(frozen=True)
class SpecWarning:
    """Something in a spec that is legal but probably not what its author meant: a clause
    that cannot matter, a citation of a place its source does not have, a clause not
    indented under its section.  A warning never fails a check."""

    message: str
    span: Span | None
    hint: str = ""
    code: str = "spec-warning"

    def __str__(self) -> str:
        where = f"{self.span}: " if self.span else ""
        lines = [f"{where}warning[{self.code}]: {self.message}"]
        if self.hint:
            lines.append(f"  hint: {self.hint}")
        return "\n".join(lines)


class IllegalAction(RookeryError):
    """An action the rules forbid now.  The state it was offered to is unchanged.

    ``code`` is stable (for example ``must-follow-color``, ``bid-too-low``,
    ``cannot-discard-counters``); the message is for people.  ``rule`` is the id of the
    spec's rule that forbids the action (``play.follow``, ``bidding.minimum``), or
    ``None`` when no rule of the variant does (an unknown card, a card not held, a
    malformed action): the rule attribution reports, fuzzing and docs rely on.
    """

    def __init__(self, code: str, message: str, rule: str | None = None):
        self.code = code
        self.message = message
        self.rule = rule
        super().__init__(f"{code}: {message}")


class UsageError(RookeryError):
    """A wrong argument to the API or the command line (unknown variant, bad notation...)."""
