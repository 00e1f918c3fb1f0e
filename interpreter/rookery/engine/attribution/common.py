"""What every part of rule attribution shares: the clause that puts each phase where
it is, and the spec's rule id of a clause (``section.key`` for one left to its default)."""

from __future__ import annotations

from collections.abc import Iterable


# The clause that puts each phase after the auction where it is.
PHASE_CLAUSES = {
    "trump": ("trump", "named"), "rook": ("trump", "rook"), "discard": ("nest", "discard"),
    "passing": ("passing", "cards"), "call": ("table", "call-time"),
    "leader": ("play", "leader"), "circus": ("trump", "choices"),
    "redeal": ("deal", "poor-hand-redeal"),
}


_PHASE_PRIORITY = ("trump", "call", "rook", "leader", "circus", "passing", "discard",
                   "redeal")


def _rule(hand, section: str, key: str) -> str:
    return hand.t.rule(section, key)


def _unique(rules: Iterable[str | None]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(r for r in rules if r))
