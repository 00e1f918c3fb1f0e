"""The actions a case has an engine accept, held and sent together (the protocol's
``batch`` feature, ``docs/protocol.md``).

A case's ``start`` actions and its ``do`` steps need no look at the state between them:
they are held until the runner next needs an answer (an ``expect``, a rejection step, a
setup step, the end of a hand) and then sent in one ``batch`` request, with the state the
runner is about to ask for carried in its answer.  An engine that does not declare the
feature gets the same actions one ``apply`` at a time, then the ``state`` request: the
requests it had before the feature existed, in the same order.  An engine with the
feature is not asked again for a state it has just given (a ``state`` request changes
nothing): the runner keeps the last state of each seat it asked about until it next
sends an action.

Either way the runner sees the same thing: an action refused is charged to the step that
offered it, and a case passes or fails the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .engines import Batched, Outcome


NO_LOOK = object()           # no state is read before the next action


class Held(NamedTuple):
    """An action the engine must accept, and the step it comes from (for a divergence).
    (A named tuple: one is made for every action of every case, and a frozen dataclass
    takes several times longer to make.)"""

    seat: int
    action: str
    where: str              # the step's place: "start 3", "hand 2 step 5"
    written: Any            # the step as the case writes it
    in_setup: bool          # offered by the hand's start


class Pending:
    """The actions held for one engine, and the runner's looks at its state.

    ``path`` (the actions the engine accepted, in order) grows as held actions are
    accepted; ``refused(held, outcome)`` is called for a held action the engine refuses
    and must raise (the case diverges there)."""

    def __init__(self, engine, features, path: list,
                 refused: Callable[[Held, Outcome], None]):
        self.engine = engine
        self.batched = "batch" in features and hasattr(engine, "batch")
        self.path = path
        self.refused = refused
        self.held: list[Held] = []
        self.looked: dict[int | None, dict] = {}    # seat -> its state, since the last send

    def deal(self, variant: str, deal: dict, look=NO_LOOK) -> None:
        """Deal a hand (``Unsupported``, ``DealRefused`` as the engine's ``deal``); with
        batches, the state of ``look`` (a seat, or ``None`` for the table's), which the
        runner reads first, comes with the deal's answer."""
        self.held = []
        self.looked = {}
        if not self.batched or look is NO_LOOK:
            self.engine.deal(variant, deal)
            return
        self.looked[look] = self.engine.deal(variant, deal, _state_args(look))

    def accept(self, held: Held) -> None:
        """An action the engine must accept, sent with the next look."""
        self.held.append(held)

    def state(self, seat: int | None) -> dict:
        """The state (of ``seat``, or the table's), the held actions applied first."""
        if not self.batched:
            self.flush()
            return self.engine.state(seat)
        if self.held:
            return self._send([], _state_args(seat)).state
        if seat not in self.looked:
            self.looked[seat] = self.engine.state(seat)
        return self.looked[seat]

    def offer(self, actions: list[tuple[int, str]], seat: int | None = None,
              state: bool = False) -> Batched:
        """Offer ``actions`` after the held ones, in turn, up to the first refused; with
        ``state``, a batch's answer also carries the state after them (an engine without
        the feature is not asked: ``state`` is then ``None``, and the caller asks if it
        needs it).  The path is the caller's to extend."""
        if self.batched:
            return self._send(actions, _state_args(seat) if state else None)
        self.flush()
        for applied, (seat_, action) in enumerate(actions):
            outcome = self.engine.apply(seat_, action)
            if not outcome.accepted:
                return Batched(applied, outcome)
        return Batched(len(actions))

    def flush(self) -> None:
        """Send the held actions now (the end of a hand)."""
        if not self.held:
            return
        if self.batched:
            self._send([], None)
            return
        held, self.held = self.held, []
        for one in held:
            outcome = self.engine.apply(one.seat, one.action)
            if not outcome.accepted:
                self.refused(one, outcome)
            self.path.append((one.seat, one.action))

    def _send(self, actions: list[tuple[int, str]], state: dict | None) -> Batched:
        """One ``batch`` request: the held actions, then ``actions``; what it says of
        ``actions`` (how many applied, the refusal, the state) is returned."""
        held, self.held = self.held, []
        self.looked = {}
        answer = self.engine.batch([(h.seat, h.action) for h in held] + list(actions),
                                   state)
        accepted = min(answer.applied, len(held))
        self.path.extend((h.seat, h.action) for h in held[:accepted])
        if accepted < len(held):
            self.refused(held[accepted], answer.refused)
        if state is not None:
            self.looked[state.get("seat")] = answer.state
        return Batched(answer.applied - len(held), answer.refused, answer.state)


def _state_args(seat: int | None) -> dict:
    """A ``state`` request's arguments."""
    return {} if seat is None else {"seat": seat}
