"""A run stopped from outside: Ctrl-C (SIGINT) or SIGTERM (a CI job's timeout, ``kill``).

A long run (``rookery fuzz``, ``rookery conformance --engine``) that is stopped keeps
its work: the loop that runs deals or cases catches :data:`INTERRUPTS`, ends with what
it has, and the command writes its reports marked interrupted (and the cases found so
far) while a second signal waits (:func:`deferred`), then exits 130 (SIGINT) or 143
(SIGTERM) as a shell would have.
"""

from __future__ import annotations

import signal
from contextlib import contextmanager


class Terminated(BaseException):
    """SIGTERM arrived (a CI job's timeout, ``kill``): unwound like Ctrl-C, so that every
    engine the command started is closed (its process group killed) on the way out."""


INTERRUPTS = (KeyboardInterrupt, Terminated)


def signal_name(stop: BaseException) -> str:
    """``SIGTERM`` or ``SIGINT``: which signal ``stop`` (one of :data:`INTERRUPTS`) is."""
    return "SIGTERM" if isinstance(stop, Terminated) else "SIGINT"


def exit_code(name: str) -> int:
    """What a shell reports for a process ended by the signal ``name``: 128 + its number."""
    return 128 + (signal.SIGTERM if name == "SIGTERM" else signal.SIGINT)


@contextmanager
def deferred():
    """While the block runs (the reports of an interrupted run being written), SIGINT and
    SIGTERM are noted, not raised: the list yielded holds their names.  Outside the main
    thread, where signals cannot be set, the block runs as it is."""
    arrived: list[str] = []

    def note(signum, _frame):
        arrived.append(signal.Signals(signum).name)
    try:
        previous = {sig: signal.signal(sig, note) for sig in (signal.SIGINT,
                                                              signal.SIGTERM)}
    except ValueError:
        yield arrived
        return
    try:
        yield arrived
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
