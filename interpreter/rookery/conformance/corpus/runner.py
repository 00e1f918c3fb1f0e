"""Running cases against an engine: deal, apply ``start`` unchecked (or satisfy its
setup steps with whatever the engine accepts), then the steps, and stop a case at its
first divergence (which step, what was expected, what came back).

A failing case is then diagnosed against the spec (the oracle): the deal is replayed with
every comparison the fuzzer makes, and the failure is charged to the rule that governs
the step that failed -- or, when the engine parted from the spec before the case reached
its own rules, the case is *blocked* by the rule that diverged first.

An engine failure (crash, hang, garbage, broken protocol) is that case's verdict; the
engine is restarted and the run goes on with the next case.  An engine that fails its
``hello`` gives every case that verdict (:func:`start_failure_run`).  A run stopped by
SIGINT or SIGTERM ends with the cases done so far, the others not run, and says so
(``Run.interrupted``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from ...engine.actions import Action
from ...interrupts import INTERRUPTS, signal_name
from ..protocol.batch import NO_LOOK, Held, Pending
from .cases import Case
from ..diagnosis.compare import compare, seats_needed
from ..protocol.engines import DealRefused, EngineFailure, EngineInfo, Unsupported

PASS, FAIL, SKIP, NOT_RUN = "pass", "fail", "skip", "not-run"
XFAIL, XPASS = "xfail", "xpass"
FAILURES = ("fail", "error", "crash", "timeout", "garbage", "protocol-error", "flood")
NOT_RUN = "not-run"     # the run's --budget ran out before (or during) the case


@dataclass
class Divergence:
    """Where a case first went wrong: the step (``deal``, ``start 3``, ``step 5``), the
    step as written, what was expected and what the engine did."""

    where: str
    step: Any
    expected: Any
    actual: Any
    detail: str = ""

    def to_json(self) -> dict:
        return {"where": self.where, "step": self.step, "expected": self.expected,
                "actual": self.actual, "detail": self.detail}


@dataclass
class CaseResult:
    case: Case
    verdict: str
    divergence: Divergence | None = None
    message: str = ""
    output: list[str] = field(default_factory=list)
    seconds: float = 0.0
    reason: str = ""            # why a case is an expected failure
    charged: tuple[str, ...] = ()       # the rules the failing step is charged to
    blocked_by: tuple[str, ...] = ()    # the rules that diverged before the case's own
    setup: tuple[str, ...] = ()         # what the setup steps chose ("seat 2 bid 100")
    diagnosis: str = ""                 # where the engine first parted from the spec

    @property
    def ok(self) -> bool:
        return self.verdict in (PASS, SKIP, XFAIL)

    @property
    def blocked(self) -> bool:
        return bool(self.blocked_by)

    @property
    def cause(self) -> tuple[str, tuple[str, ...]]:
        """What a failure comes down to, for grouping: blocked by a rule, a rule broken,
        or the engine's own verdict."""
        if self.blocked_by:
            return ("blocked", self.blocked_by)
        if self.verdict == FAIL:
            return ("fail", self.charged)
        return (self.verdict, ())

    def to_json(self) -> dict:
        out = {"id": self.case.id, "variant": self.case.variant, "verdict": self.verdict,
               "rules": list(self.case.rules), "tags": list(self.case.tags),
               "file": self.case.file, "description": self.case.description,
               "seconds": round(self.seconds, 4)}
        if self.divergence:
            out["divergence"] = self.divergence.to_json()
        if self.message:
            out["message"] = self.message
        if self.output:
            out["output"] = self.output
        if self.reason:
            out["reason"] = self.reason
        if self.charged:
            out["charged"] = list(self.charged)
        if self.blocked_by:
            out["blocked_by"] = list(self.blocked_by)
        if self.setup:
            out["setup"] = list(self.setup)
        if self.diagnosis:
            out["diagnosis"] = self.diagnosis
        return out


class _Diverged(Exception):
    def __init__(self, divergence: Divergence):
        self.divergence = divergence


def _split(text: str) -> tuple[int, str]:
    """``"SEAT ACTION"``; a seat that no table has (thousands of digits) is the case's
    mistake, shown where it stands."""
    seat, _, action = text.partition(" ")
    if not seat.isdigit() or len(seat) > 3:
        raise _Diverged(Divergence("start", text, "SEAT ACTION with a seat of the table",
                                   "no such seat", "the case names a seat no table has"))
    return int(seat), action


def play_case(engine, info: EngineInfo, case: Case, oracle=None) -> CaseResult:
    """One case against a started engine (EngineFailure propagates to the caller).

    ``oracle`` is the spec's variant: a failure is diagnosed against it (see
    :func:`charge`)."""
    if case.variant not in info.variants:
        return CaseResult(case, SKIP, message=f"the engine does not play {case.variant}")
    played = _Played()
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
        _play_hand(pending, info, case.start, case.steps, len(case.deal["hands"]), played, "")
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
                raise _Diverged(Divergence(f"{where}deal", following, "the next hand dealt",
                                           f"refused ({getattr(refusal, 'code', '')})",
                                           getattr(refusal, "message", str(refusal))))
            _play_hand(pending, info, following.get("start", ()), following["steps"],
                       len(following["hands"]), played, where)
    except _Diverged as diverged:
        result = CaseResult(case, FAIL, diverged.divergence, setup=tuple(played.chosen))
        if oracle is not None and not played.later:
            charge(result, engine, info, oracle, played)
        elif played.later:
            _charge_later(result, engine, info, oracle, played)
        return result
    return CaseResult(case, PASS, setup=tuple(played.chosen))


def _play_hand(pending: Pending, info: EngineInfo, start, steps, players: int,
               played: "_Played", where: str) -> None:
    """One hand of a case: its start (actions and setup goals), then its steps.  The
    actions the engine must accept are held and sent with the runner's next look at the
    state (see :mod:`.batch`)."""
    played.in_setup = True
    for index, entry in enumerate(start):
        label = f"{where}start {index + 1}"
        if isinstance(entry, dict):
            _setup(pending, label, entry, played,
                   _first_look(start[index + 1:], steps, players))
            continue
        try:
            seat, action = _split(entry)
        except _Diverged:
            pending.flush()             # an action before it may diverge first
            raise
        _accepted(pending, label, entry, seat, action, played)
    played.in_setup = False
    for index, step in enumerate(steps):
        _play_step(pending, info, f"{where}step {index + 1}", step, players, played)
    pending.flush()


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
              played: "_Played") -> None:
    """An action the engine must accept (a start action, a ``do`` step): held until the
    runner next looks (:func:`_refused` if the engine refuses it)."""
    pending.accept(Held(seat, action, where, written, played.in_setup))


def _refused(played: "_Played", held: Held, outcome) -> None:
    """The engine refused an action it must accept: the case diverges at its step."""
    played.failed = (held.seat, held.action)
    played.in_setup = held.in_setup
    raise _Diverged(Divergence(held.where, held.written, "accepted",
                               f"rejected ({outcome.code})", outcome.message))


@dataclass
class _Played:
    """What a case has done so far: the actions the engine accepted, the setup's choices,
    and the step that failed (an action it refused, or one it should have refused)."""

    path: list = field(default_factory=list)
    chosen: list = field(default_factory=list)
    in_setup: bool = True
    later: bool = False                  # in a game's second or later hand
    hands: list = field(default_factory=list)   # (where in path, next hand) per later hand
    failed: tuple | None = None          # (seat, action) the engine refused
    refused: tuple | None = None         # (seat, action) the engine should have refused


def _setup(pending: Pending, where: str, entry: dict, played: _Played,
           look=NO_LOOK) -> None:
    """A setup step, satisfied with whatever the engine accepts; its choices are kept for
    the report.  ``look``: the state the runner reads next (see :func:`_first_look`)."""
    if "auction" in entry:
        _auction(pending, where, entry["auction"], played)
    else:
        _discard(pending, where, entry["discard"], played, look)


def _auction(pending: Pending, where: str, goal: dict, played: _Played) -> None:
    """Seat ``winner`` takes the contract (at ``bid``, or at the lowest bid the engine
    allows it); every other seat passes while it may."""
    winner, amount = goal["winner"], goal.get("bid")
    state = None
    for _ in range(200):
        if state is None:
            state = pending.state(None)
        if state.get("phase") != "bidding":
            if state.get("bidder") != winner:
                raise _Diverged(Divergence(where, {"auction": goal},
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
            raise _Diverged(Divergence(where, {"auction": goal}, f"{seat} {action} accepted",
                                       f"rejected ({answer.refused.code})",
                                       answer.refused.message))
        played.path.append((seat, action))
        state = answer.state        # None from an engine without batches: asked above
    raise _Diverged(Divergence(where, {"auction": goal}, "the auction to end",
                               "it went on for 200 actions"))


def _discard(pending: Pending, where: str, goal: dict, played: _Played,
             look=NO_LOOK) -> None:
    """Seat ``seat`` lays ``cards`` aside as one act: each card is offered in turn, and a
    card the engine will not take yet is offered again after the others (the cards are
    offered from the first after each one taken: all of them at once, up to a refusal).
    An engine with batches answers each offer with the state of ``look``, the one the
    runner reads next (when it reads one before its next action)."""
    seat, left = goal["seat"], list(goal["cards"])
    refusals = {}
    at = 0                  # the card offered next: the one after the cards just refused
    while left:
        if at < len(left):
            offered = list(left) if at == 0 else left[at:at + 1]
            answer = pending.offer([(seat, f"discard {card}") for card in offered],
                                   None if look is NO_LOOK else look,
                                   state=look is not NO_LOOK)
            for card in offered[:answer.applied]:
                played.path.append((seat, f"discard {card}"))
                left.remove(card)
            if answer.refused is None:
                at = 0
            else:
                refusals[offered[answer.applied]] = answer.refused
                at += 1
        else:
            card = left[0]
            played.failed = (seat, f"discard {card}")
            raise _Diverged(Divergence(where, {"discard": goal},
                                       f"{', '.join(left)} laid aside",
                                       f"rejected ({refusals[card].code})",
                                       refusals[card].message))
    played.chosen.append(f"seat {seat} laid aside {', '.join(goal['cards'])}")


def _comparable(state: dict) -> dict:
    """A state with its sets put in order, so that two answers can be compared."""
    out = dict(state)
    for key in ("legal", "hand"):
        if isinstance(out.get(key), list):
            out[key] = sorted(map(str, out[key]))
    return out


def _play_step(pending: Pending, info: EngineInfo, where: str, step: dict, players: int,
               played: _Played) -> None:
    if "expect" in step:
        expect = step["expect"]
        seats = seats_needed(expect)
        seat_states = {seat: pending.state(seat) for seat in seats}
        state = seat_states[seats[0]] if seats else pending.state(None)
        found = compare(expect, state, seat_states)
        if found:
            detail = "; ".join(f"{m.key}: {m.detail}" if m.detail else f"{m.key} differs"
                               for m in found)
            raise _Diverged(Divergence(where, step, {m.key: m.expected for m in found},
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
        raise _Diverged(Divergence(where, step, f"rejected ({step['reject']})", "accepted"))
    outcome = answer.refused
    if info.error_codes and outcome.code != step["reject"]:
        raise _Diverged(Divergence(where, step, f"rejected ({step['reject']})",
                                   f"rejected ({outcome.code})", outcome.message))
    after = _comparable(answer.state if answer.state is not None else pending.state(asked))
    played.refused = None
    if after != before:
        changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
        raise _Diverged(Divergence(where, step, "the state unchanged by a rejected action",
                                   {k: after.get(k) for k in changed},
                                   "changed: " + ", ".join(changed)))


def charge(result: CaseResult, engine, info: EngineInfo, oracle, played: _Played) -> None:
    """Diagnose a failed case against the spec: replay its deal with every comparison and
    name the rule of the first difference.  A difference before the case reached its own
    rules (in its setup, or in a rule it does not check) *blocks* the case; otherwise the
    failure is charged to the rule that governs the failing step."""
    from ..diagnosis.lockstep import STOPPING, diagnose
    try:
        found = diagnose(oracle, engine, info, result.case.deal, played.path,
                         action=played.failed, refused=played.refused)
    except EngineFailure:
        raise
    except Exception:  # noqa: BLE001 - a diagnosis never turns a failure into a crash
        return
    reached = len(played.path)
    # A difference the replay could not get past, before the failing step, blocks it;
    # one the case passed through (a legal set that differs elsewhere) only explains.
    own = set(result.case.rules)
    for difference in found:            # left unattributed: the rules it fits
        if not difference.rules and difference.fits:
            difference.rules = tuple(r for r in difference.fits if r in own) or \
                difference.fits
        elif not difference.rules and difference.detail == "the highest bids differ":
            # No maximum clause: the spec's highest bid is the points a hand holds.
            difference.rules = (oracle_rule(oracle, "bidding", "maximum"),)
    found = [d for d in found if d.rules]
    blocker = next((d for d in found if d.kind in STOPPING and len(d.path) < reached), None)
    at_step = [d for d in found if len(d.path) >= reached]
    first = blocker or (at_step[0] if at_step else None)
    if first is not None:
        from ..diagnosis.lockstep import KINDS
        result.diagnosis = (f"after {len(first.path)} accepted actions the engine "
                            f"{KINDS.get(first.kind, first.kind)}"
                            + (f" ({first.detail})" if first.detail else "")
                            + f": expected {_short(first.expected)}, the engine "
                            f"{_short(first.actual)}")
    if blocker is not None:
        rules, before = blocker.rules, True
    elif at_step:
        rules, before = at_step[0].rules, False
    else:
        rules = _step_rules(oracle, result, played) or (found[-1].rules if found else ())
        before = False
    if not rules and found:         # the engine parts from the spec, but says not where
        rules = _governing(oracle, result, played)
    own = set(result.case.rules)
    if rules and not own & set(rules) and (played.in_setup or before):
        result.blocked_by = rules
    else:
        result.charged = rules or tuple(result.case.rules)


def _charge_later(result: CaseResult, engine, info: EngineInfo, oracle,
                  played: _Played) -> None:
    """A failure in a game's later hand: if the engine parted from the spec in the first
    hand already (its setup chose what the spec would not), that blocks the case;
    otherwise the later hand's failing expectation is told by the game replayed."""
    if oracle is None:
        result.charged = tuple(result.case.rules)
        return
    from ..diagnosis.lockstep import STOPPING, diagnose
    first = played.path[:played.hands[0][0]]
    try:
        found = [d for d in diagnose(oracle, engine, info, result.case.deal, first)
                 if d.rules and d.kind in STOPPING]
    except EngineFailure:
        raise
    except Exception:  # noqa: BLE001 - a diagnosis never turns a failure into a crash
        found = []
    if found:
        rules = found[0].rules
        if set(rules) & set(result.case.rules):
            result.charged = rules
        else:
            result.blocked_by = rules
        return
    rules = _later_rules(oracle, result, played)
    if rules and played.in_setup and not set(rules) & set(result.case.rules):
        result.blocked_by = rules       # the later hand's setup did not get through
        return
    result.charged = rules or tuple(result.case.rules)


def oracle_rule(oracle, section: str, key: str) -> str:
    from ...engine.tables import tables_for
    return tables_for(oracle).rule(section, key)


def _replayed(oracle, deal: dict, path):
    """The spec's hand after ``path`` from ``deal`` (None if the spec refuses it)."""
    from ..protocol.session import Session
    session = Session({oracle.id: oracle})
    try:
        session.deal(oracle.id, deal["dealer"], deal["hands"], deal["nest"],
                     deal.get("scores"), deal.get("number", 0))
        for seat, action in path:
            session.apply(seat, action)
    except Exception:  # noqa: BLE001 - the case's own script is not the spec's
        return None
    return session.hand


def _governing(oracle, result: CaseResult, played: _Played) -> tuple[str, ...]:
    """When nothing else tells: the rules that shape the spec's decision at the failing
    step (its legal set and whose turn), not every rule the case lists."""
    from ...engine import attribution
    hand = _replayed(oracle, result.case.deal, played.path)
    if hand is None:
        return ()
    if hand.is_over:
        return attribution.scoring_rules(hand)
    return attribution.legal_rules(hand)


def _short(value, limit: int = 120) -> str:
    import json
    text = value if isinstance(value, str) else json.dumps(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _later_rules(oracle, result: CaseResult, played: _Played) -> tuple[str, ...]:
    """The rules behind a failing expectation in a game's later hand: the game replayed
    in the spec, and the expectation's parts that differ told as the fuzzer tells them
    (a result, the end of the game, the deal passing on)."""
    from ...engine import attribution
    from ..protocol.session import Session
    session = Session({oracle.id: oracle})
    deal = result.case.deal
    try:
        session.deal(oracle.id, deal["dealer"], deal["hands"], deal["nest"],
                     deal.get("scores"), deal.get("number", 0))
        done = 0
        for upto, following in played.hands:
            for seat, action in played.path[done:upto]:
                session.apply(seat, action)
            session.deal_next(following["hands"], following["nest"])
            done = upto
        for seat, action in played.path[done:]:
            session.apply(seat, action)
    except Exception:  # noqa: BLE001 - the case's own script is not the spec's
        return ()
    hand = session.hand
    divergence = result.divergence
    if played.failed is not None and not hand.is_over:
        # An action of the case the engine refused: whose turn it is, or why the rules
        # allow it.
        seat, text = played.failed
        if "not-your-turn" in str(divergence.actual) or seat != hand.actor:
            return attribution.turn_rules(hand)
        code = str(divergence.actual).removeprefix("rejected (").rstrip(")")
        clause = attribution.CODE_CLAUSES.get(code)
        if clause is not None:          # the rule the engine applied where the spec does not
            return (hand.t.rule(*clause),)
        try:
            return attribution.permit_rules(hand, Action.parse(text))
        except Exception:  # noqa: BLE001
            return ()
    expected = divergence.expected if isinstance(divergence.expected, dict) else {}
    actual = divergence.actual if isinstance(divergence.actual, dict) else {}
    rules: list[str] = []
    if "result" in expected and hand.result is not None:
        theirs = actual.get("result") if isinstance(actual.get("result"), dict) else {}
        wanted = session.state(None)["result"]
        rules += attribution.result_rules(hand, {k: wanted.get(k) for k in theirs}, theirs)
    if "game_over" in expected and hand.result is not None:
        rules += attribution.game_rules(hand, expected["game_over"], actual.get("game_over"))
    if "to_act" in expected:
        rules += attribution.turn_rules(hand)
    if "phase" in expected:
        rules += attribution.phase_rules(hand, actual.get("phase"))
    if {"legal", "legal_includes", "legal_excludes"} & set(expected):
        rules += attribution.legal_rules(hand)
    if {"dealer", "number", "scores"} & set(expected):
        results = session.game.results
        before = len(played.hands) - 1         # the hand before the one that failed
        last = results[before] if 0 <= before < len(results) else None
        if last is not None and last.thrown_in and "dealer" in expected:
            rules.append(hand.t.rule("bidding", "all-pass"))
    return tuple(dict.fromkeys(rules))


def _step_rules(oracle, result: CaseResult, played: _Played) -> tuple[str, ...]:
    """The rules behind an ``expect`` the fuzzer's comparisons do not cover (a seat's
    view or hand, tricks won, trump): read from the spec at that point."""
    from ...engine import attribution
    hand = _replayed(oracle, result.case.deal, played.path)
    if hand is None:
        return ()
    divergence = result.divergence
    keys = list(divergence.expected) if divergence and isinstance(divergence.expected, dict) \
        else []
    rules: list[str] = []
    for key in keys:
        if key == "view":
            rules += attribution.view_rules(hand, divergence.expected["view"])
        elif key in ("trump",):
            rules.append(hand.t.rule("trump", "choices"))
        elif key in ("tricks_won", "last_trick"):
            rules += [r for trick in hand.trick_rules for r in trick]
        elif key == "hand":
            seat = divergence.expected["hand"].get("seat", hand.actor) \
                if isinstance(divergence.expected.get("hand"), dict) else hand.actor
            rules += attribution.hand_rules(hand, seat)
        elif key in ("high_bid", "bidder"):
            rules += attribution.auction_rules(hand) if hand.phase != "bidding" else \
                attribution.legal_rules(hand)
    return tuple(dict.fromkeys(rules))


@dataclass
class Run:
    """The results of one run, with who was run."""

    engine: str
    info: EngineInfo | None
    results: list[CaseResult]
    seconds: float = 0.0
    interrupted: str | None = None      # SIGINT or SIGTERM, when the run was stopped

    @property
    def ok(self) -> bool:
        return all(result.ok for result in self.results)


MAX_FAILED_STARTS = 3


class EngineCannotStart(Exception):
    """The engine failed to start before any case ran: the run ends with one message."""

    def __init__(self, failure: EngineFailure):
        self.failure = failure
        super().__init__(f"the engine could not be started ({failure.verdict}): "
                         f"{failure.message}")


class Runner:
    """Cases one at a time against one engine, started on demand.  An engine failure is
    the case's verdict and the engine is restarted for the next case; an engine that
    fails to start ``MAX_FAILED_STARTS`` times in a row is not started again (the
    remaining cases get its last failure)."""

    def __init__(self, engine, expected_failures: dict[str, str] | None = None,
                 oracle_of: Callable[[Case], Any] | None = None):
        self.engine = engine
        self.expected_failures = expected_failures or {}
        self.oracle_of = oracle_of or (lambda case: None)
        self.ever_started = False
        self.info: EngineInfo | None = None
        self.last_info: EngineInfo | None = None
        self.failed_starts = 0
        self.last_start_failure: EngineFailure | None = None

    def _start(self) -> EngineInfo:
        if self.failed_starts >= MAX_FAILED_STARTS:
            failure = self.last_start_failure
            raise EngineFailure(failure.verdict, f"{failure.message} (the engine failed to "
                                f"start {self.failed_starts} times in a row; not started "
                                "again)", failure.output)
        try:
            self.info = self.last_info = self.engine.start()
        except EngineFailure as failure:
            self.failed_starts += 1
            self.last_start_failure = failure
            self.engine.restart()
            if not self.ever_started:
                raise EngineCannotStart(failure) from None
            raise
        self.failed_starts = 0
        self.ever_started = True
        return self.info

    def run(self, case: Case) -> CaseResult:
        began = time.perf_counter()
        try:
            info = self.info or self._start()
            try:
                oracle = self.oracle_of(case)
            except Exception:  # noqa: BLE001 - without an oracle there is no diagnosis
                oracle = None
            if oracle is not None and case.oracle and hasattr(self.engine, "play_as"):
                self.engine.play_as(oracle)     # our interpreter plays the case's own spec
                info = replace(info, variants=info.variants | {oracle.id})
            result = play_case(self.engine, info, case, oracle)
        except EngineFailure as failure:
            result = CaseResult(case, failure.verdict, message=failure.message,
                                output=failure.output)
            if self.info is not None:
                self.engine.restart()
            self.info = None
        result.seconds = time.perf_counter() - began
        reason = self.expected_failures.get(case.id)
        if reason is not None and result.verdict != SKIP:
            result.reason = reason
            if result.verdict == PASS:
                result.verdict = XPASS
                result.message = "listed as an expected failure, but it passes"
            else:
                result.message = (f"expected failure ({result.verdict}): {reason}"
                                  + (f"; {result.message}" if result.message else ""))
                result.verdict = XFAIL
        return result

    def close(self) -> None:
        self.engine.close()


def run_cases(engine, cases: Iterable[Case], expected_failures: dict[str, str] | None = None,
              progress: Callable[[CaseResult], None] | None = None,
              oracle_of: Callable[[Case], Any] | None = None, maxfail: int = 0,
              budget: float | None = None) -> Run:
    """Every case in turn (see :class:`Runner`); with ``maxfail``, the cases after that
    many failures are reported as not run, and so are those left once ``budget`` seconds
    are spent.  Raises :class:`EngineCannotStart` when the engine fails to start before
    the first case."""
    runner = Runner(engine, expected_failures, oracle_of)
    results: list[CaseResult] = []
    began = time.perf_counter()
    if budget is not None and hasattr(engine, "set_deadline"):
        engine.set_deadline(time.monotonic() + budget)
    cases = list(cases)
    try:
        _run_each(runner, cases, results, progress, maxfail, budget, began)
    except INTERRUPTS as stop:
        return interrupted_run(getattr(engine, "label", "engine"), runner.last_info,
                               cases, results, signal_name(stop),
                               time.perf_counter() - began)
    return Run(getattr(engine, "label", "engine"), runner.last_info, results,
               time.perf_counter() - began)


def _run_each(runner: Runner, cases: list[Case], results: list[CaseResult], progress,
              maxfail: int, budget: float | None, began: float) -> None:
    """Each case in turn into ``results`` (which holds those done if the run is
    stopped)."""
    failures = 0
    for case in cases:
        if maxfail and failures >= maxfail:
            results.append(CaseResult(case, NOT_RUN, message=f"not run: the run stopped "
                                      f"after {maxfail} failure(s)"))
            continue
        if budget is not None and time.perf_counter() - began >= budget:
            result = CaseResult(case, NOT_RUN, message=f"the run's budget of {budget:g}s "
                                "was spent before this case")
        else:
            result = runner.run(case)
        failures += not result.ok
        results.append(result)
        if progress:
            progress(result)


def interrupted_run(engine: str, info: EngineInfo | None, cases: list[Case],
                    done: list[CaseResult], name: str, seconds: float) -> Run:
    """A run stopped by the signal ``name``: the cases done, then every other case
    ``not-run`` with the reason."""
    finished = {id(result.case) for result in done}
    rest = [CaseResult(case, NOT_RUN, message=f"not run: the run was interrupted "
                       f"({name})") for case in cases if id(case) not in finished]
    return Run(engine, info, list(done) + rest, seconds, interrupted=name)


def start_failure_run(engine: str, cases: list[Case], failure: EngineFailure,
                      seconds: float) -> Run:
    """The run of an engine that failed its ``hello``: every case gets the failure's
    verdict (crash, timeout, garbage, protocol-error...) with what the engine said."""
    message = f"the engine failed its hello ({failure.verdict}): {failure.message}"
    return Run(engine, None, [CaseResult(case, failure.verdict, message=message,
                                         output=list(failure.output))
                              for case in cases], seconds)
