"""Building explicit deals and driving hands for the hand-built mechanism tests.

Nothing here knows a rule: a deal is the cards a test names, the rest of the variant's deck
handed out in deck order, and a check that the deal is exactly the deck.  The expected
outcomes stay in the tests, worked out from the rules.
"""

from __future__ import annotations

from collections import Counter

import pytest

import rookery
from rookery.engine.tables import tables_for


def deck_of(variant) -> list[str]:
    """The variant's deck as codes (a card held twice appears twice), in deck order."""
    t = tables_for(variant)
    return [t.codes[c] for c in t.deck]


def fill_deal(variant, fixed: dict[int, list[str]] | None = None,
              nest: list[str] | None = None) -> tuple[list[list[str]], list[str]]:
    """Give each seat the cards ``fixed`` names (and the nest the cards ``nest`` names),
    then fill every hand, seat 0 first, and the nest last, from the remaining deck in
    deck order."""
    fixed = fixed or {}
    players, size, nest_size = (variant.table.players, variant.deal.hand, variant.deal.nest)
    left = Counter(deck_of(variant))
    named = Counter(c for cards in fixed.values() for c in cards) + Counter(nest or [])
    if named - left:
        raise AssertionError(f"not in the deck (or named twice): {sorted((named - left).elements())}")
    left -= named
    rest = []
    for card in deck_of(variant):
        if left[card] > 0:
            left[card] -= 1
            rest.append(card)
    hands = []
    for seat in range(players):
        held = list(fixed.get(seat, []))
        assert len(held) <= size, f"seat {seat} is given {len(held)} cards"
        while len(held) < size:
            held.append(rest.pop(0))
        hands.append(held)
    nest_cards = list(nest or [])
    while len(nest_cards) < nest_size:
        nest_cards.append(rest.pop(0))
    assert not rest, rest
    return hands, nest_cards


def scripted_deal(variant, leader: int, tricks: list[tuple[str, int]], nest: list[str] = (),
                  bidder: int | None = None, discards: list[str] = ()) -> list[list[str]]:
    """The hands that can play ``tricks``: each trick is its cards in play order (the
    leader first) and the seat the test expects to win it, who leads the next one.
    The bid winner's dealt hand is what it plays plus what it lays aside less the nest."""
    n = variant.table.players
    hands: list[list[str]] = [[] for _ in range(n)]
    for cards, winner in tricks:
        for offset, card in enumerate(cards.split()):
            hands[(leader + offset) % n].append(card)
        leader = winner
    if bidder is not None:
        held = Counter(hands[bidder]) + Counter(discards)
        assert not Counter(nest) - held, "the nest's cards must be played or laid aside"
        hands[bidder] = list((held - Counter(nest)).elements())
    dealt = Counter(c for h in hands for c in h) + Counter(nest)
    assert dealt == Counter(deck_of(variant)), (
        f"the script is not the deck: extra {sorted((dealt - Counter(deck_of(variant))).elements())}"
        f", missing {sorted((Counter(deck_of(variant)) - dealt).elements())}")
    return hands


def win_auction(hand, seat: int, amount: int) -> list:
    """Everyone passes except ``seat``, who bids ``amount`` when its turn comes."""
    events = []
    while hand.phase == "bidding":
        action = f"bid {amount}" if hand.to_act == seat else "pass"
        events += hand.apply(action)
    return events


def play_tricks(hand, tricks: list[tuple[str, int]]) -> list:
    """Play each scripted trick, the right seat playing each card, and check its winner
    with both the ``trick-won`` event and ``hand.tricks``."""
    events = []
    for number, (cards, winner) in enumerate(tricks, 1):
        leader = hand.to_act
        trick_events = []
        for offset, card in enumerate(cards.split()):
            assert hand.to_act == (leader + offset) % hand.n
            trick_events += hand.apply(f"play {card}", hand.actor)
        won = [e for e in trick_events if e.kind == "trick-won"]
        assert [e.seat for e in won] == [winner], f"trick {number}: {cards}"
        assert hand.tricks[-1][3] == winner
        events += trick_events
    return events


def assert_rejected(hand, action: str, code: str, seat: int | None = None) -> None:
    """The action raises IllegalAction with ``code`` and leaves the hand as it was."""
    before = hand.snapshot()
    legal = hand.legal_actions()
    observations = [hand.observation(s) for s in range(hand.n)]
    with pytest.raises(rookery.IllegalAction) as caught:
        hand.apply(action, seat)
    assert caught.value.code == code, str(caught.value)
    assert hand.snapshot() == before
    assert hand.legal_actions() == legal
    assert [hand.observation(s) for s in range(hand.n)] == observations


def legal_strings(hand) -> list[str]:
    return [str(a) for a in hand.legal_actions()]


def kinds(events) -> list[str]:
    return [e.kind for e in events]
