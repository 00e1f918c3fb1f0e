"""Fixtures for hand-built deals: build a deal, drive it, check a rejection.

* ``deal(variant, dealer, hands, nest=None, scores=None, number=0)`` builds an explicit
  :class:`rookery.Hand`.  ``hands`` maps seats to their cards (a list or one string of
  codes); seats given fewer cards than a hand, seats left out and a nest left out are
  filled up from the rest of the deck in deck order, so a test names exactly the cards
  its rule needs.
* ``run(hand, "1 bid 70", "2 pass", ...)`` applies actions, each for the seat named
  (``via=game`` sends them through a :class:`rookery.Game` holding the hand).
* ``rejects(hand, "SEAT ACTION", code)`` checks that the action raises
  :class:`rookery.IllegalAction` with ``code`` and leaves the hand exactly as it was
  (snapshot, every seat's observation, the legal actions).
* ``play_out(hand, prefer)`` plays the rest of the hand: each seat plays the first card
  of its preference list (``prefer[seat]``, default: its dealt cards in order) that the
  rules allow, so the test, not the engine, decides every choice (``via=game`` too).

Two plain helpers are imported by the rules modules (``from conftest import legal,
won_by``): the legal actions as notation, and who took the last trick among events.
"""

from __future__ import annotations

from collections import Counter

import pytest

import rookery
from rookery.engine.tables import tables_for


def _codes(cards) -> list[str]:
    return cards.split() if isinstance(cards, str) else list(cards)


def build_deal(variant, dealer, hands, nest=None, scores=None, number=0) -> rookery.Hand:
    if isinstance(variant, str):
        variant = rookery.load_variant(variant)
    t = tables_for(variant)
    n, size = variant.table.players, variant.deal.hand
    given = hands if isinstance(hands, dict) else dict(enumerate(hands))
    chosen = {seat: _codes(cards) for seat, cards in given.items()}
    rest = Counter(t.codes[c] for c in t.deck)
    rest.subtract(Counter(c for cards in chosen.values() for c in cards))
    if nest is not None:
        rest.subtract(Counter(_codes(nest)))
    twice = sorted(code for code, left in rest.items() if left < 0)
    assert not twice, f"dealt more often than the deck holds them: {twice}"
    pool = [code for code in dict.fromkeys(t.codes[c] for c in t.deck)
            for _ in range(rest[code])]
    full = []
    for seat in range(n):
        cards = chosen.get(seat, [])
        missing = size - len(cards)
        full.append(cards + pool[:missing])
        pool = pool[missing:]
    return rookery.Hand(variant, dealer, full, _codes(nest) if nest is not None else pool,
                        scores, number)


def run_actions(hand, *lines, via=None) -> list:
    """Apply "SEAT ACTION" lines to ``hand`` (or through ``via``, a Game holding it)."""
    target = via or hand
    events = []
    for line in lines:
        seat, action = line.split(" ", 1)
        events += target.apply(action, int(seat))
    return events


def legal(hand) -> set[str]:
    """The legal actions now, as notation."""
    return {str(a) for a in hand.legal_actions()}


def won_by(events) -> int:
    """The seat that took the last trick among ``events``."""
    return [e.seat for e in events if e.kind == "trick-won"][-1]


def state_of(hand) -> tuple:
    return (hand.snapshot(), [hand.observation(s) for s in range(hand.n)],
            [str(a) for a in hand.legal_actions()], hand.phase, hand.to_act)


def check_rejected(hand, line, code) -> rookery.IllegalAction:
    seat, action = line.split(" ", 1)
    before = state_of(hand)
    with pytest.raises(rookery.IllegalAction) as info:
        hand.apply(action, int(seat))
    assert info.value.code == code, info.value
    assert state_of(hand) == before, "a rejected action changed the hand"
    return info.value


def play_rest(hand, prefer=None, via=None) -> list:
    prefer = prefer or {}
    target = via or hand
    dealt = hand.snapshot()["hands"]
    events = []
    while hand.phase == "play":
        seat = hand.to_act
        legal = {a.value for a in hand.legal_actions()}
        order = _codes(prefer.get(seat, [])) + dealt[seat] + sorted(legal)
        card = next(c for c in order if c in legal)
        events += target.apply(f"play {card}", seat)
    return events


@pytest.fixture
def deal():
    return build_deal


@pytest.fixture
def run():
    return run_actions


@pytest.fixture
def rejects():
    return check_rejected


@pytest.fixture
def play_out():
    return play_rest
