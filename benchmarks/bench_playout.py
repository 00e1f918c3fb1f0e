#!/usr/bin/env python3
"""Random-playout speed of rookery's interpreter, as a ratio to a hand-written engine.

Machines here are shared and noisy, so nothing is compared with a fixed time: both
engines run in ONE process, interleaved deal by deal (each round gives every engine the
same seed; deal 1 of each engine, then deal 2 of each, the order alternating), and the
figure that matters is the ratio of their speeds.  The baseline is
``../shared/bench/handwritten_tournament.py`` (a plain Tournament Rook engine written
directly against the rules), read from the directory next to the repository.

One measured *deal*, for both engines: shuffle a fresh deck with the round's
``random.Random``, pick a random dealer, deal and build the hand, then apply uniformly
random legal actions (``rng.choice(hand.legal_actions())``) until the hand is over, and
read the hand's score: the hand-written engine's ``score_delta`` (worked out as the last
trick is taken), rookery's ``hand.result.changes`` (a playout hand works its result out
when it is first read, so without the read rookery would skip the scoring the
hand-written engine does).  For rookery that is ``rookery.deal_hand(variant, rng, dealer,
record=False)`` then ``hand.apply(...)`` until ``hand.is_over``: a playout that keeps no
events or history, like the hand-written engine (``benchmarks/bench_engine.py`` measures
the recording hand too).  Each deal is timed alone, in CPU time of this process (``--wall`` for
wall-clock time).  Every other built-in variant is measured the same way (its own
figures; there is no hand-written baseline for those).

Usage (from the repository root)::

    python3 benchmarks/bench_playout.py                  # 10 rounds of 200 deals
    python3 benchmarks/bench_playout.py --rounds 4 --deals 100 --variants tournament
    python3 benchmarks/bench_playout.py --profile        # cProfile of rookery's playout
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_BASELINE = REPO.parent / "shared" / "bench" / "handwritten_tournament.py"
# CPU time of this process: time spent descheduled (other work on the machine) is not
# charged to whichever engine happened to be running; --wall switches to wall-clock time.
CLOCK = time.process_time


def import_rookery():
    """rookery installed, or else from the source tree next to this file."""
    try:
        import rookery
    except ImportError:
        sys.path.insert(0, str(REPO / "interpreter"))
        import rookery
    return rookery


def import_baseline(path: Path):
    """The hand-written engine, or a clear exit if it is not where it should be."""
    if not path.is_file():
        sys.exit(f"bench_playout: the hand-written baseline is missing: {path}\n"
                 "  It lives in ../shared/bench/ next to the repository; pass "
                 "--baseline PATH if it is elsewhere.")
    spec = importlib.util.spec_from_file_location("handwritten_tournament", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _faster_or_slower(ratio: float) -> str:
    """The ratio in words: "1.08x faster" or "1.2x slower", never "0.9x slower"."""
    if ratio >= 1:
        return f"{ratio:.2f}x faster"
    return f"{1 / ratio:.2f}x slower"


# -- one deal, as each engine plays it ------------------------------------------------------

def handwritten_deal(engine, rng: random.Random) -> int:
    """One hand of the baseline engine; returns the number of actions applied."""
    hand = engine.new_hand(rng)
    choice = rng.choice
    actions = 0
    while not hand.done:
        hand.apply(choice(hand.legal_actions()))
        actions += 1
    hand.score_delta                        # the hand's score (it works it out at the end)
    return actions


def rookery_deal(rookery, variant, rng: random.Random) -> int:
    """One hand of rookery's interpreter; returns the number of actions applied."""
    hand = rookery.deal_hand(variant, rng, rng.randrange(variant.table.players), record=False)
    choice = rng.choice
    actions = 0
    while not hand.is_over:
        hand.apply(choice(hand.legal_actions()))
        actions += 1
    hand.result.changes                     # the hand's score (a playout reckons it on asking)
    return actions


class Contender:
    """One engine under measurement: its total time, deals and actions over all rounds."""

    def __init__(self, name: str, play_one):
        self.name = name
        self.play_one = play_one
        self.seconds = 0.0
        self.deals = 0
        self.actions = 0
        self.round_rates: list[float] = []
        self.error: str | None = None
        self.rng = random.Random()
        self.round_seconds = 0.0

    def begin_round(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.round_seconds = 0.0

    def play(self) -> None:
        """One deal, timed on its own."""
        start = CLOCK()
        actions = self.play_one(self.rng)
        self.round_seconds += CLOCK() - start
        self.deals += 1
        self.actions += actions

    def end_round(self, deals: int) -> None:
        self.seconds += self.round_seconds
        self.round_rates.append(deals / self.round_seconds if self.round_seconds > 0
                                else float("inf"))

    def reset(self) -> None:
        self.seconds, self.deals, self.actions = 0.0, 0, 0
        self.round_rates.clear()

    @property
    def rate(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else float("inf")


def measure(contenders: list[Contender], rounds: int, deals: int, seed: int,
            progress=None) -> None:
    """Interleave as finely as possible: each round gives every engine its own
    ``random.Random(seed + round)``, then plays deal 1 of every engine, deal 2 of every
    engine, ... (the order alternating from deal to deal), each deal timed alone, so a
    burst of load on the machine falls on all engines alike."""
    for contender in contenders:             # warm-up (and a first check that it runs)
        try:
            contender.begin_round(seed - 1)
            contender.play()
        except Exception as error:           # noqa: BLE001 - reported, the run goes on
            contender.error = f"{type(error).__name__}: {error}"
        contender.reset()
    live = [c for c in contenders if c.error is None]
    backwards = live[::-1]
    for number in range(rounds):
        for contender in live:
            contender.begin_round(seed + number)
        for deal in range(deals):
            for contender in (live if deal % 2 == 0 else backwards):
                contender.play()
        for contender in live:
            contender.end_round(deals)
        if progress:
            progress(number + 1, rounds)


def report(baseline: Contender, tournament: Contender, others: list[Contender],
           rounds: int, deals: int, seed: int) -> str:
    clock = "CPU time" if CLOCK is time.process_time else "wall-clock time"
    lines = [f"Random playouts, {rounds} rounds x {deals} deals interleaved deal by deal "
             f"(seeds {seed}..{seed + rounds - 1}), {clock}, Python {sys.version.split()[0]}",
             ""]
    lines.append(f"{'engine':34} {'deals/sec':>10} {'actions/deal':>13} {'actions/sec':>12}")

    def row(c: Contender, label: str) -> str:
        if c.error:
            return f"{label:34} failed: {c.error}"
        per_deal = c.actions / c.deals
        return f"{label:34} {c.rate:10.1f} {per_deal:13.1f} {c.rate * per_deal:12.0f}"

    lines.append(row(baseline, "handwritten tournament"))
    lines.append(row(tournament, "rookery tournament"))
    if not (baseline.error or tournament.error):
        ratio = tournament.rate / baseline.rate
        per_round = [r / b for r, b in zip(tournament.round_rates, baseline.round_rates)]
        lines += ["",
                  f"RATIO rookery / handwritten (deals/sec): {ratio:.3f}  "
                  f"(rookery is {_faster_or_slower(ratio)}; per-round ratios "
                  f"{min(per_round):.3f}..{max(per_round):.3f}, median "
                  f"{statistics.median(per_round):.3f})",
                  "Granularity: the hand-written engine lays the 5 nest cards aside in ONE "
                  "action (a random 5-card subset);",
                  "rookery takes one 'discard CARD' action per card (5 actions), so it "
                  "applies 4 more actions per deal",
                  "that is not thrown in; deals/sec compares whole hands, actions/sec is "
                  "shown for reference only.",
                  "Scoring: both engines' score is read at the end of every deal; "
                  "rookery's result is the full one (each side's",
                  "counters, tricks, bonus and take, the running scores), the "
                  "hand-written engine's a (team 0, team 1) delta."]
    if others:
        lines += ["", "rookery, every other built-in variant (no hand-written baseline):",
                  f"{'variant':34} {'deals/sec':>10} {'actions/deal':>13} {'actions/sec':>12}"]
        lines += [row(c, c.name) for c in others]
    return "\n".join(lines)


def profile(rookery, variant, deals: int, seed: int, top: int) -> None:
    """cProfile of rookery's playout loop for one variant: the top functions by own time."""
    rng = random.Random(seed)
    profiler = cProfile.Profile(time.process_time)   # CPU time: other load is not counted
    profiler.enable()
    for _ in range(deals):
        rookery_deal(rookery, variant, rng)
    profiler.disable()
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.strip_dirs().sort_stats("tottime").print_stats(top)


def phases(rookery, engine, variant, rounds: int, deals: int, seed: int) -> str:
    """Where each engine's Tournament playout spends its time, per phase: CPU time per
    deal of dealing, of each phase's decisions (legal actions, the random choice and
    applying it) and of reading the score.  Each action is timed alone, so the cost of
    the clock itself (measured here, per reading) is taken off every timed piece; the
    engines alternate deal by deal after a first deal each not counted, as in the main
    measurement."""
    clock = CLOCK
    start = clock()
    for _ in range(20000):
        clock()
    per_reading = (clock() - start) / 20000

    def timed(new_hand, over, done, score):
        def play_one(rng, spent):
            before = clock()
            hand = new_hand(rng)
            after = clock()
            spent["deal"] = spent.get("deal", 0.0) + after - before - per_reading
            choice = rng.choice
            while not over(hand):
                phase = getattr(hand, "phase", "decisions")
                before = clock()
                hand.apply(choice(hand.legal_actions()))
                after = clock()
                spent[phase] = spent.get(phase, 0.0) + after - before - per_reading
            before = clock()
            score(hand)
            spent["score"] = spent.get("score", 0.0) + clock() - before - per_reading
        return play_one

    contenders = {
        "handwritten": timed(engine.new_hand, lambda h: h.done, None,
                             lambda h: h.score_delta),
        "rookery": timed(lambda rng: rookery.deal_hand(
            variant, rng, rng.randrange(variant.table.players), record=False),
            lambda h: h.is_over, None, lambda h: h.result.changes)}
    # A first deal of each engine, not counted (as in the main measurement): rookery's
    # first deal of a variant builds its tables, phase classes and scorer (tens of
    # milliseconds, once), which would otherwise be charged to the deal row.
    for name, play_one in contenders.items():
        play_one(random.Random(seed - 1), {})
    spent = {name: {} for name in contenders}
    for index in range(rounds):
        rngs = {name: random.Random(seed + index) for name in contenders}
        for deal in range(deals):
            order = list(contenders) if deal % 2 == 0 else list(reversed(contenders))
            for name in order:
                contenders[name](rngs[name], spent[name])
    total = rounds * deals
    names = ["deal", "bidding", "discard", "trump", "play", "score"]
    lines = [f"Per-phase CPU time per Tournament deal (us), {rounds} rounds x {deals} deals, "
             f"clock reading {per_reading * 1e6:.2f} us taken off each timed piece",
             f"{'phase':10} {'handwritten':>12} {'rookery':>9} {'rookery - hw':>13}"]
    sums = {name: 0.0 for name in contenders}
    for phase in names + sorted({p for d in spent.values() for p in d} - set(names)):
        values = {name: spent[name].get(phase, 0.0) / total * 1e6 for name in contenders}
        for name, value in values.items():
            sums[name] += value
        lines.append(f"{phase:10} {values['handwritten']:12.1f} {values['rookery']:9.1f} "
                     f"{values['rookery'] - values['handwritten']:13.1f}")
    lines.append(f"{'total':10} {sums['handwritten']:12.1f} {sums['rookery']:9.1f} "
                 f"{sums['rookery'] - sums['handwritten']:13.1f}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="interleaved rounds (10)")
    parser.add_argument("--deals", type=int, default=200, help="deals per engine per round (200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first round (1)")
    parser.add_argument("--variants", default="all",
                        help="other rookery variants to measure: all, none, or a comma list")
    parser.add_argument("--baseline", type=Path, default=DEFAULT_BASELINE,
                        help="path of handwritten_tournament.py")
    parser.add_argument("--wall", action="store_true",
                        help="time with the wall clock instead of this process's CPU time")
    parser.add_argument("--profile", action="store_true",
                        help="instead of timing, cProfile rookery's Tournament playout")
    parser.add_argument("--top", type=int, default=25, help="rows of the profile (25)")
    parser.add_argument("--phases", action="store_true",
                        help="instead of the ratio, each engine's CPU time per phase of a "
                             "Tournament deal")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.deals < 1:
        parser.error("--rounds and --deals must be at least 1")

    global CLOCK
    if args.wall:
        CLOCK = time.perf_counter
    rookery = import_rookery()
    tournament_variant = rookery.load_variant("tournament")
    if args.profile:
        profile(rookery, tournament_variant, args.deals * args.rounds, args.seed, args.top)
        return 0

    engine = import_baseline(args.baseline)
    if args.phases:
        print(phases(rookery, engine, tournament_variant, args.rounds, args.deals, args.seed))
        return 0
    baseline = Contender("handwritten", lambda rng: handwritten_deal(engine, rng))
    tournament = Contender("tournament",
                           lambda rng: rookery_deal(rookery, tournament_variant, rng))
    if args.variants == "none":
        names = []
    elif args.variants == "all":
        names = [n for n in rookery.builtin_variants() if n != "tournament"]
    else:
        names = [n.strip() for n in args.variants.split(",") if n.strip() != "tournament"]
    others = []
    for name in names:
        try:
            variant = rookery.load_variant(name)
        except rookery.RookeryError as error:
            failed = Contender(name, None)
            failed.error = str(error).splitlines()[0]
            others.append(failed)
            continue
        others.append(Contender(name, lambda rng, v=variant: rookery_deal(rookery, v, rng)))

    def progress(done: int, total: int) -> None:
        print(f"\rround {done}/{total}", end="", file=sys.stderr, flush=True)

    runnable = [c for c in [baseline, tournament, *others] if c.play_one is not None]
    measure(runnable, args.rounds, args.deals, args.seed, progress)
    print(file=sys.stderr)
    print(report(baseline, tournament, others, args.rounds, args.deals, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
