"""The PettingZoo Parallel environment of a spec (``rookery.env.parallel_env``).

A card game is played in turn, so each parallel step carries one action that counts:
the one of the seat to act (the seat whose ``action_mask`` marks something).  Every
other seat's entry is read as "waiting" and ignored, whatever it holds, and a seat may
leave it out.  Observations, rewards, terminations, truncations and infos are the AEC
environment's (:mod:`.aec`), for every seat at every step; the options are its options
(``observation="box"`` with ``illegal="random"`` is what SuperSuit's vector
environments need: they sample every seat's action without a mask).
"""

from __future__ import annotations

from pettingzoo import ParallelEnv

from ..language.model import Variant
from .aec import RookEnv


class RookParallelEnv(ParallelEnv):
    """Every seat of a Rook hand (or game) at each step; the seat to act moves."""

    def __init__(self, spec: str | Variant = "tournament", **options):
        self.aec = RookEnv(spec, **options)
        self.metadata = {**self.aec.metadata, "is_parallelizable": True}
        self.possible_agents = self.aec.possible_agents[:]
        self.agents = self.possible_agents[:]
        self.observation_spaces = self.aec.observation_spaces
        self.action_spaces = self.aec.action_spaces
        self.state_space = self.aec.state_space
        self.render_mode = self.aec.render_mode

    @property
    def variant(self) -> Variant:
        return self.aec.variant

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None):
        self.aec.reset(seed=seed, options=options)
        self.agents = self.possible_agents[:]
        return self._observations(), {a: dict(self.aec.infos[a]) for a in self.agents}

    def step(self, actions: dict):
        aec = self.aec
        actor = aec.agent_selection
        if actor not in actions:
            raise ValueError(f"{actor} is to act: the actions need its entry")
        aec.step(actions[actor])
        agents = self.agents
        observations = self._observations()
        rewards = {a: aec.rewards[a] for a in agents}
        terminations = {a: aec.terminations[a] for a in agents}
        truncations = {a: aec.truncations[a] for a in agents}
        infos = {a: dict(aec.infos[a]) for a in agents}
        if any(terminations.values()) or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def state(self):
        return self.aec.state()

    def render(self):
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()

    def _observations(self) -> dict:
        return {agent: self.aec.observe(agent) for agent in self.possible_agents
                if agent in self.agents}


def parallel_env(spec: str | Variant = "tournament", **options) -> RookParallelEnv:
    """The Parallel environment of ``spec`` (options as :func:`rookery.env.env`'s)."""
    return RookParallelEnv(spec, **options)
