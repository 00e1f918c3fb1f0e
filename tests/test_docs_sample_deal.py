"""The sample deal on each rules page, and the card chips it is drawn with."""

from __future__ import annotations

import re

import pytest

import rookery
from rookery.docs import cards, sample_deal


@pytest.mark.parametrize("name", rookery.builtin_variants())
def test_the_sample_deal_is_the_hand_the_engine_plays(name):
    variant = rookery.load_variant(name)
    seed, hand = sample_deal.play(variant)
    assert hand.is_over and not hand.result.thrown_in
    assert len(hand.tricks) == variant.deal.hand
    text = "\n".join(sample_deal.section(variant))
    assert f"seed={seed}" in text
    rows = re.findall(r"^\| (\d+) \| seat (\d+) \| (.*) \| seat (\d+) \| (\d*) \|$", text, re.M)
    assert [(int(n), int(lead), int(won)) for n, lead, _, won, _ in rows] == \
        [(n, leader, winner) for n, (leader, _, _, winner) in enumerate(hand.tricks, 1)]
    for (_, _, played, won, _), (_, trick_cards, seats, winner) in zip(rows, hand.tricks):
        codes = re.findall(r"(\d+):&nbsp;<span class=\"([^\"]*)\">([A-Z0-9]+)</span>", played)
        assert [(int(s), c) for s, _, c in codes] == \
            [(s, hand.t.codes[c]) for s, c in zip(seats, trick_cards)]
        assert [int(s) for s, classes, _ in codes if "rk-won" in classes] == [winner]
    for held in hand.start_hands:
        assert cards.chips(variant, sample_deal.by_color(hand, held)) in text
    for side in hand.result.sides:
        assert f"| {side.taken} | {side.score:+d} |" in text


def test_a_sample_deal_is_the_same_every_time():
    variant = rookery.load_variant("tournament")
    assert sample_deal.play(variant)[1].snapshot() == sample_deal.play(variant)[1].snapshot()


def test_chips_carry_the_cards_color_and_whether_it_counts():
    tournament = rookery.load_variant("tournament")
    assert cards.chip(tournament, "R14") == \
        '<span class="rk-card rk-red rk-counter">R14</span>'
    assert cards.chip(tournament, "B6") == '<span class="rk-card rk-black">B6</span>'
    assert cards.chip(tournament, "ROOK") == \
        '<span class="rk-card rk-bird rk-counter">ROOK</span>'
    assert cards.chip(tournament, "H10") == "`H10`"          # not a card of this deck
    standard = rookery.load_variant("standard-deck")
    assert 'class="rk-card rk-hearts' in cards.chip(standard, "H10")
    assert 'class="rk-card rk-bird' in cards.chip(standard, "JOKER")
