"""Every spec an OpenSpiel game (``rookery.env.openspiel``): OpenSpiel's own random
simulation test on four variants, the spec parameter naming any spec, tensors that show
a seat only what it may see, and OpenSpiel's MCTS playing a hand."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import rookery
import rookery.env.openspiel  # noqa: F401  (registers python_rookery)
from rookery.engine.tables import tables_for
from rookery.env.observation import ObservationLayout

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("spec", ["tournament", "rook-for-three", "kentucky-rook",
                                  "call-partner-200"])
def test_openspiel_random_sim_test_passes(spec):
    game = pyspiel.load_game("python_rookery", {"spec": spec})
    assert game.num_players() == rookery.load_variant(spec).table.players
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def _deal(state, rng):
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(outcomes, p=probabilities)))


def test_the_spec_parameter_names_any_spec():
    house = str(REPO / "conformance" / "house" / "open-nest.rook")
    for spec in (house, "kentucky-rook+rook-low+no-trump"):
        game = pyspiel.load_game("python_rookery", {"spec": spec})
        assert game.get_parameters()["spec"] == spec
        state = game.new_initial_state()
        _deal(state, np.random.RandomState(1))
        assert state.hand.variant.id == rookery.load_variant(spec).id
    with pytest.raises(Exception, match="no-such-variant"):
        pyspiel.load_game("python_rookery", {"spec": "no-such-variant"})


def test_the_deal_is_the_variants_deal_and_its_chances_are_the_cards_left():
    game = pyspiel.load_game("python_rookery", {"spec": "family-double-deck"})
    state = game.new_initial_state()
    first = dict(state.chance_outcomes())
    t = tables_for(rookery.load_variant("family-double-deck"))
    assert sum(first.values()) == pytest.approx(1.0)
    assert len(first) == len(t.codes) and max(first.values()) == 2 / len(t.deck)
    _deal(state, np.random.RandomState(2))
    hand = state.hand
    variant = hand.variant
    assert [len(held) for held in hand.hands] == [variant.deal.hand] * variant.table.players
    assert len(hand.nest) == variant.deal.nest
    assert Counter(card for held in hand.hands + [hand.nest] for card in held) == \
        Counter(t.deck)


@pytest.mark.parametrize("spec", ["call-partner-200", "tournament"])
def test_the_tensors_show_a_seat_only_what_it_may_see(spec):
    """The observation tensor is the environment's vector; the information state adds
    the cards the seat was dealt; its string hides another seat's discards."""
    game = pyspiel.load_game("python_rookery", {"spec": spec})
    layout = ObservationLayout.of(rookery.load_variant(spec))
    rng = np.random.RandomState(4)
    state = game.new_initial_state()
    _deal(state, rng)
    hidden_seen = False
    while not state.is_terminal():
        for seat in range(game.num_players()):
            observation = np.asarray(state.observation_tensor(seat))
            assert (observation == layout.encode(state.hand, seat)).all()
            information = np.asarray(state.information_state_tensor(seat))
            c = len(layout.position)
            dealt = information[layout.size:layout.size + c]
            assert set(np.flatnonzero(dealt)) == set(state.hand._start[0][seat])
            seen, _ = json.JSONDecoder().raw_decode(state.information_state_string(seat))
            for other, action in seen["actions"]:
                if other != seat and action in ("discard", "give"):
                    hidden_seen = True
                assert other == seat or not action.startswith(("discard ", "give "))
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert hidden_seen


def test_openspiel_mcts_plays_a_hand():
    game = pyspiel.load_game("python_rookery", {"spec": "rook-for-three"})
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    _deal(state, rng)
    moves = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            moves += 1
        else:
            action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
    assert moves >= 10           # bid or pass, and a card to every trick
    result = state.hand.result
    assert state.returns() == [float(change) for change in result.changes]
