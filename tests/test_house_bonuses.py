"""House bonuses of a hand's score (``scoring: all-points``, ``most-cards``, ``all-tricks``
and ``double``), by hand and in random hands.

Rules (conformance/house/bonuses.rook, each a ruling): a team that takes every counter
scores double; the team whose tricks hold the most cards (the nest's cards going with the
last trick) scores 10 more; a team that takes every trick scores 50 more, before the
doubling.
"""

from __future__ import annotations

from collections import Counter

import pytest

import rookery
from house_random import SWEEP, played, random_hand
from rookery.errors import SpecError
from rookery.language.load import load_text
from rookery.resources import conformance_dir

BONUSES = rookery.load_variant(conformance_dir() / "house" / "bonuses.rook")


def spec(scoring: str) -> rookery.Variant:
    return load_text(f"variant h\nextends tournament\nscoring:\n{scoring}\n")


def test_a_sweep_earns_every_bonus_and_is_doubled_once():
    sweep = played(BONUSES, SWEEP).result.sides[0]
    assert (sweep.counters, sweep.tricks) == (120, 9)
    assert sweep.taken == (120 + 10 + 50) * 2 and sweep.score == 360


def test_doubling_for_every_trick_alone():
    variant = spec("  all-tricks double\n    ruling \"h\"")
    assert variant.scoring.doubled == ("all-tricks",)
    assert played(variant, SWEEP).result.sides[0].taken == 240


def test_a_fixed_bonus_for_every_counter():
    variant = spec("  all-points 40\n    ruling \"h\"")
    assert played(variant, SWEEP).result.sides[0].taken == 160


def test_without_the_house_bonuses_the_sweep_scores_its_counters():
    assert played(rookery.load_variant("tournament"), SWEEP).result.sides[0].taken == 120


def test_the_checker_counts_the_most_cards_bonus_in_the_total():
    with pytest.raises(SpecError) as error:
        spec("  most-cards 10")
    assert error.value.code == "points-mismatch"
    assert "most cards 10" in error.value.message


def test_a_bonus_takes_a_number_or_double():
    with pytest.raises(SpecError) as error:
        spec("  all-points triple")
    assert error.value.code == "number-expected"


def test_docs_and_export_tell_the_bonuses():
    from rookery.docs.sentences import sentences
    from rookery.language.export import export_variant
    told = " ".join(s.text for s in sentences(BONUSES, "scoring"))
    assert "takes every counter of the hand" in told and "scores double" in told
    assert "takes the most cards" in told
    scoring = export_variant(BONUSES)["scoring"]
    assert (scoring["most_cards"], scoring["doubled"]) == (10, ["all-points"])


# -- random hands ---------------------------------------------------------------------------------

def _expected_takes(hand) -> list[int]:
    """Each side's take, recomputed from the tricks by the house rules."""
    t = hand.t
    sides = [(0, 2), (1, 3)]
    last = hand.tricks[-1][3]
    nest = hand.laid_aside + hand.nest
    counters = [sum(t.points[c] for _, cards, _, w in hand.tricks if w in seats for c in cards)
                + (sum(t.points[c] for c in nest) if last in seats else 0) for seats in sides]
    tricks = [sum(1 for *_, w in hand.tricks if w in seats) for seats in sides]
    cards = [4 * n + (len(nest) if last in seats else 0) for n, seats in zip(tricks, sides)]
    takes = []
    for i in range(2):
        take = counters[i] + (10 if cards[i] > cards[1 - i] else 0) + \
            (50 if tricks[i] == 9 else 0)
        takes.append(take * 2 if counters[i] == 120 else take)
    return takes


def test_random_hands_score_by_the_house_bonuses():
    """200 seeded random hands: actions never run out, the deck stays whole, and every
    side's take and score follow the bonuses recomputed from the tricks."""
    deck = Counter(card.code for card in BONUSES.deck.cards)
    doubled = 0
    for seed in range(200):
        hand = random_hand(BONUSES, seed)
        result = hand.result
        if result.thrown_in:
            continue
        seen = Counter(hand.t.codes[c] for _, cards, _, _ in hand.tricks for c in cards) + \
            Counter(hand.t.codes[c] for c in hand.laid_aside + hand.nest)
        assert seen == deck, seed
        by_team = {side.seats[0] % 2: side for side in result.sides}
        takes = _expected_takes(hand)
        assert [by_team[0].taken, by_team[1].taken] == takes, seed
        bidding = result.sides[0]
        made = bidding.taken >= result.bid
        assert bidding.score == (bidding.taken if made else -result.bid)
        assert result.sides[1].score == result.sides[1].taken
        doubled += any(side.counters == 120 for side in result.sides)
    assert doubled > 0
