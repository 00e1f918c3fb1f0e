"""Running cases against an engine: deal, apply ``start`` unchecked, then the steps, and
stop a case at its first divergence (which step, what was expected, what came back).

An engine failure (crash, hang, garbage, broken protocol) is that case's verdict; the
engine is restarted and the run goes on with the next case.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .cases import Case
from .compare import compare, seats_needed
from .engines import DealRefused, EngineFailure, EngineInfo, Unsupported

PASS, FAIL, SKIP = "pass", "fail", "skip"
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

    @property
    def ok(self) -> bool:
        return self.verdict in (PASS, SKIP, XFAIL)

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
        return out


class _Diverged(Exception):
    def __init__(self, divergence: Divergence):
        self.divergence = divergence


def _split(text: str) -> tuple[int, str]:
    seat, _, action = text.partition(" ")
    return int(seat), action


def play_case(engine, info: EngineInfo, case: Case) -> CaseResult:
    """One case against a started engine (EngineFailure propagates to the caller)."""
    if case.variant not in info.variants:
        return CaseResult(case, SKIP, message=f"the engine does not play {case.variant}")
    try:
        engine.deal(case.variant, case.deal)
    except Unsupported as refusal:
        return CaseResult(case, SKIP, message=f"unsupported variant: {refusal}")
    except DealRefused as refusal:
        return CaseResult(case, FAIL, Divergence("deal", case.deal, "the deal accepted",
                                                 f"refused ({refusal.code})", refusal.message),
                          output=refusal.output)
    try:
        for index, text in enumerate(case.start):
            seat, action = _split(text)
            outcome = engine.apply(seat, action)
            if not outcome.accepted:
                raise _Diverged(Divergence(f"start {index + 1}", text, "accepted",
                                           f"rejected ({outcome.code})", outcome.message))
        for index, step in enumerate(case.steps):
            _play_step(engine, info, f"step {index + 1}", step, len(case.deal["hands"]))
    except _Diverged as diverged:
        return CaseResult(case, FAIL, diverged.divergence)
    return CaseResult(case, PASS)


def _comparable(state: dict) -> dict:
    """A state with its sets put in order, so that two answers can be compared."""
    out = dict(state)
    for key in ("legal", "hand"):
        if isinstance(out.get(key), list):
            out[key] = sorted(map(str, out[key]))
    return out


def _play_step(engine, info: EngineInfo, where: str, step: dict, players: int) -> None:
    if "expect" in step:
        expect = step["expect"]
        seats = seats_needed(expect)
        seat_states = {seat: engine.state(seat) for seat in seats}
        state = seat_states[seats[0]] if seats else engine.state(None)
        found = compare(expect, state, seat_states)
        if found:
            detail = "; ".join(f"{m.key}: {m.detail}" if m.detail else f"{m.key} differs"
                               for m in found)
            raise _Diverged(Divergence(where, step, {m.key: m.expected for m in found},
                                       {m.key: m.actual for m in found}, detail))
        return
    seat, action = step["seat"], step["do"]
    if "reject" not in step:
        outcome = engine.apply(seat, action)
        if not outcome.accepted:
            raise _Diverged(Divergence(where, step, "accepted",
                                       f"rejected ({outcome.code})", outcome.message))
        return
    # The state "unchanged" includes the seat's own cards (when it is a seat at all).
    asked = seat if 0 <= seat < players else None
    before = _comparable(engine.state(asked))
    outcome = engine.apply(seat, action)
    if outcome.accepted:
        raise _Diverged(Divergence(where, step, f"rejected ({step['reject']})", "accepted"))
    if info.error_codes and outcome.code != step["reject"]:
        raise _Diverged(Divergence(where, step, f"rejected ({step['reject']})",
                                   f"rejected ({outcome.code})", outcome.message))
    after = _comparable(engine.state(asked))
    if after != before:
        changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
        raise _Diverged(Divergence(where, step, "the state unchanged by a rejected action",
                                   {k: after.get(k) for k in changed},
                                   "changed: " + ", ".join(changed)))


@dataclass
class Run:
    """The results of one run, with who was run."""

    engine: str
    info: EngineInfo | None
    results: list[CaseResult]
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return all(result.ok for result in self.results)


MAX_FAILED_STARTS = 3


class Runner:
    """Cases one at a time against one engine, started on demand.  An engine failure is
    the case's verdict and the engine is restarted for the next case; an engine that
    fails to start ``MAX_FAILED_STARTS`` times in a row is not started again (the
    remaining cases get its last failure)."""

    def __init__(self, engine, expected_failures: dict[str, str] | None = None):
        self.engine = engine
        self.expected_failures = expected_failures or {}
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
            raise
        self.failed_starts = 0
        return self.info

    def run(self, case: Case) -> CaseResult:
        began = time.perf_counter()
        try:
            info = self.info or self._start()
            result = play_case(self.engine, info, case)
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
              budget: float | None = None) -> Run:
    """Every case in turn (see :class:`Runner`); once ``budget`` seconds are spent, the
    rest are ``not-run``."""
    runner = Runner(engine, expected_failures)
    results: list[CaseResult] = []
    began = time.perf_counter()
    if budget is not None and hasattr(engine, "set_deadline"):
        engine.set_deadline(time.monotonic() + budget)
    for case in cases:
        if budget is not None and time.perf_counter() - began >= budget:
            result = CaseResult(case, NOT_RUN, message=f"the run's budget of {budget:g}s "
                                "was spent before this case")
        else:
            result = runner.run(case)
        results.append(result)
        if progress:
            progress(result)
    return Run(getattr(engine, "label", "engine"), runner.last_info, results,
               time.perf_counter() - began)
