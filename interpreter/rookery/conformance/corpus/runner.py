"""Running cases against an engine, one at a time: each case is played
(:mod:`.play`: its setup steps in :mod:`.setup`) and a failure charged to a rule
(:mod:`.charge`); the verdicts are in :mod:`.results`.

An engine failure (crash, hang, garbage, broken protocol) is that case's verdict; the
engine is restarted and the run goes on with the next case.  A run can stop after a
number of failures or when its time budget is spent: the cases left are *not run*.  An engine that fails its
``hello`` gives every case that verdict (:func:`start_failure_run`).  A run stopped by
SIGINT or SIGTERM ends with the cases done so far, the others not run, and says so
(``Run.interrupted``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from ...interrupts import INTERRUPTS, signal_name
from ..protocol.engines import EngineFailure, EngineInfo
from .cases import Case
from .charge import charge
from .play import play_case
from .results import (
    FAIL,
    FAILURES,
    NOT_RUN,
    PASS,
    SKIP,
    XFAIL,
    XPASS,
    CaseResult,
    Divergence,
    stopped_by_maxfail,
)


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
            results.append(stopped_by_maxfail(case, maxfail))
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
    """A run stopped by the signal ``name``, in the cases' order: each case's result in
    ``done`` (found by the case's id, which is unique in a corpus: the results of
    worker processes are copies), every other case ``not-run`` with the reason."""
    finished = {result.case.id: result for result in done}
    return Run(engine, info, [
        finished[case.id] if case.id in finished else CaseResult(
            case, NOT_RUN, message=f"not run: the run was interrupted ({name})")
        for case in cases], seconds, interrupted=name)


def start_failure_run(engine: str, cases: list[Case], failure: EngineFailure,
                      seconds: float) -> Run:
    """The run of an engine that failed its ``hello``: every case gets the failure's
    verdict (crash, timeout, garbage, protocol-error...) with what the engine said."""
    message = f"the engine failed its hello ({failure.verdict}): {failure.message}"
    return Run(engine, None, [CaseResult(case, failure.verdict, message=message,
                                         output=list(failure.output))
                              for case in cases], seconds)


__all__ = ["FAIL", "FAILURES", "NOT_RUN", "PASS", "SKIP", "XFAIL", "XPASS", "CaseResult",
           "Divergence", "EngineCannotStart", "Run", "Runner", "charge", "interrupted_run",
           "play_case", "run_cases", "start_failure_run"]
