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
    text = "\n".join(line.removeprefix("    ") for line in sample_deal.section(variant))
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


# What each decision between the auction and the play looks like in the sample deal's text.
_SAID = {"discard": "lays aside", "passing": "passes", "call": "The bid winner calls <span",
         "trump": "Trump: **"}


@pytest.mark.parametrize("name", rookery.builtin_variants())
def test_the_sample_deal_tells_decisions_in_the_specs_phase_order(name):
    """Issue 20: the six call-partner-200 pages named trump before the partner call,
    where the spec calls the partner first.  On every variant the decisions the text
    tells come in the order of the spec's phases after the auction."""
    from rookery.engine.hand import steps_after_bidding

    variant = rookery.load_variant(name)
    text = "\n".join(sample_deal.section(variant))
    told = text.split("**The auction.**", 1)[1].split("**The play.**", 1)[0]
    seen = {step: told.index(words) for step, words in _SAID.items() if words in told}
    order = [step for step in steps_after_bidding(variant) if step in seen]
    assert sorted(seen, key=seen.get) == order, (name, seen)
    assert "trump" in seen


def test_a_call_partner_200_deal_calls_the_partner_before_trump():
    variant = rookery.load_variant("call-partner-200-six")
    assert variant.table.call_time == "before-trump"
    text = "\n".join(sample_deal.section(variant))
    assert text.index("The bid winner calls <span") < text.index("Trump: **")
