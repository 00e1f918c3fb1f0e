"""The PettingZoo AEC environment of a spec (``rookery[env]``).

One agent per seat (``seat_0`` ... ``seat_{n-1}``); the agent to act is the seat the
rules give the turn.  An episode is one hand by default (``whole_game=True``: hands in
turn to the end of the game).  A step takes an index into the variant's action space
(:class:`~rookery.env.actions.ActionIndex`); the observation is ``{"observation":
vector, "action_mask": mask}`` (:class:`~rookery.env.observation.ObservationLayout`),
with the mask all zero for a seat not to act; ``infos[agent]["view"]`` holds the raw view
the vector is made from.  The reward of a seat is its side's score change when a hand is
scored (nothing otherwise).  The seed of ``reset`` deals the cards, so two environments
reset with the same seed play the same hands.
"""

from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..engine.deal import deal_hand
from ..engine.game import Game
from ..engine.tables import tables_for
from ..language.load import load_variant
from ..language.model import Variant
from .actions import ActionIndex
from .observation import ObservationLayout


def env(spec: str | Variant = "tournament", **options):
    """The environment of ``spec`` wrapped as PettingZoo's own games are: an illegal
    action ends the episode with a reward of -1 for the seat that made it, an index out
    of range is refused, and calls out of order are caught."""
    environment = raw_env(spec, **options)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)


class RookEnv(AECEnv):
    """A hand (or a whole game) of a Rook variant as an AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "rookery_v0", "is_parallelizable": False}

    def __init__(self, spec: str | Variant = "tournament", *, whole_game: bool = False,
                 render_mode: str | None = None):
        super().__init__()
        self.variant = spec if isinstance(spec, Variant) else load_variant(spec)
        self.whole_game = whole_game
        self.render_mode = render_mode
        self.t = tables_for(self.variant)
        self.index = ActionIndex(self.variant)
        self.layout = ObservationLayout.of(self.variant)
        n = self.variant.table.players
        self.possible_agents = [f"seat_{seat}" for seat in range(n)]
        self.agents = self.possible_agents[:]
        self.action_spaces = {a: spaces.Discrete(len(self.index)) for a in self.agents}
        observation = spaces.Dict({
            "observation": spaces.Box(-1.0, 1.0, (self.layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (len(self.index),), np.int8)})
        self.observation_spaces = {a: observation for a in self.agents}
        self.game: Game | None = None
        self.hand = None
        self.metadata = {**self.metadata, "name": f"rookery_{self.variant.id}_v0"}

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # -- an episode ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        rng = random.Random(seed)
        self.agents = self.possible_agents[:]
        dealer = rng.randrange(self.variant.table.players)
        if self.whole_game:
            self.game = Game(self.variant, rng, first_dealer=dealer)
            self.hand = self.game.hand
        else:
            self.game = None
            self.hand = deal_hand(self.variant, rng, dealer)
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._next_turn()

    def observe(self, agent: str) -> dict:
        seat = self.possible_agents.index(agent)
        vector = np.asarray(self.layout.encode(self.hand, seat), dtype=np.float32)
        if agent == self.agent_selection and not self._over():
            mask = self.index.mask(self._driver().legal_actions())
        else:
            mask = [0] * len(self.index)
        return {"observation": vector, "action_mask": np.asarray(mask, dtype=np.int8)}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._clear_rewards()
        driver = self._driver()
        scored = len(self.game.results) if self.game is not None else 0
        driver.apply(self.index.actions[int(action)], self.hand.actor)
        self._cumulative_rewards[agent] = 0
        if self.game is not None:
            for result in self.game.results[scored:]:
                self._reward(result)
            self.hand = self.game.hand
        elif self.hand.is_over and self.hand.result is not None:
            self._reward(self.hand.result)
        if self._over():
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._next_turn()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        view = self.hand.observation(self.hand.actor or 0)
        return (f"{self.variant.id}: {view['phase']}, seat {view['actor']} to act, "
                f"trick {view['trick']}, tricks won {view['tricks_won']}")

    def close(self) -> None:
        pass

    # -- the rules behind it -----------------------------------------------------------------

    def _driver(self):
        return self.game if self.game is not None else self.hand

    def _over(self) -> bool:
        return self.game.is_over if self.game is not None else self.hand.is_over

    def _reward(self, result) -> None:
        """Each seat's side's score change (a thrown-in hand changes nothing)."""
        t = self.t
        for seat, agent in enumerate(self.possible_agents):
            keeper = (t.team_of[seat] if t.team_of is not None else seat) \
                if t.keepers > 1 else 0
            self.rewards[agent] += result.changes[keeper]

    def _next_turn(self) -> None:
        """The seat the rules give the turn (the last to act once it is over), and the
        raw view of that seat in its infos."""
        actor = self.hand.actor
        if actor is not None and not self._over():
            self.agent_selection = self.possible_agents[actor]
        elif not hasattr(self, "agent_selection") or self.agent_selection is None:
            self.agent_selection = self.possible_agents[0]
        seat = self.possible_agents.index(self.agent_selection)
        self.infos[self.agent_selection] = {"view": self.hand.observation(seat)}


def raw_env(spec: str | Variant = "tournament", **options) -> RookEnv:
    """The environment of ``spec`` without PettingZoo's wrappers."""
    return RookEnv(spec, **options)
