"""A rules page a player learns from (issue 20): the reading text of the Tournament page
is at most 60% of what it was, every rule id still has its anchor, the traceability is
one click away (folded, marked as metadata), and no page speaks of a table of four when
its game has another number of players."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rookery
from reading_text import page_html, reading_words

REPO = Path(__file__).resolve().parent.parent
CONFIG = REPO / "mkdocs.yml"
# The Tournament page's reading text before issue 20 (docs/variants/tournament.md at
# commit 5506b16), measured with reading_words(page_html(...)); mkdocs build gives the
# same count.
WORDS_BEFORE = 1922


def _html(name: str) -> str:
    return page_html(REPO / "docs" / "variants" / f"{name}.md", CONFIG)


def test_the_reading_text_leaves_out_code_folded_details_and_metadata():
    html = ('<h1>Rook rules</h1><p>Bid <a class="headerlink">¶</a>high.</p><pre>x y z</pre>'
            '<details><summary>Rulings</summary><p>a b c</p></details>'
            '<p>Play <small class="rk-meta">bidding.minimum</small>on.<br>Now</p>')
    assert reading_words(html) == ["Rook", "rules", "Bid", "high.", "Play", "on.", "Now"]


def test_the_tournament_page_reads_in_at_most_60_percent_of_the_words():
    words = reading_words(_html("tournament"))
    assert len(words) <= 0.6 * WORDS_BEFORE, len(words)
    text = " ".join(words)
    # ... and still tells the game: the aim, how a hand goes, the rules in prose
    assert "The aim: win tricks" in text and "Bids go up in fives from 70 to 120." in text
    assert "Ruling" not in text and "wikipedia-rook" not in text


@pytest.mark.parametrize("name", rookery.builtin_variants())
def test_every_rule_id_keeps_its_anchor_and_its_sources_are_one_click_away(name):
    variant = rookery.load_variant(name)
    html = _html(name)
    for rule in variant.rules:
        assert f'id="{rule.id}"' in html, rule.id
    boxes = re.findall(r'<details class="info rk-meta">(.*?)</details>', html, re.S)
    told = "".join(boxes)
    for rule in variant.rules:
        assert f'href="#{rule.id}"' in told, rule.id
        for ruling in rule.rulings:
            assert ruling[1:40] in told, rule.id
    assert "<table>\n<thead>\n<tr>\n<th></th>" not in html       # no empty header row
    assert 'class="rk-phases"' in html


@pytest.mark.parametrize("name", [n for n in rookery.builtin_variants()
                                  if rookery.load_variant(n).table.players != 4])
def test_no_page_speaks_of_four_players_at_another_table(name):
    text = (REPO / "docs" / "variants" / f"{name}.md").read_text(encoding="utf-8")
    spec = text.split("## The spec", 1)[0]
    for words in ("three of the four", "all four pass"):
        assert words not in spec, (name, words)


def test_one_rule_alone_and_rules_merged_into_one_sentence():
    from rookery.docs.sentences import prose, sentence_for_rule

    tournament = rookery.load_variant("tournament")
    assert sentence_for_rule(tournament, "bidding.step") == "Bids are multiples of 5."
    with pytest.raises(KeyError):
        sentence_for_rule(tournament, "passing.cards")       # the spec does not state it
    told = {t.keys: t.text for t in prose(tournament, "bidding")}
    assert told[("bidding.minimum", "bidding.maximum", "bidding.step")] == \
        "Bids go up in fives from 70 to 120."
    kentucky = rookery.load_variant("kentucky-rook")        # no maximum: all the points
    told = {t.keys: t.text for t in prose(kentucky, "bidding")}
    assert told[("bidding.minimum", "bidding.maximum", "bidding.step")] == \
        "Bids go up in fives from 100 to 180, all the points a hand holds."
