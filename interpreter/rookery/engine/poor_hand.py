"""What makes a hand poor (``deal: poor-hand``): a hand meets one of the spec's
conditions -- fewer counters than a number, fewer points, or every card of a range of
ranks.  Read by the redeal (:mod:`.redeal`) and by attribution, which tells a seat asked
about a hand that is not poor from one asked out of turn."""

from __future__ import annotations


def is_poor(hand, seat: int) -> bool:
    """Whether ``seat``'s cards meet one of the ``deal.poor-hand`` conditions."""
    t = hand.t
    held = hand.hands[seat]
    ranks = hand.variant.deck.ranks
    for condition in hand.variant.deal.poor_hand:
        if condition.kind == "counters":
            if sum(1 for c in held if t.points[c]) < condition.number:
                return True
        elif condition.kind == "points":
            if sum(t.points[c] for c in held) < condition.number:
                return True
        else:
            low, high = ranks.index(condition.low), ranks.index(condition.high)
            if all(low <= t.rank_index[c] <= high and t.color_of[c] >= 0 for c in held):
                return True
    return False
