"""Issue 10, the interpreter's side: actions that cannot be read or made, deals with
scores that are not numbers, and a game that cannot go on for ever."""

import pytest

import rookery
from rookery import Action, IllegalAction, load_variant
from rookery.engine.game import MAX_HANDS, Game
from rookery.errors import UsageError


@pytest.mark.parametrize("text", ["bid ²", "bid ٧٠", "bid 7０", "bid " + "9" * 5000,
                                  "bid -70", "bid 7e1"])
def test_a_bid_is_ascii_digits_of_a_sensible_length(text):
    with pytest.raises(UsageError):
        Action.parse(text)


@pytest.mark.parametrize("kind, value", [("pass", 70.5), ("pass", "x"), ("bid", 70.5),
                                         ("bid", True), ("bid", "70"), ("bid", -5),
                                         ("play", 14), ("play", "R 14"), ("play", ""),
                                         ("dance", None), ("play", None)])
def test_only_well_formed_actions_can_be_made(kind, value):
    with pytest.raises(UsageError):
        Action(kind, value)


def test_an_action_is_still_a_small_value():
    assert Action("bid", 70) == ("bid", 70) and str(Action("bid", 70)) == "bid 70"
    assert Action.parse("play R14") == Action("play", "R14")
    assert repr(Action("pass")) == "Action('pass')"


@pytest.mark.parametrize("thing", [None, ("bid", 70), 70, ["pass"], b"pass"])
def test_a_hand_refuses_what_is_not_an_action_and_changes_nothing(thing):
    hand = rookery.deal_hand(load_variant("tournament"), seed=3, dealer=0)
    before = (hand.phase, hand.to_act, [list(h) for h in hand.hands], len(hand.history))
    with pytest.raises(IllegalAction) as refusal:
        hand.apply(thing)
    assert refusal.value.code == "bad-action"
    assert before == (hand.phase, hand.to_act, [list(h) for h in hand.hands],
                      len(hand.history))


@pytest.mark.parametrize("scores", [[None, None], [1.5, 0], ["0", "0"], [True, 0]])
def test_running_scores_are_whole_numbers(scores):
    hand = rookery.deal_hand(load_variant("tournament"), seed=3, dealer=0)
    with pytest.raises(UsageError):
        rookery.Hand(hand.variant, 0, hand.start_hands, hand.start_nest, scores)


def test_a_game_stops_at_its_hand_limit_and_says_so():
    variant = load_variant("tournament")
    game = Game(variant, 5, max_hands=1)        # one hand cannot reach the target
    events = []
    while not game.is_over:
        events += game.apply(game.legal_actions()[0])
    assert len(game.results) == 1 and game.winners == ()
    assert game.stopped and events[-1].kind == "game-stopped"
    assert "limit of 1 hands" in events[-1].data["reason"]
    with pytest.raises(IllegalAction):
        game.apply("pass")
    assert Game(variant, 5).max_hands == MAX_HANDS
