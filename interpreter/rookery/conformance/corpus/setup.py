"""Setup steps of a case's ``start``: goals the runner satisfies with whatever the engine
accepts, rather than actions it must take as written -- an auction won by a given seat
(at a given bid or the lowest the engine allows), and cards laid aside as one act (in
any order the engine takes them).  A burial written next to the naming of trump is one
act too, whose parts an engine may take in either order (trump named before the burial,
or after it, as its flow has it), so that a case about the play, the scoring or the end
of the game does not depend on the engine's order of phases.  The report says what each
step chose."""

from __future__ import annotations

from dataclasses import dataclass

from ..protocol.batch import NO_LOOK, Pending
from .results import Divergence, Diverged, Played


def setup(pending: Pending, where: str, entry: dict, played: Played,
          look=NO_LOOK) -> None:
    """A setup step, satisfied with whatever the engine accepts; its choices are kept for
    the report.  ``look``: the state the runner reads next (see ``play._first_look``)."""
    if "auction" in entry:
        _auction(pending, where, entry["auction"], played)
    else:
        _discard(pending, where, entry["discard"], played, look)


def _auction(pending: Pending, where: str, goal: dict, played: Played) -> None:
    """Seat ``winner`` takes the contract (at ``bid``, or at the lowest bid the engine
    allows it); every other seat passes while it may."""
    winner, amount = goal["winner"], goal.get("bid")
    state = None
    for _ in range(200):
        if state is None:
            state = pending.state(None)
        if state.get("phase") != "bidding":
            if state.get("bidder") != winner:
                raise Diverged(Divergence(where, {"auction": goal},
                                          f"seat {winner} wins the auction",
                                          {"phase": state.get("phase"),
                                           "bidder": state.get("bidder")},
                                          "the auction ended otherwise"))
            played.chosen.append(f"seat {winner} won the auction at {state.get('high_bid')}")
            return
        seat = state.get("to_act")
        legal = [str(a) for a in state.get("legal") or []]
        bids = sorted((a for a in legal if a.startswith("bid ")),
                      key=lambda a: int(a.split()[1]) if a.split()[1].isdigit() else 0)
        if seat == winner and state.get("bidder") != winner:
            action = f"bid {amount}" if amount is not None else (bids[0] if bids else "pass")
        else:
            action = "pass" if "pass" in legal or not bids else bids[0]
        answer = pending.offer([(seat, action)], state=True)
        if not answer.applied:
            played.failed = (seat, action)
            raise Diverged(Divergence(where, {"auction": goal}, f"{seat} {action} accepted",
                                      f"rejected ({answer.refused.code})",
                                      answer.refused.message))
        played.path.append((seat, action))
        state = answer.state        # None from an engine without batches: asked above
    raise Diverged(Divergence(where, {"auction": goal}, "the auction to end",
                              "it went on for 200 actions"))


def _discard(pending: Pending, where: str, goal: dict, played: Played,
             look=NO_LOOK) -> None:
    """Seat ``seat`` lays ``cards`` aside as one act (see :func:`lay_aside`)."""
    lay_aside(pending, where, Burial(goal["seat"], tuple(goal["cards"]),
                                     written={"discard": goal}), played, look)


@dataclass(frozen=True)
class Burial:
    """The bid winner's cards laid aside (``nest.discard``) and, where the case names it
    next to them, the trump it names (``trump``): one act whose parts an engine may take
    in either order, or together.  ``trump_first``: the order the case writes."""

    seat: int
    cards: tuple[str, ...]
    trump: str | None = None
    trump_first: bool = False
    written: object = None          # the case's own entries, for the report

    @property
    def actions(self) -> list[str]:
        discards = [f"discard {card}" for card in self.cards]
        if self.trump is None:
            return discards
        return [self.trump] + discards if self.trump_first else discards + [self.trump]


def lay_aside(pending: Pending, where: str, burial: Burial, played: Played,
              look=NO_LOOK) -> None:
    """The burial as one act: each of its actions is offered in turn, and one the engine
    will not take yet is offered again after the others (offered from the first after
    each one taken: all of them at once, up to a refusal).  So the cards go aside in any
    order the engine takes them (forced counters first, say), and the trump is named
    before or after them, as the engine's flow has it.  An engine with batches answers
    each offer with the state of ``look``, the one the runner reads next (when it reads
    one before its next action)."""
    seat, left = burial.seat, burial.actions
    written = list(left)
    taken: list[str] = []
    refusals = {}
    at = 0                  # the action offered next: the one after those just refused
    first = None            # where in the path the burial begins (held actions go first)
    while left:
        if at < len(left):
            offered = list(left) if at == 0 else left[at:at + 1]
            answer = pending.offer([(seat, action) for action in offered],
                                   None if look is NO_LOOK else look,
                                   state=look is not NO_LOOK)
            for action in offered[:answer.applied]:
                if first is None:
                    first = len(played.path)
                played.path.append((seat, action))
                taken.append(action)
                left.remove(action)
            if answer.refused is None:
                at = 0
            else:
                refusals[offered[answer.applied]] = answer.refused
                at += 1
        else:
            action = left[0]
            played.failed = (seat, action)
            cards = [a.removeprefix("discard ") for a in left if a.startswith("discard ")]
            wanted = f"{', '.join(cards)} laid aside" if len(cards) == len(left) else \
                f"{', '.join(left)} taken as one act"
            raise Diverged(Divergence(where, burial.written, wanted,
                                      f"rejected ({refusals[action].code})",
                                      refusals[action].message))
    cards = ", ".join(burial.cards)
    if burial.trump is None:
        played.chosen.append(f"seat {seat} laid aside {cards}")
        return
    before = taken.index(burial.trump) < len(burial.cards)
    played.chosen.append(f"seat {seat} " + (f"named {burial.trump.split()[1]} before laying "
                         f"aside {cards}" if before else f"laid aside {cards}, then named "
                         f"{burial.trump.split()[1]}"))
    if before != burial.trump_first:
        # The trump on the other side of the burial than the spec has it: the spec
        # replays the case's order (cards laid aside in another order are the same act).
        played.reordered.append((first, [(seat, action) for action in written]))


# The rule that orders the burial and the naming of trump: a case about it keeps its own
# order, every other case lets the engine take them in the order of its flow.
ORDER_RULES = frozenset({"trump.named"})


def burials(start, rules) -> list[tuple[int, object, int]]:
    """The entries of a ``start`` as (index, entry, entries used), where a burial next to the naming of
    trump by the same seat is one :class:`Burial` (index: its first entry): the cards as
    a setup goal (``{"discard": ...}``) or as ``SEAT discard CARD`` actions in a row,
    then or before ``SEAT trump COLOR``.  A case whose rules include the order
    (:data:`ORDER_RULES`) has its entries as written."""
    entries = [(index, entry, 1) for index, entry in enumerate(start)]
    if ORDER_RULES & set(rules):
        return entries
    out: list[tuple[int, object, int]] = []
    at = 0
    while at < len(entries):
        found = _burial_at(start, at)
        if found is None:
            out.append(entries[at])
            at += 1
            continue
        burial, used = found
        out.append((at, burial, used))
        at += used
    return out


def _burial_at(start, at: int) -> tuple[Burial, int] | None:
    """A burial and its trump beginning at ``start[at]`` (either part first), and how
    many entries it takes."""
    cards_first = _cards_at(start, at)
    if cards_first is not None:
        seat, cards, used = cards_first
        trump = _trump_at(start, at + used, seat)
        if trump is not None:
            return Burial(seat, cards, trump, False, list(start[at:at + used + 1])), used + 1
        return None
    first = start[at]
    seat = _seat(first)
    trump = _trump_at(start, at, seat) if seat is not None else None
    after = _cards_at(start, at + 1) if trump is not None else None
    if after is not None and after[0] == seat:
        _, cards, used = after
        return Burial(seat, cards, trump, True, list(start[at:at + used + 1])), used + 1
    return None


def _seat(entry) -> int | None:
    if isinstance(entry, str):
        seat = entry.partition(" ")[0]
        return int(seat) if seat.isdigit() and len(seat) <= 3 else None
    return None


def _cards_at(start, at: int) -> tuple[int, tuple[str, ...], int] | None:
    """A burial at ``start[at]``: a discard goal, or ``SEAT discard CARD`` entries of
    one seat in a row: (seat, cards, entries used)."""
    if at >= len(start):
        return None
    entry = start[at]
    if isinstance(entry, dict):
        goal = entry.get("discard")
        return (goal["seat"], tuple(goal["cards"]), 1) if goal else None
    seat = _seat(entry)
    cards = []
    while at + len(cards) < len(start):
        words = str(start[at + len(cards)]).split()
        if _seat(start[at + len(cards)]) != seat or len(words) != 3 or words[1] != "discard":
            break
        cards.append(words[2])
    return (seat, tuple(cards), len(cards)) if cards else None


def _trump_at(start, at: int, seat: int) -> str | None:
    """``SEAT trump COLOR`` at ``start[at]`` for that seat: the action."""
    if at >= len(start) or _seat(start[at]) != seat:
        return None
    action = start[at].partition(" ")[2]
    return action if action.startswith("trump ") else None
