#!/usr/bin/env python3
"""The engine's own figures: ``Hand.copy()``, memory per hand, cost per decision.

Three measures, each as a ratio within one run (the machine is shared and noisy), with
min / median / max over rounds:

* **copy**: ``Hand.copy()`` at states met in random Tournament playouts (every phase),
  against one whole random playout (``record=False``, as ``bench_playout.py`` plays it);
  a search bot copies states, so a copy must cost a small part of a playout.
* **memory**: bytes held per hand (``tracemalloc``, the variant's tables excluded),
  fresh from ``deal_hand`` and finished, for a playout hand and a recording one, beside
  the hand-written engine's; then how much more memory is held after 10,000 deals played
  one after another than after 1,000 (it must not grow; ``--growth N`` plays N).
* **per decision**: CPU time of one decision (``legal_actions()`` and ``apply()``) in
  random playouts of every built-in variant, rounds interleaved variant by variant, as a
  ratio to Tournament's (and, for reference, the hand-written engine's); cost should be
  flat from 9-card to 19-card hands and across variants (within 1.5x of Tournament's).

Usage (from the repository root)::

    python3 benchmarks/bench_engine.py                  # all three, 5 rounds
    python3 benchmarks/bench_engine.py --only copy --rounds 3
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

HERE = Path(__file__).resolve().parent
CLOCK = time.process_time


def _bench_playout():
    spec = importlib.util.spec_from_file_location("bench_playout", HERE / "bench_playout.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def spread(values: list[float], unit: str = "", digits: int = 2) -> str:
    """min / median / max of per-round figures."""
    return (f"{min(values):.{digits}f} / {statistics.median(values):.{digits}f} / "
            f"{max(values):.{digits}f}{unit}")


def playout(rookery, variant, rng: random.Random, record: bool = False):
    hand = rookery.deal_hand(variant, rng, rng.randrange(variant.table.players),
                             record=record)
    choice = rng.choice
    decisions = 0
    while not hand.is_over:
        hand.apply(choice(hand.legal_actions()))
        decisions += 1
    return hand, decisions


# -- copy --------------------------------------------------------------------------------------

def measure_copy(rookery, rounds: int, deals: int, seed: int) -> list[str]:
    variant = rookery.load_variant("tournament")
    shares, copies_us, playouts_us = [], [], []
    for number in range(rounds):
        rng = random.Random(seed + number)
        states = []
        for _ in range(deals // 10):       # states from every phase of some playouts
            hand = rookery.deal_hand(variant, rng, rng.randrange(4), record=False)
            while not hand.is_over:
                if rng.random() < 0.25:
                    states.append(hand)
                    hand = hand.copy()
                hand.apply(rng.choice(hand.legal_actions()))
        start = CLOCK()
        for _ in range(deals):
            playout(rookery, variant, rng)
        per_playout = (CLOCK() - start) / deals
        start = CLOCK()
        for state in states:
            state.copy()
        per_copy = (CLOCK() - start) / len(states)
        shares.append(100 * per_copy / per_playout)
        copies_us.append(per_copy * 1e6)
        playouts_us.append(per_playout * 1e6)
    return ["Hand.copy(), Tournament, states from every phase of random playouts",
            f"  one copy:                {spread(copies_us, ' us', 1)}",
            f"  one playout (no record): {spread(playouts_us, ' us', 1)}",
            f"  copy / playout:          {spread(shares, ' %', 1)}  (target <= 10 %)"]


# -- memory ------------------------------------------------------------------------------------

def _held(make, count: int) -> float:
    """Bytes held per object made by ``make`` (tracemalloc, objects kept alive)."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    kept = [make(i) for i in range(count)]
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    held = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    del kept
    return held / count


def measure_memory(rookery, baseline, seed: int, growth: int = 10_000) -> list[str]:
    variant = rookery.load_variant("tournament")
    for record in (False, True):         # build the tables and menus outside the count
        playout(rookery, variant, random.Random(seed), record)
    count = 300
    lines = ["Memory per hand, Tournament (bytes held, tracemalloc; tables shared, not counted)"]

    def fresh(record):
        return lambda i: rookery.deal_hand(variant, seed + i, i % 4, record=record)

    def finished(record):
        return lambda i: playout(rookery, variant, random.Random(seed + i), record)[0]

    rows = [("rookery, playout (record=False)", fresh(False), finished(False)),
            ("rookery, recording (default)", fresh(True), finished(True))]
    if baseline is not None:
        def hw_finished(i):
            rng = random.Random(seed + i)
            hand = baseline.new_hand(rng)
            while not hand.done:
                hand.apply(rng.choice(hand.legal_actions()))
            return hand
        rows.append(("hand-written", lambda i: baseline.new_hand(random.Random(seed + i)),
                     hw_finished))
    for label, make_fresh, make_finished in rows:
        lines.append(f"  {label:32} fresh {_held(make_fresh, count):7.0f}   "
                     f"finished {_held(make_finished, count):7.0f}")
    # Growth: memory still held after many deals played one after another.
    for record, label in ((False, "playouts"), (True, "recording hands")):
        gc.collect()
        tracemalloc.start()
        rng = random.Random(seed)
        snapshots = {}
        first = growth // 10
        for deal in range(1, growth + 1):
            playout(rookery, variant, rng, record)
            if deal in (first, growth):
                gc.collect()
                snapshots[deal] = tracemalloc.take_snapshot()
        tracemalloc.stop()
        diff = snapshots[growth].compare_to(snapshots[first], "filename")
        grown = sum(stat.size_diff for stat in diff)
        cache = sum(stat.size_diff for stat in diff
                    if stat.traceback[0].filename.endswith("attribution.py"))
        lines.append(f"  {label}: memory held after {growth:,} deals less after {first:,}: "
                     f"{grown} bytes" + (f", of which {cache} in the tables' cache of "
                                          "trick rules (bounded: trump calls x card pairs)"
                                          if cache else ""))
    return lines


# -- per decision ------------------------------------------------------------------------------

def measure_decisions(rookery, baseline, rounds: int, deals: int, seed: int) -> list[str]:
    names = ["tournament"] + [n for n in rookery.builtin_variants() if n != "tournament"]
    variants = {name: rookery.load_variant(name) for name in names}
    per_round: dict[str, list[float]] = {name: [] for name in names}
    hw_round: list[float] = []
    for name in names:                  # compile each variant's tables outside the count
        for deal in range(20):
            playout(rookery, variants[name], random.Random(deal))
    for number in range(rounds):
        for name in names:
            rng = random.Random(seed + number)
            variant = variants[name]
            spent, decisions = 0.0, 0
            gc.collect()                # a full collection falls on no one's count
            for _ in range(deals):
                start = CLOCK()
                _, made = playout(rookery, variant, rng)
                spent += CLOCK() - start
                decisions += made
            per_round[name].append(spent / decisions * 1e6)
        if baseline is not None:
            rng = random.Random(seed + number)
            start, decisions = CLOCK(), 0
            for _ in range(deals):
                hand = baseline.new_hand(rng)
                while not hand.done:
                    hand.apply(rng.choice(hand.legal_actions()))
                    decisions += 1
            hw_round.append((CLOCK() - start) / decisions * 1e6)
    base = per_round["tournament"]
    lines = [f"Cost per decision (a whole random playout / its decisions, record=False), "
             f"{rounds} rounds x {deals} deals",
             f"{'variant':30} {'cards':>5} {'us/decision':>12} {'/ tournament':>26}"]
    worst = 0.0
    for name in sorted(names, key=lambda n: (variants[n].deal.hand, n)):
        ratios = [x / b for x, b in zip(per_round[name], base)]
        worst = max(worst, statistics.median(ratios))
        lines.append(f"{name:30} {variants[name].deal.hand:5} "
                     f"{statistics.median(per_round[name]):12.2f} {spread(ratios):>26}")
    if hw_round:
        ratios = [x / b for x, b in zip(hw_round, base)]
        lines.append(f"{'(hand-written tournament)':30} {9:5} "
                     f"{statistics.median(hw_round):12.2f} {spread(ratios):>26}")
    by_size: dict[int, list[float]] = {}
    for name in names:
        by_size.setdefault(variants[name].deal.hand, []).append(
            statistics.median(per_round[name]) / statistics.median(base))
    lines.append("By cards in a hand (median over variants, as a ratio to Tournament's): "
                 + ", ".join(f"{size}: {statistics.median(r):.2f}"
                             for size, r in sorted(by_size.items())))
    lines.append(f"Highest median ratio to Tournament: {worst:.2f} (target <= 1.5)")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds (5)")
    parser.add_argument("--deals", type=int, default=100, help="deals per round (100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first round (1)")
    parser.add_argument("--growth", type=int, default=10_000,
                        help="deals played to see whether memory grows (10000)")
    parser.add_argument("--only", choices=("copy", "memory", "decisions"),
                        help="one measure only")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="path of handwritten_tournament.py (default: ../shared/bench)")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.deals < 10 or args.growth < 10:
        parser.error("--rounds must be at least 1, --deals and --growth at least 10")
    bench = _bench_playout()
    rookery = bench.import_rookery()
    path = args.baseline or bench.DEFAULT_BASELINE
    baseline = bench.import_baseline(path) if path.is_file() else None
    if baseline is None:
        print(f"(no hand-written baseline at {path}: its figures are left out)")
    print(f"Python {sys.version.split()[0]}, CPU time of this process")
    if args.only in (None, "copy"):
        print("\n".join(measure_copy(rookery, args.rounds, args.deals, args.seed)), "\n")
    if args.only in (None, "memory"):
        print("\n".join(measure_memory(rookery, baseline, args.seed, args.growth)), "\n")
    if args.only in (None, "decisions"):
        print("\n".join(measure_decisions(rookery, baseline, args.rounds, args.deals,
                                          args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
