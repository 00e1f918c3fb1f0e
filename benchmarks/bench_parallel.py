#!/usr/bin/env python3
"""How a campaign scales with its workers (issue 21): ``rookery fuzz --engine "rookery
serve"`` over 400 Tournament deals and ``rookery conformance --engine "rookery serve"``
over the same cases, each with ``-j 1``, ``-j 2`` (more where the machine has the
cores) and on a Dask ``LocalCluster`` of 2 worker processes started here, as deals or
cases per second of wall time, interleaved round by round (the order turning each
round), the ratio to ``-j 1`` taken round by round, every report checked to be the
same apart from its timings; and ``rookery compare`` with ``-j 1`` and ``-j auto``.

Parallel speed is wall time by nature (the work is spread over cores); on a shared
machine the other sessions' load is in every figure, so only the ratios within one run
mean anything, and the load average is printed with them.  The CPU time a case costs
(the command's and its workers' and engines') is printed beside: what parallel running
adds in work, which is what an oversubscribed machine shows instead of a speed-up.

Usage (from the repository root, with ``pip install -e ".[dask]"``)::

    python3 benchmarks/bench_parallel.py                        # 3 rounds
    python3 benchmarks/bench_parallel.py --rounds 5 --variant tournament --no-dask
    python3 benchmarks/bench_parallel.py --only fuzz --deals 400 --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# a report without its timings: the tests' helper, shared
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from reports import untimed  # noqa: E402


def _rookery() -> list[str]:
    return [sys.executable, "-m", "rookery.cli"]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(argv: list[str]) -> tuple[float, float, dict | None]:
    """Wall seconds of a ``rookery`` command, the CPU seconds of it and of every process
    it waited for (its workers and engines; not a Dask cluster's workers), and its JSON
    report (``--json FILE``)."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder, "report.json")
        began, cpu = time.perf_counter(), _children_cpu()
        run = subprocess.run(_rookery() + argv + ["--json", str(report)],
                             capture_output=True, text=True)
        seconds = time.perf_counter() - began
        cpu = _children_cpu() - cpu
        if run.returncode not in (0, 1):
            raise SystemExit(f"rookery {' '.join(argv)} failed:\n{run.stderr[-2000:]}")
        return seconds, cpu, json.loads(report.read_text()) if report.exists() else None


def scaling(title: str, argv: list[str], unit: str, count, rounds: int, jobs: list[str],
            dask: bool) -> None:
    """``rookery ARGV`` with each ``-j`` of ``jobs`` (and on a LocalCluster of 2 worker
    processes), interleaved round by round: ``unit`` per second of wall time (``count``
    of the JSON report), the ratio to ``-j 1``, the CPU a unit costs; every report
    checked to be the first's apart from its timings."""
    setups = [(f"-j {j}", ["-j", j]) for j in jobs]
    cluster = None
    if dask:
        from distributed import LocalCluster
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        address = cluster.scheduler_address.replace("tcp://", "dask://")
        setups.append(("LocalCluster 2 workers", ["--executor", address]))
    rates: dict[str, list[float]] = {name: [] for name, _ in setups}
    cpu: dict[str, list[float]] = {name: [] for name, _ in setups}
    first, units, loads = None, None, []
    try:
        for round_number in range(rounds):
            order = setups if round_number % 2 == 0 else setups[::-1]
            for name, extra in order:
                loads.append(os.getloadavg()[0])
                seconds, used, report = timed(argv + extra)
                units = count(report)
                rates[name].append(units / seconds)
                cpu[name].append(used / units)
                if first is None:
                    first = untimed(report)
                elif untimed(report) != first:
                    raise SystemExit(f"{title}: the report of {name} differs")
    finally:
        if cluster is not None:
            cluster.close()
    print(f"{title}: {units} {unit}, {rounds} rounds, every report the same; load "
          f"average {min(loads):.1f} to {max(loads):.1f} ({os.cpu_count()} cores)")
    one = rates[setups[0][0]]
    print(f"{'workers':<24} {unit + '/s':>8} {'ratio to -j 1 (min..max)':>26} "
          f"{'CPU ms a ' + unit.rstrip('s'):>14}")
    for name, _ in setups:
        ratios = [r / o for r, o in zip(rates[name], one)]
        local = "cluster" not in name.lower()
        print(f"{name:<24} {statistics.median(rates[name]):>8.1f} "
              f"{statistics.median(ratios):>10.2f} ({min(ratios):.2f}..{max(ratios):.2f}) "
              + (f"{1000 * statistics.median(cpu[name]):>14.1f}" if local else
                 f"{'(not seen)':>14}"))


def conformance(variants: list[str], rounds: int, jobs: list[str], dask: bool) -> None:
    serve = f"{sys.executable} -m rookery.cli serve"
    argv = ["conformance", "--engine", serve, "--no-progress"] + \
        [a for v in variants for a in ("--variant", v)]
    scaling(f"conformance --engine 'rookery serve' ({', '.join(variants)})", argv,
            "cases", lambda report: len(report["cases"]), rounds, jobs, dask)


def fuzz(deals: int, rounds: int, jobs: list[str], dask: bool) -> None:
    serve = f"{sys.executable} -m rookery.cli serve"
    with tempfile.TemporaryDirectory() as cases:
        argv = ["fuzz", "--variant", "tournament", "--engine", serve, "--deals",
                str(deals), "--cases", cases]
        scaling("fuzz --variant tournament --engine 'rookery serve'", argv, "deals",
                lambda report: report["deals"], rounds, jobs, dask)


def compare(games: int) -> None:
    argv = _rookery() + ["compare", "tournament", "kentucky-rook-low", "--games",
                         str(games), "--json"]
    times = {}
    for jobs in ("1", "auto"):
        began = time.perf_counter()
        subprocess.run(argv + ["-j", jobs], capture_output=True, check=True)
        times[jobs] = time.perf_counter() - began
    print(f"compare tournament kentucky-rook-low --games {games}: -j 1 {times['1']:.1f} s, "
          f"-j auto ({os.cpu_count()} cores) {times['auto']:.1f} s, ratio "
          f"{times['1'] / times['auto']:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--variant", action="append", default=[],
                        help="the corpus's cases of these variants (default tournament, "
                        "kentucky-rook)")
    parser.add_argument("--no-dask", action="store_true", help="leave out the LocalCluster")
    parser.add_argument("--only", choices=("fuzz", "conformance"), default=None,
                        help="one of the two campaigns (default both)")
    parser.add_argument("--deals", type=int, default=400, help="fuzz's deals (400)")
    parser.add_argument("--compare-games", type=int, default=0, metavar="N",
                        help="also time rookery compare with N games, -j 1 and -j auto")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    jobs = ["1", "2"] + [str(n) for n in (4,) if n <= cores]
    if args.only in (None, "fuzz"):
        fuzz(args.deals, args.rounds, jobs, not args.no_dask)
    if args.only in (None, "conformance"):
        conformance(args.variant or ["tournament", "kentucky-rook"], args.rounds, jobs,
                    not args.no_dask)
    if args.compare_games:
        compare(args.compare_games)


if __name__ == "__main__":
    main()
