"""Dealing from a shuffled deck (``deal:`` clauses): one card at a time clockwise from
the dealer's left, the nest built as ``deal.nest-deal`` says."""

from __future__ import annotations

import random

from ..model import Variant
from .hand import Hand
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
              scores=None, number: int = 0) -> Hand:
    """Shuffle with ``seed`` (a Random or a seed) and deal a new hand."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    deck = list(tables_for(variant).deck)
    rng.shuffle(deck)
    hands, nest = deal_cards(variant, deck, dealer)
    return Hand(variant, dealer, (), (), scores, number, _dealt=(hands, nest))
