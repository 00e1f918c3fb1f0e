"""Playing one case against a started engine: deal, apply ``start`` (its actions as
written, its setup steps as goals: :mod:`.setup`), then the steps, and stop at the first
divergence (which step, what was expected, what came back).  A failure is then charged
to a rule (:mod:`.charge`).  The actions the engine must accept are held and sent with
the runner's next look at the state (see :mod:`~rookery.conformance.protocol.batch`)."""

from __future__ import annotations

from ..diagnosis.compare import compare, seats_needed
from ..protocol.batch import NO_LOOK, Held, Pending
from ..protocol.engines import DealRefused, EngineInfo, Unsupported
from .cases import Case
from .charge import charge, charge_later
from .results import FAIL, PASS, SKIP, CaseResult, Divergence, Diverged, Played
from .setup import ORDER_RULES, Burial, burials, lay_aside, setup


def _split(text: str) -> tuple[int, str]:
    """``"SEAT ACTION"``; a seat that no table has (thousands of digits) is the case's
    mistake, shown where it stands."""
    seat, _, action = text.partition(" ")
    if not seat.isdigit() or len(seat) > 3:
        raise Diverged(Divergence("start", text, "SEAT ACTION with a seat of the table",
                                  "no such seat", "the case names a seat no table has"))
    return int(seat), action


def play_case(engine, info: EngineInfo, case: Case, oracle=None) -> CaseResult:
    """One case against a started engine (EngineFailure propagates to the caller).

    ``oracle`` is the spec's variant: a failure is diagnosed against it (see
    :func:`charge`)."""
    if case.variant not in info.variants:
        return CaseResult(case, SKIP, message=f"the engine does not play {case.variant}")
    played = Played()
    pending = Pending(engine, info.features, played.path,
                      lambda held, outcome: _refused(played, held, outcome))
    try:
        pending.deal(case.variant, case.deal,
                     _first_look(case.start, case.steps, len(case.deal["hands"])))
    except Unsupported as refusal:
        return CaseResult(case, SKIP, message=f"unsupported variant: {refusal}")
    except DealRefused as refusal:
        return CaseResult(case, FAIL, Divergence("deal", case.deal, "the deal accepted",
                                                 f"refused ({refusal.code})", refusal.message),
                          output=refusal.output)
    if case.next_hands and "next-hand" not in info.features:
        return CaseResult(case, SKIP, message="a game of several hands: the engine does not "
                          "declare the 'next-hand' feature")
    try:
        _play_hand(pending, info, case.start, case.steps, len(case.deal["hands"]), played, "",
                   case.rules)
        for number, following in enumerate(case.next_hands, 2):
            where = f"hand {number} "
            played.later = True
            played.hands.append((len(played.path), following))
            try:
                pending.deal(case.variant, {"next": True, "hands": following["hands"],
                                            "nest": following["nest"]},
                             _first_look(following.get("start", ()), following["steps"],
                                         len(following["hands"])))
            except (DealRefused, Unsupported) as refusal:
                raise Diverged(Divergence(f"{where}deal", following, "the next hand dealt",
                                          f"refused ({getattr(refusal, 'code', '')})",
                                          getattr(refusal, "message", str(refusal))))
            _play_hand(pending, info, following.get("start", ()), following["steps"],
                       len(following["hands"]), played, where, case.rules)
    except Diverged as diverged:
        result = CaseResult(case, FAIL, diverged.divergence, setup=tuple(played.chosen))
        if oracle is not None and not played.later:
            charge(result, engine, info, oracle, played)
        elif played.later:
            charge_later(result, engine, info, oracle, played)
        return result
    return CaseResult(case, PASS, setup=tuple(played.chosen))


def _play_hand(pending: Pending, info: EngineInfo, start, steps, players: int,
               played: Played, where: str, rules=()) -> None:
    """One hand of a case: its start (actions and setup goals; a burial and the naming
    of trump as one act, unless the case is about their order: see :mod:`.setup`), then
    its steps.  The actions the engine must accept are held and sent with the runner's
    next look at the state (see :mod:`~rookery.conformance.protocol.batch`)."""
    played.in_setup = True
    for index, entry, used in burials(start, rules):
        label = f"{where}start {index + 1}"
        if isinstance(entry, Burial):
            lay_aside(pending, label, entry, played,
                      _first_look(start[index + used:], steps, players))
            continue
        if isinstance(entry, dict):
            setup(pending, label, entry, played,
                  _first_look(start[index + 1:], steps, players))
            continue
        try:
            seat, action = _split(entry)
        except Diverged:
            pending.flush()             # an action before it may diverge first
            raise
        _accepted(pending, label, entry, seat, action, played)
    played.in_setup = False
    for index, step in enumerate(steps):
        _play_step(pending, info, f"{where}step {index + 1}", step, players, played, rules)
    pending.flush()


# The two acts of the bid winner whose order is the engine's flow: a case that is not
# about that order (ORDER_RULES) does not fail on which of them the engine is in.
_BURIAL_AND_TRUMP = frozenset({"discard", "trump"})


def _flow_apart(found, rules, played: Played, where: str):
    """The mismatches of a look at the state, less a phase that is the burial where the
    engine names trump first (or the other way round), in a case that is not about
    their order: a case about the auction, the play or the score does not depend on the
    engine's order of phases (the cases about ``trump.named`` still check it).  Said in
    the result's setup, never passed over silently."""
    if ORDER_RULES & set(rules):
        return found
    out = []
    for mismatch in found:
        if mismatch.key == "phase" and {mismatch.expected, mismatch.actual} == \
                _BURIAL_AND_TRUMP:
            played.chosen.append(f"{where}: the engine's phase is {mismatch.actual} where "
                                 f"the spec's is {mismatch.expected} (the order of the "
                                 "burial and the naming of trump, checked by the cases "
                                 "about trump.named)")
            continue
        out.append(mismatch)
    return out


def _first_look(start, steps, players: int):
    """The seat whose state the runner reads first in a hand (``None``: the table's), or
    :data:`~.batch.NO_LOOK` when it offers an action first: an engine with batches
    gives that state with the deal."""
    if start:
        first = start[0]
        return None if isinstance(first, dict) and "auction" in first else NO_LOOK
    if not steps:
        return NO_LOOK
    step = steps[0]
    if "expect" in step:
        seats = seats_needed(step["expect"])
        if not seats:
            return None
        return seats[0] if isinstance(seats[0], int) and 0 <= seats[0] < players else NO_LOOK
    if "reject" in step:
        return step["seat"] if 0 <= step["seat"] < players else None
    return NO_LOOK


def _accepted(pending: Pending, where: str, written, seat: int, action: str,
              played: Played) -> None:
    """An action the engine must accept (a start action, a ``do`` step): held until the
    runner next looks (:func:`_refused` if the engine refuses it)."""
    pending.accept(Held(seat, action, where, written, played.in_setup))


def _refused(played: Played, held: Held, outcome) -> None:
    """The engine refused an action it must accept: the case diverges at its step."""
    played.failed = (held.seat, held.action)
    played.in_setup = held.in_setup
    raise Diverged(Divergence(held.where, held.written, "accepted",
                              f"rejected ({outcome.code})", outcome.message))


def _comparable(state: dict) -> dict:
    """A state with its sets put in order, so that two answers can be compared."""
    out = dict(state)
    for key in ("legal", "hand"):
        if isinstance(out.get(key), list):
            out[key] = sorted(map(str, out[key]))
    return out


def _play_step(pending: Pending, info: EngineInfo, where: str, step: dict, players: int,
               played: Played, rules=()) -> None:
    if "expect" in step:
        expect = step["expect"]
        seats = seats_needed(expect)
        seat_states = {seat: pending.state(seat) for seat in seats}
        state = seat_states[seats[0]] if seats else pending.state(None)
        found = compare(expect, state, seat_states)
        found = _flow_apart(found, rules, played, where)
        if found:
            played.engine_state = state
            detail = "; ".join(f"{m.key}: {m.detail}" if m.detail else f"{m.key} differs"
                               for m in found)
            raise Diverged(Divergence(where, step, {m.key: m.expected for m in found},
                                      {m.key: m.actual for m in found}, detail))
        return
    seat, action = step["seat"], step["do"]
    if "reject" not in step:
        _accepted(pending, where, step, seat, action, played)
        return
    played.refused = (seat, action)
    # The state "unchanged" includes the seat's own cards (when it is a seat at all).
    asked = seat if 0 <= seat < players else None
    before = _comparable(pending.state(asked))
    answer = pending.offer([(seat, action)], asked, state=True)
    if answer.applied:
        raise Diverged(Divergence(where, step, f"rejected ({step['reject']})", "accepted"))
    outcome = answer.refused
    if info.error_codes and outcome.code != step["reject"]:
        raise Diverged(Divergence(where, step, f"rejected ({step['reject']})",
                                  f"rejected ({outcome.code})", outcome.message))
    after = _comparable(answer.state if answer.state is not None else pending.state(asked))
    played.refused = None
    if after != before:
        changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
        raise Diverged(Divergence(where, step, "the state unchanged by a rejected action",
                                  {k: after.get(k) for k in changed},
                                  "changed: " + ", ".join(changed)))
