"""Every built-in spec checks, cites a source or states a ruling for every rule, and
adds up to the totals its sources document."""

from __future__ import annotations

import pytest

import rookery
from rookery.language.check import check_variant, summary
from rookery.language.load import known_sources

VARIANTS = rookery.builtin_variants()

# Figures the sources state outright: (players, deck, hand, nest, points, min bid, target).
DOCUMENTED = {
    "tournament": (4, 41, 9, 5, 120, 70, 300),            # wikipedia-rook "Official rules"
    "kentucky-rook": (4, 45, 10, 5, 180, 100, 500),       # kentucky-rook main rules
    "rook-for-three": (3, 44, 13, 5, 126, 50, 200),       # rook-for-three
    "family-double-deck": (4, 82, 19, 6, 250, 150, 600),  # family-double-deck article
    "family-double-deck-6": (6, 84, 13, 6, 250, 150, 600),
    "standard-deck": (4, 53, 13, 1, 200, 70, 1000),       # standard-deck-gist
    "kentucky-discard": (4, 41, 9, 5, 120, 70, 300),      # kentucky-rook, the book's game
    "hundred-forty": (4, 41, 9, 5, 140, 70, 300),         # "the 140 point game"
    "call-partner-200": (4, 57, 13, 5, 200, 100, 500),    # 200 points, kitty of 5
    "call-partner-200-five": (5, 57, 10, 7, 200, 100, 500),   # kitty of 7
    "call-partner-200-six": (6, 57, 9, 3, 200, 100, 500),     # kitty of 3
    "call-partner-200-short-five": (5, 45, 8, 5, 200, 100, 500),  # no 2-4: kitty of 5
    "four-player-180": (4, 45, 10, 5, 180, 70, 300),      # "The total point count is at 180"
    "standard-deck-five": (5, 51, 10, 1, 200, 70, 1000),  # two 2s removed, 10 each
    "standard-deck-five-rook-deck": (5, 56, 11, 1, 200, 70, 1000),  # 11 each, one left
}


def test_there_is_a_spec_for_every_variant_the_issues_name() -> None:
    assert len(VARIANTS) >= 42
    assert set(DOCUMENTED) <= set(VARIANTS)


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_spec_checks_without_warnings(variant_id: str) -> None:
    variant = rookery.load_variant(variant_id)
    assert check_variant(variant) == []
    assert variant.id == variant_id


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_every_rule_cites_a_known_source_or_states_a_ruling(variant_id: str) -> None:
    variant = rookery.load_variant(variant_id)
    sources = set(known_sources())
    assert variant.rules
    for rule in variant.rules:
        assert rule.citations or rule.rulings, rule.id
        for citation in rule.citations:
            assert citation.source in sources and citation.where.strip(), rule.id
        for ruling in rule.rulings:
            assert len(ruling.split()) >= 4, f"{rule.id}: a ruling says why"


@pytest.mark.parametrize("variant_id", sorted(DOCUMENTED))
def test_documented_figures(variant_id: str) -> None:
    s = summary(rookery.load_variant(variant_id))
    assert (s.players, s.deck, s.hand, s.nest, s.points, s.minimum_bid, s.target) == \
        DOCUMENTED[variant_id]


def test_rule_ids_are_stable_section_dot_key() -> None:
    variant = rookery.load_variant("tournament")
    assert "play.anytime" in variant.rule_ids and "bidding.minimum" in variant.rule_ids
    derived = rookery.load_variant("red-one")
    assert "trump.special.R1" in derived.rule_ids
    assert derived.rule("play.anytime").inherited_from == "tournament"
    assert derived.rule("trump.special.R1").inherited_from is None
