"""Exchanging at most N cards with the nest (``nest: exchange N``), by hand and in random
hands.

Rule (conformance/house/exchange.rook, a ruling): the bid winner takes the five nest
cards and lays five aside, at most two of them from its own hand.
"""

from __future__ import annotations

from collections import Counter

import pytest

import rookery
from house_random import NEST, played, random_hand
from rookery.errors import IllegalAction, SpecError
from rookery.language.load import load_text
from rookery.resources import conformance_dir

EXCHANGE = rookery.load_variant(conformance_dir() / "house" / "exchange.rook")


def nest_taken_by_seat_2(variant=EXCHANGE) -> rookery.Hand:
    return played(variant, ["1 pass", "2 bid 70", "3 pass", "0 pass"])


def test_two_own_cards_laid_aside_use_up_the_exchange():
    hand = nest_taken_by_seat_2()
    hand.apply("discard Y5")
    hand.apply("discard Y6")
    assert sorted(str(a) for a in hand.legal_actions()) == sorted(f"discard {c}" for c in NEST)
    with pytest.raises(IllegalAction) as error:
        hand.apply("discard Y7")
    assert (error.value.code, error.value.rule) == ("exchange-limit", "nest.exchange")
    assert len(hand.laid_aside) == 2


def test_without_a_limit_any_card_goes():
    hand = nest_taken_by_seat_2(rookery.load_variant("tournament"))
    for card in ("Y5", "Y6", "Y7"):
        hand.apply(f"discard {card}")
    assert len(hand.legal_actions()) == 11


def test_the_limit_is_a_number_or_any():
    assert load_text("variant x\nextends tournament\nnest:\n  exchange any\n").nest.exchange is None
    with pytest.raises(SpecError) as error:
        load_text("variant x\nextends tournament\nnest:\n  exchange some\n")
    assert error.value.code == "number-expected"


@pytest.mark.parametrize("limit, ok", [("9", False), ("6", False), ("5", True), ("0", True)])
def test_a_limit_above_the_nest_is_an_error_at_its_line(limit, ok):
    """Issue 31: ``exchange 9`` with a 5-card nest was accepted silently."""
    text = f"variant x\nextends tournament\nnest:\n  exchange {limit}\n"
    if ok:
        assert load_text(text).nest.exchange == int(limit)
        return
    with pytest.raises(SpecError) as error:
        load_text(text, "x.rook")
    [problem] = error.value.problems
    assert (problem.code, problem.span.line) == ("exchange-too-large", 4)
    assert "exchange 0 to 5" in str(problem)


def test_random_hands_keep_at_most_two_nest_cards():
    """200 seeded random hands: actions never run out, the deck stays whole, and at most
    two of the cards laid aside came from outside the nest."""
    deck = Counter(card.code for card in EXCHANGE.deck.cards)
    full = 0
    for seed in range(200):
        hand = random_hand(EXCHANGE, seed)
        if hand.result.thrown_in:
            continue
        own = Counter(hand.laid_aside) - Counter(hand.start_nest and
                                                 [hand.t.card_of[c] for c in hand.start_nest])
        assert sum(own.values()) <= 2, seed
        full += sum(own.values()) == 2
        seen = Counter(hand.t.codes[c] for _, cards, _, _ in hand.tricks for c in cards) + \
            Counter(hand.t.codes[c] for c in hand.laid_aside)
        assert seen == deck, seed
    assert full > 20
