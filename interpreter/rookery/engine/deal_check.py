"""A deal written in a file (a conformance case, a game record) checked against the
variant's deck before anything replays it: as many hands as players, each of the hand
size, a nest of the nest size, every card of the deck dealt as many times as the deck
holds it, a dealer who is a seat, one running score per score keeper."""

from __future__ import annotations

from collections import Counter

from ..language.model import Variant
from .tables import tables_for


def deck_counts(variant: Variant) -> Counter:
    """Each card code of the variant's deck, with its number of copies."""
    return Counter({card.code: card.copies for card in variant.deck.cards})


def deal_problems(deal: dict, variant: Variant, where: str = "deal") -> list[str]:
    """The deal against the deck (rules ``table.players``, ``deal.hand``, ``deal.nest``),
    each problem named by its JSON path under ``where`` (``deal`` in a case,
    ``hands/3`` in a game record)."""
    players, size, nest = variant.table.players, variant.deal.hand, variant.deal.nest
    out = []
    if not deal["dealer"] < players:
        out.append(f"{where}/dealer: {deal['dealer']} is not a seat of a table of {players}")
    hands = deal["hands"]
    if len(hands) != players:
        out.append(f"{where}/hands: {len(hands)} hands, but {variant.id} deals to {players}")
    for index, held in enumerate(hands):
        if len(held) != size:
            out.append(f"{where}/hands/{index}: {len(held)} cards, but a hand is {size}")
    if len(deal["nest"]) != nest:
        out.append(f"{where}/nest: {len(deal['nest'])} cards, but the nest is {nest}")
    keepers = tables_for(variant).keepers
    if "scores" in deal and len(deal["scores"]) != keepers:
        out.append(f"{where}/scores: {len(deal['scores'])} scores, but {variant.id} keeps "
                   f"{keepers}")
    deck = deck_counts(variant)
    seen: Counter = Counter()
    places = [(f"{where}/hands/{h}/{i}", card) for h, held in enumerate(hands)
              for i, card in enumerate(held)]
    places += [(f"{where}/nest/{i}", card) for i, card in enumerate(deal["nest"])]
    for place, card in places:
        seen[card] += 1
        if card not in deck:
            out.append(f"{place}: {card} is not a card of the {variant.id} deck")
        elif seen[card] > deck[card]:
            twice = "twice" if deck[card] == 1 else f"{seen[card]} times"
            out.append(f"{place}: {card} is dealt {twice} (the deck has {deck[card]})")
    missing = sorted((deck - seen).elements())
    if missing and not out:
        out.append(f"{where}: cards of the deck not dealt: {' '.join(missing[:12])}"
                   + (" ..." if len(missing) > 12 else ""))
    return out

