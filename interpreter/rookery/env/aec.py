"""The PettingZoo AEC environment of a spec (``rookery[env]``).

One agent per seat (``seat_0`` ... ``seat_{n-1}``); the agent to act is the seat the
rules give the turn.  An episode is one hand by default (``whole_game=True``: hands in
turn to the end of the game, cut short after ``max_hands`` hands or ``max_steps``
actions: a truncation).  A step takes an index into the variant's action space
(:class:`~rookery.env.actions.ActionIndex`); the observation is ``{"observation":
vector, "action_mask": mask}`` (:class:`~rookery.env.observation.ObservationLayout`), or
the vector alone with ``observation="box"`` (the mask is then in the infos, where
SuperSuit's wrappers and vector environments take it); the mask is all zero for a seat
not to act.  ``infos[agent]`` holds ``action_mask`` and, for the seat to act, ``view``
(the raw view the vector is made from).  The reward of a seat is its side's score change
when a hand is scored (nothing otherwise).  The seed of ``reset`` deals the cards, so two
environments reset with the same seed play the same hands.

An illegal action (an index the mask does not mark) is handled as the user chose
(``illegal=``): ``"refuse"`` raises :class:`IllegalMove` and changes nothing,
``"random"`` plays a random legal action in its place, ``"penalty"`` ends the episode
with ``illegal_reward`` for that seat (by default minus the highest bid, worse than
being set on any bid).  Anything that is not an index of the action space at all
(``-5``, ``3.7``, ``"1"``, ``True``) is refused whatever the policy.
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
from .actions import ActionIndex, IllegalMove, action_number
from .observation import ObservationLayout

ILLEGAL = ("refuse", "random", "penalty")
OBSERVATIONS = ("dict", "box")
# Whole games are cut after this many hands unless told otherwise: random play rarely
# ends a game (a side must reach the target), and an episode must end.
MAX_HANDS = 50
# Per-hand episodes with ``start="any"`` deal a hand number below this.
ANY_HAND = 12


def env(spec: str | Variant = "tournament", **options):
    """The environment of ``spec`` wrapped as PettingZoo's own games are: an illegal
    action ends the episode with a penalty for the seat that made it (``illegal=
    "penalty"`` unless told otherwise), an index out of range is refused, and calls out
    of order are caught."""
    options.setdefault("illegal", "penalty")
    environment = raw_env(spec, **options)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)


class RookEnv(AECEnv):
    """A hand (or a whole game) of a Rook variant as an AEC environment.

    Options: ``whole_game``; ``max_hands`` and ``max_steps`` (truncation; whole games
    default to :data:`MAX_HANDS` hands); ``observation`` (``"dict"`` or ``"box"``);
    ``illegal`` and ``illegal_reward``; ``start`` (``"first"``: hand 0 at scores 0, or
    ``"any"``: a hand number below :data:`ANY_HAND` at running scores drawn below the
    target, for per-hand episodes).  ``reset(options={"hand": K, "scores": [...],
    "dealer": D})`` deals one such hand exactly.
    """

    metadata = {"render_modes": ["ansi"], "name": "rookery_v0", "is_parallelizable": False}

    def __init__(self, spec: str | Variant = "tournament", *, whole_game: bool = False,
                 max_hands: int | None = None, max_steps: int | None = None,
                 observation: str = "dict", illegal: str = "refuse",
                 illegal_reward: float | None = None, start: str = "first",
                 render_mode: str | None = None):
        super().__init__()
        _one_of("observation", observation, OBSERVATIONS)
        _one_of("illegal", illegal, ILLEGAL)
        _one_of("start", start, ("first", "any"))
        for name, value in (("max_hands", max_hands), ("max_steps", max_steps)):
            if value is not None and (type(value) is not int or value < 1):
                raise ValueError(f"{name} is a whole number from 1, or None; not "
                                 f"{value!r:.40}")
        self.variant = spec if isinstance(spec, Variant) else load_variant(spec)
        self.whole_game = whole_game
        self.max_hands = max_hands if max_hands is not None or not whole_game else MAX_HANDS
        self.max_steps = max_steps
        self.flat = observation == "box"
        self.illegal = illegal
        self.start = start
        self.render_mode = render_mode
        self.t = tables_for(self.variant)
        self.index = ActionIndex(self.variant)
        self.layout = ObservationLayout.of(self.variant)
        self.illegal_reward = float(illegal_reward if illegal_reward is not None
                                    else -self.t.max_bid)
        n = self.variant.table.players
        self.possible_agents = [f"seat_{seat}" for seat in range(n)]
        self.agents = self.possible_agents[:]
        self.action_spaces = {a: spaces.Discrete(len(self.index)) for a in self.agents}
        vector = spaces.Box(-1.0, 1.0, (self.layout.size,), np.float32)
        observation_space = vector if self.flat else spaces.Dict({
            "observation": vector,
            "action_mask": spaces.Box(0, 1, (len(self.index),), np.int8)})
        self.observation_spaces = {a: observation_space for a in self.agents}
        self.state_space = spaces.Box(-1.0, 1.0, (self.layout.state_size,), np.float32)
        self.game: Game | None = None
        self.hand = None
        self.steps = 0
        self._legal: list | None = None
        self._views: dict[int, dict] = {}
        self._no_mask = np.zeros(len(self.index), dtype=np.int8)
        self._no_mask.flags.writeable = False
        self.metadata = {**self.metadata, "name": f"rookery_{self.variant.id}_v0"}

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # -- an episode ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        rng = self.rng = random.Random(seed)
        options = options or {}
        n = self.variant.table.players
        self.agents = self.possible_agents[:]
        dealer = options.get("dealer", rng.randrange(n))
        number, scores = 0, None
        if self.start == "any":
            number = rng.randrange(ANY_HAND)
            target = max(1, abs(self.variant.game.target or 1))
            scores = [rng.randrange(-target // 2, target) for _ in range(self.t.keepers)]
        number = options.get("hand", number)
        scores = options.get("scores", scores)
        if self.whole_game:
            self.game = Game(self.variant, rng, first_dealer=dealer, scores=scores)
            if number:      # the game taken up at hand ``number``: its first hand again
                self.game = Game(self.variant, rng, first_dealer=dealer, scores=scores,
                                 hand=deal_hand(self.variant, rng, dealer, scores, number))
                self.game.deals_itself = True
            self.hand = self.game.hand
        else:
            self.game = None
            self.hand = deal_hand(self.variant, rng, dealer, scores, number)
            while self.hand.is_over:    # thrown in as dealt (a misdeal): dealt again
                self.hand = deal_hand(self.variant, rng, dealer, scores, number)
        self.steps = 0
        self._legal = None
        self._views = {}
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._next_turn()

    def observe(self, agent: str):
        seat = self.possible_agents.index(agent)
        vector = self.layout.encode(self.hand, seat)
        if self.flat:
            return vector
        return {"observation": vector, "action_mask": self._mask(agent)}

    def state(self) -> np.ndarray:
        """The whole table, hidden cards too, for a centralized critic
        (:meth:`~rookery.env.observation.ObservationLayout.state`)."""
        return self.layout.state(self.hand)

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        number = action_number(action, len(self.index))
        self._clear_rewards()
        legal = self._legal_now()
        chosen = self.index.actions[number]
        if chosen not in legal:
            if self.illegal == "refuse":
                raise IllegalMove(f"action {number} ({chosen}) is not legal for {agent} "
                                  f"now; legal: {sorted(self.index.number(a) for a in legal)}")
            if self.illegal == "penalty":
                self._cumulative_rewards[agent] = 0
                self.rewards[agent] = self.illegal_reward
                self.terminations = dict.fromkeys(self.agents, True)
                self.infos[agent] = {**self.infos[agent], "illegal": number}
                self._accumulate_rewards()
                return
            chosen = self.rng.choice(legal)
        self._apply(agent, chosen)

    def _apply(self, agent: str, chosen) -> None:
        driver = self._driver()
        scored = len(self.game.results) if self.game is not None else 0
        driver.apply(chosen, self.hand.actor)
        self._legal = None
        self._views = {}
        self.steps += 1
        self._cumulative_rewards[agent] = 0
        if self.game is not None:
            for result in self.game.results[scored:]:
                self._reward(result)
            self.hand = self.game.hand
        elif self.hand.is_over and self.hand.result is not None:
            self._reward(self.hand.result)
        if self._over():
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._cut():
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._next_turn()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        view = self.hand.observation(self.hand.actor or 0)
        return (f"{self.variant.id}: hand {self.hand.number}, {view['phase']}, seat "
                f"{view['actor']} to act, trick {view['trick']}, tricks won "
                f"{view['tricks_won']}, scores {view['scores']}")

    def close(self) -> None:
        pass

    # -- the rules behind it -----------------------------------------------------------------

    def _driver(self):
        return self.game if self.game is not None else self.hand

    def _over(self) -> bool:
        return self.game.is_over if self.game is not None else self.hand.is_over

    def _cut(self) -> bool:
        """The episode's limits: ``max_steps`` actions, ``max_hands`` hands scored."""
        if self.max_steps is not None and self.steps >= self.max_steps:
            return True
        return (self.game is not None and self.max_hands is not None
                and len(self.game.results) >= self.max_hands)

    def _legal_now(self) -> list:
        if self._legal is None:
            self._legal = self._driver().legal_actions()
        return self._legal

    def _mask(self, agent: str) -> np.ndarray:
        """The legal actions of the seat to act; one shared all-zero mask (read-only)
        for every other seat."""
        if agent != self.agent_selection or self._over() or self._done():
            return self._no_mask
        mask = np.zeros(len(self.index), dtype=np.int8)
        mask[[self.index.number(a) for a in self._legal_now()]] = 1
        return mask

    def _view(self, seat: int) -> dict:
        """The hand's observation for ``seat``, made once a step."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.hand.observation(seat)
        return view

    def _done(self) -> bool:
        return any(self.terminations.values()) or any(self.truncations.values())

    def _reward(self, result) -> None:
        """Each seat's side's score change (a thrown-in hand changes nothing)."""
        t = self.t
        for seat, agent in enumerate(self.possible_agents):
            keeper = (t.team_of[seat] if t.team_of is not None else seat) \
                if t.keepers > 1 else 0
            self.rewards[agent] += result.changes[keeper]

    def _next_turn(self) -> None:
        """The seat the rules give the turn (the last to act once it is over), the raw
        view of that seat and every seat's mask in the infos."""
        actor = self.hand.actor
        if actor is not None and not self._over():
            self.agent_selection = self.possible_agents[actor]
        elif not hasattr(self, "agent_selection") or self.agent_selection is None:
            self.agent_selection = self.possible_agents[0]
        seat = self.possible_agents.index(self.agent_selection)
        for agent in self.agents:
            self.infos[agent] = {"action_mask": self._mask(agent)}
        self.infos[self.agent_selection]["view"] = self._view(seat)


def _one_of(name: str, value, choices) -> None:
    if value not in choices:
        raise ValueError(f"{name} is one of {', '.join(map(repr, choices))}; not "
                         f"{value!r:.40}")


def raw_env(spec: str | Variant = "tournament", **options) -> RookEnv:
    """The environment of ``spec`` without PettingZoo's wrappers."""
    return RookEnv(spec, **options)
