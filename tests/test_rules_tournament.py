"""Tournament Rook (Kentucky Discard) rule by rule, on hand-built deals.

Expectations come from the ``wikipedia-rook`` "Official rules" as ``specs/tournament.rook``
reads them: the left of the dealer bids first and leads the first trick; bids 70 to 120
in fives; the bid winner takes the nest and lays any five cards aside, then names trump;
players follow the led color, except that the Rook (the highest trump, 20 points) may be
played anytime; a led Rook calls for trump and a player whose only trump is the Rook must
play it to a trump lead; the last trick takes the nest; a set bidding side loses its
bid; 300 wins, the higher total when both pass it, equal totals play on.
"""

from __future__ import annotations

import rookery
from conftest import legal, won_by

V = "tournament"

# Dealer 3, so seat 0 speaks and leads first.  Red is seat 0's long color.
FOLLOW = {
    0: "R14 R13 R12 B5 B6 Y5 Y6 G5 G6",
    1: "R5 R6 B14 B13 B12 Y14 Y13 G14 ROOK",
    2: "R7 R8 B11 B10 Y12 Y11 G13 G12 G11",
    3: "B9 B8 B7 Y10 Y9 Y8 G10 G9 G8",
}
FOLLOW_NEST = "R9 R10 R11 Y7 G7"

# Seat 1's only "trump" is the Rook.
ROOK_ONLY = {
    0: "R14 R13 R12 B5 B6 Y5 Y6 G5 G6",
    1: "B14 B13 B12 Y14 Y13 G14 B9 B8 ROOK",
    2: "R7 R8 B11 B10 Y12 Y11 G13 G12 G11",
    3: "R5 R6 B7 Y10 Y9 Y8 G10 G9 G8",
}

# Seat 0 holds every trump but the two in the nest: whoever wins the auction, red
# trump and seat 0 on lead take all nine tricks.
SWEEP = {0: "R14 R13 R12 R11 R10 R9 R8 R7 ROOK"}
SWEEP_NEST = "R5 R6 B5 B10 Y14"          # 30 points




def to_trump(hand, run, bidder=0, trump="R", discards="Y7 G7 B5 G5 Y5"):
    """An auction the given seat wins at 70 (dealer 3), its discards, its trump."""
    run(hand, *[f"{s} {'bid 70' if s == bidder else 'pass'}" for s in (0, 1, 2, 3)])
    run(hand, *[f"{bidder} discard {c}" for c in discards.split()])
    run(hand, f"{bidder} trump {trump}")


# -- bidding ------------------------------------------------------------------------------

def test_the_left_of_the_dealer_bids_first_from_70_to_120_in_fives(deal, rejects):
    hand = deal(V, 3, FOLLOW, FOLLOW_NEST)
    assert (hand.phase, hand.to_act) == ("bidding", 0)
    assert legal(hand) == {f"bid {b}" for b in range(70, 121, 5)} | {"pass"}
    rejects(hand, "1 bid 70", "not-your-turn")
    rejects(hand, "0 bid 65", "bid-too-low")
    rejects(hand, "0 bid 72", "bid-not-multiple")
    rejects(hand, "0 bid 125", "bid-too-high")
    rejects(hand, "0 play R14", "wrong-phase")


def test_bids_may_jump_must_rise_and_a_pass_is_final(deal, run, rejects):
    hand = deal(V, 3, FOLLOW, FOLLOW_NEST)
    run(hand, "0 bid 70", "1 bid 100")
    rejects(hand, "2 bid 100", "bid-too-low")
    rejects(hand, "2 bid 95", "bid-too-low")
    assert legal(hand) == {f"bid {b}" for b in range(105, 121, 5)} | {"pass"}
    run(hand, "2 pass", "3 pass")
    assert hand.to_act == 0                 # seats 2 and 3 are out for good
    run(hand, "0 bid 110", "1 pass")
    assert (hand.bidder, hand.high, hand.phase) == (0, 110, "discard")


def test_when_all_four_pass_the_hand_is_thrown_in_and_the_deal_moves_left(deal, run):
    hand = deal(V, 3, FOLLOW, FOLLOW_NEST, scores=[40, 65])
    game = rookery.Game(rookery.load_variant(V), 5, hand=hand)
    events = run(hand, "0 pass", "1 pass", "2 pass", "3 pass", via=game)
    assert "thrown-in" in [e.kind for e in events]
    assert hand.result.thrown_in and hand.result.changes == (0, 0)
    assert game.scores == (40, 65) and not game.is_over
    assert (game.hand.dealer, game.hand.number, game.hand.scores_before) == (0, 1, (40, 65))


# -- the nest -----------------------------------------------------------------------------

def test_the_bid_winner_takes_the_nest_and_may_lay_any_five_aside(deal, run, rejects):
    hand = deal(V, 3, FOLLOW, FOLLOW_NEST)
    run(hand, "0 pass", "1 pass", "2 bid 75", "3 pass")
    assert (hand.phase, hand.to_act) == ("discard", 2)
    mine = hand.observation(2)["hand"]
    assert sorted(mine) == sorted(FOLLOW[2].split() + FOLLOW_NEST.split())
    for seat in (0, 1, 3):
        assert not set(FOLLOW_NEST.split()) & set(hand.observation(seat)["hand"])
    # Counters may go: the rules let the high bidder lay aside any five cards.
    assert legal(hand) == {f"discard {c}" for c in mine}
    rejects(hand, "2 discard R14", "card-not-in-hand")
    rejects(hand, "2 trump R", "wrong-phase")
    rejects(hand, "2 play B10", "wrong-phase")
    rejects(hand, "1 discard R5", "not-your-turn")
    run(hand, "2 discard B10", "2 discard Y12", "2 discard R10", "2 discard R11", "2 discard R9")
    assert hand.phase == "trump"            # trump is named after the nest
    assert legal(hand) == {"trump B", "trump R", "trump Y", "trump G"}
    rejects(hand, "2 trump P", "trump-not-allowed")
    rejects(hand, "2 trump none", "trump-not-allowed")
    run(hand, "2 trump G")
    # The left of the dealer leads, not the left of the bidder.
    assert (hand.phase, hand.to_act) == ("play", 0)


# -- play ---------------------------------------------------------------------------------

def test_follow_color_and_the_rook_anytime(deal, run, rejects):
    hand = deal(V, 3, FOLLOW, FOLLOW_NEST)
    to_trump(hand, run)
    assert hand.to_act == 0
    assert legal(hand) == {f"play {c}" for c in "R14 R13 R12 R11 R10 R9 B6 Y6 G6".split()}
    run(hand, "0 play B6")
    # Seat 1 holds black: black, or the Rook, which may be played anytime.
    assert legal(hand) == {"play B14", "play B13", "play B12", "play ROOK"}
    rejects(hand, "1 play Y14", "must-follow-color")
    rejects(hand, "1 play R5", "must-follow-color")
    rejects(hand, "2 play B10", "not-your-turn")
    run(hand, "1 play ROOK")
    assert legal(hand) == {"play B11", "play B10"}
    rejects(hand, "2 play G13", "must-follow-color")
    events = run(hand, "2 play B10", "3 play B9")
    assert won_by(events) == 1               # the Rook is the highest trump
    assert hand.observation(0)["tricks_won"] == [0, 1, 0, 0]
    assert hand.to_act == 1                  # the winner leads, anything
    assert legal(hand) == {f"play {c}" for c in "R5 R6 B14 B13 B12 Y14 Y13 G14".split()}


def test_a_led_rook_calls_for_trump(deal, run, rejects):
    hand = deal(V, 3, FOLLOW, FOLLOW_NEST)
    to_trump(hand, run)
    run(hand, "0 play G6", "1 play G14", "2 play G13", "3 play G10")
    assert hand.to_act == 1                  # G14 took it
    run(hand, "1 play ROOK")
    assert legal(hand) == {"play R7", "play R8"}
    rejects(hand, "2 play B11", "must-follow-color")
    run(hand, "2 play R8")
    # Seat 3 has no trump: anything it holds (it played G10 to the first trick).
    assert legal(hand) == {f"play {c}" for c in FOLLOW[3].split() if c != "G10"}
    run(hand, "3 play Y10")
    assert legal(hand) == {f"play {c}" for c in "R14 R13 R12 R11 R10 R9".split()}
    assert won_by(run(hand, "0 play R14")) == 1      # the Rook beats the 14 of trump


def test_a_player_whose_only_trump_is_the_rook_must_play_it_to_a_trump_lead(deal, run, rejects):
    hand = deal(V, 3, ROOK_ONLY, FOLLOW_NEST)
    to_trump(hand, run)
    run(hand, "0 play R12")
    assert legal(hand) == {"play ROOK"}
    rejects(hand, "1 play B14", "must-follow-color")
    assert won_by(run(hand, "1 play ROOK", "2 play R7", "3 play R5")) == 1


def test_trump_beats_the_led_color_and_off_colors_never_win(deal, run):
    hand = deal(V, 3, FOLLOW, FOLLOW_NEST)
    to_trump(hand, run)
    assert won_by(run(hand, "0 play Y6", "1 play Y13", "2 play Y12", "3 play Y10")) == 1
    assert won_by(run(hand, "1 play G14", "2 play G11", "3 play G8", "0 play G6")) == 1
    assert won_by(run(hand, "1 play B12", "2 play B11", "3 play B9", "0 play B6")) == 1
    # Seat 0, out of yellow, trumps in with its lowest trump.
    assert won_by(run(hand, "1 play Y14", "2 play Y11", "3 play Y9", "0 play R9")) == 0
    # Seat 3, out of trump, discards a black: it cannot win.
    assert won_by(run(hand, "0 play R10", "1 play R5", "2 play R7", "3 play B8")) == 0
    assert hand.to_act == 0


# -- scoring, the nest's counters, game end -----------------------------------------------

def test_the_last_trick_takes_the_nest_and_a_set_bid_loses_the_bid(deal, run, play_out):
    hand = deal(V, 3, SWEEP, SWEEP_NEST, scores=[10, 20])
    # Seat 1 wins the auction and names red, but seat 0 holds the trumps and leads.
    to_trump(hand, run, bidder=1, discards=SWEEP_NEST)
    play_out(hand)
    result = hand.result
    assert hand.tricks_won == [9, 0, 0, 0]
    assert (result.nest_to, result.nest_points) == (0, 30)
    assert result.made is False
    assert result.changes == (120, -70)
    assert result.scores == (130, -50)


def test_a_made_bid_scores_everything_taken(deal, run, play_out):
    hand = deal(V, 3, SWEEP, SWEEP_NEST)
    to_trump(hand, run, bidder=0, discards=SWEEP_NEST)
    run(hand, "0 play R7")
    play_out(hand)
    assert hand.result.made is True
    assert hand.result.changes == (120, 0)
    assert hand.legal_actions() == []


def _sweep_game(deal, run, play_out, scores):
    hand = deal(V, 3, SWEEP, SWEEP_NEST, scores=scores)
    game = rookery.Game(rookery.load_variant(V), 11, hand=hand)
    lines = ["0 bid 70", "1 pass", "2 pass", "3 pass"]
    lines += [f"0 discard {c}" for c in SWEEP_NEST.split()] + ["0 trump R"]
    run(hand, *lines, via=game)
    play_out(hand, via=game)
    return game


def test_300_wins(deal, run, play_out):
    game = _sweep_game(deal, run, play_out, [200, 0])
    assert game.scores == (320, 0)
    assert game.is_over and game.winners == (0,)
    assert game.legal_actions() == []


def test_below_300_the_game_goes_on_with_the_next_dealer(deal, run, play_out):
    game = _sweep_game(deal, run, play_out, [150, 0])
    assert game.scores == (270, 0) and not game.is_over
    assert (game.hand.dealer, game.hand.number, game.hand.scores_before) == (0, 1, (270, 0))


def test_when_both_pass_300_the_higher_total_wins(deal, run, play_out):
    # Team 1 already stands at 305 (a hand of equal totals was played on).
    game = _sweep_game(deal, run, play_out, [190, 305])
    assert game.scores == (310, 305) and game.winners == (0,)


def test_equal_totals_over_300_play_on(deal, run, play_out):
    game = _sweep_game(deal, run, play_out, [200, 320])
    assert game.scores == (320, 320)
    assert not game.is_over and game.winners == ()
    assert game.hand.number == 1


def test_actions_after_the_hand_are_rejected(deal, run, play_out, rejects):
    hand = deal(V, 3, SWEEP, SWEEP_NEST)
    to_trump(hand, run, bidder=0, discards=SWEEP_NEST)
    play_out(hand)
    assert hand.is_over and hand.phase == "done"
    rejects(hand, "0 play R14", "hand-over")
