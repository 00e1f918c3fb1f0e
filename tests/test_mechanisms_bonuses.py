"""Trick bonuses in the score (``scoring: majority``, ``last-trick``, ``all-tricks``),
built by hand.

Rules: Regular Partnership Rook gives 20 points to the partnership that wins the majority
of the tricks (wikipedia-rook, "Four-player partnership"; with 14 tricks the spec rules
that a 7-7 split gives it to nobody); the 140-point game gives 20 for the last trick
(family-double-deck, "Play it a lot"); the standard-deck game gives 20 for the last trick
and 100 for taking every trick (standard-deck-gist, "Step Two: Bidding", "Step Five:
Scoring").
"""

from __future__ import annotations

import rookery
from mechanism_deals import fill_deal, kinds, play_tricks, scripted_deal, win_auction

REGULAR = rookery.load_variant("regular-partnership")

# Dealer 0; seat 1 leads the first trick.  Black is trump.  Tricks 1-12 are one color
# each that everybody follows; the 13s and 14s are left for the last two.
FOLLOWED = [
    ("B12 B9 B10 B11", 1),          # 10 points (B10)
    ("R9 R10 R12 R11", 3),          # 10
    ("Y12 Y9 Y10 Y11", 3),          # 10
    ("Y8 Y5 Y6 Y7", 3),             # 5
    ("G5 G6 G8 G7", 1),             # 5
    ("G12 G9 G10 G11", 1),          # 10
    ("B1 B4 B2 B3", 2),
    ("B5 B6 B8 B7", 0),             # 5
    ("R4 R1 R2 R3", 0),
    ("R8 R5 R6 R7", 0),             # 5
    ("Y1 Y2 Y4 Y3", 2),
]
# Seats 0 and 2 win 8 tricks: 5 + 5 + 20 + 20 = 50 counters; seats 1 and 3 win 6 tricks
# with 50 counters.  The majority's 20 decides.
MAJORITY_8_6 = FOLLOWED + [
    ("G4 G1 G2 G3", 2),
    ("B14 Y14 B13 Y13", 2),         # 20: seat 0 must follow black with B13
    ("R14 G14 R13 G13", 2),         # 20
]
# The same, but seat 3 wins the last green trick and leads yellow; seat 2, void in
# yellow, trumps it: 7 tricks each, 50 counters each, no majority bonus.
SPLIT_7_7 = FOLLOWED + [
    ("G1 G4 G2 G3", 3),
    ("Y14 B13 Y13 B14", 2),         # 20: seat 0 (no yellow) may throw B13, seat 2 trumps
    ("R14 G14 R13 G13", 2),         # 20
]


def regular_hand(tricks, bid: int) -> rookery.Hand:
    hand = rookery.Hand(REGULAR, 0, scripted_deal(REGULAR, 1, tricks), [], [100, 200])
    win_auction(hand, 2, bid)
    hand.apply("trump B")
    play_tricks(hand, tricks)
    return hand


def test_the_majority_of_tricks_makes_the_bid():
    result = regular_hand(MAJORITY_8_6, 70).result
    ours, theirs = result.sides
    assert ours.seats == (0, 2) and ours.bidding
    assert (ours.tricks, ours.counters, ours.bonus, ours.taken) == (8, 50, 20, 70)
    assert (theirs.tricks, theirs.counters, theirs.bonus, theirs.taken) == (6, 50, 0, 50)
    assert result.made is True
    assert result.changes == (70, 50)
    assert result.scores == (170, 250)


def test_the_bid_is_set_when_the_majority_is_not_enough():
    result = regular_hand(MAJORITY_8_6, 75).result
    assert result.made is False
    assert result.changes == (-75, 50)


def test_an_even_split_of_tricks_gives_no_majority_bonus():
    result = regular_hand(SPLIT_7_7, 70).result
    ours, theirs = result.sides
    assert (ours.tricks, ours.counters, ours.bonus) == (7, 50, 0)
    assert (theirs.tricks, theirs.counters, theirs.bonus) == (7, 50, 0)
    assert result.made is False
    assert result.changes == (-70, 50)


# -- the last trick and every trick: the standard-deck game ------------------------------

PASS_CYCLE = rookery.load_variant("standard-deck-pass-cycle")


def test_every_trick_and_the_last_trick_bonus():
    # Seat 0 holds every spade, seat 1 the hearts, seat 2 diamonds, seat 3 clubs; the
    # joker is the nest.  Hand number 2 passes no cards.  Seat 0 wins the bid, names
    # spades and leads every trick: nobody else holds a spade, so seat 0 takes all 13.
    hands, nest = fill_deal(PASS_CYCLE, {0: [f"S{r}" for r in
                                             "2 3 4 5 6 7 8 9 10 J Q K A".split()]})
    assert nest == ["JOKER"] and hands[1][0] == "H2"
    hand = rookery.Hand(PASS_CYCLE, 3, hands, nest, [0, 0], 2)
    win_auction(hand, 0, 70)
    hand.apply("discard JOKER")
    hand.apply("trump S")
    hand.apply("leader self")
    tricks = []
    for spade, heart, diamond, club in zip(*hands):
        tricks.append((f"{spade} {heart} {diamond} {club}", 0))
    events = play_tricks(hand, tricks)
    assert kinds(events)[-1] == "hand-scored"
    ours, theirs = hand.result.sides
    # counters: four aces (60), kings (40), 10s (40), 5s (20) and the joker laid aside
    # (20, the bid winner's) = 180; bonus 20 for the last trick and 100 for all of them
    assert (ours.tricks, ours.counters, ours.bonus, ours.taken) == (13, 180, 120, 300)
    assert (theirs.tricks, theirs.counters, theirs.bonus, theirs.taken) == (0, 0, 0, 0)
    assert hand.result.changes == (300, 0)
    assert (hand.result.nest_points, hand.result.nest_to) == (20, 0)


HUNDRED_FORTY = rookery.load_variant("hundred-forty")


def test_the_last_trick_scores_20_and_takes_the_nest():
    # Tournament deck, dealer 0, seat 1 leads.  Seat 2 wins the bid, takes the nest and
    # lays aside the five cards it picked up (35 points: Y5, Y10 and the Rook), then names
    # green.  Unless a seat is void, everybody follows the led color.
    tricks = [
        ("B8 B5 B6 B7", 1),                 # 5
        ("B12 B9 B10 B11", 1),              # 10
        ("R8 R5 R6 R7", 1),                 # 5
        ("R12 R9 R10 R11", 1),              # 10
        ("G5 G14 G6 G7", 2),                # 15 (G5, G14)
        ("G8 G9 G13 G10", 0),               # 10 (G10)
        ("R13 R14 G11 G12", 3),             # 10; seats 2 and 3 have no red left and trump
        ("Y14 Y6 Y7 Y8", 3),                # 10
        ("Y11 B13 B14 Y9", 3),              # 10; seats 0 and 1 have no yellow left
    ]
    nest = ["Y5", "Y10", "Y12", "Y13", "ROOK"]
    hands = scripted_deal(HUNDRED_FORTY, 1, tricks, nest=nest, bidder=2, discards=nest)
    hand = rookery.Hand(HUNDRED_FORTY, 0, hands, nest)
    win_auction(hand, 2, 70)
    for card in nest:
        hand.apply(f"discard {card}")
    hand.apply("trump G")
    play_tricks(hand, tricks)
    bidders, others = hand.result.sides
    # seats 0 and 2: 15 + 10 = 25 in 2 tricks; seats 1 and 3: 5 + 10 + 5 + 10 + 10 + 10
    # + 10 = 60 in 7 tricks, the nest's 35 with the last trick, and its 20 bonus
    assert bidders.seats == (0, 2)
    assert (bidders.tricks, bidders.counters, bidders.bonus, bidders.taken) == (2, 25, 0, 25)
    assert (others.tricks, others.counters, others.bonus, others.taken) == (7, 95, 20, 115)
    assert (hand.result.nest_points, hand.result.nest_to) == (35, 3)
    assert hand.result.made is False
    assert hand.result.changes == (-70, 115)
    assert bidders.taken + others.taken == 140      # the 140-point game
