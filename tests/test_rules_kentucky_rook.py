"""Kentucky Rook rule by rule, on hand-built deals.

Expectations come from the ``kentucky-rook`` main rules as ``specs/kentucky-rook.rook``
reads them: 45 cards, the 1 above the 14 in every color and the Rook above the 1 of trump;
bids from 100 in fives, the left of the dealer first; when the first three pass, the dealer
is forced to 100; the bid winner may not lay counters aside unless every card left is one;
trump is named after the nest; the left of the bidder leads; the Rook is a trump like
any other (no playing it anytime); counters in the nest go to the last trick; a set
side loses its bid; 500 wins, equal totals play on.
"""

from __future__ import annotations

import rookery
from conftest import legal, won_by

V = "kentucky-rook"

# Dealer 0, so seat 1 speaks first.
DEAL = {
    0: "R1 R14 R13 R12 R11 B5 B6 Y5 Y6 G6",
    1: "R5 R6 B1 B14 B13 Y1 Y14 G1 G13 ROOK",
    2: "R7 R8 B12 B11 B10 Y13 Y12 G14 G12 G11",
    3: "R9 B9 B8 B7 Y11 Y10 Y9 G10 G9 G8",
}
NEST = "R10 Y8 Y7 G7 G5"

# Seat 0 holds ten counters; the nest adds four more and one plain card.
COUNTERS = {0: "B1 B14 B10 B5 R1 R14 R10 R5 Y1 Y14"}
COUNTERS_NEST = "Y10 Y5 G1 G14 G6"

# Seat 0 holds every trump but R5 and R6, which are in the nest.
SWEEP = {0: "R1 R14 R13 R12 R11 R10 R9 R8 R7 ROOK"}
SWEEP_NEST = "R5 R6 B6 Y6 G6"


POINTS = {"1": 15, "14": 10, "10": 10, "5": 5}


def points(cards) -> int:
    return sum(20 if c == "ROOK" else POINTS.get(c[1:], 0) for c in cards)




def test_bids_go_from_100_in_fives_starting_left_of_the_dealer(deal, rejects):
    hand = deal(V, 0, DEAL, NEST)
    assert hand.to_act == 1
    assert legal(hand) == {f"bid {b}" for b in range(100, 181, 5)} | {"pass"}
    rejects(hand, "1 bid 95", "bid-too-low")
    rejects(hand, "1 bid 102", "bid-not-multiple")
    rejects(hand, "1 bid 185", "bid-too-high")
    rejects(hand, "0 bid 100", "not-your-turn")


def test_when_the_first_three_pass_the_dealer_is_forced_to_100(deal, run):
    hand = deal(V, 0, DEAL, NEST)
    events = run(hand, "1 pass", "2 pass", "3 pass")
    forced = [e for e in events if e.kind == "forced-bid"]
    assert [(e.seat, e.data["amount"]) for e in forced] == [(0, 100)]
    assert (hand.bidder, hand.high, hand.phase, hand.to_act) == (0, 100, "discard", 0)


def test_a_bid_in_the_first_round_means_no_forced_bid(deal, run):
    hand = deal(V, 0, DEAL, NEST)
    events = run(hand, "1 pass", "2 pass", "3 bid 100")
    assert hand.to_act == 0                  # the dealer may now pass
    events += run(hand, "0 pass")
    assert "forced-bid" not in [e.kind for e in events]
    assert (hand.bidder, hand.high) == (3, 100)


def test_counters_may_not_be_laid_aside(deal, run, rejects):
    hand = deal(V, 0, DEAL, NEST)
    run(hand, "1 pass", "2 pass", "3 pass")
    plain = "R13 R12 R11 B6 Y6 G6 Y8 Y7 G7".split()
    assert legal(hand) == {f"discard {c}" for c in plain}
    for counter in ("R1", "R14", "R10", "B5", "G5"):
        error = rejects(hand, f"0 discard {counter}", "cannot-discard-counters")
        assert counter in error.message
    rejects(hand, "0 discard ROOK", "card-not-in-hand")


def test_counters_go_to_the_nest_only_when_every_card_left_is_one(deal, run, rejects):
    hand = deal(V, 2, COUNTERS, COUNTERS_NEST)
    run(hand, "3 pass", "0 bid 100", "1 pass", "2 pass")
    assert hand.bidder == 0
    assert legal(hand) == {"discard G6"}
    rejects(hand, "0 discard B1", "cannot-discard-counters")
    run(hand, "0 discard G6")
    # Fourteen counters left: laying counters aside is now forced.
    held = COUNTERS[0].split() + ["Y10", "Y5", "G1", "G14"]
    assert legal(hand) == {f"discard {c}" for c in held}
    run(hand, "0 discard B5", "0 discard Y5", "0 discard R5", "0 discard B10")
    assert hand.phase == "trump"


def test_the_nest_counters_go_to_the_winner_of_the_last_trick(deal, run, play_out):
    hand = deal(V, 2, COUNTERS, COUNTERS_NEST)
    run(hand, "3 pass", "0 bid 100", "1 pass", "2 pass", "0 discard G6", "0 discard B5",
        "0 discard Y5", "0 discard R5", "0 discard B10", "0 trump G")
    events = play_out(hand)
    tricks = [e for e in events if e.kind == "trick-won"]
    last = tricks[-1].seat
    by_team = [0, 0]
    for trick in tricks:
        by_team[trick.seat % 2] += points(trick.data["cards"])
    assert sum(by_team) == 180 - 25
    by_team[last % 2] += 25                  # B5 + Y5 + R5 + B10 laid aside
    result = hand.result
    assert (result.nest_points, result.nest_to) == (25, last)
    assert [side.taken for side in sorted(result.sides, key=lambda s: s.seats)] == by_team


def test_trump_after_the_nest_and_the_left_of_the_bidder_leads(deal, run, rejects):
    hand = deal(V, 0, DEAL, NEST)
    run(hand, "1 pass", "2 pass", "3 pass")
    run(hand, *[f"0 discard {c}" for c in "Y8 Y7 G7 B6 Y6".split()])
    assert hand.phase == "trump"
    rejects(hand, "0 play R1", "wrong-phase")
    run(hand, "0 trump R")
    assert (hand.phase, hand.to_act) == ("play", 1)


def test_ones_are_high_and_the_rook_is_the_highest_trump_with_no_anytime(deal, run, rejects):
    hand = deal(V, 0, DEAL, NEST)
    run(hand, "1 pass", "2 pass", "3 pass")
    run(hand, *[f"0 discard {c}" for c in "Y8 Y7 G7 B6 Y6".split()], "0 trump R")
    assert won_by(run(hand, "1 play B1", "2 play B10", "3 play B9", "0 play B5")) == 1
    run(hand, "1 play B14")
    assert legal(hand) == {"play B12", "play B11"}
    run(hand, "2 play B11", "3 play B8")
    assert won_by(run(hand, "0 play R11")) == 0          # void in black: trumps in
    run(hand, "0 play G6")
    # Seat 1 holds green, so the Rook (a trump) may not be played.
    assert legal(hand) == {"play G1", "play G13"}
    rejects(hand, "1 play ROOK", "must-follow-color")
    assert won_by(run(hand, "1 play G1", "2 play G14", "3 play G10")) == 1  # the 1 beats the 14
    run(hand, "1 play R5")
    assert legal(hand) == {"play R7", "play R8"}
    assert won_by(run(hand, "2 play R8", "3 play R9", "0 play R12")) == 0
    run(hand, "0 play R13")
    assert legal(hand) == {"play R6", "play ROOK"}
    run(hand, "1 play R6", "2 play R7")
    assert legal(hand) == {f"play {c}" for c in "Y11 Y10 Y9 G9 G8 B7".split()}
    assert won_by(run(hand, "3 play G9")) == 0
    run(hand, "0 play R1")
    assert legal(hand) == {"play ROOK"}      # the Rook is seat 1's only trump
    rejects(hand, "1 play Y1", "must-follow-color")
    assert won_by(run(hand, "1 play ROOK", "2 play G12", "3 play G8")) == 1


def _sweep(deal, run, play_out, bidder, scores=(0, 0)):
    hand = deal(V, 0 if bidder == 1 else 3, SWEEP, SWEEP_NEST, scores=list(scores))
    game = rookery.Game(rookery.load_variant(V), 3, hand=hand)
    first = (hand.dealer + 1) % 4
    lines = []
    for step in range(4):
        seat = (first + step) % 4
        lines.append(f"{seat} bid 100" if seat == bidder else f"{seat} pass")
    run(hand, *lines, via=game)
    own = {0: ["R7"], 1: ["B7"]}[bidder]
    run(hand, *[f"{bidder} discard {c}" for c in ["R6", "B6", "Y6", "G6"] + own],
        f"{bidder} trump R", via=game)
    play_out(hand, via=game)
    return hand, game


def test_a_made_bid_scores_what_the_side_took(deal, run, play_out):
    hand, game = _sweep(deal, run, play_out, bidder=0)
    assert hand.observation(0)["tricks_won"] == [10, 0, 0, 0]
    assert hand.result.made is True and hand.result.changes == (180, 0)


def test_a_set_bid_loses_the_bid_and_the_defenders_score_their_take(deal, run, play_out):
    hand, game = _sweep(deal, run, play_out, bidder=1)
    assert hand.observation(1)["tricks_won"] == [10, 0, 0, 0]
    assert hand.result.made is False and hand.result.changes == (180, -100)


def test_500_wins(deal, run, play_out):
    hand, game = _sweep(deal, run, play_out, bidder=0, scores=(330, 490))
    assert game.scores == (510, 490) and game.winners == (0,)


def test_equal_totals_over_500_play_on(deal, run, play_out):
    hand, game = _sweep(deal, run, play_out, bidder=0, scores=(330, 510))
    assert game.scores == (510, 510) and not game.is_over
    assert game.hand.dealer == (hand.dealer + 1) % 4
