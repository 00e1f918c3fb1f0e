"""How many cards the bid winner may exchange with the nest (``nest: exchange N``).

The bid winner takes the nest into hand and lays aside as many cards; at most N of the
cards laid aside may be cards that were not in the nest (so at most N nest cards are
kept).  Counted with copies: with two R5s dealt to the nest, laying aside one R5 puts a
nest card back.
"""

from __future__ import annotations

from collections import Counter


def foreign_laid(hand) -> int:
    """Cards laid aside so far that did not come from the nest."""
    left = Counter(hand._start[1])
    foreign = 0
    for card in hand.laid_aside:
        if left[card]:
            left[card] -= 1
        else:
            foreign += 1
    return foreign


def from_nest_left(hand) -> Counter:
    """The nest's cards that have not been laid aside again."""
    return Counter(hand._start[1]) - Counter(hand.laid_aside)


def within(hand, cards: list[int]) -> list[int]:
    """Of ``cards``, those the bid winner may lay aside without exchanging more than N."""
    limit = hand.variant.nest.exchange
    if limit is None or foreign_laid(hand) < limit:
        return cards
    nest_left = from_nest_left(hand)
    return [c for c in cards if nest_left[c]]
