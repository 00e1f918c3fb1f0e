"""What the fuzzers share: the command line (a time budget, a count, a seed), limits on
one trial (seconds by SIGALRM, memory by RLIMIT_AS), and the printed summary."""

from __future__ import annotations

import argparse
import resource
import signal
import time
import traceback
from collections import Counter
from contextlib import contextmanager

GB = 1 << 30


class Hang(Exception):
    """One trial ran past its time limit."""


def arguments(description: str, count: int, budget: float = 60.0, **extra):
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--budget", type=float, default=budget, metavar="SECONDS",
                        help=f"stop after this many seconds (default {budget:g})")
    parser.add_argument("--count", type=int, default=count,
                        help=f"stop after this many trials (default {count})")
    parser.add_argument("--seed", type=int, default=0)
    for name, (kind, default, text) in extra.items():
        parser.add_argument(f"--{name.replace('_', '-')}", type=kind, default=default,
                            help=text)
    return parser.parse_args()


def peak_memory_mb() -> float:
    """This program's own peak resident memory, in MB: ``VmHWM`` of its address space,
    which starts anew at ``exec`` (``ru_maxrss`` does not: a fuzzer started by a large
    process, such as a long pytest run, would report its parent's peak)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def limit_memory(limit: int = GB) -> None:
    """A trial that needs more than ``limit`` bytes fails with MemoryError (counted)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard == resource.RLIM_INFINITY or hard > limit:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


@contextmanager
def time_limit(seconds: float):
    def ring(_signum, _frame):
        raise Hang(f"more than {seconds:g}s")
    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def counted(tally: "Tally", sample: str, seconds: float):
    """Run one trial within ``seconds``: a hang, a run over the memory limit or an
    exception that escapes is counted as a surprise with ``sample``, not raised."""
    try:
        with time_limit(seconds):
            yield
    except Hang as error:
        tally.surprise("hang", error, sample)
    except MemoryError as error:
        tally.surprise("over-1GB", error, sample)
    except Exception as error:  # noqa: BLE001 - counted (RecursionError too)
        tally.surprise("traceback", error, sample)


class Tally:
    """Outcomes counted, the first few surprises kept with their traceback."""

    def __init__(self, name: str, budget: float, count: int):
        self.name = name
        self.budget = budget
        self.count = count
        self.began = time.monotonic()
        self.outcomes: Counter = Counter()
        self.surprises: list[str] = []

    @property
    def trials(self) -> int:
        return sum(self.outcomes.values())

    def more(self) -> bool:
        return self.trials < self.count and time.monotonic() - self.began < self.budget

    def add(self, outcome: str, detail: str = "") -> None:
        self.outcomes[outcome] += 1
        if detail and len(self.surprises) < 5:
            self.surprises.append(f"{outcome}: {detail}")

    def surprise(self, outcome: str, error: BaseException, sample: str = "") -> None:
        text = "".join(traceback.format_exception(error)[-3:]).strip()
        self.add(outcome, f"{text}\n    sample: {sample[:300]!r}")

    def summary(self, bad: tuple[str, ...]) -> int:
        seconds = time.monotonic() - self.began
        peak = peak_memory_mb()
        print(f"{self.name}: {self.trials} trials in {seconds:.1f}s, peak memory "
              f"{peak:.0f} MB")
        for outcome, n in sorted(self.outcomes.items()):
            print(f"  {outcome:<28} {n}")
        for text in self.surprises:
            print("  " + text.replace("\n", "\n  "))
        failed = sum(self.outcomes[b] for b in bad)
        print(f"  {'FAILED' if failed else 'ok'}: {failed} of {', '.join(bad)}")
        return 1 if failed else 0
