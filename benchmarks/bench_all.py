#!/usr/bin/env python3
"""Everything issue 11 asks to measure, printed together: the table of
``bench_tools.py`` (each figure with its peer and ratio, min / median / max over
interleaved rounds), then ``bench_playout.py``'s playouts of every built-in variant
with the per-decision cost of each against Tournament's (the issue wants it flat from
9- to 19-card hands, within 1.5x of Tournament's).

Usage (from the repository root)::

    python3 benchmarks/bench_all.py                       # the full run, some minutes
    python3 benchmarks/bench_all.py --rounds 3 --deals 100
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_playout  # noqa: E402
import bench_tools  # noqa: E402


def decision_costs(rookery, rounds: int, deals: int) -> str:
    """Random playouts of every built-in variant, interleaved; each variant's CPU time
    per decision (per applied action) against Tournament's."""
    contenders = []
    for name in rookery.builtin_variants():
        variant = rookery.load_variant(name)
        contenders.append((variant, bench_playout.Contender(
            name, lambda rng, v=variant: bench_playout.rookery_deal(rookery, v, rng))))
    bench_playout.measure([c for _, c in contenders], rounds, deals, seed=1)
    cost = {c.name: c.seconds / c.actions * 1e6 for _, c in contenders if c.error is None}
    base = cost["tournament"]
    lines = ["", f"Per-decision cost of a random playout, {rounds} rounds x {deals} deals "
             "interleaved, CPU time (us per applied action; ratio to Tournament's):",
             f"{'variant':34} {'hand':>5} {'deals/sec':>10} {'us/action':>10} {'ratio':>7}"]
    for variant, c in sorted(contenders, key=lambda vc: cost.get(vc[1].name, 0)):
        if c.error is not None:
            lines.append(f"{c.name:34} failed: {c.error}")
            continue
        lines.append(f"{c.name:34} {variant.deal.hand:5} {c.rate:10.0f} "
                     f"{cost[c.name]:10.2f} {cost[c.name] / base:7.2f}")
    ratios = [value / base for value in cost.values()]
    lines.append(f"per-decision cost / Tournament's: {min(ratios):.2f} to {max(ratios):.2f} "
                 "(target: within 1.5)")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (5)")
    parser.add_argument("--deals", type=int, default=200, help="deals per round (200)")
    parser.add_argument("--baseline", type=Path, default=bench_playout.DEFAULT_BASELINE,
                        help="path of handwritten_tournament.py")
    parser.add_argument("--tools", nargs=argparse.REMAINDER, default=[],
                        help="further options for bench_tools.py (given last)")
    args = parser.parse_args(argv)
    bench_tools.main(["--rounds", str(args.rounds), "--deals", str(args.deals),
                      "--baseline", str(args.baseline), *args.tools])
    print(decision_costs(bench_playout.import_rookery(), args.rounds, args.deals))
    return 0


if __name__ == "__main__":
    sys.exit(main())
