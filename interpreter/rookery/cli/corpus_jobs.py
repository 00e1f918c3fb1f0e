"""``rookery conformance -j N``: the corpus's cases shared among N workers, each with its
own engine (started once per worker, closed when the worker ends), and the results put
back in the cases' order, so the report is the one a single process writes (apart from
the timings).  ``--maxfail`` is applied to the results in that order (the cases after
the N-th failure are reported as not run, as in one process); ``--budget`` ends every
worker's run at the same moment."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from .. import parallel


@dataclass(frozen=True)
class CorpusTask:
    """What every worker needs to run cases as the runner would: the engine command
    (None: our interpreter), the answer timeout, the ``--spec`` files and the spec files
    the cases name (absolute paths), the expected failures, when the budget ends
    (``time.time()``, or None), and how a worker makes its runner from all that."""

    engine: str | None
    timeout: float
    spec_files: tuple[str, ...]
    case_spec_files: tuple[str, ...]
    expected: tuple[tuple[str, str], ...]
    deadline: float | None
    make_runner: Callable       # task -> the worker's Runner (a module-level function)


@dataclass(frozen=True)
class CannotStart:
    """A worker's engine failed to start before its first case (the run's one
    message, as in a single process)."""

    verdict: str
    message: str
    output: tuple[str, ...]


def run_case(item: tuple):
    """A work item: one case (``(task, case)``) run by the worker's engine; its result
    and the engine's hello, or :class:`CannotStart`."""
    from ..conformance.corpus.runner import NOT_RUN, CaseResult, EngineCannotStart
    task, case = item
    if task.deadline is not None and time.time() >= task.deadline:
        return CaseResult(case, NOT_RUN, message="the run's budget was spent before this "
                          "case"), None
    runner = parallel.worker_local(("corpus runner", task), lambda: task.make_runner(task),
                                   lambda runner: runner.close())
    try:
        result = runner.run(case)
    except EngineCannotStart as failure:
        return CannotStart(failure.failure.verdict, failure.failure.message,
                           tuple(failure.failure.output))
    return result, runner.last_info


def _lost_case(item: tuple, why: str):
    """The answer for a case whose worker died each time it ran it (its engine killed
    the worker, or the system did): the engine's crash, said so."""
    from ..conformance.corpus.runner import CaseResult
    return CaseResult(item[1], "crash", message=f"the case was not finished: {why}"), None


def run_in_workers(task: CorpusTask, cases: list, workers: parallel.Workers, label: str,
                   maxfail: int = 0, progress=None):
    """Every case by ``workers``; a :class:`Run` as :func:`run_cases` makes it.  Raises
    ``EngineCannotStart`` when an engine cannot be started at all.  Stopped by Ctrl-C or
    SIGTERM, the run is marked interrupted and keeps every case that had finished, on
    whichever worker, in the cases' order; the others are ``not-run``."""
    from ..conformance.corpus.results import stopped_by_maxfail
    from ..conformance.corpus.runner import EngineCannotStart, Run, interrupted_run
    from ..conformance.protocol.engines import EngineFailure
    from ..interrupts import signal_name
    began = time.perf_counter()

    def done(index, answer):
        if progress and not isinstance(answer, CannotStart):
            progress(answer[0])
    try:
        answers = parallel.map_in_order(run_case, [(task, case) for case in cases],
                                        workers, done, lost=_lost_case)
    except parallel.Interrupted as stop:
        kept = [answer for answer in stop.finished.values()
                if not isinstance(answer, CannotStart)]
        info = next((seen for _, seen in kept if seen is not None), None)
        return interrupted_run(label, info, cases, [result for result, _ in kept],
                               signal_name(stop.cause), time.perf_counter() - began)
    results, info, failures = [], None, 0
    for case, answer in zip(cases, answers):
        if isinstance(answer, CannotStart):
            raise EngineCannotStart(EngineFailure(answer.verdict, answer.message,
                                                  list(answer.output)))
        result, seen = answer
        info = info or seen
        if maxfail and failures >= maxfail:
            result = stopped_by_maxfail(case, maxfail)
        failures += not result.ok
        results.append(result)
    return Run(label, info, results, time.perf_counter() - began)
