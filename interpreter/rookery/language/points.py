"""The points of a hand and the highest bid they allow: figures the checker, the
warnings (:mod:`rookery.language.figures`) and the rules pages all read."""

from __future__ import annotations

from .model import Variant


def points_available(variant: Variant) -> int:
    """Points a hand hands out (before an all-tricks or all-points bonus): counters,
    trick points, the last-trick, the majority and the most-cards bonus."""
    scoring = variant.scoring
    counters = sum(card.points * card.copies for card in variant.deck.cards)
    return (counters + scoring.trick_points * variant.deal.hand + scoring.last_trick
            + scoring.majority + scoring.most_cards)


def maximum_bid(variant: Variant) -> int:
    """The highest legal bid: the stated maximum, else the highest bid in steps from the
    minimum that does not exceed the points available."""
    b = variant.bidding
    if b.maximum is not None:
        return b.maximum
    available = points_available(variant)
    return available - max(0, available - b.minimum) % b.step
