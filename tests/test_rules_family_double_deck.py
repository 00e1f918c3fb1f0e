"""Double-deck family Rook (4 players) rule by rule, on hand-built deals.

Expectations come from the ``family-double-deck`` article as
``specs/family-double-deck.rook`` reads it: two decks without the 1s to 4s (82 cards, two
of each), 19 each and a widow of 6; bids from 150 in fives (jumps allowed); the bid
winner takes the widow, names trump, then lays six cards aside, never a trump (the Rooks
are trumps) unless nothing else is left; the bidder leads; the Rooks are the lowest
trumps and must follow a trump lead like any trump; of two identical cards the first
played wins (a ruling); the last trick takes the discard; 600 wins, and when both
sides pass 600 in one hand the bidding side wins ("bidder goes").
"""

from __future__ import annotations

import rookery
from conftest import legal, won_by

V = "family-double-deck"

# Dealer 3: seat 0 bids first.  Seat 1 and seat 3 hold no green; seat 2's only trump
# (with red trump) is a Rook.
PLAY = {
    0: "R14 R14 R13 R13 R12 R12 B14 B13 B12 B5 B6 B7 G5 G6 G7 G8 Y5 Y6 Y7",
    1: "B14 ROOK R5 Y14 Y13 Y12 Y11 Y10 Y9 Y8 B11 B10 B9 B8 Y14 Y13 Y12 Y11 Y10",
    2: "ROOK G14 G14 G13 G13 G12 G12 G11 G11 G10 G10 G9 G9 B13 B12 B11 B10 B9 B8",
}
PLAY_NEST = "G5 G6 G7 G8 Y8 Y9"

# Seat 0 holds 19 reds; the widow brings the last red, both Rooks and three blacks.
TRUMPS = {0: "R5 R6 R6 R7 R7 R8 R8 R9 R9 R10 R10 R11 R11 R12 R12 R13 R13 R14 R14"}
TRUMPS_NEST = "R5 ROOK ROOK B5 B6 B7"

# "Bidder goes": seat 0 takes every trick but the last, which seat 1 takes with G14
# over seat 0's G6, winning the discard (B10 B10 B5 B5 B6 B7: 30 points).
CLOSE = {0: "R6 R6 R7 R7 R8 R8 R9 R9 R10 R10 R11 R11 R12 R12 G6 B10 B10 B5 B5",
         1: "ROOK R5 G14", 2: "ROOK Y6", 3: "R5 Y7"}
CLOSE_NEST = "R13 R13 R14 R14 B6 B7"
CLOSE_LAST = {1: "G14", 2: "Y6", 3: "Y7"}




def auction(run, hand, bidder=0, bid=150, via=None):
    first = (hand.dealer + 1) % 4
    run(hand, *[f"{(first + i) % 4} {'bid %d' % bid if (first + i) % 4 == bidder else 'pass'}"
                for i in range(4)], via=via)


def test_bids_go_from_150_in_fives_and_may_jump(deal, run, rejects):
    hand = deal(V, 3, PLAY, PLAY_NEST)
    assert hand.to_act == 0
    assert legal(hand) == {f"bid {b}" for b in range(150, 251, 5)} | {"pass"}
    rejects(hand, "0 bid 145", "bid-too-low")
    rejects(hand, "0 bid 151", "bid-not-multiple")
    rejects(hand, "0 bid 255", "bid-too-high")
    run(hand, "0 bid 150", "1 bid 200")
    rejects(hand, "2 bid 200", "bid-too-low")
    run(hand, "2 pass", "3 pass", "0 pass")
    assert (hand.bidder, hand.high) == (1, 200)


def test_the_bidder_takes_the_widow_then_names_trump_then_discards(deal, run, rejects):
    hand = deal(V, 3, PLAY, PLAY_NEST)
    auction(run, hand)
    assert (hand.phase, hand.to_act) == ("trump", 0)
    held = hand.observation(0)["hand"]
    assert len(held) == 25 and sorted(held) == sorted(PLAY[0].split() + PLAY_NEST.split())
    for seat in (1, 2, 3):
        assert len(hand.observation(seat)["hand"]) == 19
    rejects(hand, "0 discard Y5", "wrong-phase")
    run(hand, "0 trump R")
    assert hand.phase == "discard"
    plain = {c for c in held if c[0] != "R" and c != "ROOK"}
    assert legal(hand) == {f"discard {c}" for c in plain}
    for trump in ("R14", "R12"):
        rejects(hand, f"0 discard {trump}", "cannot-discard-trump")


def test_trump_may_be_laid_aside_only_when_nothing_else_is_left(deal, run, rejects):
    hand = deal(V, 3, TRUMPS, TRUMPS_NEST)
    auction(run, hand)
    run(hand, "0 trump R")
    assert legal(hand) == {"discard B5", "discard B6", "discard B7"}
    rejects(hand, "0 discard ROOK", "cannot-discard-trump")
    rejects(hand, "0 discard R5", "cannot-discard-trump")
    run(hand, "0 discard B5", "0 discard B6", "0 discard B7")
    # 22 trumps for 19 places: three of them must go.
    assert legal(hand) == {f"discard {c}" for c in
                           ["ROOK"] + [f"R{r}" for r in range(5, 15)]}
    run(hand, "0 discard ROOK", "0 discard R5", "0 discard R5")
    assert (hand.phase, hand.to_act) == ("play", 0)


def test_the_bidder_leads_ties_go_to_the_first_played_and_the_rooks_are_lowest_trumps(
        deal, run, rejects):
    hand = deal(V, 3, PLAY, PLAY_NEST)
    auction(run, hand)
    run(hand, "0 trump R", *[f"0 discard {c}" for c in "Y5 Y6 Y7 Y8 Y9 B5".split()])
    assert (hand.phase, hand.to_act) == ("play", 0)
    run(hand, "0 play B14")
    assert legal(hand) == {f"play {c}" for c in "B14 B11 B10 B9 B8".split()}
    run(hand, "1 play B14", "2 play B8")
    events = run(hand, "3 play B5")
    assert won_by(events) == 0               # the first of two B14s wins
    assert events[-1].data["points"] == 25
    run(hand, "0 play G5")
    assert "play ROOK" in legal(hand)        # void in green: anything
    run(hand, "1 play ROOK", "2 play G9")
    assert won_by(run(hand, "3 play R5")) == 3   # the 5 of trump beats a Rook
    run(hand, "3 play R6")
    assert legal(hand) == {"play R14", "play R13", "play R12"}
    run(hand, "0 play R12")
    assert legal(hand) == {"play R5"}
    run(hand, "1 play R5")
    assert legal(hand) == {"play ROOK"}      # a Rook follows a trump lead
    rejects(hand, "2 play G10", "must-follow-color")
    assert won_by(run(hand, "2 play ROOK")) == 0


def _close_game(deal, run, play_out, scores, bid=150):
    hand = deal(V, 3, CLOSE, CLOSE_NEST, scores=list(scores))
    game = rookery.Game(rookery.load_variant(V), 4, hand=hand)
    auction(run, hand, bid=bid, via=game)
    run(hand, "0 trump R", *[f"0 discard {c}" for c in "B10 B10 B5 B5 B6 B7".split()],
        via=game)
    dealt = hand.snapshot()["hands"]
    prefer = {0: [c for c in CLOSE[0].split() + CLOSE_NEST.split() if c[0] == "R"]}
    for seat, last in CLOSE_LAST.items():
        cards = list(dealt[seat])
        prefer[seat] = [c for c in cards if c != last] + [last]
    events = play_out(hand, prefer, via=game)
    tricks = [e for e in events if e.kind == "trick-won"]
    assert [t.seat for t in tricks] == [0] * 18 + [1]
    assert tricks[-1].data["cards"] == ["G6", "G14", "Y6", "Y7"]
    return hand, game


def test_the_last_trick_takes_the_discard(deal, run, play_out):
    hand, game = _close_game(deal, run, play_out, (0, 0))
    result = hand.result
    assert (result.nest_to, result.nest_points) == (1, 30)
    assert result.made and result.changes == (210, 40)


def test_a_set_bid_loses_the_bid(deal, run, play_out):
    hand, game = _close_game(deal, run, play_out, (0, 0), bid=215)
    assert not hand.result.made and hand.result.changes == (-215, 40)


def test_bidder_goes_when_both_sides_pass_600(deal, run, play_out):
    hand, game = _close_game(deal, run, play_out, (400, 595))
    # The defenders end higher, 635 to 610, but the bidding side wins.
    assert game.scores == (610, 635)
    assert game.is_over and game.winners == (0,)


def test_when_only_the_defenders_pass_600_they_win(deal, run, play_out):
    hand, game = _close_game(deal, run, play_out, (300, 595))
    assert game.scores == (510, 635) and game.winners == (1,)


def test_a_set_bidding_side_cannot_go_out(deal, run, play_out):
    hand, game = _close_game(deal, run, play_out, (400, 595), bid=215)
    assert game.scores == (185, 635) and game.winners == (1,)


def test_below_600_the_game_goes_on(deal, run, play_out):
    hand, game = _close_game(deal, run, play_out, (100, 100))
    assert game.scores == (310, 140) and not game.is_over
    assert (game.hand.dealer, game.hand.number) == (0, 1)
