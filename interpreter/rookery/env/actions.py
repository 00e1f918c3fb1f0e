"""The fixed discrete action space of a variant: every action any hand of it can offer,
numbered once, so that an agent's choice is an index and a hand's legal set is a mask.

The list is made from the compiled variant alone (its deck, bids and the mechanisms it
uses), in this order: ``pass``; every bid from the lowest a hand can offer to the
highest (every whole number: a mask keeps off-step amounts out); then, for each card of
the deck, ``play``, ``discard`` (a variant with a nest), ``give`` (with passing, or a circus call) and
``call`` (with called partners); the trump calls; ``rook high``/``rook low`` (when the
caller chooses the Rook's place); ``leader self``/``leader left`` (when the bid winner
chooses who leads); ``redeal``/``keep`` (with a poor-hand redeal); ``claim`` (with claims).
"""

from __future__ import annotations

import numpy as np

from ..engine.actions import MOON, PASS, Action
from ..engine.tables import tables_for
from ..language.model import Variant


class ActionIndex:
    """The numbered actions of ``variant``: ``actions[i]`` is action ``i``;
    :meth:`number` is its inverse; :meth:`mask` marks a legal set."""

    def __init__(self, variant: Variant):
        t = tables_for(variant)
        b = variant.bidding
        lowest = min(b.minimum, b.opening if b.opening is not None else b.minimum)
        actions: list[Action] = [PASS]
        actions += [Action("bid", amount) for amount in range(lowest, t.max_bid + 1)]
        kinds = ["play"]
        if variant.deal.nest or variant.nest.discard:
            kinds.append("discard")
        if variant.passing.cards or "circus" in variant.trump.choices:
            kinds.append("give")        # passing, or the cards a circus call passes
        if variant.table.sides == "called":
            kinds.append("call")
        for kind in kinds:
            actions += [Action(kind, code) for code in t.codes]
        # The calls of the spec, a circus call's colors, and the call of a circus itself.
        actions += [Action("trump", call) for call in variant.trump.choices]
        actions += [Action("trump", color.letter) for color in variant.deck.colors]
        actions.append(Action("trump", "circus"))
        if variant.trump.rook == "caller-chooses":
            actions += [Action("rook", "high"), Action("rook", "low")]
        if variant.play.leader == "bidder-chooses":
            actions += [Action("leader", "self"), Action("leader", "left")]
        if variant.deal.poor_hand:
            actions += [Action("redeal"), Action("keep")]
        if variant.play.claim == "certain":
            actions.append(Action("claim"))
        if variant.bidding.moon is not None:
            actions.append(MOON)
        self.variant = variant
        self.actions: tuple[Action, ...] = tuple(dict.fromkeys(actions))
        self._numbers = {action: i for i, action in enumerate(self.actions)}

    def __len__(self) -> int:
        return len(self.actions)

    def number(self, action: Action) -> int:
        """The index of ``action``; a legal action outside the space is a bug of this
        module, said as such."""
        try:
            return self._numbers[action]
        except KeyError:
            raise ValueError(f"{action} is not in the action space of {self.variant.id}"
                             ) from None

    def mask(self, legal) -> list[int]:
        """1 for each action of ``legal``, 0 elsewhere."""
        out = [0] * len(self.actions)
        for action in legal:
            out[self.number(action)] = 1
        return out


class IllegalMove(ValueError):
    """An action index the rules do not allow now (``illegal="refuse"``), or a value
    that is not an action index at all."""


def action_number(action, size: int) -> int:
    """``action`` as an index of an action space of ``size``: a whole number (a Python or
    NumPy integer, not a bool) from 0 to ``size - 1``; anything else is refused."""
    if isinstance(action, np.ndarray) and action.shape == () \
            and np.issubdtype(action.dtype, np.integer):
        action = action.item()
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise IllegalMove(f"an action is a whole number from 0 to {size - 1} (an index of "
                          f"the action space), not {action!r:.40}")
    if not 0 <= action < size:
        raise IllegalMove(f"action {action} is out of the action space: 0 to {size - 1}")
    return int(action)
