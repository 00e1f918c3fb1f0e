"""Standard-deck Rook rule by rule, on hand-built deals.

Expectations come from the ``standard-deck-gist`` notes as ``specs/standard-deck.rook``
reads them: 52 cards and a joker (the Rook, the lowest trump), 13 each and one in the
center; bidding starts at 70 and each bid is 5 more than the last; the bid winner takes
the center card and drops one (its points stay with the bidding side); everyone then
passes three cards face down to an opponent, right on the first hand, left on the next,
and so on; a card passed to you cannot be passed on, and the bid winner may not look at
the cards passed to him until he has called trump; the bid winner chooses whether he or
the player on his left leads; A=15, K=10, 10=10, 5=5, joker 20, 20 for the last trick,
100 more for taking all thirteen tricks; a set side loses its bid; 1000 wins.
"""

from __future__ import annotations

import rookery
from conftest import legal

V = "standard-deck"

# Seat 0 holds all thirteen spades; seat 1 holds the three best hearts.
SWEEP = {0: "S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA", 1: "HA HK HQ"}
SWEEP_NEST = "JOKER"



def to_passing(run, hand, bidder=0, drop="JOKER", via=None):
    first = (hand.dealer + 1) % 4
    return run(hand, *[f"{(first + i) % 4} {'bid 70' if (first + i) % 4 == bidder else 'pass'}"
                       for i in range(4)], f"{bidder} discard {drop}", via=via)


def test_bidding_starts_at_70(deal, rejects):
    hand = deal(V, 3, SWEEP, SWEEP_NEST)
    assert hand.to_act == 0
    assert legal(hand) == {"bid 70", "pass"}
    rejects(hand, "0 bid 65", "bid-too-low")
    rejects(hand, "0 bid 75", "bid-jump")


def test_each_bid_is_5_more_than_the_last(deal, run, rejects):
    hand = deal(V, 3, SWEEP, SWEEP_NEST)
    run(hand, "0 bid 70")
    assert legal(hand) == {"bid 75", "pass"}
    rejects(hand, "1 bid 80", "bid-jump")
    rejects(hand, "1 bid 70", "bid-too-low")
    run(hand, "1 bid 75", "2 pass", "3 bid 80", "0 pass", "1 pass")
    assert (hand.bidder, hand.high) == (3, 80)


def test_the_bid_winner_takes_the_center_card_and_drops_one(deal, run, rejects):
    hand = deal(V, 3, SWEEP, SWEEP_NEST)
    run(hand, "0 pass", "1 bid 70", "2 pass", "3 pass")
    assert (hand.phase, hand.to_act) == ("discard", 1)
    held = hand.observation(1)["hand"]
    assert "JOKER" in held and len(held) == 14
    assert "JOKER" not in hand.observation(0)["hand"] + hand.observation(2)["hand"]
    assert legal(hand) == {f"discard {c}" for c in held}      # the center card too
    rejects(hand, "1 discard S2", "card-not-in-hand")
    run(hand, "1 discard JOKER")
    assert hand.phase == "passing"
    assert hand.observation(1)["laid_aside"] == ["JOKER"]
    assert "laid_aside" not in hand.observation(0)


def test_passing_three_cards_right_on_the_first_hand(deal, run, rejects):
    hand = deal(V, 3, SWEEP, SWEEP_NEST, number=0)
    events = to_passing(run, hand)
    assert [e.data["direction"] for e in events if e.kind == "passing"] == ["right"]
    assert (hand.phase, hand.to_act) == ("passing", 0)     # from the dealer's left
    rejects(hand, "0 play S2", "wrong-phase")
    rejects(hand, "0 give HA", "card-not-in-hand")
    run(hand, "0 give S2", "0 give S3")
    assert hand.to_act == 0
    run(hand, "0 give S4", "1 give HA", "1 give HK", "1 give HQ")
    before = hand.observation(2)["hand"]
    gives = before[:3]
    run(hand, *[f"2 give {c}" for c in gives])
    # Seat 3 gets seat 0's spades only once everyone has passed: it cannot pass them on.
    assert hand.to_act == 3
    rejects(hand, "3 give S2", "card-not-in-hand")
    three = hand.observation(3)["hand"][:3]
    run(hand, *[f"3 give {c}" for c in three])
    assert hand.phase == "trump"
    assert {"S2", "S3", "S4"} <= set(hand.observation(3)["hand"])   # 0 -> 3
    assert set(gives) <= set(hand.observation(1)["hand"])            # 2 -> 1
    assert set(three) <= set(hand.observation(2)["hand"])            # 3 -> 2


def test_passing_goes_left_on_the_second_hand(deal, run):
    hand = deal(V, 3, SWEEP, SWEEP_NEST, number=1)
    events = to_passing(run, hand)
    assert [e.data["direction"] for e in events if e.kind == "passing"] == ["left"]
    run(hand, "0 give S2", "0 give S3", "0 give S4", "1 give HA", "1 give HK", "1 give HQ")
    for seat in (2, 3):
        run(hand, *[f"{seat} give {c}" for c in hand.observation(seat)["hand"][:3]])
    assert {"S2", "S3", "S4"} <= set(hand.observation(1)["hand"])   # 0 -> 1
    assert not {"HA", "HK", "HQ"} & set(hand.observation(0)["hand"])


def test_the_bid_winner_sees_the_cards_passed_to_him_only_after_calling_trump(deal, run):
    hand = deal(V, 3, SWEEP, SWEEP_NEST)
    to_passing(run, hand)
    run(hand, "0 give S2", "0 give S3", "0 give S4", "1 give HA", "1 give HK", "1 give HQ")
    for seat in (2, 3):
        run(hand, *[f"{seat} give {c}" for c in hand.observation(seat)["hand"][:3]])
    assert (hand.phase, hand.to_act) == ("trump", 0)
    view = hand.observation(0)
    assert len(view["hand"]) == 10 and not {"HA", "HK", "HQ"} & set(view["hand"])
    assert view["received_hidden"] == 3
    assert "HA" not in str(view)
    run(hand, "0 trump S")
    assert {"HA", "HK", "HQ"} <= set(hand.observation(0)["hand"])
    assert len(hand.observation(0)["hand"]) == 13


def _to_leader(run, hand, via=None):
    to_passing(run, hand, via=via)
    run(hand, "0 give S2", "0 give S3", "0 give S4", "1 give HA", "1 give HK", "1 give HQ",
        via=via)
    for seat in (2, 3):
        run(hand, *[f"{seat} give {c}" for c in hand.observation(seat)["hand"][:3]], via=via)
    run(hand, "0 trump S", via=via)


def test_the_bid_winner_chooses_who_leads(deal, run, rejects):
    for choice, leader in (("self", 0), ("left", 1)):
        hand = deal(V, 3, SWEEP, SWEEP_NEST)
        _to_leader(run, hand)
        assert hand.phase == "leader"
        assert legal(hand) == {"leader self", "leader left"}
        rejects(hand, "0 play SA", "wrong-phase")
        rejects(hand, f"1 leader {choice}", "not-your-turn")
        run(hand, f"0 leader {choice}")
        assert (hand.phase, hand.to_act) == ("play", leader)


JOKER_DEAL = {
    0: "S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA",
    1: "H2 H3 H4 H5 H6 H7 H8 D2 D3 D4 D5 D6 D7",
    2: "H9 H10 HJ HQ HK HA C2 C3 C4 C5 C6 C7 C8",
    3: "JOKER C9 C10 CJ CQ CK CA D8 D9 D10 DJ DQ DK",
}


def _joker_hand(deal, run):
    """Spades trump; after passing, seats 0 and 3 hold no hearts and seat 3 the joker."""
    hand = deal(V, 3, JOKER_DEAL, "DA")
    to_passing(run, hand, drop="DA")
    run(hand, "0 give S3", "0 give S4", "0 give S5", "1 give D2", "1 give D3", "1 give D4",
        "2 give C2", "2 give C3", "2 give C4", "3 give C9", "3 give C10", "3 give CJ",
        "0 trump S", "0 leader left")
    return hand


def test_the_joker_is_the_lowest_trump(deal, run):
    hand = _joker_hand(deal, run)
    run(hand, "1 play H2", "2 play H9")
    assert "play JOKER" in legal(hand) and "play S5" in legal(hand)     # void in hearts
    events = run(hand, "3 play JOKER", "0 play S2")
    won = [e for e in events if e.kind == "trick-won"][-1]
    assert won.seat == 0                     # the 2 of trump beats the joker ...
    hand = _joker_hand(deal, run)
    events = run(hand, "1 play H2", "2 play HA", "3 play JOKER", "0 play D2")
    won = [e for e in events if e.kind == "trick-won"][-1]
    assert won.seat == 3                     # ... which beats the ace of the led color


def test_all_thirteen_tricks_earn_100_more(deal, run, play_out):
    hand = deal(V, 3, SWEEP, SWEEP_NEST, scores=[700, 0])
    game = rookery.Game(rookery.load_variant(V), 8, hand=hand)
    _to_leader(run, hand, via=game)
    run(hand, "0 leader self", via=game)
    play_out(hand, via=game)
    result = hand.result
    assert hand.observation(0)["tricks_won"] == [13, 0, 0, 0]
    # 180 in counters (the joker among them, dropped by the bidder), 20 for the last
    # trick, 100 for all thirteen.
    assert (result.nest_to, result.nest_points) == (0, 20)
    assert result.made and result.changes == (300, 0)
    assert game.scores == (1000, 0) and game.winners == (0,)    # reaching 1000 wins


def test_the_dropped_card_scores_for_the_bidding_side_even_when_set(deal, run, play_out):
    hand = deal(V, 3, SWEEP, SWEEP_NEST, scores=[0, 0])
    run(hand, "0 pass", "1 bid 70", "2 pass", "3 pass", "1 discard JOKER")
    run(hand, "0 give S2", "0 give S3", "0 give S4", "1 give HA", "1 give HK", "1 give HQ")
    for seat in (2, 3):
        run(hand, *[f"{seat} give {c}" for c in hand.observation(seat)["hand"][:3]])
    run(hand, "1 trump S", "1 leader left")
    events = play_out(hand)
    tricks = [e for e in events if e.kind == "trick-won"]
    result = hand.result
    assert (result.nest_to, result.nest_points) == (1, 20)
    taken = [0, 0]
    values = {"A": 15, "K": 10, "10": 10, "5": 5}
    for trick in tricks:
        taken[trick.seat % 2] += sum(values.get(c[1:], 0) for c in trick.data["cards"])
    assert tricks[-1].seat % 2 == 0          # the defenders took the last trick ...
    taken[0] += 20
    taken[1] += 20                           # ... but the dropped joker is the bidders'
    assert all(trick.seat % 2 == 0 for trick in tricks)
    taken[0] += 100                          # the defenders took all thirteen
    assert sum(taken) == 300
    assert [s.taken for s in sorted(result.sides, key=lambda s: s.seats)] == taken
    assert not result.made and result.changes == (taken[0], -70)
