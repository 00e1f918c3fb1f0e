"""Double-deck family Rook for six, rule by rule, on hand-built deals.

What differs from the four-player game (``family-double-deck``, "What You Need/Setup"):
six players in two teams of three, every other seat; two 4s of different colors (the
spec's ruling: the black and the red 4) added below the 5s, so 84 cards deal 13 each
with a widow of 6.  Everything else is inherited, and checked here on six hands.
"""

from __future__ import annotations

import pytest

import rookery
from conftest import legal

V = "family-double-deck-6"

# Dealer 5: seat 0 bids first.  Only seats 0 and 3 hold black after the widow is
# laid back.
FOUR = {
    0: "B4 B14 B14 B13 B13 B12 B12 B11 B11 B10 B10 B9 B9",
    1: "Y14 Y14 Y13 Y13 Y12 Y12 Y11 Y11 Y10 Y10 Y9 Y9 Y8",
    2: "G14 G14 G13 G13 G12 G12 G11 G11 G10 G10 G9 G9 G8",
    3: "B5 B8 Y7 Y7 Y6 Y6 Y5 Y5 G8 G7 G7 G6 G6",
    4: "G5 G5 R8 R8 R7 R7 R6 R6 R5 R5 R4 ROOK ROOK",
    5: "R14 R14 R13 R13 R12 R12 R11 R11 R10 R10 R9 R9 Y8",
}
FOUR_NEST = "B8 B7 B7 B6 B6 B5"

# Seat 0 holds 13 high reds; the widow brings six more, all trumps.
SWEEP = {0: "R14 R14 R13 R13 R12 R12 R11 R11 R10 R10 R9 R9 R8"}
SWEEP_NEST = "R8 R7 R7 R6 R6 R5"



def test_84_cards_with_one_black_and_one_red_4(deal):
    hand = deal(V, 5, FOUR, FOUR_NEST)
    assert [len(hand.observation(s)["hand"]) for s in range(6)] == [13] * 6
    assert hand.observation(0)["nest_size"] == 6
    variant = rookery.load_variant(V)
    hands = [FOUR[s].split() for s in range(6)]
    for missing in ("Y4", "G4"):
        wrong = [h[:] for h in hands]
        wrong[0][0] = missing
        with pytest.raises(rookery.UsageError, match=f"'{missing}' is not a card"):
            rookery.Hand(variant, 5, wrong, FOUR_NEST.split())
    wrong = [h[:] for h in hands]
    wrong[3][1] = "B4"                      # a second black 4, and a B8 short
    with pytest.raises(rookery.UsageError, match="too many: B4; missing: B8"):
        rookery.Hand(variant, 5, wrong, FOUR_NEST.split())


def test_the_left_of_the_dealer_bids_first_and_the_auction_goes_round_six(deal, run):
    hand = deal(V, 5, FOUR, FOUR_NEST)
    assert hand.to_act == 0
    run(hand, "0 bid 150", "1 pass", "2 pass", "3 pass", "4 bid 160")
    assert hand.to_act == 5
    run(hand, "5 pass", "0 pass")
    assert (hand.bidder, hand.high, hand.phase) == (4, 160, "trump")


def test_a_4_ranks_below_a_5(deal, run):
    hand = deal(V, 5, FOUR, FOUR_NEST)
    run(hand, "0 bid 150", *[f"{s} pass" for s in range(1, 6)], "0 trump R",
        *[f"0 discard {c}" for c in FOUR_NEST.split()])
    assert hand.to_act == 0                  # the bidder leads
    run(hand, "0 play B4", "1 play Y9", "2 play G9")
    assert legal(hand) == {"play B5", "play B8"}
    events = run(hand, "3 play B5", "4 play G5", "5 play Y8")
    won = [e for e in events if e.kind == "trick-won"][-1]
    assert won.seat == 3 and won.data["points"] == 10
    assert hand.observation(1)["tricks_won"] == [0, 0, 0, 1, 0, 0]


def test_teams_of_alternate_seats_score_together(deal, run, play_out):
    hand = deal(V, 5, SWEEP, SWEEP_NEST, scores=[400, 100])
    game = rookery.Game(rookery.load_variant(V), 6, hand=hand)
    run(hand, "0 bid 150", *[f"{s} pass" for s in range(1, 6)], "0 trump R", via=game)
    # Nineteen trumps: laying trump aside is forced.
    assert legal(hand) == {f"discard R{r}" for r in range(5, 15)}
    run(hand, *[f"0 discard {c}" for c in SWEEP_NEST.split()], via=game)
    play_out(hand, via=game)
    assert hand.observation(0)["tricks_won"] == [13, 0, 0, 0, 0, 0]
    result = hand.result
    assert sorted(side.seats for side in result.sides) == [(0, 2, 4), (1, 3, 5)]
    assert (result.nest_to, result.nest_points) == (0, 5)
    assert result.changes == (250, 0)
    assert game.scores == (650, 100) and game.winners == (0,)
