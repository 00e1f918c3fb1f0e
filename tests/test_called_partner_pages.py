"""The pages of a called-partner game, read as a player would (issue 31): scores are
kept per player, so the rules of the game's end speak of a player, not "a side"; "win
on its own bid" says who that is; and the page opens with sentences, not a pile-up of
clauses."""

from __future__ import annotations

import re
from pathlib import Path

import rookery
from rookery.docs.generate import render
from rookery.docs.hand_story import aim
from rookery.language.load import load_text


def _page(variant, tmp_path: Path) -> str:
    files = render(tmp_path / "docs", [variant])
    return files[tmp_path / "docs" / "variants" / f"{variant.id}.md"]


def test_the_opening_of_a_called_partner_page_reads_as_sentences():
    opening = aim(rookery.load_variant("call-partner"))[0]
    assert opening == ("A game for five players with a deck of 41 cards and the Rook. There "
                       "are no fixed partners: in each hand the bid winner calls a card, and "
                       "whoever holds it is the bid winner's partner for that hand alone. "
                       "Nobody knows who that is until the called card is played.")
    # no sentence of it runs on past two clauses joined by ';'
    assert ";" not in opening
    two = aim(rookery.load_variant("call-partner-200-six"))[0]
    assert "the players who hold them are the bid winner's partners" in two


def test_a_game_scored_per_player_says_player_where_it_means_one(tmp_path):
    page = _page(rookery.load_variant("call-partner"), tmp_path)
    assert "brings a player's total to 300" in page
    assert "If more than one player reaches 300" in page
    assert not re.search(r"a side's total|more than one side reaches", page)
    assert "the player who bids highest names trump" in page


def test_winning_on_ones_own_bid_says_who_that_is(tmp_path):
    house = load_text('variant own "Own bid"\nextends call-partner\n\ngame:\n'
                      '  win-on own-bid    ruling "our table"\n', "own.rook")
    page = " ".join(_page(house, tmp_path).split())
    assert ("A player can win the game only in a hand in which they were on the bid "
            "winner's side (the bid winner or a called partner) and the bid was made") in page
    assert "on its own bid" not in page
    teams = " ".join(_page(load_text('variant own "Own bid"\nextends tournament\n\ngame:\n'
                                     '  win-on own-bid    ruling "our table"\n', "own.rook"),
                           tmp_path).split())
    assert "A team can win the game only in a hand in which it was the side that won the " \
           "auction and the bid was made" in teams
