"""Every spec a PettingZoo environment (``rookery.env``): PettingZoo's own API and seed
tests on every built-in variant, every house spec and a combination; the action space
holds every action a hand offers; the vector shows a seat only what it may see; the
rewards are the hand's score changes; the docs' example runs."""

from __future__ import annotations

import random
import re
import warnings
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import rookery
from rookery import env as rook_env
from rookery.env.actions import ActionIndex
from rookery.env.observation import ObservationLayout
from rookery.engine.tables import tables_for

REPO = Path(__file__).resolve().parent.parent
SPECS = (rookery.builtin_variants() + sorted(str(p) for p in (REPO / "conformance" / "house")
                                             .glob("*.rook"))
         + ["kentucky-rook+rook-low+no-trump"])


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: Path(s).stem)
def test_pettingzoo_api_and_seed_tests_pass(spec):
    with warnings.catch_warnings():
        # PettingZoo warns that a Dict observation space is not a Box: the card games it
        # ships (action masks beside the observation) are made the same way.
        warnings.simplefilter("ignore", UserWarning)
        api_test(rook_env.env(spec), num_cycles=60, verbose_progress=False)
        seed_test(lambda: rook_env.env(spec), num_cycles=60)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: Path(s).stem)
def test_every_legal_action_has_its_index(spec):
    variant = rookery.load_variant(spec)
    index = ActionIndex(variant)
    assert len(set(index.actions)) == len(index.actions)
    rng = random.Random(5)
    for deal in range(6):
        hand = rookery.deal_hand(variant, rng, deal % variant.table.players)
        while not hand.is_over:
            legal = hand.legal_actions()
            mask = index.mask(legal)
            assert sum(mask) == len(set(legal))
            assert {index.actions[i] for i, bit in enumerate(mask) if bit} == set(legal)
            hand.apply(rng.choice(legal))


def test_an_action_outside_the_space_is_said_so():
    index = ActionIndex(rookery.load_variant("tournament"))
    with pytest.raises(ValueError, match="not in the action space of tournament"):
        index.number(rookery.Action("call", "R5"))


@pytest.mark.parametrize("spec", ["tournament", "rook-for-three", "call-partner-200",
                                  "conformance/house/open-nest.rook"])
def test_the_vector_shows_a_seat_only_what_it_may_see(spec):
    variant = rookery.load_variant(str(REPO / spec) if spec.endswith(".rook") else spec)
    layout = ObservationLayout.of(variant)
    codes = tables_for(variant).codes
    rng = random.Random(11)
    for deal in range(10):
        hand = rookery.deal_hand(variant, rng, 0)
        while not hand.is_over:
            for seat in range(hand.n):
                vector = layout.encode(hand, seat)
                view = hand.observation(seat)
                held = {code for code, v in zip(codes, vector[layout.slice("hand")]) if v}
                assert held == set(view["hand"])
                visible = set(view.get("nest_face_up", [])) | set(view.get("nest_shown", [])) \
                    | set(view.get("laid_aside", []))
                nest = {code for code, v in zip(codes, vector[layout.slice("nest")]) if v}
                assert nest <= visible
                trick = vector[layout.slice("trick")]
                shown = {code for k in range(hand.n)
                         for code, v in zip(codes, trick[k * len(codes):(k + 1) * len(codes)])
                         if v}
                assert shown == {code for _, code in view["trick"]}
                assert all(-1.0 <= x <= 1.0 for x in vector)
            hand.apply(rng.choice(hand.legal_actions()))


def test_the_observation_counts_from_the_observing_seat():
    variant = rookery.load_variant("tournament")
    layout = ObservationLayout.of(variant)
    hand = rookery.deal_hand(variant, 3, dealer=2)
    for seat in range(4):
        dealer = list(layout.encode(hand, seat)[layout.slice("dealer")])
        assert dealer.index(1.0) == (2 - seat) % 4


def _play(environment, seed):
    environment.reset(seed=seed)
    totals = {agent: 0 for agent in environment.possible_agents}
    rng = np.random.default_rng(seed)
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, info = environment.last()
        totals[agent] += reward
        if termination or truncation:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(rng.choice(legal)))
    return totals


def test_rewards_are_the_hands_score_changes():
    environment = rook_env.raw_env("tournament")
    for seed in range(8):
        totals = _play(environment, seed)
        result = environment.hand.result
        team_of = tables_for(environment.variant).team_of
        for seat, agent in enumerate(environment.possible_agents):
            assert totals[agent] == result.changes[team_of[seat]]


def test_a_whole_game_ends_with_the_game_and_its_scores():
    environment = rook_env.raw_env("rook-for-three", whole_game=True)
    totals = _play(environment, 3)
    game = environment.game
    assert game.is_over
    for seat, agent in enumerate(environment.possible_agents):
        assert totals[agent] == game.scores[seat]


def test_the_raw_view_of_the_seat_to_act_is_in_its_info():
    environment = rook_env.env("tournament")
    environment.reset(seed=1)
    agent = environment.agent_selection
    *_, info = environment.last()
    assert info["view"]["seat"] == environment.possible_agents.index(agent)
    assert info["view"]["hand"]


def test_the_docs_example_runs():
    page = (REPO / "docs" / "environments.md").read_text(encoding="utf-8")
    code = re.findall(r"```python\n(.*?)```", page, re.S)[0]
    exec(compile(code, "docs/environments.md", "exec"), {})
