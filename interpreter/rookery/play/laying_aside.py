"""Laying cards aside after taking the nest, so as to empty the short colors: a choice of
the search bot (``SearchBot(..., burial="voids")``).

The family double deck's source advises the bidder to "attempt to get rid of an entire
color in your hand, so you can trump in that color right away", and to lay aside low
cards and counters, "as the person who takes last trick gets the discard"
(family-double-deck.txt, "Bidding" and the strategy notes).  The simple bot lays aside
its lowest cards wherever they are; this keeps, in order: the color it will name trump
(and the cards that are always trump), the top card of each other color, then the
cards of its longer colors, so the shortest colors go first.  What may be laid aside
(counters or not, trump or not) is the spec's: only the legal actions are weighed."""

from __future__ import annotations

from ..engine import Action, Hand


def keep_value(hand: Hand, card: int, trump_color: int | None, is_trump) -> float:
    """How much the bid winner wants to keep ``card`` (the lowest is laid aside first):
    ``trump_color`` is the color it means to name (``is_trump(hand, card, color)`` says
    whether a card is trump then)."""
    t = hand.t
    rank = t.rank_index[card]
    if is_trump(hand, card, trump_color):
        return 10_000 + rank
    top = len(hand.variant.deck.ranks) - 1
    if rank == top:
        return 5_000 + rank
    color = t.color_of[card]
    length = sum(1 for c in hand.hands[hand.to_act]
                 if t.color_of[c] == color and not is_trump(hand, c, trump_color))
    return 100 * length + rank - t.points[card] / 5


def lay_aside(hand: Hand, legal: list[Action], helper) -> Action:
    """The card to lay aside: the least kept (see :func:`keep_value`), the simple bot
    (``helper``) choosing the color it will name trump."""
    t = hand.t
    trump_color = helper.best_color(hand)
    return min(legal, key=lambda a: keep_value(hand, t.card_of[a.value], trump_color,
                                               helper.is_trump))
