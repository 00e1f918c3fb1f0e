"""House rules of the game's end (``game: low``, ``ties``, ``win-on``), by hand and in
random games.

Rules (conformance/house/*.rook, each a ruling of its own): a team at -250 or below at
the end of a hand loses and the other team wins (low-score.rook); equal top totals at
the end of the game go to the bidding team (target-ties.rook); a team wins only at the
end of a hand in which it took the bid and made it (own-bid.rook).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import rookery
from rookery.engine.game_end import decide
from rookery.engine.scoring import HandResult, SideResult
from rookery.errors import SpecError
from house_random import SWEEP, played
from rookery.language.load import load_text
from rookery.resources import conformance_dir

HOUSE = conformance_dir() / "house"
LOW = rookery.load_variant(HOUSE / "low-score.rook")
TIES = rookery.load_variant(HOUSE / "target-ties.rook")
OWN = rookery.load_variant(HOUSE / "own-bid.rook")
TEAMS = (0, 1, 0, 1)


def result(scores, bidding_seats=(0, 2), made=True) -> HandResult:
    """A finished hand whose running scores are ``scores`` after it."""
    others = tuple(s for s in range(4) if s not in bidding_seats)
    sides = (SideResult(tuple(bidding_seats), True, 0, 0, 0, 0, 0),
             SideResult(others, False, 0, 0, 0, 0, 0))
    return HandResult(False, bidding_seats[0], 70, made, sides, 0, None, (0, 0),
                      tuple(scores))


def winners(variant, scores, **kw) -> tuple[int, ...]:
    return decide(variant, result(scores, **kw), TEAMS)[0]


def spec(game: str, scoring: str = "") -> rookery.Variant:
    return load_text(f"variant h\nextends tournament\n{scoring}\ngame:\n{game}\n")


# -- a low score ------------------------------------------------------------------------------

def test_a_team_at_or_below_the_low_score_loses():
    assert LOW.game.low == -250
    assert winners(LOW, (-250, 40)) == (1,)
    assert winners(LOW, (60, -300)) == (0,)
    assert winners(LOW, (-249, 40)) == ()


def test_the_target_still_ends_the_game():
    assert winners(LOW, (300, -100)) == (0,)
    assert winners(LOW, (310, -260)) == (0,)


def test_when_every_team_is_that_low_the_higher_total_wins_and_equal_totals_play_on():
    assert winners(LOW, (-260, -300)) == (0,)
    assert winners(LOW, (-260, -260)) == ()


def test_with_three_players_the_highest_of_the_others_wins():
    three = load_text("variant t\nextends rook-for-three\ngame:\n  low -150\n"
                      "  ties bidders\n")
    sides = (SideResult((1,), True, 0, 0, 0, 0, 0), SideResult((0,), False, 0, 0, 0, 0, 0),
             SideResult((2,), False, 0, 0, 0, 0, 0))

    def end(scores):
        return decide(three, HandResult(False, 1, 100, False, sides, 0, None, (0, 0, 0),
                                        scores), None)

    assert end((40, -160, 90)) == ((2,), ("low",))
    assert end((90, -160, 90)) == ((), ())                  # equal, the bidder is out
    assert end((-200, -160, -170)) == ((1,), ("low",))       # all that low: the highest
    assert end((60, 60, -150)) == ((1,), ("low", "ties"))    # equal: the bid winner


def test_a_negative_number_is_a_clause_value():
    assert spec("  target 300\n  low -100").game.low == -100


@pytest.mark.parametrize("game, scoring, code", [
    ("  target 300\n  low 0", "", "low-unreachable"),
    ("  target 300\n  low 20", "", "low-unreachable"),
    ("  target 300\n  low -250", "scoring:\n  bidders: taken\n", "low-unreachable"),
    ("  target 300\n  low -999999", "", "low-unreachable"),
    ("  target -300", "", "number-out-of-range"),
    ("  target 300\n  ties team 2", "", "unknown-value"),
    ("  target 300\n  ties everybody", "", "unknown-value"),
])
def test_the_checker_refuses_a_low_score_no_game_can_reach(game, scoring, code):
    with pytest.raises(SpecError) as error:
        spec(game, scoring)
    assert error.value.code == code


def test_a_negative_number_where_none_makes_sense_is_refused():
    with pytest.raises(SpecError) as error:
        load_text("variant h\nextends tournament\nbidding:\n  minimum -70\n")
    assert error.value.code == "number-out-of-range"


# -- equal totals and one's own bid ----------------------------------------------------------

def test_equal_totals_go_to_the_bidders():
    assert winners(TIES, (320, 320)) == (0,)
    assert winners(TIES, (320, 320), bidding_seats=(1, 3)) == (1,)
    assert winners(TIES, (330, 320), bidding_seats=(1, 3)) == (0,)


def test_equal_totals_go_to_a_named_team():
    team1 = spec("  target 300\n  ties team 1")
    assert winners(team1, (320, 320)) == (1,)
    assert winners(team1, (330, 320)) == (0,)


def test_equal_totals_play_on_by_default():
    assert winners(rookery.load_variant("tournament"), (320, 320)) == ()


def test_only_the_bidders_can_go_out_with_own_bid():
    assert winners(OWN, (240, 310)) == ()
    assert winners(OWN, (330, 340)) == (0,)
    assert winners(OWN, (310, 200), made=False) == ()
    assert winners(OWN, (310, 200), bidding_seats=(1, 3)) == ()


def test_the_game_over_event_names_the_rules_that_decided():
    keys = decide(LOW, result((-270, 130)), TEAMS)[1]
    assert keys == ("low",)
    assert decide(TIES, result((320, 320)), TEAMS)[1] == ("target", "winner", "ties")
    assert decide(OWN, result((300, 130)), TEAMS)[1] == ("target", "win-on")


def test_the_docs_say_each_rule():
    from rookery.docs.sentences import sentences
    told = " ".join(s.text for s in sentences(LOW, "game")) + " ".join(
        s.text for s in sentences(OWN, "game")) + " ".join(s.text for s in sentences(TIES, "game"))
    assert "-250 or below loses" in told
    assert "can win the game only in a hand in which it was the side that won the auction" in told
    assert "the bid winner's team wins if it is one of them" in told


def test_export_carries_the_game_end():
    from rookery.language.export import export_variant
    game = export_variant(LOW)["game"]
    assert game["low"] == -250 and game["ties"] == "play-on" and game["win_on"] == "any-hand"


# -- random games --------------------------------------------------------------------------------

def _choose(game: rookery.Game, rng: random.Random) -> rookery.Action:
    legal = game.legal_actions()
    if game.hand.phase == "bidding":
        bids = [a for a in legal if a.kind == "bid"]
        passes = [a for a in legal if a.kind == "pass"]
        if bids and (not passes or rng.random() < 0.4):
            return rng.choice(bids)
        return passes[0] if passes else legal[0]
    return rng.choice(legal)


def _expected_winners(variant, hand, scores) -> tuple[int, ...]:
    """The game's end as the house rules say it, recomputed from the scores."""
    g = variant.game
    res = hand.result
    bidding = tuple(sorted({s % 2 for s in res.sides[0].seats})) if res.sides else ()
    if max(scores) >= g.target:
        if g.win_on == "own-bid":
            if bidding and res.made and scores[bidding[0]] >= g.target:
                return bidding
        elif scores[0] != scores[1]:
            return (0,) if scores[0] > scores[1] else (1,)
        elif g.ties == "bidders" and bidding:
            return bidding
    if g.low is not None and min(scores) <= g.low and scores[0] != scores[1]:
        return (0,) if scores[0] > scores[1] else (1,)
    return ()


@pytest.mark.parametrize("variant", [LOW, TIES, OWN], ids=lambda v: v.id)
def test_random_games_end_by_the_house_rules(variant):
    """200 seeded games per house rule, from scores near both ends: the legal actions
    never run out before the end, every hand keeps the deck whole, each score changes
    by what the hand says, and the game ends exactly when the house rule says so."""
    deck = Counter(card.code for card in variant.deck.cards for _ in range(card.copies))
    endings = Counter()
    for seed in range(200):
        rng = random.Random(seed)
        start = [rng.choice((-200, -100, 0, 200, 260)) for _ in range(2)]
        game = rookery.Game(variant, rng, first_dealer=seed % 4, scores=start)
        while not game.is_over:
            hand = game.hand
            before = game.scores
            while not hand.is_over:
                assert game.legal_actions(), (seed, hand.phase)
                game.apply(_choose(game, rng))
            seen = Counter(hand.t.codes[c] for trick in hand.tricks for c in trick[1]) + \
                Counter(hand.t.codes[c] for c in hand.laid_aside + hand.nest)
            if not hand.result.thrown_in:
                assert seen == deck, seed
            scores = hand.result.scores
            assert list(scores) == [b + c for b, c in zip(before, hand.result.changes)]
            expected = _expected_winners(variant, hand, scores)
            assert game.winners == expected, (seed, scores)
            if expected:
                endings["low" if min(scores) <= (variant.game.low or -10**9) and
                        max(scores) < variant.game.target else "target"] += 1
        assert game.winners or game.stopped
    if variant.game.low is not None:
        assert endings["low"] > 10 and endings["target"] > 10, endings


def test_a_formula_reads_the_running_score():
    """``score``: a side's running score before the hand, so that a spec can, for example,
    keep defenders short of the target."""
    capped = load_text("variant c\nextends tournament\nscoring:\n"
                       "  defenders: min(taken, max(0, 295 - score))\n")
    env = {"taken": 30, "counters": 30, "tricks": 3, "bid": 70, "total": 120,
           "all_tricks": 9, "made": True}
    assert capped.scoring.defenders({**env, "score": 280}) == 15
    assert capped.scoring.defenders({**env, "score": 100}) == 30
    from rookery.docs.sentences import sentences
    told = " ".join(s.text for s in sentences(capped, "scoring"))
    assert "their running score before the hand" in told
    # In a hand, each side's own running score: team 1 bids 120 and sweeps.
    own = load_text("variant o\nextends tournament\nscoring:\n"
                    "  bidders: if made then taken - score else -bid\n")
    assert played(own, SWEEP, scores=[290, 0]).result.scores == (290, 120)
    assert played(own, SWEEP, scores=[0, 280]).result.scores == (0, 120)
