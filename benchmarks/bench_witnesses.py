"""What witnesses cost: a default fuzz campaign against ``rookery serve``, the checker's
CPU against the served engine's own CPU, with the search for witnesses and without it
(the comparisons alone, as before issue 28), interleaved in one run.

    python3 benchmarks/bench_witnesses.py                 # Tournament, 200 deals, 2 rounds
    python3 benchmarks/bench_witnesses.py --deals 100 --variant kentucky-rook --rounds 3

The checker's CPU is this process's (``time.process_time``), the engine's its
subprocess's (``resource.getrusage(RUSAGE_CHILDREN)``), so a loaded machine moves both
alike; the figures are ratios, nothing is timed against a threshold.  Where the
witnesses' cost goes is printed from a profile of one run (``--profile``).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
try:
    import rookery  # noqa: F401
except ImportError:                                    # run from a checkout
    sys.path.insert(0, str(HERE.parent / "interpreter"))

from rookery.conformance.differential.fuzzer import Fuzzer
from rookery.conformance.protocol.subprocess_engine import SubprocessEngine
from rookery.language.load import load_variant


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def campaign(variant_id: str, deals: int, witnesses: bool) -> tuple[float, float, float]:
    """(checker CPU, engine CPU, wall) of one campaign."""
    variant = load_variant(variant_id)
    engine = SubprocessEngine([sys.executable, "-m", "rookery", "serve"])
    fuzzer = Fuzzer(variant, engine, seed=1, spec_ref=variant_id)
    if not witnesses:
        fuzzer._witnessing_for = lambda number, base: None
    engine_before, began, wall = children_cpu(), time.process_time(), time.perf_counter()
    try:
        fuzzer.run(deals)
    finally:
        engine.close()
    return (time.process_time() - began, children_cpu() - engine_before,
            time.perf_counter() - wall)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="tournament")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--profile", action="store_true",
                        help="profile one campaign with witnesses: where their cost goes")
    args = parser.parse_args(argv)
    print(f"{args.variant}, {args.deals} deals against rookery serve, {args.rounds} rounds")
    print(f"{'witnesses':>10} {'checker s':>10} {'engine s':>9} {'ratio':>6} {'wall s':>7}")
    for _ in range(args.rounds):
        for on in (False, True):
            checker, engine, wall = campaign(args.variant, args.deals, on)
            print(f"{'on' if on else 'off':>10} {checker:10.2f} {engine:9.2f} "
                  f"{checker / engine:6.2f} {wall:7.1f}", flush=True)
    if args.profile:
        import cProfile
        import pstats
        profile = cProfile.Profile()
        profile.runcall(campaign, args.variant, args.deals, True)
        stats = pstats.Stats(profile)
        stats.sort_stats("cumulative").print_stats("witness|Shadow|rescored|_agreed", 15)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
