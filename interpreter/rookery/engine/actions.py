"""Actions and events: the small values a hand is driven by and reports with.

An action is written in a one-line notation used everywhere (CLI, cases, protocol):
``bid 75``, ``pass``, ``discard R5``, ``give G7`` (passing a card), ``trump R``,
``trump none``, ``rook low``, ``call R1``, ``leader left``, ``play ROOK``, ``claim``
(the rest of the tricks, where ``play: claim`` allows it), ``moon`` (a bid to take every
trick, where ``bidding: moon`` allows it).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..errors import UsageError

KINDS = ("bid", "pass", "discard", "give", "trump", "rook", "call", "leader", "play",
         "redeal", "keep", "claim", "moon")
# Kinds written without a value: a pass, the holder of a poor hand's choice, a claim, a
# moon bid.
BARE = ("pass", "redeal", "keep", "claim", "moon")


MAX_BID_DIGITS = 9      # no bid of any variant comes near; longer is not a bid


class _Action(NamedTuple):
    kind: str
    value: int | str | None = None


class Action(_Action):
    """One decision: its kind and its value (an amount, a card code or a word).

    Only well-formed actions can be made: ``pass`` has no value, a ``bid`` a whole
    number, every other kind one word (so that its notation reads back as itself)."""

    __slots__ = ()

    def __new__(cls, kind: str, value: int | str | None = None):
        if kind not in KINDS:
            raise UsageError(f"{kind!r} is not a kind of action; kinds: {', '.join(KINDS)}")
        if kind in BARE:
            good = value is None
        elif kind == "bid":
            good = type(value) is int and 0 <= value < 10 ** MAX_BID_DIGITS
        else:
            good = type(value) is str and len(value.split()) == 1 and value == value.strip()
        if not good:
            raise UsageError(f"Action({kind!r}, {value!r}): "
                             + (f"{kind} takes no value" if kind in BARE else
                                "a bid is a whole number" if kind == "bid" else
                                f"{kind} takes one word"))
        return super().__new__(cls, kind, value)

    def __str__(self) -> str:
        return self.kind if self.value is None else f"{self.kind} {self.value}"

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Read the notation: ``Action.parse("bid 75") == Action("bid", 75)``."""
        parts = str(text).split()
        if not parts or parts[0] not in KINDS:
            raise UsageError(f"'{text}' is not an action; actions are: "
                             "bid N, pass, discard CARD, give CARD, trump COLOR|none, "
                             "rook high|low, call CARD, leader self|left, play CARD, "
                             "redeal, keep, claim, moon")
        kind = parts[0]
        if kind in BARE:
            if len(parts) != 1:
                raise UsageError(f"'{text}': {kind} takes no value")
            return PASS if kind == "pass" else cls(kind)
        if len(parts) != 2:
            raise UsageError(f"'{text}': {kind} takes one value")
        if kind == "bid":
            # isdigit() alone lets in '²' and Arabic-Indic digits
            if not (parts[1].isascii() and parts[1].isdigit()):
                raise UsageError(f"'{text}': a bid is a whole number")
            if len(parts[1]) > MAX_BID_DIGITS:
                raise UsageError(f"'{text[:40]}...': a bid has at most {MAX_BID_DIGITS} "
                                 "digits")
            return cls("bid", int(parts[1]))
        return cls(kind, parts[1])


PASS = Action("pass")
MOON = Action("moon")       # a bid to take every trick (``bidding: moon``)


class Event(NamedTuple):
    """Something that happened: ``trick-won``, ``hand-scored``, ``game-over`` ...

    ``seat`` is who it concerns (or ``None``); ``data`` holds the details; ``rules`` are
    the ids of the spec's rules that decided it (a trick's winner, a score, the end of
    the game), where a rule did.
    """

    kind: str
    seat: int | None = None
    data: Any = None
    rules: tuple[str, ...] = ()

    def to_json(self) -> dict:
        out: dict[str, Any] = {"event": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.data is not None:
            out.update(self.data)
        if self.rules:
            out["rules"] = list(self.rules)
        return out
