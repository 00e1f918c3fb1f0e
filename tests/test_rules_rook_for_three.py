"""Rook for Three rule by rule, on hand-built deals.

Expectations come from George Parker's rules (``rook-for-three``) as
``specs/rook-for-three.rook`` reads them: three players each for himself, 44 cards (4 to
14, no Rook), 13 each and a nest of 5; the dealer opens with an automatic bid of 50 and
the others raise by fives or pass; the bid winner names trump, then takes the nest and
lays five cards aside, never a counter (14, 10, 5); the left of the bidder leads; 2
points a trick on top of the counters (126 in all); a bidder who falls short loses the
bid; the first to 200 wins, equal totals play on.
"""

from __future__ import annotations

import rookery
from conftest import legal, won_by

V = "rook-for-three"

# Seat 0 holds all eleven reds and the two best blacks.
SWEEP = {0: "R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 R14 B14 B13"}
SWEEP_NEST = "B4 B6 B7 B8 B9"
COUNTER = {"14": 10, "10": 10, "5": 5}




def test_the_dealer_opens_with_an_automatic_50(deal, rejects):
    hand = deal(V, 0, SWEEP, SWEEP_NEST)
    assert hand.observation(2)["auction"] == [[0, "bid 50"]]
    assert (hand.high, hand.bidder, hand.to_act) == (50, 0, 1)
    assert legal(hand) == {f"bid {b}" for b in range(55, 126, 5)} | {"pass"}
    rejects(hand, "1 bid 50", "bid-too-low")
    rejects(hand, "1 bid 57", "bid-not-multiple")
    rejects(hand, "1 bid 130", "bid-too-high")
    rejects(hand, "0 bid 55", "not-your-turn")


def test_when_both_others_pass_the_dealer_has_the_bid_at_50(deal, run):
    hand = deal(V, 1, SWEEP, SWEEP_NEST)
    events = run(hand, "2 pass", "0 pass")
    won = [e for e in events if e.kind == "auction-won"]
    assert [(e.seat, e.data["bid"]) for e in won] == [(1, 50)]
    assert (hand.phase, hand.to_act) == ("trump", 1)


def test_the_dealer_may_raise_over_a_higher_bid(deal, run):
    hand = deal(V, 0, SWEEP, SWEEP_NEST)
    run(hand, "1 bid 55", "2 pass")
    assert hand.to_act == 0
    assert legal(hand) == {f"bid {b}" for b in range(60, 126, 5)} | {"pass"}
    run(hand, "0 bid 80", "1 pass")
    assert (hand.bidder, hand.high) == (0, 80)


def test_trump_is_named_before_the_nest_is_taken(deal, run, rejects):
    hand = deal(V, 0, {}, "R14 R5 G4 G6 Y4")
    run(hand, "1 bid 55", "2 pass", "0 pass")
    assert (hand.phase, hand.to_act) == ("trump", 1)
    assert len(hand.observation(1)["hand"]) == 13           # the nest is still aside
    rejects(hand, "1 discard G4", "wrong-phase")
    assert legal(hand) == {"trump B", "trump R", "trump Y", "trump G"}
    run(hand, "1 trump G")
    assert hand.phase == "discard"
    assert len(hand.observation(1)["hand"]) == 18


def test_counters_may_not_be_laid_aside_nor_left_in_the_nest(deal, run, rejects):
    hand = deal(V, 0, {}, "R14 R5 G4 G6 Y4")
    run(hand, "1 bid 55", "2 pass", "0 pass", "1 trump G")
    held = hand.observation(1)["hand"]
    assert {"R14", "R5", "G4", "G6", "Y4"} <= set(held)
    plain = {c for c in held if COUNTER.get(c[1:], 0) == 0}
    assert legal(hand) == {f"discard {c}" for c in plain}
    rejects(hand, "1 discard R14", "cannot-discard-counters")
    rejects(hand, "1 discard R5", "cannot-discard-counters")
    run(hand, "1 discard G4", "1 discard G6", "1 discard Y4")
    counters = [c for c in held if COUNTER.get(c[1:], 0)]
    for card in counters:
        rejects(hand, f"1 discard {card}", "cannot-discard-counters")
    # The left of the bidder leads once five plain cards are laid aside.
    rest = sorted(plain - {"G4", "G6", "Y4"})
    run(hand, f"1 discard {rest[0]}", f"1 discard {rest[1]}")
    assert (hand.phase, hand.to_act) == ("play", 2)


def test_follow_color_and_trump(deal, run, rejects):
    hands = {0: "R4 R5 R6 B4 B5 B6 B7 Y4 Y5 Y6 G4 G5 G6",
             1: "R7 R8 B8 B9 B10 B11 Y7 Y8 Y9 G7 G8 G9 G10",
             2: "R9 R10 R11 B12 B13 Y10 Y11 Y12 Y13 G11 G12 G13 G14"}
    hand = deal(V, 0, hands, "R12 R13 R14 B14 Y14")
    run(hand, "1 pass", "2 pass", "0 trump R")
    run(hand, *[f"0 discard {c}" for c in "B4 B6 Y4 Y6 G4".split()])
    assert hand.to_act == 1
    run(hand, "1 play B8")
    assert legal(hand) == {"play B12", "play B13"}
    rejects(hand, "2 play R9", "must-follow-color")
    run(hand, "2 play B12")
    assert legal(hand) == {"play B5", "play B7", "play B14"}
    assert won_by(run(hand, "0 play B7")) == 2              # highest of the led color
    run(hand, "2 play G11", "0 play G5")
    assert legal(hand) == {f"play {c}" for c in "G7 G8 G9 G10".split()}
    assert won_by(run(hand, "1 play G7")) == 2
    assert won_by(run(hand, "2 play G12", "0 play G6", "1 play G8")) == 2
    run(hand, "2 play G13")
    # Seat 0 is out of green: anything, and a trump takes the trick.
    assert legal(hand) == {f"play {c}" for c in "R4 R5 R6 R12 R13 R14 B5 B14 Y5 Y14".split()}
    assert won_by(run(hand, "0 play R4", "1 play G9")) == 0


def _sweep(deal, run, play_out, bidder, scores=(0, 0, 0)):
    hand = deal(V, 0, SWEEP, SWEEP_NEST, scores=list(scores))
    game = rookery.Game(rookery.load_variant(V), 2, hand=hand)
    auction = ["1 pass", "2 pass"] if bidder == 0 else ["1 bid 55", "2 pass", "0 pass"]
    run(hand, *auction, f"{bidder} trump R", via=game)
    run(hand, *[f"{bidder} discard {c}" for c in SWEEP_NEST.split()], via=game)
    play_out(hand, via=game)
    return hand, game


def test_two_points_a_trick_on_top_of_the_counters(deal, run, play_out):
    hand, game = _sweep(deal, run, play_out, bidder=0)
    assert hand.observation(0)["tricks_won"] == [13, 0, 0]
    assert hand.result.made is True
    assert hand.result.changes == (100 + 13 * 2, 0, 0)


def test_a_bidder_who_falls_short_loses_the_bid(deal, run, play_out):
    hand, game = _sweep(deal, run, play_out, bidder=1, scores=(10, 20, 30))
    assert hand.result.made is False
    assert hand.result.changes == (126, -55, 0)
    assert game.scores == (136, -35, 30)


def test_the_first_to_200_wins(deal, run, play_out):
    hand, game = _sweep(deal, run, play_out, bidder=0, scores=(80, 150, 190))
    assert game.scores == (206, 150, 190) and game.winners == (0,)


def test_the_higher_total_wins_when_two_pass_200(deal, run, play_out):
    # Seats 1 and 2 stand at 210 already (a hand of equal totals was played on).
    hand, game = _sweep(deal, run, play_out, bidder=0, scores=(100, 210, 210))
    assert game.winners == (0,)


def test_equal_totals_over_200_play_on(deal, run, play_out):
    hand, game = _sweep(deal, run, play_out, bidder=0, scores=(90, 216, 150))
    assert game.scores == (216, 216, 150)
    assert not game.is_over and game.hand.dealer == 1
