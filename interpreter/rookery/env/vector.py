"""Many hands at once, as arrays (``rookery.env.VectorEnv``): the quick path for training.

``num_envs`` hands of one variant are played side by side.  Each row is one hand and
the seat to act in it: :meth:`VectorEnv.reset` and :meth:`VectorEnv.step` give that
seat's observation vector (:class:`~rookery.env.observation.ObservationLayout`, the same
as the PettingZoo environments'), its legal mask, and which seat it is.  ``step``
takes one action index a row (refused, as the environments refuse it, if it is not
legal), and gives each seat's reward in that hand (``rewards[i, seat]``: its side's score
change when the hand is scored), and which hands ended; an ended hand is dealt again at
once (its row then shows the new hand).  No PettingZoo objects, no view in an info dict:
the arrays are filled in place.
"""

from __future__ import annotations

import random

import numpy as np

from ..engine.deal import deal_hand
from ..engine.tables import tables_for
from ..language.load import load_variant
from ..language.model import Variant
from .actions import ActionIndex, IllegalMove, action_number
from .observation import ObservationLayout


class VectorEnv:
    """``num_envs`` hands of ``spec``, stepped together."""

    def __init__(self, spec: str | Variant = "tournament", num_envs: int = 8):
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs is a whole number from 1, not {num_envs!r:.40}")
        self.variant = spec if isinstance(spec, Variant) else load_variant(spec)
        self.num_envs = num_envs
        self.t = t = tables_for(self.variant)
        self.index = ActionIndex(self.variant)
        self.layout = ObservationLayout.of(self.variant)
        n = self.variant.table.players
        self.keeper = [((t.team_of[seat] if t.team_of is not None else seat)
                        if t.keepers > 1 else 0) for seat in range(n)]
        self.observations = np.zeros((num_envs, self.layout.size), np.float32)
        self.masks = np.zeros((num_envs, len(self.index)), np.int8)
        self.actors = np.zeros(num_envs, np.int64)
        self.rewards = np.zeros((num_envs, n), np.float32)
        self.dones = np.zeros(num_envs, bool)
        self.hands: list = [None] * num_envs
        self._legal: list = [()] * num_envs
        self.rng = random.Random()

    def reset(self, seed: int | None = None):
        """Deal every hand; ``(observations, masks, actors)``."""
        self.rng = random.Random(seed)
        for row in range(self.num_envs):
            self._deal(row)
        return self.observations, self.masks, self.actors

    def step(self, actions):
        """One action a row; ``(observations, masks, actors, rewards, dones)``."""
        size = len(self.index)
        if len(actions) != self.num_envs:
            raise IllegalMove(f"one action a row: {self.num_envs}, not {len(actions)}")
        chosen = [self.index.actions[action_number(number, size)] for number in actions]
        for row, action in enumerate(chosen):       # all checked before any is played
            if action not in self._legal[row]:
                raise IllegalMove(f"row {row}: action {actions[row]} ({action}) is not "
                                  f"legal for seat {self.hands[row].actor} now")
        self.rewards[:] = 0
        self.dones[:] = False
        for row, hand in enumerate(self.hands):
            hand.apply(chosen[row], hand.actor)
            if hand.is_over:
                result = hand.result
                if result is not None:
                    self.rewards[row] = [result.changes[k] for k in self.keeper]
                self.dones[row] = True
                self._deal(row)
            else:
                self._show(row)
        return self.observations, self.masks, self.actors, self.rewards, self.dones

    def _deal(self, row: int) -> None:
        n = self.variant.table.players
        hand = deal_hand(self.variant, self.rng, self.rng.randrange(n))
        while hand.is_over:            # thrown in as dealt: deal again
            hand = deal_hand(self.variant, self.rng, self.rng.randrange(n))
        self.hands[row] = hand
        self._show(row)

    def _show(self, row: int) -> None:
        hand = self.hands[row]
        seat = hand.actor
        legal = self._legal[row] = hand.legal_actions()
        self.actors[row] = seat
        self.layout.encode(hand, seat, self.observations[row])
        mask = self.masks[row]
        mask[:] = 0
        numbers = self.index._numbers
        mask[[numbers[action] for action in legal]] = 1
