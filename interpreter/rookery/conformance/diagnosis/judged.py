"""The game's end judged from the engine's own totals.

Once a finished hand's result differs, the spec's end of the game follows from totals the
engine does not have: comparing the two would charge the game rules with a scoring
difference.  Instead the question is asked of the engine's state: *given the totals the
engine reports (and whether it says the bid was made), how does the spec end the game?*
The engine's ``game_over`` is compared with that answer, so a game ended at another target
shows even where every hand scores otherwise (``game.target``, ``game.winner``,
``game.ties``, ``game.low``, ``game.win-on``)."""

from __future__ import annotations

from dataclasses import replace

from ...engine import game_end
from ...language.model import Variant


def engine_result(hand, theirs):
    """``hand``'s result with the engine's totals and made-or-set in place of the spec's;
    None when the engine states no usable totals (or the hand was thrown in)."""
    result = hand.result
    if not isinstance(theirs, dict) or result is None or result.thrown_in:
        return None
    scores = theirs.get("scores")
    if not isinstance(scores, list) or len(scores) != len(result.scores) or \
            not all(type(s) is int for s in scores):
        return None
    made = theirs.get("made")
    return replace(result, scores=tuple(scores),
                   made=made if isinstance(made, bool) else result.made)


def game_over_of(variant: Variant, result, team_of) -> dict | bool:
    """The protocol's ``game_over`` had ``variant`` decided the end after ``result``."""
    winners, _ = game_end.decide(variant, result, team_of)
    return {"winners": list(winners)} if winners else False


class Judged:
    """A finished hand read with another result (the engine's totals): what the game
    rules' attribution reads of it."""

    def __init__(self, hand, result):
        self._hand = hand
        self.result = result

    def __getattr__(self, name):
        return getattr(self._hand, name)


__all__ = ["Judged", "engine_result", "game_over_of"]
