"""House rule of the deal: a poor hand thrown in before the auction (``deal.poor-hand``
conditions, ``poor-hand-redeal may | must``, ``poor-hand-dealer next | same``); the
conditions on built hands, the holder's choice, the game's next dealer, the checker, and
200 random games of each house spec."""

import pytest
from house_games import house, play_random_games, refused

import rookery
from rookery.engine import redeal

MAY = house("poor-hand")          # no counters; the holder may redeal; same dealer
MUST = house("misdeal")           # only 5s to 9s, or under 10 points; at once; next dealer
NO_COUNTERS = "B6 B7 B8 B9 B11 R6 R7 R8 R9".split()


def _hands(poor_seat: int, cards: list[str]):
    """A Tournament deal where ``poor_seat`` holds ``cards`` and the others hold the rest
    (in deck order), the nest last."""
    deck = [c + str(r) for c in "BRYG" for r in range(5, 15)] + ["ROOK"]
    rest = [c for c in deck if c not in cards]
    others = [rest[i * 9:(i + 1) * 9] for i in range(3)]
    hands = others[:poor_seat] + [cards] + others[poor_seat:]
    return hands, rest[27:]


@pytest.mark.parametrize("cards, poor", [
    (NO_COUNTERS, True),                                        # no counter
    ("B5 B6 B7 B8 B9 R6 R7 R8 R9".split(), False),              # one counter
    ("B6 B7 B8 B9 B11 R6 R7 R8 ROOK".split(), False),           # the Rook is a counter
])
def test_no_counters_is_a_poor_hand(cards, poor):
    hands, nest = _hands(2, cards)
    hand = rookery.Hand(MAY, 0, hands, nest)
    assert redeal.is_poor(hand, 2) is poor


@pytest.mark.parametrize("cards, poor", [
    ("B5 B6 B7 B8 B9 R5 R6 R7 R8".split(), True),               # only 5s to 9s
    ("B6 B7 B8 B9 B10 R6 R7 R8 R9".split(), False),             # a 10, 10 points
    ("B5 B11 B12 B13 R11 R12 R13 Y11 Y12".split(), True),       # 5 points
    ("B5 B6 B7 B8 B9 R6 R7 R8 ROOK".split(), False),            # the Rook has no rank
])
def test_a_rank_range_or_few_points_is_a_misdeal(cards, poor):
    hands, nest = _hands(1, cards)
    hand = rookery.Hand(MUST, 0, hands, nest)
    assert redeal.is_poor(hand, 1) is poor


def test_the_holder_may_keep_or_throw_in():
    hands, nest = _hands(3, NO_COUNTERS)
    hand = rookery.Hand(MAY, 0, hands, nest)
    assert hand.phase == "redeal" and hand.to_act == 3
    assert [str(a) for a in hand.legal_actions()] == ["redeal", "keep"]
    assert hand.turn_rules() == ("deal.poor-hand-redeal",)
    with pytest.raises(rookery.IllegalAction) as refused:
        hand.apply("bid 70", 3)
    assert refused.value.code == "wrong-phase" and hand.phase == "redeal"
    kept = hand.copy()
    kept.apply("keep")
    assert kept.phase == "bidding" and kept.to_act == 1
    events = hand.apply("redeal")
    assert events[0].kind == "thrown-in" and events[0].seat == 3
    assert hand.is_over and hand.result.thrown_in and hand.result.changes == (0, 0)


def test_a_misdeal_is_thrown_in_as_dealt_and_the_deal_passes():
    hands, nest = _hands(2, "B5 B6 B7 B8 B9 R5 R6 R7 R8".split())
    hand = rookery.Hand(MUST, 1, hands, nest)
    assert hand.is_over and hand.legal_actions() == [] and hand.result.thrown_in
    assert redeal.next_dealer(hand) == 2
    with pytest.raises(rookery.IllegalAction) as refused:
        hand.apply("pass")
    assert refused.value.code == "hand-over"


def test_the_same_dealer_deals_again_after_a_redeal():
    hands, nest = _hands(3, NO_COUNTERS)
    hand = rookery.Hand(MAY, 2, hands, nest)
    game = rookery.Game(MAY, 7, first_dealer=2, hand=hand)
    game.apply("redeal")
    assert game.hand.dealer == 2 and len(game.results) == 1


def test_redeal_and_keep_are_actions_without_a_value():
    assert str(rookery.Action.parse("redeal")) == "redeal"
    assert rookery.Action.parse("keep") == rookery.Action("keep")
    with pytest.raises(rookery.UsageError):
        rookery.Action.parse("redeal now")


@pytest.mark.parametrize("clause, code", [
    ("poor-hand ranks 9 to 6", "bad-range"), ("poor-hand ranks 3 to 9", "unknown-rank"),
    ("poor-hand few counters", "unknown-value"), ("poor-hand points below 0", "unknown-value"),
    ("poor-hand-redeal sometimes", "unknown-value")])
def test_the_reader_refuses_bad_conditions(tmp_path, clause, code):
    assert refused(tmp_path, "deal", clause).code == code


@pytest.mark.parametrize("variant", [MAY, MUST], ids=lambda v: v.id)
def test_200_random_games(variant):
    seen = play_random_games(variant, 200, seed=5)
    assert seen["poor-hand"] > 0, "no poor hand was thrown in in 200 games"
    if variant is MAY:
        assert seen["kept"] > 0


@pytest.mark.parametrize("parent, clause", [
    ("tournament", "poor-hand points below 200"),       # a hand holds at most 100 points
    ("tournament", "poor-hand counters below 10"),      # a hand holds 9 cards
    ("kentucky-discard-original", "poor-hand ranks 5 to 14"),   # no Rook: every card
])
def test_a_condition_every_hand_meets_is_refused(tmp_path, parent, clause):
    assert refused(tmp_path, "deal", clause, parent).code == "poor-hand-always"


@pytest.mark.parametrize("clause", ["poor-hand points below 80", "poor-hand counters below 9",
                                    "poor-hand ranks 5 to 14"])   # the Rook escapes the range
def test_a_condition_some_hand_escapes_is_accepted(tmp_path, clause):
    spec = tmp_path / "fine.rook"
    spec.write_text(f'variant fine\nextends tournament\ndeal:\n  {clause}\n    ruling "x"\n')
    assert rookery.load_variant(str(spec)).deal.poor_hand


def test_a_recorded_game_holds_every_hand_thrown_in_as_dealt():
    import random

    from rookery.play.bots import SimpleBot
    from rookery.play.games import play_game
    from rookery.play.record import replay

    at_deal = 0
    for seed in range(4):
        outcome = play_game(MUST, [SimpleBot(random.Random(seed)) for _ in range(4)], seed)
        hands = outcome.record["hands"]
        assert [h["number"] for h in hands] == list(range(len(hands)))
        assert len(hands) == len(outcome.game.results) == outcome.hands
        assert [h["dealer"] for h in hands] == [(h["number"]) % 4 for h in hands]
        assert len(list(replay(MUST, outcome.record))) == len(hands)
        at_deal += sum(h["result"]["thrown_in"] and not h["actions"] for h in hands)
    assert at_deal > 0
