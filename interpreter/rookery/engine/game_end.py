"""Who wins when a hand ends the game (``game:`` clauses), and which rules said so.

In order, at the end of each hand:

1. The target (``game.target``): once a score keeper's total is at or above it, the
   game may end.  With ``game.win-on own-bid`` only the bidding side, having made its
   bid, can win then (a side past the target as defenders keeps its score and plays on);
   otherwise ``game.winner`` decides (``bidder-goes``: the bidding side wins if it is
   there; else the highest total).
2. A low score (``game.low``): a keeper at or below it loses, and the game ends with the
   highest total among the other keepers (among all, when every keeper is that low).
3. Equal top totals on different sides (``game.ties``): another hand is played
   (``play-on``), or the bidding side wins when it is among them (``bidders``), or fixed
   team N when it is among them (``team N``).
"""

from __future__ import annotations

from ..language.model import Variant
from .moon import wins_game
from .scoring import HandResult


def decide(variant: Variant, result: HandResult,
           team_of) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The keepers who win after this hand (empty while the game goes on) and the keys
    of the ``game:`` clauses that decided it (``bidding.moon`` written whole: a moon
    made with ``moon game`` ends the game before any of them)."""
    game = variant.game
    scores = result.scores

    def keeper(seat: int) -> int:
        return team_of[seat] if team_of is not None else seat

    bidding = tuple(sorted({keeper(s) for s in result.sides[0].seats})) if result.sides else ()
    if bidding and wins_game(variant, result):
        return bidding, ("bidding.moon",)       # a moon made with 'moon game'
    if max(scores) >= game.target:
        if game.win_on == "own-bid":
            if bidding and result.made and all(scores[k] >= game.target for k in bidding):
                return bidding, ("target", "win-on")
        elif game.winner == "bidder-goes" and bidding and \
                all(scores[k] >= game.target for k in bidding):
            return bidding, ("target", "winner")
        if game.win_on != "own-bid":
            winners, keys = _highest(variant, result, range(len(scores)), bidding, keeper)
            if winners:
                return winners, ("target", "winner") + keys
    if game.low is not None and min(scores) <= game.low:
        left = [k for k, s in enumerate(scores) if s > game.low] or range(len(scores))
        winners, keys = _highest(variant, result, left, bidding, keeper)
        if winners:
            return winners, ("low",) + keys
    return (), ()


def _highest(variant: Variant, result: HandResult, keepers, bidding: tuple[int, ...],
             keeper) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The highest totals among ``keepers`` when they are one side's; equal totals on
    different sides go to ``game.ties``."""
    scores = result.scores
    top = max(scores[k] for k in keepers)
    leaders = tuple(k for k in keepers if scores[k] == top)
    side_of_keeper = {keeper(seat): index for index, side in enumerate(result.sides)
                      for seat in side.seats}
    if len({side_of_keeper.get(k, k) for k in leaders}) == 1:
        return leaders, ()
    game = variant.game
    if game.ties == "bidders" and bidding and set(bidding) <= set(leaders):
        return bidding, ("ties",)
    if game.ties == "team" and game.ties_team in leaders:
        return (game.ties_team,), ("ties",)
    return (), ()
