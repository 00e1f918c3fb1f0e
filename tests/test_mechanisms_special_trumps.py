"""Where the Rook and the special trumps rank (``trump: rook``, ``special``), built by hand.

Rules: the red 1 is added as the highest trump, worth 30 (wikipedia-rook, "Four-player
partnership"); the black 2 can beat the Rook and the red 2, the "little rook", is the
second-highest trump (wikipedia-rook, "Trump calling variants"); 1-High Partnership makes
the Rook the lowest trump (wikipedia-rook, "Four-player partnership"); the 140-point game
values the Rook as the 10.5 (family-double-deck, "Play it a lot"); in the 200-point
call-partner game the bid winner calls the Rook high (above the 1) or low (below the 2)
(wikipedia-rook, "Other").  A card that is always trump belongs to the trump color, so it
follows a trump lead and does not follow its printed color.
"""

from __future__ import annotations

import pytest

import rookery
from mechanism_deals import assert_rejected, fill_deal, legal_strings, play_tricks, win_auction


def first_trick(variant_id: str, calls: list[str], cards: str, *, leader: int = 1,
                bidder: int = 1, bid: int = 70, others: dict[int, list[str]] | None = None):
    """Dealer 0.  The first trick's cards (from ``leader`` on) go to the seats that play
    them, ``others`` adds cards to chosen seats; the rest of the deck fills the hands.
    ``bidder`` wins the auction, lays the nest's cards back aside and makes ``calls``
    (first calling the first card it may, when the variant calls a partner before them)."""
    variant = rookery.load_variant(variant_id)
    n = variant.table.players
    fixed = {(leader + offset) % n: [card] for offset, card in enumerate(cards.split())}
    for seat, extra in (others or {}).items():
        fixed.setdefault(seat, []).extend(extra)
    hands, nest = fill_deal(variant, fixed)
    hand = rookery.Hand(variant, 0, hands, nest)
    win_auction(hand, bidder, bid)
    for card in nest:
        hand.apply(f"discard {card}")
    for call in calls:
        while hand.phase == "call":
            hand.apply(hand.legal_actions()[0])
        hand.apply(call)
    while hand.phase == "call":
        hand.apply(hand.legal_actions()[0])
    assert (hand.phase, hand.to_act) == ("play", leader)
    return hand


def black(ranks):
    return [f"B{r}" for r in ranks]


def yellow(ranks):
    return [f"Y{r}" for r in ranks]


# -- the red 1 -------------------------------------------------------------------------------

@pytest.mark.parametrize("call, cards, winner, points", [
    ("trump G", "G14 ROOK R1 G13", 3, 60),      # the red 1 beats the Rook; 10 + 20 + 30
    ("trump R", "R14 ROOK R1 R5", 3, 65),
    ("trump B", "B14 ROOK B13 B12", 2, 30),     # without the red 1 the Rook is highest
])
def test_the_red_one_is_the_highest_trump(call, cards, winner, points):
    hand = first_trick("red-one", [call], cards)
    events = play_tricks(hand, [(cards, winner)])
    assert events[-1].kind == "trick-won" and events[-1].data["points"] == points


def test_the_red_one_follows_trump_not_red():
    # Seat 2 holds the red 1 and eight yellows: on a red lead it has no red card (the
    # red 1 is a trump), on a green (trump) lead its only green card is the red 1.
    seat2 = ["R1"] + yellow(range(5, 13))
    hand = first_trick("red-one", ["trump G"], "R14", others={2: seat2})
    assert sorted(hand.observation(2)["hand"]) == sorted(seat2)
    hand.apply("play R14")
    assert sorted(legal_strings(hand)) == sorted(f"play {c}" for c in seat2)

    hand = first_trick("red-one", ["trump G"], "G14 R1", others={2: seat2[1:]})
    hand.apply("play G14")
    assert legal_strings(hand) == ["play R1"]
    assert_rejected(hand, "play Y5", "must-follow-color")


# -- the red 2 and the black 2 ------------------------------------------------------------

@pytest.mark.parametrize("variant_id, call, cards, winner", [
    ("red-two", "trump Y", "Y14 R2 Y1 Y13", 2),     # the little rook beats the 14
    ("red-two", "trump Y", "Y14 R2 Y1 ROOK", 0),    # ... and is beaten by the Rook
    ("red-two", "trump R", "R14 R2 R13 R1", 2),     # it stays second in its own color
    ("black-two", "trump G", "G14 ROOK B2 G1", 3),  # the black 2 beats the Rook
    ("black-two", "trump B", "B14 B2 ROOK B13", 2),
    ("tournament-full-deck", "trump B", "B14 B2 ROOK B13", 3),  # a plain 2 is low
])
def test_the_twos_rank_next_to_the_rook(variant_id, call, cards, winner):
    hand = first_trick(variant_id, [call], cards)
    play_tricks(hand, [(cards, winner)])


# -- the Rook lowest, as the 10.5, called high or low --------------------------------------

def test_the_rook_as_lowest_trump():
    # 1-High Partnership: trump red.  Seats 3 and 0 hold no red card.
    voids = {3: black(range(2, 14)), 0: yellow(range(2, 14))}
    cards = "R2 ROOK B1 Y1"
    hand = first_trick("one-high-partnership", ["trump R"], cards, others=voids)
    play_tricks(hand, [(cards, 1)])                 # the red 2 beats the Rook
    cards = "G1 G2 ROOK Y14"
    hand = first_trick("one-high-partnership", ["trump R"], cards,
                       others={3: black(range(2, 14)), 0: yellow(range(2, 13)) + ["Y1"]})
    play_tricks(hand, [(cards, 3)])                 # but it is a trump: it takes green


@pytest.mark.parametrize("cards, winner", [
    ("R10 ROOK R11 R5", 3),                         # the 11 beats the 10.5
    ("R10 ROOK R9 R5", 2),                          # the 10.5 beats the 10
    ("Y14 Y13 ROOK Y12", 3),                        # played anytime, it is still trump
])
def test_the_rook_as_ten_and_a_half(cards, winner):
    hand = first_trick("hundred-forty", ["trump R"], cards)
    play_tricks(hand, [(cards, winner)])


@pytest.mark.parametrize("rook, cards, winner", [
    ("high", "B1 ROOK B14 B2", 2),                  # called high: above the 1
    ("low", "B1 ROOK B14 B2", 1),                   # called low: the 1 is highest again
    ("low", "B2 ROOK Y3 Y4", 1),                    # below the 2
    ("high", "B2 ROOK Y3 Y4", 2),
])
def test_the_rook_called_high_or_low(rook, cards, winner):
    # Seat 0 bids and calls; seat 1 (left of the bid winner) leads.  Seats 3 and 0 hold
    # no black card.
    voids = {3: yellow(range(5, 13)) + ["Y13", "Y14", "Y1"],
             0: ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11", "R12"]}
    if "B14" in cards:
        voids = {}
    hand = first_trick("call-partner-200", [f"rook {rook}", "trump B"], cards,
                       bidder=0, bid=100, others=voids)
    assert hand.observation(1)["trump"] == f"B {rook}"
    play_tricks(hand, [(cards, winner)])


# -- the joker in the standard-deck game -------------------------------------------------------

@pytest.mark.parametrize("variant_id, cards, winner", [
    ("standard-deck-rook-high", "HA JOKER HK HQ", 2),      # the highest trump
    ("standard-deck-rook-ten-half", "H10 JOKER HJ H5", 3),  # the jack beats the 10.5
    ("standard-deck-rook-ten-half", "H10 JOKER H9 H5", 2),  # the 10.5 beats the 10
    ("standard-deck", "HA JOKER HK HQ", 1),                 # the lowest trump
])
def test_where_the_joker_ranks(variant_id, cards, winner):
    """Dealer 0; seat 1 wins the bid, lays the middle card aside, everyone passes three
    other cards (hand 0: to the right), seat 1 names hearts and leads."""
    variant = rookery.load_variant(variant_id)
    fixed = {(1 + offset) % 4: [card] for offset, card in enumerate(cards.split())}
    hands, nest = fill_deal(variant, fixed)
    hand = rookery.Hand(variant, 0, hands, nest, [0, 0], 0)
    win_auction(hand, 1, 70)
    hand.apply(f"discard {nest[0]}")
    while hand.phase == "passing":
        keep = fixed[hand.to_act][0]
        hand.apply(next(a for a in hand.legal_actions() if a.value != keep))
    hand.apply("trump H")
    hand.apply("leader self")
    play_tricks(hand, [(cards, winner)])
