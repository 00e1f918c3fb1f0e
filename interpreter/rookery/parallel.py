"""Campaigns over many work items (deals, games, cases, mutants) on every core or on a
Dask cluster, with the same result as one process.

One call does it: :func:`map_in_order` applies a picklable function to each work item
and returns the results in the order of the items, whatever finished first, so a report
is the same for every number of workers.  Where it runs is a :class:`Workers`, read from
the command line by :func:`workers_from`: ``-j 1`` in this process (no pool), ``-j N``
N worker processes (``concurrent.futures``), ``-j auto`` one per core, and
``--executor dask://HOST:PORT`` the workers of a Dask distributed scheduler
(``Client.get_executor()``; the optional extra ``rookery[dask]``, imported only then).
A run in rounds, each round's items made from the last round's results (``rookery
fuzz``), maps each round on one :class:`Campaign`, which keeps its workers (and what they
keep) from round to round.

A work function keeps what is costly to start (an engine process, a loaded spec) in
:func:`worker_local`: made once per worker (per thread of a Dask worker), closed when the
worker ends.  On Linux every worker process and every engine started with
:func:`die_with_parent` gets the parent-death signal, so a runner killed with
``kill -9`` leaves no worker nor engine behind.  Ctrl-C or SIGTERM stops the pool and
raises :class:`Interrupted`, which carries the results of the items that had finished.

This module is the foundation's: it imports nothing of the package above it."""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .errors import RookeryError, UsageError

DASK_PREFIX = "dask://"
MAX_JOBS = 1024     # worker processes of -j N: more is a typing mistake, not a machine


@dataclass(frozen=True)
class Workers:
    """Where a campaign runs: ``processes`` local processes (1: this process), or the
    workers of the Dask scheduler at ``scheduler`` (``tcp://HOST:PORT``)."""

    processes: int = 1
    scheduler: str | None = None

    @property
    def label(self) -> str:
        if self.scheduler:
            return f"the Dask cluster at {self.scheduler}"
        return "this process" if self.processes == 1 else f"{self.processes} processes"

    @property
    def in_process(self) -> bool:
        return self.scheduler is None and self.processes == 1


def cores() -> int:
    """The cores this process may run on (``-j auto``)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def parse_jobs(text: str) -> int:
    """``-j N`` or ``-j auto``: a number of worker processes, 1 to :data:`MAX_JOBS`
    (a larger number would end in an ``OverflowError`` of the pool's semaphores)."""
    if str(text).strip().lower() == "auto":
        return cores()
    try:
        jobs = int(text)
    except ValueError:
        raise UsageError(f"-j {text}: give a number of worker processes (1 or more) or "
                         "'auto' for one per core") from None
    if jobs < 1:
        raise UsageError(f"-j {text}: give a number of worker processes, 1 or more "
                         "(1 runs in this process)")
    if jobs > MAX_JOBS:
        raise UsageError(f"-j {text[:40]}: at most {MAX_JOBS} worker processes ('auto' "
                         f"runs one per core: {cores()} here)")
    return jobs


def workers_from(jobs: str | int | None, executor: str | None = None) -> Workers:
    """The workers of ``-j JOBS`` and ``--executor dask://HOST:PORT`` (which go one
    without the other)."""
    if executor:
        if jobs not in (None, 1, "1"):
            raise UsageError("-j and --executor go one without the other: -j N runs N "
                             "processes here, --executor dask://HOST:PORT the workers of "
                             "a Dask cluster")
        from .scheduler import scheduler_address
        return Workers(scheduler=scheduler_address(executor, DASK_PREFIX))
    return Workers(processes=1 if jobs is None else parse_jobs(jobs))


def add_arguments(parser, what: str = "work items") -> None:
    """``-j`` and ``--executor`` on a command's parser (read with :func:`workers_from`)."""
    parser.add_argument("-j", "--jobs", metavar="N", default=None,
                        help=f"run the {what} in N worker processes ('auto': one per "
                        "core; default 1, this process); the report is the same for "
                        "every N")
    parser.add_argument("--executor", metavar="dask://HOST:PORT", default=None,
                        help="run them on the workers of a Dask distributed scheduler "
                        "(pip install 'rookery[dask]'; each worker needs rookery, the "
                        "engine command and the spec files: docs/compare.md)")


def portable(spec: str) -> str:
    """A spec as a worker can load it wherever it runs: a spec file by its absolute
    path, a built-in id (or ``BASE+OPTION``) as it is."""
    from pathlib import Path
    path = Path(spec)
    return str(path.resolve()) if path.suffix == ".rook" and path.is_file() else spec


def chunks(first: int, count: int, size: int) -> list[tuple[int, int]]:
    """``(start, length)`` pieces of ``first .. first+count-1``, each at most ``size``
    long: work items of numbered games or deals (how they are cut does not change what
    each number gives)."""
    return [(start, min(size, first + count - start))
            for start in range(first, first + count, size)]


class Interrupted(Exception):
    """The campaign was stopped (Ctrl-C, SIGTERM) before every item finished:
    ``finished`` maps the index of each item that had finished to its result."""

    def __init__(self, finished: dict[int, Any], total: int, cause: BaseException):
        self.finished = finished
        self.total = total
        self.cause = cause
        super().__init__(f"stopped after {len(finished)} of {total} items")

    def in_order(self) -> list:
        """The finished results, in the order of their items."""
        return [self.finished[index] for index in sorted(self.finished)]


class WorkerLost(RookeryError):
    """An item killed the worker process running it, each time it was run (an engine
    that kills its parent, an item that needs more memory than the system gives):
    ``finished`` maps the index of each item that had finished to its result."""

    exit_code = 1       # a finding about what ran, not a mistake on the command line

    def __init__(self, finished: dict[int, Any], total: int, index: int, why: str):
        self.finished = finished
        self.total = total
        self.index = index
        super().__init__(f"item {index + 1} of {total} killed the worker process running "
                         f"it each time it was run ({why}); {len(finished)} items had "
                         "finished")


def _deaths(pool) -> str:
    """How the pool's worker processes that are gone ended ("killed by SIGKILL")."""
    import signal as signals
    said = []
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        code = getattr(process, "exitcode", None)
        if code is not None and code < 0:
            try:
                said.append(f"killed by {signals.Signals(-code).name}")
            except ValueError:
                said.append(f"killed by signal {-code}")
        elif code:
            said.append(f"exit code {code}")
    return ", ".join(sorted(set(said)))


def _say(text: str) -> None:
    """What happened to the workers, for the person running the campaign."""
    try:
        print(f"rookery: {text}", file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


# -- worker-local resources ------------------------------------------------------------

_locals: dict[tuple, Any] = {}
_closers: list[tuple[Any, Callable[[Any], None]]] = []
_locals_lock = threading.Lock()


def worker_local(key, make: Callable[[], Any], close: Callable[[Any], None] | None = None):
    """The object ``make()`` made for this worker under ``key`` (made on first use; one
    per thread, since a Dask worker runs items on several threads); ``close`` is called
    on it when the worker ends, or at the end of an in-process campaign."""
    slot = (threading.get_ident(), key)
    with _locals_lock:
        if slot in _locals:
            return _locals[slot]
    value = make()
    with _locals_lock:
        _locals[slot] = value
        if close is not None:
            _closers.append((value, close))
    return value


def close_worker_locals() -> None:
    """Close every worker-local object of this process (engines quit, their processes
    reaped)."""
    with _locals_lock:
        closers = list(_closers)
        _closers.clear()
        _locals.clear()
    for value, close in reversed(closers):
        try:
            close(value)
        except Exception:  # noqa: BLE001 - closing the others matters more
            pass


# -- the parent-death signal (Linux) ----------------------------------------------------

_PR_SET_PDEATHSIG = 1


@functools.cache
def _prctl():
    """Linux's ``prctl``, looked up once in the parent (a child between fork and exec
    only calls it); None elsewhere.  Looked up when first needed: ``rookery --help``
    loads no ctypes."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


def die_with_parent() -> Callable[[], None] | None:
    """A ``preexec_fn`` for ``subprocess.Popen`` that has the child killed when the
    process starting it dies (even by ``kill -9``); None where the system has no such
    signal.  The child checks its parent is still there, closing the race with a
    parent that died before the signal was asked for."""
    prctl = _prctl()
    if prctl is None:
        return None
    parent = os.getpid()

    def child() -> None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:
            os._exit(1)
    return child


def _start_worker(parent: int) -> None:
    """Each worker process: dies with the runner, leaves Ctrl-C to it (the runner stops
    the pool), and closes its worker-local objects when it ends."""
    prctl = _prctl()
    if prctl is not None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:
            os._exit(1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):     # started while the runner held them back
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    from multiprocessing.util import Finalize
    Finalize(None, close_worker_locals, exitpriority=10)


# -- the campaign ----------------------------------------------------------------------

def map_in_order(fn: Callable[[Any], Any], items: Iterable, workers: Workers = Workers(),
                 progress: Callable[[int, Any], None] | None = None,
                 lost: Callable[[Any, str], Any] | None = None,
                 said: list[str] | None = None) -> list:
    """``[fn(item) for item in items]``, run by ``workers``; ``progress(index, result)``
    is called in this process as each item finishes.  ``fn`` and the items must pickle
    (a module-level function, plain data) unless the run is in this process.

    An exception raised by ``fn`` stops the campaign and is raised here; Ctrl-C or
    SIGTERM (any ``BaseException``) stops it and raises :class:`Interrupted` with the
    results that had finished.  A worker process that dies has its items run again
    (:meth:`Campaign._on_processes`); one that kills its worker each time gets the
    result ``lost(item, why)``, or stops the campaign with :class:`WorkerLost`.  What
    happened to the workers is said on stderr and, with ``said``, appended to it (for
    the command's report)."""
    items = list(items)
    if len(items) <= 1 and workers.scheduler is None:
        workers = Workers()             # no pool to start for one item
    with Campaign(workers, said) as campaign:
        return campaign.map_in_order(fn, items, progress, lost)


class Campaign:
    """The same workers for several maps in turn (a run in rounds, each round's items
    made from the results of the last): the pool of processes, or the Dask client, is
    started at the first map and kept until the end of the ``with`` block, when the
    worker-local objects are closed (an engine per worker started once, not once a
    round).  Leaving the block by an exception stops the workers at once."""

    def __init__(self, workers: Workers = Workers(), said: list[str] | None = None):
        self.workers = workers
        self._pool = None           # a ProcessPoolExecutor, or a Dask client's executor
        self._client = None
        # what happened to the workers (a death, the items run again, an item lost), in
        # words: said on stderr as it happens and kept here for the report
        self.said = said if said is not None else []

    def _say(self, text: str) -> None:
        self.said.append(text)
        _say(text)

    def __enter__(self) -> "Campaign":
        return self

    def __exit__(self, kind, error, trace) -> None:
        self.close(clean=kind is None)

    def map_in_order(self, fn: Callable[[Any], Any], items: Iterable,
                     progress: Callable[[int, Any], None] | None = None,
                     lost: Callable[[Any, str], Any] | None = None) -> list:
        """:func:`map_in_order` on this campaign's workers."""
        items = list(items)
        finished: dict[int, Any] = {}
        try:
            if self.workers.in_process:
                for index, item in enumerate(items):
                    finished[index] = fn(item)
                    if progress:
                        progress(index, finished[index])
            elif self.workers.scheduler:
                _collect(self._executor(), fn, items, finished, progress, cancel=True)
            elif items:
                self._on_processes(fn, items, finished, progress, lost)
        except BaseException as stop:
            if isinstance(stop, Exception):  # a mistake of the work: not an interruption
                raise
            # Ctrl-C, SIGTERM (the command line's Terminated), an exit asked for
            raise Interrupted(finished, len(items), stop) from stop
        return [finished[index] for index in range(len(items))]

    def _on_processes(self, fn, items: list, finished: dict, progress, lost) -> None:
        """The items on the local pool.  A worker that dies (killed by the system for
        its memory, or by an engine that kills its parent) breaks the whole pool: the
        finished results are kept, and the items not finished are run again on a new
        pool; if that one breaks too, each item left is run alone on a pool of its own,
        so that the item that kills its worker is known.  Such an item is given to
        ``lost(item, why)`` for its result, or :class:`WorkerLost` is raised (with the
        results that had finished).  What happened is said on stderr."""
        from concurrent.futures.process import BrokenProcessPool
        left = list(range(len(items)))
        for attempt in ("all", "again", "alone"):
            try:
                if attempt == "alone":
                    for index in left:
                        self._alone(fn, items, index, finished, progress, lost)
                else:
                    _collect(self._executor(), fn, items, finished, progress,
                             cancel=False, only=left)
                return
            except BrokenProcessPool:
                died = _deaths(self._pool)
                self._discard_pool()
                left = [index for index in left if index not in finished]
                self._say(f"a worker process died ({died or 'it ended abruptly'}); "
                     + (f"the {len(left)} items" if len(left) > 1 else "the item")
                     + " not finished run again"
                     + (" one by one" if attempt == "again" else ""))

    def _alone(self, fn, items: list, index: int, finished: dict, progress, lost) -> None:
        """Item ``index`` on a pool of one worker, twice at most: a death there is the
        item's own, and a second one makes it lost."""
        from concurrent.futures.process import BrokenProcessPool
        for _ in range(2):
            pool = _process_pool(1)
            try:
                _collect(pool, fn, items, finished, progress, cancel=False, only=[index])
            except BaseException as stop:
                why = _deaths(pool) or "it ended"
                _stop_pool(pool)
                if not isinstance(stop, BrokenProcessPool):
                    raise
                continue
            pool.shutdown(wait=True)
            return
        if lost is None:
            raise WorkerLost(finished, len(items), index, why)
        finished[index] = lost(items[index], f"the worker process running it died each "
                                              f"time ({why})")
        self._say(f"item {index + 1} of {len(items)} killed its worker each time ({why}): "
                  "reported as lost")
        if progress:
            progress(index, finished[index])

    def _discard_pool(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            _stop_pool(pool)

    def _executor(self):
        if self._pool is None:
            if self.workers.scheduler:
                self._client = _dask_client(self.workers.scheduler)
                self._pool = self._client.get_executor(pure=False)
            else:
                self._pool = _process_pool(self.workers.processes)
        return self._pool

    def close(self, clean: bool = True) -> None:
        """The workers stopped and their worker-local objects closed: a pool of
        processes waited for when ``clean``, else killed; a Dask cluster's workers asked
        to close theirs (the cluster itself goes on)."""
        pool, client, self._pool, self._client = self._pool, self._client, None, None
        if self.workers.in_process:
            close_worker_locals()
        elif client is not None:
            try:
                client.run(close_worker_locals)
            except Exception:  # noqa: BLE001 - a worker gone is closed already
                pass
            finally:
                client.close()
        elif pool is not None:
            if clean:
                pool.shutdown(wait=True)
            else:
                _stop_pool(pool)


def _collect(executor, fn, items: list, finished: dict, progress, cancel: bool,
             only: list[int] | None = None) -> None:
    """``fn`` over ``items`` on ``executor``, keeping each result in ``finished`` (item
    index -> result) as it comes; stopped, the futures are cancelled when ``cancel``.

    Ctrl-C and SIGTERM are raised in this thread, so it must never be stopped holding a
    future's lock: left held, the pool's manager thread waits for it for ever as it
    cancels that future, and the interpreter's exit waits for that thread.  So the
    items are submitted, and a done-callback hung on each (``add_done_callback`` takes
    the future's lock), with those two signals noted, not raised
    (:func:`_signals_held`); then this thread waits only on a queue the callbacks fill,
    which holds no lock of theirs (``concurrent.futures.wait`` takes every pending
    future's lock, one after another).  The submitting stays in this thread: a worker
    dies with the thread that started it (the parent-death signal follows a thread, not
    a process)."""
    import queue
    arrived: queue.SimpleQueue = queue.SimpleQueue()
    submitted: list = []

    def report(index: int, future) -> None:
        try:
            arrived.put((index, True, future.result()))
        except BaseException as error:  # noqa: BLE001 - raised in the waiting thread
            arrived.put((index, False, error))
    try:
        chosen = range(len(items)) if only is None else only
        with _signals_held():
            for index in chosen:
                future = executor.submit(fn, items[index])
                submitted.append(future)
                future.add_done_callback(functools.partial(report, index))
        for _ in range(len(chosen)):
            index, ok, value = arrived.get()
            if not ok:
                raise value
            finished[index] = value
            if progress:
                progress(index, value)
    except BaseException:
        if cancel:
            for future in submitted:
                future.cancel()
        raise


_HELD = (signal.SIGINT, signal.SIGTERM)


@contextlib.contextmanager
def _signals_held():
    """SIGINT and SIGTERM noted, not raised, while the block runs
    (:func:`rookery.interrupts.deferred`); the first that came is raised again as the
    block ends, in this thread, and meets the handler it would have met (which raises
    KeyboardInterrupt or the command line's Terminated).

    The handlers are swapped: a signal sent to the process may land in any of its
    threads (a progress bar's, a Dask client's), and Python runs the handler in the main
    thread whatever that thread's mask.  The two signals are masked in this thread as
    well, for the worker processes started in the block (a pool starts its workers as
    the first items are submitted): they inherit the mask, so a Ctrl-C typed on the
    terminal, which reaches the whole process group, waits in a worker until it ignores
    SIGINT and lifts the mask (:func:`_start_worker`), instead of stopping it half-way
    through its start with a traceback."""
    from .interrupts import deferred
    mask = getattr(signal, "pthread_sigmask", None)
    arrived: list[str] = []
    try:
        with deferred() as arrived:
            masked = mask(signal.SIG_BLOCK, _HELD) if mask else None
            try:
                yield
            finally:
                if mask:
                    mask(signal.SIG_SETMASK, masked)    # one held back is noted
    finally:
        if arrived:
            signal.raise_signal(signal.Signals[arrived[0]])


def _process_pool(processes: int):
    """N local worker processes, started fresh (``spawn``: no thread of this process
    is copied into them), dying with this one."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    return ProcessPoolExecutor(max_workers=processes,
                               mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_worker, initargs=(os.getpid(),))


def _stop_pool(pool) -> None:
    """Stop a pool at once: the queued items are dropped, the workers killed (their
    engines die with them by the parent-death signal), and the pool's manager thread
    ended, so that the interpreter's exit (which joins that thread) cannot hang.

    A worker killed while it was writing a result leaves half a message in the result
    pipe; the manager thread, reading it, would wait for the rest for ever, since this
    process holds the pipe's other end too.  Closing that end once the workers are dead
    gives the reader its end of file; the thread then finds the pool broken and ends."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    results = getattr(pool, "_result_queue", None)
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        try:
            process.kill()
        except (OSError, ValueError, AttributeError):
            pass
    for process in processes:
        try:
            process.join(timeout=5)
        except (OSError, ValueError, AssertionError):
            pass
    writer = getattr(results, "_writer", None)
    if writer is not None:
        try:
            writer.close()          # the last writer: the manager's read ends
        except OSError:
            pass
    if manager is not None:
        manager.join(timeout=10)


def _dask_client(scheduler: str):
    """A client of the Dask distributed scheduler at ``scheduler``, once what answers
    there has greeted as one, within the connect timeout (:mod:`rookery.scheduler`)."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise UsageError("--executor dask://...: Dask distributed is not installed "
                         "(pip install 'rookery[dask]')") from None
    from .scheduler import probe, started_client
    probe(scheduler)
    return started_client(scheduler)
