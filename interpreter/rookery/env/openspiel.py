"""Every spec an OpenSpiel game (``rookery[openspiel]``): importing this module registers
``python_rookery``, whose string parameter ``spec`` names a built-in variant, a spec file
or a combination.

    >>> import pyspiel, rookery.env.openspiel
    >>> game = pyspiel.load_game("python_rookery", {"spec": "rook-for-three"})

One game is one hand, seat 0 dealing.  The deal is chance nodes, a card at a time (each
outcome a card of the deck, as likely as its copies left), in the order the variant's
deal lays the cards out; then the seats act as the rules give the turn, with the
actions of :class:`~rookery.env.actions.ActionIndex`.  The returns are each seat's side's
score change.  The observation tensor is the environment's vector
(:class:`~rookery.env.observation.ObservationLayout`); the information-state tensor adds
what a seat remembers of the hand: the cards it was dealt, which seat played which card,
and each seat's highest bid.  The strings are the view (``docs/protocol.md``) and, for the
information state, the actions so far as that seat saw them (another's discards and
passed cards hidden).
"""

from __future__ import annotations

import json

import numpy as np
import pyspiel

from ..engine.deal import deal_cards
from ..engine.hand import Hand
from ..engine.tables import tables_for
from ..language.load import load_variant
from .actions import ActionIndex
from .observation import ObservationLayout

NAME = "python_rookery"
# Kinds of action a seat makes out of the others' sight.
_HIDDEN = ("discard", "give")

_GAME_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="Rook (any rookery spec)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"spec": "tournament"})


class RookGame(pyspiel.Game):
    """A hand of the variant the ``spec`` parameter names."""

    def __init__(self, params=None):
        params = params or {}
        spec = str(params.get("spec", "tournament"))
        variant = load_variant(spec)
        t = tables_for(variant)
        index = ActionIndex(variant)
        n = variant.table.players
        points = sum(abs(t.points[card]) for card in t.deck)
        bound = float(2 * (t.max_bid + points) + abs(variant.game.target or 0))
        length = 3 * len(t.deck) + len(t.bid_amounts) + 4 * n + 10
        super().__init__(_GAME_TYPE, pyspiel.GameInfo(
            num_distinct_actions=len(index), max_chance_outcomes=len(t.codes),
            num_players=n, min_utility=-bound, max_utility=bound,
            max_game_length=length), {"spec": spec})
        # (set after the C++ game is made: pybind keeps what is set from then on)
        self.variant, self.t, self.index = variant, t, index
        self.layout = ObservationLayout.of(variant)
        # Where each dealt card goes: slot k of the deal is the k-th chance outcome.
        hands, nest = deal_cards(variant, range(len(t.deck)), 0)
        self.slots = sorted([(seat, position) for seat, held in enumerate(hands)
                             for position in held] + [(None, position) for position in nest],
                            key=lambda slot: slot[1])
        self.copies = [0] * len(t.codes)
        for card in t.deck:
            self.copies[card] += 1

    def new_initial_state(self):
        return RookState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return RookObserver(self, iig_obs_type or
                            pyspiel.IIGObservationType(perfect_recall=False), params)


class RookState(pyspiel.State):
    """The deal so far (chance), then the hand as the engine plays it."""

    def __init__(self, game: RookGame):
        super().__init__(game)
        self.rook = _Shared(game)
        self.dealt: list[int] = []
        self.table = _Table(None)
        self.left = list(game.copies)

    @property
    def hand(self) -> Hand | None:
        return self.table.hand

    def current_player(self):
        if self.hand is None:
            return pyspiel.PlayerId.CHANCE
        if self.hand.is_over:
            return pyspiel.PlayerId.TERMINAL
        return self.hand.actor

    def _legal_actions(self, player):
        number = self.rook.index.number
        return sorted(number(action) for action in set(self.hand.legal_actions()))

    def chance_outcomes(self):
        total = sum(self.left)
        return [(card, left / total) for card, left in enumerate(self.left) if left]

    def _apply_action(self, action):
        if self.hand is None:
            self.left[action] -= 1
            self.dealt.append(action)
            if len(self.dealt) == len(self.rook.slots):
                self._deal()
            return
        self.hand.apply(self.rook.index.actions[action], self.hand.actor)

    def _deal(self) -> None:
        game = self.rook
        codes = game.t.codes
        n = game.variant.table.players
        hands, nest = [[] for _ in range(n)], []
        for (seat, _), card in zip(game.slots, self.dealt):
            (nest if seat is None else hands[seat]).append(codes[card])
        self.table = _Table(Hand(game.variant, 0, hands, nest))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self.rook.t.codes[action]}"
        return str(self.rook.index.actions[action])

    def is_terminal(self):
        return self.hand is not None and self.hand.is_over

    def returns(self):
        n = self.rook.variant.table.players
        if not self.is_terminal() or self.hand.result is None:
            return [0.0] * n
        t = self.rook.t
        changes = self.hand.result.changes
        return [float(changes[(t.team_of[seat] if t.team_of is not None else seat)
                              if t.keepers > 1 else 0]) for seat in range(n)]

    def __str__(self):
        if self.hand is None:
            return "dealing: " + " ".join(self.rook.t.codes[c] for c in self.dealt)
        return repr(self.hand) + " " + json.dumps(self.hand.history and
                                                   [[s, str(a)] for s, a in self.hand.history])


class RookObserver:
    """The observation (``perfect_recall=False``) or information state of a seat."""

    def __init__(self, game: RookGame, iig_obs_type, params):
        if params:
            raise ValueError(f"{NAME} takes no observation parameters; given {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError(f"{NAME} observes for one seat (private_info SINGLE_PLAYER)")
        self.game = game
        self.recall = iig_obs_type.perfect_recall
        n, c = game.variant.table.players, len(game.t.codes)
        size = game.layout.size + ((2 + n) * c + n if self.recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RookState, player: int) -> None:
        self.tensor.fill(0)
        hand = state.hand
        if hand is None:
            return
        game = self.game
        size = game.layout.size
        game.layout.encode(hand, player, self.tensor[:size])
        if not self.recall:
            return
        n, c = game.variant.table.players, len(game.t.codes)
        share = game.layout.share
        dealt = self.tensor[size:size + c]
        for card in hand._start[0][player]:
            dealt[card] += share[card]
        played = self.tensor[size + c:size + (1 + n) * c]
        for _, cards, seats, _ in hand.tricks:
            for card, seat in zip(cards, seats):
                played[((seat - player) % n) * c + card] = 1.0
        for seat, card in zip(hand.trick_seats, hand.trick_cards):
            played[((seat - player) % n) * c + card] = 1.0
        bids = self.tensor[size + (1 + n) * c:size + (1 + n) * c + n]
        for seat, entry in hand.auction:
            words = str(entry).split()
            if words and words[0] == "bid":
                bids[(seat - player) % n] = max(bids[(seat - player) % n],
                                                int(words[1]) / max(1, game.t.max_bid))

    def string_from(self, state: RookState, player: int) -> str:
        hand = state.hand
        if hand is None:
            codes = self.game.t.codes
            mine = [codes[card] for (seat, _), card in zip(self.game.slots, state.dealt)
                    if seat == player]
            return f"seat {player} dealt {' '.join(mine)}"
        view = json.dumps(hand.observation(player), sort_keys=True)
        if not self.recall:
            return view
        seen = [[seat, str(action) if seat == player or action.kind not in _HIDDEN
                 else action.kind] for seat, action in hand.history]
        dealt = [self.game.t.codes[c] for c in hand._start[0][player]]
        return json.dumps({"dealt": dealt, "actions": seen}) + " " + view


class _Shared:
    """The game's rules as a state reads them, shared by every copy of the state
    (OpenSpiel clones a Python state with ``copy.deepcopy``)."""

    def __init__(self, game: RookGame):
        self.variant, self.t, self.index = game.variant, game.t, game.index
        self.slots, self.copies = game.slots, game.copies

    def __deepcopy__(self, memo):
        return self


class _Table:
    """The hand in play, copied with :meth:`Hand.copy` (the variant shared)."""

    def __init__(self, hand: Hand | None):
        self.hand = hand

    def __deepcopy__(self, memo):
        return _Table(self.hand.copy() if self.hand is not None else None)


pyspiel.register_game(_GAME_TYPE, RookGame)
