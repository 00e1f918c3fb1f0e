"""Dealing from a shuffled deck (``deal:`` clauses): one card at a time clockwise from
the dealer's left, the nest built as ``deal.nest-deal`` says."""

from __future__ import annotations

import random
from operator import itemgetter

from ..language.model import Variant
from .hand import Hand
from .shuffle import shuffler
from .tables import tables_for


def deal_cards(variant: Variant, deck: list, dealer: int) -> tuple[list[list], list]:
    """Deal an ordered deck (codes or card ids, top first): returns (hands, nest)."""
    n = variant.table.players
    size, nest_size = variant.deal.hand, variant.deal.nest
    hands: list[list[str]] = [[] for _ in range(n)]
    nest: list[str] = []
    cards = iter(deck)
    if variant.deal.nest_deal == "first":
        nest = [next(cards) for _ in range(nest_size)]
    for round_ in range(size):
        for offset in range(1, n + 1):
            hands[(dealer + offset) % n].append(next(cards))
        if variant.deal.nest_deal == "rounds" and round_ < nest_size:
            nest.append(next(cards))
    if variant.deal.nest_deal == "last":
        nest = list(cards)
    return hands, nest


def deal_hand(variant: Variant, seed: random.Random | int | None = None, dealer: int = 0,
              scores=None, number: int = 0, *, record: bool = True) -> Hand:
    """Shuffle with ``seed`` (a Random or a seed) and deal a new hand (``record=False``
    for a playout: no events, no history; see :class:`Hand`)."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    found = _DEALERS.get(id(variant))
    if found is None or found[0] is not variant:
        t = tables_for(variant)
        found = _DEALERS[id(variant)] = (variant, t, t.deck, shuffler(len(t.deck)),
                                         _deal_plan(variant, len(t.deck)))
    _, t, cards, shuffle, plan = found
    deck = list(cards)
    shuffle(rng, deck)                      # rng.shuffle(deck), its loop written out
    if not 0 <= dealer < len(plan):
        return Hand(variant, dealer, (), (), scores, number, record=record)  # refuses it
    seats, nest = plan[dealer]
    return Hand(variant, dealer, (), (), scores, number, record=record,
                _dealt=(tuple([take(deck) for take in seats]), nest(deck)), _tables=t)


# Per variant (by id, the variant kept to check it): its tables, its deck in order, the
# shuffle for its size and where each seat's cards lie (made once).
_DEALERS: dict[int, tuple] = {}


def _deal_plan(variant: Variant, size: int) -> list[tuple[list, object]]:
    """Per dealer, where each seat's cards and the nest's lie in the shuffled deck (as
    :func:`deal_cards` deals them), as getters that pick them out in one call."""
    plan = []
    for dealer in range(variant.table.players):
        hands, nest = deal_cards(variant, range(size), dealer)
        plan.append(([_picker(held) for held in hands], _picker(nest)))
    return plan


def _picker(positions: list[int]):
    """A function of a deck that returns the cards at ``positions``, as a tuple."""
    if len(positions) == 1:
        position = positions[0]
        return lambda deck: (deck[position],)
    return itemgetter(*positions) if positions else lambda deck: ()
