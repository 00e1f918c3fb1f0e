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
from pettingzoo.test import api_test, parallel_api_test, seed_test
from pettingzoo.test.state_test import test_state as state_test

import rookery
from rookery import env as rook_env
from rookery.env.actions import ActionIndex
from rookery.env.aec import MAX_HANDS, IllegalMove
from rookery.env.observation import ObservationLayout, markdown
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
        parallel_api_test(rook_env.parallel_env(spec), num_cycles=40)


@pytest.mark.parametrize("spec", rookery.builtin_variants())
def test_supersuit_observation_wrappers_take_the_box_observation(spec):
    """SuperSuit's observation wrappers (they refuse a Dict) on the flat vector, the
    mask in the infos, where PettingZoo's api_test reads it."""
    import supersuit

    environment = rook_env.env(spec, observation="box")
    environment = supersuit.dtype_v0(environment, np.float64)
    environment = supersuit.normalize_obs_v0(environment, env_min=0, env_max=1)
    environment = supersuit.frame_stack_v1(environment, 2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(environment, num_cycles=8, verbose_progress=False)
    environment.reset(seed=3)
    observation, *_ = environment.last()
    assert observation.shape == (2 * ObservationLayout.of(rookery.load_variant(spec)).size,)


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


def test_the_docs_examples_run():
    """Every Python block of the page but the training example (run below)."""
    page = (REPO / "docs" / "environments.md").read_text(encoding="utf-8")
    blocks = [code for code in re.findall(r"```python\n(.*?)```", page, re.S)
              if "REINFORCE" not in code]
    assert len(blocks) >= 4
    for code in blocks:
        exec(compile(code, "docs/environments.md", "exec"), {})


@pytest.mark.parametrize("spec", ["tournament", "rook-for-three", "call-partner-200"])
def test_supersuit_vector_environments_play_the_parallel_env(spec):
    import supersuit

    environment = rook_env.parallel_env(spec, observation="box", illegal="random")
    vector = supersuit.pettingzoo_env_to_vec_env_v1(environment)
    vector = supersuit.concat_vec_envs_v1(vector, 2, num_cpus=0, base_class="gymnasium")
    observations, _ = vector.reset(seed=0)
    n = environment.variant.table.players
    assert observations.shape == (2 * n, ObservationLayout.of(environment.variant).size)
    total, ended = 0.0, 0
    for _ in range(400):
        actions = np.array([vector.action_space.sample() for _ in range(vector.num_envs)])
        observations, rewards, terminations, truncations, infos = vector.step(actions)
        total += float(np.abs(rewards).sum())
        ended += int(terminations.sum())
    assert ended and total       # hands were played to their scores, and reset
    vector.close()


def test_the_parallel_env_moves_only_the_seat_to_act():
    environment = rook_env.parallel_env("tournament")
    observations, infos = environment.reset(seed=4)
    aec = environment.aec
    actor = aec.agent_selection
    assert [a for a in observations if observations[a]["action_mask"].any()] == [actor]
    legal = int(np.flatnonzero(observations[actor]["action_mask"])[0])
    # The others' entries are ignored, even actions they could not make.
    actions = {agent: 0 for agent in environment.agents} | {actor: legal}
    before = aec.hand.observation(0)["auction"]
    environment.step(actions)
    assert len(aec.hand.observation(0)["auction"]) == len(before) + 1
    with pytest.raises(ValueError, match="is to act"):
        environment.step({a: 0 for a in environment.agents if a != aec.agent_selection})


@pytest.mark.parametrize("spec", ["tournament", "call-partner-200", "boston"])
def test_state_is_the_whole_table(spec):
    environment = rook_env.raw_env(spec, illegal="random")  # state_test plays unmasked
    state_test(environment, 40)
    environment.reset(seed=2)
    hand, layout = environment.hand, environment.layout
    c = len(layout.position)
    state = environment.state()
    for seat, held in enumerate(hand.hands):
        assert set(np.flatnonzero(state[seat * c:(seat + 1) * c])) == set(held)
    assert (state[-layout.size:] == layout.encode(hand, 0)).all()


def test_random_whole_games_end_within_the_default_limit():
    """Random play rarely ends a game (13 of 20 Tournament games passed 20,000 steps):
    a whole-game episode is truncated after MAX_HANDS hands."""
    for spec, seeds in (("tournament", (0,)), ("family-double-deck", (0,))):
        environment = rook_env.raw_env(spec, whole_game=True)
        for seed in seeds:
            flags = set()
            for _ in _steps(environment, seed, flags):
                pass
            game = environment.game
            assert not environment.agents and len(flags) == 1
            ended, cut = flags.pop()
            assert ended != cut
            assert len(game.results) <= MAX_HANDS
            assert ended == game.is_over and cut == (len(game.results) == MAX_HANDS)


def test_max_steps_and_max_hands_truncate():
    environment = rook_env.raw_env("tournament", max_steps=7)
    flags = set()
    assert sum(1 for _ in _steps(environment, 1, flags)) == 7
    assert flags == {(False, True)}
    environment = rook_env.raw_env("tournament", whole_game=True, max_hands=2)
    flags = set()
    for _ in _steps(environment, 5, flags):
        pass
    assert len(environment.game.results) == 2 and flags == {(False, True)}
    with pytest.raises(ValueError, match="max_hands is a whole number"):
        rook_env.raw_env("tournament", max_hands=0)


def _steps(environment, seed, flags=None):
    """Random legal actions until the episode ends; yields each acting agent (and adds
    the pair (terminated, truncated) each seat ends with to ``flags``)."""
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in environment.agent_iter():
        *_, termination, truncation, info = environment.last()
        if termination or truncation:
            if flags is not None:
                flags.add((termination, truncation))
            environment.step(None)
            continue
        yield agent
        environment.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))


@pytest.mark.parametrize("bad", [-5, 3.7, "1", True, np.float64(2.0), None, 10**6])
def test_the_raw_env_refuses_what_is_not_an_action_index(bad):
    environment = rook_env.raw_env("tournament", illegal="random")
    environment.reset(seed=1)
    before = environment.hand.observation(0)
    with pytest.raises(IllegalMove, match="action"):
        environment.step(bad)
    assert environment.hand.observation(0) == before


def _an_illegal_index(environment):
    mask = environment.infos[environment.agent_selection]["action_mask"]
    return int(np.flatnonzero(mask == 0)[0])


def test_illegal_refuse_raises_and_changes_nothing():
    environment = rook_env.raw_env("tournament")
    environment.reset(seed=1)
    before = environment.hand.observation(0)
    with pytest.raises(IllegalMove, match="not legal for seat_"):
        environment.step(_an_illegal_index(environment))
    assert environment.hand.observation(0) == before
    environment.step(np.int64(np.flatnonzero(
        environment.infos[environment.agent_selection]["action_mask"])[0]))
    assert environment.hand.observation(0) != before


def test_illegal_random_plays_a_legal_action_in_its_place():
    environment = rook_env.raw_env("tournament", illegal="random")
    environment.reset(seed=1)
    played = 0
    while not environment.hand.is_over:
        environment.step(_an_illegal_index(environment))
        played += 1
    assert played >= 36 and environment.hand.result is not None


def test_illegal_penalty_ends_the_episode_worse_than_any_set():
    environment = rook_env.env("tournament")        # the wrapped env: penalty
    environment.reset(seed=1)
    agent = environment.agent_selection
    environment.step(_an_illegal_index(environment.unwrapped))
    assert all(environment.terminations.values())
    highest = tables_for(environment.unwrapped.variant).max_bid
    assert environment.rewards[agent] == -highest
    assert all(r == 0 for a, r in environment.rewards.items() if a != agent)
    environment = rook_env.raw_env("tournament", illegal="penalty", illegal_reward=-3)
    environment.reset(seed=1)
    agent = environment.agent_selection
    environment.step(_an_illegal_index(environment))
    assert environment._cumulative_rewards[agent] == -3


@pytest.mark.parametrize("spec, facts", [
    ("call-partner-200", {"called", "partners", "rook", "nest_points"}),
    ("boston", {"dummy"}),
    ("tournament+dummy", {"dummy"}),
])
def test_the_vector_holds_the_public_facts(spec, facts):
    """The dummy's exposed hand, the called card, known partners, the Rook's call and
    the nest's announcement: each segment says what the view says, and each is seen."""
    variant = rookery.load_variant(spec)
    layout = ObservationLayout.of(variant)
    codes = tables_for(variant).codes
    rng = random.Random(8)
    seen = set()
    for deal in range(12):
        hand = rookery.deal_hand(variant, rng, deal % variant.table.players)
        while not hand.is_over:
            seat = hand.actor
            view = hand.observation(seat)
            vector = layout.encode(hand, seat)

            def cards(name):
                return {code for code, v in zip(codes, vector[layout.slice(name)]) if v}

            assert cards("dummy") == set(view["dummy"]["hand"] if "dummy" in view else ())
            assert cards("called") == set(view.get("called", ()))
            partners = {(p - seat) % hand.n for p in view.get("partners_known", ())}
            assert set(np.flatnonzero(vector[layout.slice("partners")])) == partners
            rook = vector[layout.slice("rook")]
            assert rook.sum() == (hand.rook_call is not None or
                                  len((view["trump"] or "").split()) > 1)
            nest_points = vector[layout.slice("nest_points")]
            assert list(nest_points) == (
                [1.0, 0.0] if view.get("nest_has_points") is True
                else [0.0, 1.0] if view.get("nest_has_points") is False else [0.0, 0.0])
            seen |= {name for name in ("dummy", "called", "partners", "rook", "nest_points")
                     if vector[layout.slice(name)].any()}
            hand.apply(rng.choice(hand.legal_actions()))
    assert facts <= seen


def test_hand_number_and_running_scores_are_observed():
    environment = rook_env.raw_env("tournament")
    environment.reset(seed=2, options={"hand": 7, "scores": [150, -40], "dealer": 1})
    hand, layout = environment.hand, environment.layout
    assert (hand.number, hand.scores_before, hand.dealer) == (7, (150, -40), 1)
    for agent in environment.agents:
        seat = environment.possible_agents.index(agent)
        vector = environment.observe(agent)["observation"]
        assert vector[layout.slice("hand_number")][0] == pytest.approx(0.07)
        mine, theirs = (150, -40) if seat % 2 == 0 else (-40, 150)
        assert list(vector[layout.slice("scores")]) == pytest.approx([mine / 300, theirs / 300])


def test_per_hand_episodes_start_from_any_hand():
    environment = rook_env.raw_env("standard-deck-pass-cycle", start="any")
    numbers, scores = set(), set()
    for seed in range(30):
        environment.reset(seed=seed)
        numbers.add(environment.hand.number)
        scores.add(environment.hand.scores_before)
    assert len(numbers) >= 6 and len(scores) == 30
    game = rook_env.raw_env("tournament", whole_game=True)
    game.reset(seed=3, options={"hand": 5, "scores": [10, 20]})
    assert game.hand.number == 5 and game.game.scores == (10, 20)


def test_the_docs_list_the_observation_layout_the_code_makes():
    page = (REPO / "docs" / "environments.md").read_text(encoding="utf-8")
    table = markdown(rookery.load_variant("tournament"))
    assert table in page, "docs/environments.md: paste rookery.env.observation.markdown()"


def test_the_training_example_runs_and_plots(tmp_path, monkeypatch, capsys):
    page = (REPO / "docs" / "environments.md").read_text(encoding="utf-8")
    code = next(block for block in re.findall(r"```python\n(.*?)```", page, re.S)
                if "REINFORCE" in block)
    monkeypatch.setenv("ROOKERY_HANDS", "20")
    monkeypatch.setenv("ROOKERY_PLOT", str(tmp_path / "curve.png"))
    scope = {}
    exec(compile(code, "docs/environments.md", "exec"), scope)
    assert len(scope["curve"]) == 20 and scope["weights"].any()   # it learned something
    assert "the learning side's margin a hand" in capsys.readouterr().out
    assert (tmp_path / "curve.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("spec", rookery.builtin_variants())
def test_the_quick_encoding_is_the_views(spec):
    """``encode`` reads the hand's own fields (no view made): on every variant, at every
    state of random hands (later hands of a game, running scores), for every seat, it is
    the vector made from the seat's view."""
    variant = rookery.load_variant(spec)
    layout = ObservationLayout.of(variant)
    row = np.zeros(layout.size, np.float32)
    rng = random.Random(6)
    for deal in range(2):
        hand = rookery.deal_hand(variant, rng, deal % variant.table.players,
                                 [rng.randrange(-200, 300) for _ in range(tables_for(
                                     variant).keepers)], rng.randrange(5))
        while not hand.is_over:
            for seat in range(hand.n):
                layout.encode(hand, seat, row)
                view = layout.encode_view(hand, seat, hand.observation(seat))
                assert (row == view).all(), (hand.phase, seat)
            hand.apply(rng.choice(hand.legal_actions()))


def test_the_vector_env_plays_hands_to_their_scores_and_deals_again():
    table = rook_env.VectorEnv("tournament", 3)
    observations, masks, actors = table.reset(seed=5)
    assert observations.shape == (3, table.layout.size) and masks.shape[0] == 3
    hands = list(table.hands)
    rng = np.random.default_rng(5)
    totals, ended = np.zeros((3, 4)), np.zeros(3, int)
    for _ in range(200):
        for row, hand in enumerate(table.hands):
            assert actors[row] == hand.actor
            assert (observations[row] == table.layout.encode(hand, hand.actor)).all()
        finished = [hand for hand in table.hands]
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        observations, masks, actors, rewards, dones = table.step(actions)
        for row in np.flatnonzero(dones):
            result = finished[row].result
            team_of = table.t.team_of
            assert list(rewards[row]) == [result.changes[team_of[s]] for s in range(4)]
            assert table.hands[row] is not finished[row]       # dealt again
        totals += rewards
        ended += dones
    assert ended.all() and table.hands != hands
    illegal = int(np.flatnonzero(masks[2] == 0)[0])
    before = [hand.observation(0) for hand in table.hands]
    with pytest.raises(IllegalMove, match="row 2"):
        table.step([int(np.flatnonzero(m)[0]) for m in masks[:2]] + [illegal])
    assert [hand.observation(0) for hand in table.hands] == before    # no row moved
    with pytest.raises(IllegalMove, match="not 3.5"):
        table.step([3.5, 0, 0])


def test_a_hand_thrown_in_as_dealt_is_dealt_again():
    """``poor-hand-redeal must``: a misdeal ends the hand at the deal; a per-hand
    episode starts on a hand someone can act in."""
    variant = rookery.load_variant(str(REPO / "conformance" / "house" / "misdeal.rook"))
    thrown = [seed for seed in range(200)
              if rookery.deal_hand(variant, random.Random(seed), 0).is_over]
    assert thrown                   # the house rule does throw hands in
    environment = rook_env.raw_env(variant)
    for seed in range(60):
        environment.reset(seed=seed)
        assert not environment.hand.is_over
        assert environment.infos[environment.agent_selection]["action_mask"].any()
