"""Shooting the moon (``bidding: moon``, ``scoring: moon-set``), by hand and in random
games.

Rule (conformance/house/moon.rook, a ruling): a player may bid to take every trick (the
action ``moon``), above every amount and outbid by nothing; made, its team wins the game
at once (``moon game``) or scores N (``moon N``); set, it loses ``moon-set`` points (by
default the moon's points).
"""

from __future__ import annotations

import pytest
from house_games import fuzz_differences, house, play_random_games, refused

import rookery
from rookery.errors import IllegalAction, UsageError
from rookery.language.export import export_variant
from rookery.language.load import load_text

MOON = house("moon")
# Seat 1 holds every red but R5; the nest holds the Rook and R5: with red trump, nobody
# else holds a trump (see conformance/cases/house-moon/moon.json).
HANDS = ["B6 B7 B8 B9 B10 B11 B12 B13 B14".split(), "R6 R7 R8 R9 R10 R11 R12 R13 R14".split(),
         "Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13".split(), "G5 G6 G7 G8 G9 G10 G11 G12 G13".split()]
NEST = "ROOK R5 B5 Y14 G14".split()


def spec(*clauses: str, parent: str = "tournament"):
    lines = "".join(f"{section}:\n  {clause}\n" for section, clause in clauses)
    return load_text(f"variant m\nextends {parent}\n{lines}")


def moon_hand(variant=MOON, buried=("B5", "Y14", "G14", "R5", "R6"), scores=None):
    """Seat 1 bids the moon, lays ``buried`` aside and names red; play not begun."""
    hand = rookery.Hand(variant, 0, HANDS, NEST, scores)
    hand.apply("moon", 1)
    for seat in (2, 3, 0):
        hand.apply("pass", seat)
    for card in buried:
        hand.apply(f"discard {card}", 1)
    hand.apply("trump R", 1)
    return hand


def play_out(hand, first=None):
    """Play the hand out, each seat its first legal card (``first`` for seat 1's lead)."""
    if first:
        hand.apply(f"play {first}")
    while not hand.is_over:
        hand.apply(hand.legal_actions()[0])
    return hand


def test_the_action_reads_back_and_takes_no_value():
    assert str(rookery.Action.parse("moon")) == "moon"
    with pytest.raises(UsageError):
        rookery.Action.parse("moon 200")
    with pytest.raises(UsageError):
        rookery.Action.parse("bid moon")     # a bid is a whole number: the moon is 'moon'


def test_the_moon_outbids_every_amount_and_nothing_outbids_it():
    hand = rookery.Hand(MOON, 0, HANDS, NEST)
    assert [str(a) for a in hand.legal_actions()][-2:] == ["moon", "pass"]
    hand.apply("bid 120", 1)
    assert [str(a) for a in hand.legal_actions()] == ["moon", "pass"]
    events = hand.apply("moon", 2)
    assert events[0].kind == "moon" and events[0].rules == ("bidding.moon",)
    assert hand.observation(3)["high_bid"] == "moon"
    assert [str(a) for a in hand.legal_actions()] == ["pass"]
    for action in ("bid 120", "moon"):
        with pytest.raises(IllegalAction) as error:
            hand.apply(action, 3)
        assert error.value.code == "bid-too-low" and error.value.rule == "bidding.moon"
    hand.apply("pass", 3)
    hand.apply("pass", 0)
    won = hand.apply("pass", 1)
    assert any(e.kind == "auction-won" and e.data == {"bid": "moon"} for e in won), won
    assert hand.bidder == 2 and hand.phase == "discard"


def test_a_variant_without_the_moon_refuses_it():
    hand = rookery.Hand(rookery.load_variant("tournament"), 0, HANDS, NEST)
    assert "moon" not in [str(a) for a in hand.legal_actions()]
    with pytest.raises(IllegalAction) as error:
        hand.apply("moon", 1)
    assert error.value.code == "no-moon-bid"


def test_a_made_moon_wins_the_game_at_once():
    hand = moon_hand()
    game = rookery.Game(MOON, hand=hand)
    events = []
    while not game.is_over:
        events += game.apply(game.legal_actions()[0])
    result = hand.result
    assert result.made and result.moon and result.changes == (0, 120)
    assert game.winners == (1,) and max(game.scores) < MOON.game.target
    assert events[-1].kind == "game-over" and events[-1].rules == ("bidding.moon",)
    assert result.to_json()["moon"] is True


def test_a_set_moon_loses_the_moon_set_and_the_defenders_score_their_take():
    hand = play_out(moon_hand(buried=("Y14", "G14", "R5", "R6", "R7")), first="B5")
    assert hand.tricks_won == [1, 8, 0, 0]
    assert not hand.result.made and hand.result.changes == (15, -200)


def test_a_moon_of_points_scores_them_and_by_default_loses_them():
    points = spec(("bidding", "moon 300"))
    made = play_out(moon_hand(points))
    assert made.result.changes == (0, 300)
    set_ = play_out(moon_hand(points, buried=("Y14", "G14", "R5", "R6", "R7")), first="B5")
    assert set_.result.changes == (15, -300)
    game = spec(("bidding", "moon game"))       # set: the points of a hand by default
    assert play_out(moon_hand(game, buried=("Y14", "G14", "R5", "R6", "R7")),
                    first="B5").result.changes == (15, -120)


def test_the_checker_refuses_what_a_moon_cannot_be(tmp_path):
    assert refused(tmp_path, "bidding", "moon 0").code == "number-out-of-range"
    assert refused(tmp_path, "bidding", "moon forever").code == "number-expected"
    error = refused(tmp_path, "scoring", "moon-set 100")
    assert error.code == "bad-moon" and "no moon bid" in error.message


def test_docs_and_export_tell_the_rule():
    from rookery.docs.sentences import sentence_for_rule
    told = sentence_for_rule(MOON, "bidding.moon")
    assert "take every trick" in told and "wins the game at once" in told
    assert "costs the bid winner's team 200 points" in sentence_for_rule(MOON, "scoring.moon-set")
    exported = export_variant(MOON)
    assert exported["bidding"]["moon"] == "game" and exported["scoring"]["moon_set"] == 200


def test_random_games_keep_every_card_and_score(tmp_path):
    """Random games (moon bids included) keep the invariants of house_games, and a
    playout scores every moon hand as the recording hand does."""
    seen = play_random_games(MOON, 25, seed=3)
    assert seen["moon"] > 0, seen
    for seed in range(40):
        hands = [rookery.deal_hand(MOON, seed=seed, dealer=0, record=record)
                 for record in (True, False)]
        for hand in hands:
            if rookery.Action("moon") in hand.legal_actions():
                hand.apply("moon")
        while not hands[0].is_over:
            action = hands[0].legal_actions()[seed % len(hands[0].legal_actions())]
            for hand in hands:
                hand.apply(action)
        assert hands[0].result.changes == hands[1].result.changes, seed


def test_the_interpreter_agrees_with_itself_under_fuzz():
    assert fuzz_differences(MOON, 12) == []


def test_a_moon_hand_is_charged_to_the_moon_clauses():
    """What decided a moon hand's score and the game's end: an engine that scores a made
    moon as points, or a set one otherwise, departs from bidding.moon (and moon-set)."""
    from rookery.engine.attribution.scoring import game_rules, scoring_rules
    made = play_out(moon_hand())
    assert scoring_rules(made)[0] == "bidding.moon"
    assert game_rules(made, {"winners": [1]}, False) == ("bidding.moon",)
    set_ = play_out(moon_hand(buried=("Y14", "G14", "R5", "R6", "R7")), first="B5")
    assert scoring_rules(set_)[:2] == ("bidding.moon", "scoring.moon-set")
    plain = rookery.Hand(MOON, 0, HANDS, NEST)
    plain.apply("bid 70", 1)
    for seat in (2, 3, 0):
        plain.apply("pass", seat)
    assert "bidding.moon" not in scoring_rules(play_out(plain))


def test_a_player_at_the_table_says_it_as_players_do():
    from rookery.play.spoken import read_one
    hand = rookery.Hand(MOON, 0, HANDS, NEST)
    for said in ("moon", "bid moon", "Shoot the moon"):
        assert read_one(hand, hand.legal_actions(), said) == rookery.Action("moon")


def test_a_transcript_tells_the_moon():
    from rookery.play.transcript import describe_event, points_line
    hand = rookery.Hand(MOON, 0, HANDS, NEST)
    events = hand.apply("moon", 1)
    assert list(describe_event(hand, events[0])) == \
        ["  seat 1 (team 1) shoots the moon: a bid to take every trick"]
    assert points_line(hand).endswith("seat 1 (team 1) bid moon")
