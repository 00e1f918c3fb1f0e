#!/usr/bin/env python3
"""Every figure of issue 11's table, each beside its peer, as min / median / max over
interleaved rounds.

Machines here are shared and noisy: a figure is measured in CPU time where it can be
(``time.process_time``, or the user + system time of a child process), each round
measures the figure and its peer back to back (their order alternating), and the ratio
is taken round by round.  What is measured, and against what:

==========================  =============================================================
figure                      peer
==========================  =============================================================
playouts                    ``../shared/bench/handwritten_tournament.py`` (deals/sec)
conformance command         its target, 1.5 s (the whole command, a child process)
serve / in-process          the corpus run in-process (case-running time only, both warm)
``rookery --help``          a bare ``python -c pass``
loading the 42 specs        the same with every parent spec parsed again for each child
``Hand.copy()``             one whole random playout
memory per Hand             the hand-written engine's hand (fresh, finished)
growth over N deals         none: allocated blocks after deal N/10 and after deal N
corpus linearity            per-case time of the whole corpus against 100 cases
==========================  =============================================================

Usage (from the repository root)::

    python3 benchmarks/bench_tools.py                 # every figure, 5 rounds
    python3 benchmarks/bench_tools.py --only help,specs --rounds 9
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_playout  # noqa: E402  (the playout contenders and their interleaving)

CLOCK = time.process_time


@dataclass
class Figure:
    """One line of the table: the figure's values, its peer's, the ratio per round."""

    name: str
    unit: str
    values: list[float]
    peer: str
    peer_values: list[float]
    ratios: list[float]
    target: str
    note: str = ""

    def row(self) -> str:
        def spread(values, fmt):
            if not values:
                return "-"
            return " / ".join(fmt.format(v) for v in (min(values), statistics.median(values),
                                                      max(values)))
        fmt = "{:.3f}" if self.unit in ("s", "ms") else "{:.0f}"
        return (f"{self.name:30} {spread(self.values, fmt):>26} {self.unit:7} "
                f"{self.peer:34} {spread(self.peer_values, fmt):>26} "
                f"{spread(self.ratios, '{:.3f}'):>22}  {self.target}"
                + (f"  ({self.note})" if self.note else ""))


HEADER = (f"{'figure':30} {'value min / median / max':>26} {'unit':7} {'peer':34} "
          f"{'peer min / median / max':>26} {'ratio min / median / max':>22}  target")


def child_env() -> dict:
    """The environment of a child Python: it imports the same rookery as this process."""
    rookery = bench_playout.import_rookery()
    where = str(Path(rookery.__file__).resolve().parent.parent)
    return {**os.environ, "PYTHONPATH": os.pathsep.join(
        [where] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])}


def child_cpu(command: list[str]) -> float:
    """User + system seconds of one run of ``command`` (its output dropped)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=False, env=child_env())
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def paired(rounds: int, subject, peer) -> tuple[list[float], list[float], list[float]]:
    """``rounds`` of (subject, peer) measured back to back, the order alternating."""
    values, peers = [], []
    for number in range(rounds):
        if number % 2:
            p = peer()
            v = subject()
        else:
            v = subject()
            p = peer()
        values.append(v)
        peers.append(p)
    return values, peers, [v / p if p else float("inf") for v, p in zip(values, peers)]


def python_command(code: str) -> list[str]:
    return [sys.executable, "-c", code]


# -- the figures ---------------------------------------------------------------------------

def playouts(rookery, args) -> Figure:
    engine = bench_playout.import_baseline(args.baseline)
    variant = rookery.load_variant("tournament")
    baseline = bench_playout.Contender(
        "handwritten", lambda rng: bench_playout.handwritten_deal(engine, rng))
    ours = bench_playout.Contender(
        "tournament", lambda rng: bench_playout.rookery_deal(rookery, variant, rng))
    bench_playout.measure([baseline, ours], args.rounds, args.deals, seed=1)
    return Figure("playouts, Tournament", "deals/s", ours.round_rates,
                  "hand-written engine", baseline.round_rates,
                  [r / b for r, b in zip(ours.round_rates, baseline.round_rates)], ">= 1.0")


def conformance_command(rookery, args) -> Figure:
    paths = [str(p) for p in args.corpus]
    command = python_command("import sys; from rookery.cli import main; "
                             f"sys.exit(main(['conformance', '--no-progress', *{paths!r}]))")
    values = [child_cpu(command) for _ in range(args.rounds)]
    target = 1.5
    return Figure("conformance command, whole", "s", values, "target 1.5 s", [target],
                  [v / target for v in values], "< 1.5 s",
                  "child CPU; " + (" ".join(paths) if paths else "the whole corpus"))


def _corpus(limit: int | None):
    from rookery.conformance.corpus.cases import load_corpus
    cases, _ = load_corpus()
    if limit is not None:
        cases = random.Random(11).sample(cases, min(limit, len(cases)))
    return cases


def _process_cpu(pid: int) -> float:
    """User + system seconds of a running process so far (Linux ``/proc``; 0 elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def serve_ratio(rookery, args) -> list[Figure]:
    """Both engines warm: each runs the corpus once untimed (the served engine loads its
    specs and fills its caches, as the in-process engine's already are in this process),
    then once timed.  The served engine's first run (its specs loading during the cases)
    is a row of its own, against the warm in-process run."""
    from rookery.conformance import InProcessEngine, run_cases
    from rookery.conformance.protocol.subprocess_engine import SubprocessEngine
    # A house spec's cases (a case file naming its 'spec') are played in-process as that
    # spec; ``rookery serve`` without spec files does not know them: both run the rest.
    cases = [case for case in _corpus(args.cases) if not case.spec_file]
    serve = [sys.executable, "-m", "rookery.cli", "serve"]

    def timed(make) -> tuple[float, float, float]:
        """Wall and CPU seconds of the warm run (the engine's process's CPU included),
        and the CPU seconds of the first run."""
        engine = make()
        engine.start()              # the engine's process started and greeted: not timed
        pid = getattr(getattr(engine, "process", None), "pid", None)
        out = []
        try:
            for _ in range(2):
                child = _process_cpu(pid) if pid else 0.0
                began, cpu = time.perf_counter(), CLOCK()
                run = run_cases(engine, cases, {})
                wall, cpu = time.perf_counter() - began, CLOCK() - cpu
                if pid:
                    cpu += _process_cpu(pid) - child
                assert all(result.verdict == "pass" for result in run.results), \
                    "a case failed"
                out.append((wall, cpu))
        finally:
            engine.close()
        (_, first), (wall, cpu) = out
        return wall, cpu, first

    served, local = [], []
    for number in range(args.rounds):
        pair = [lambda: served.append(timed(lambda: SubprocessEngine(serve, env=child_env()))),
                lambda: local.append(timed(InProcessEngine))]
        for measure in pair[::-1] if number % 2 else pair:
            measure()
    note = "both warm: the second run over the corpus"
    figures = [Figure(f"serve / in-process, {kind}", "s", [s[index] for s in served],
                      f"in-process, {len(cases)} cases", [p[index] for p in local],
                      [s[index] / p[index] for s, p in zip(served, local)], "<= 3x",
                      note + ("; both processes' CPU" if kind == "CPU" else ""))
               for index, kind in enumerate(("wall", "CPU"))]
    figures.append(Figure("serve / in-process, CPU, first run", "s", [s[2] for s in served],
                          "in-process, warm", [p[1] for p in local],
                          [s[2] / p[1] for s, p in zip(served, local)], "<= 3x",
                          "the served engine's first run: its specs load during the cases"))
    return figures


def help_ratio(rookery, args) -> Figure:
    values, peers, ratios = paired(
        args.rounds, lambda: child_cpu(python_command(
            "from rookery.cli import main; main(['--help'])")),
        lambda: child_cpu(python_command("pass")))
    return Figure("rookery --help", "s", values, "bare python start", peers, ratios,
                  "<= 0.1 s", "child CPU")


def spec_loading(rookery, args) -> Figure:
    from rookery.language import load, specs
    names = load.builtin_variants()
    for name in names:                       # warm: grammar built, modules imported
        load.load_variant(name)
    parsed = getattr(specs, "_parsed", None)

    def forget() -> None:
        specs._load_within.cache_clear()
        if parsed is not None:
            parsed.cache_clear()

    def cached() -> float:
        forget()
        began = CLOCK()
        for name in names:
            load.load_variant(name)
        return CLOCK() - began

    def reparsed() -> float:
        forget()
        began = CLOCK()
        for name in names:
            if parsed is not None:
                parsed.cache_clear()         # as before issue 11: parents parsed again
            load.load_variant(name)
        return CLOCK() - began

    values, peers, ratios = paired(args.rounds, cached, reparsed)
    forget()
    return Figure(f"loading all {len(names)} specs, warm", "s", values,
                  "every parent parsed again", peers, ratios, "< 0.15 s")


def _playout(rookery, variant, rng, copy_at: int | None = None):
    """One random playout; at action ``copy_at``, the hand (to copy) is returned too."""
    hand = rookery.deal_hand(variant, rng, rng.randrange(variant.table.players))
    kept, actions = None, 0
    while not hand.is_over:
        if actions == copy_at:
            kept = hand
        hand.apply(rng.choice(hand.legal_actions()))
        actions += 1
    return hand, kept


def hand_copy(rookery, args) -> Figure:
    variant = rookery.load_variant("tournament")
    copies, playouts_ = [], []
    for number in range(args.rounds):
        rng = random.Random(100 + number)
        began = CLOCK()
        for _ in range(args.deals):
            _playout(rookery, variant, rng)
        playouts_.append((CLOCK() - began) / args.deals)
        # mid-hand states: copied as a search bot would
        states = []
        while len(states) < args.deals:
            _, kept = _playout(rookery, variant, rng, copy_at=rng.randrange(5, 40))
            if kept is not None:
                states.append(kept)
        began = CLOCK()
        for state in states:
            state.copy()
        copies.append((CLOCK() - began) / len(states))
    copies = [c * 1e6 for c in copies]
    playouts_ = [p * 1e6 for p in playouts_]
    return Figure("Hand.copy()", "us", copies, "one random playout", playouts_,
                  [c / p for c, p in zip(copies, playouts_)], "<= 10% of a playout")


def _bytes_per(make, count: int) -> float:
    gc.collect()
    tracemalloc.start()
    start = tracemalloc.get_traced_memory()[0]
    kept = [make(i) for i in range(count)]
    size = tracemalloc.get_traced_memory()[0] - start
    tracemalloc.stop()
    del kept
    return size / count


def memory(rookery, args) -> list[Figure]:
    engine = bench_playout.import_baseline(args.baseline)
    variant = rookery.load_variant("tournament")
    rookery.deal_hand(variant, 0)            # the variant's tables built before counting

    def ours(finished: bool):
        def make(i):
            rng = random.Random(i)
            if finished:
                return _playout(rookery, variant, rng)[0]
            return rookery.deal_hand(variant, rng, rng.randrange(4))
        return make

    def theirs(finished: bool):
        def make(i):
            rng = random.Random(i)
            hand = engine.new_hand(rng)
            while finished and not hand.done:
                hand.apply(rng.choice(hand.legal_actions()))
            return hand
        return make

    out = []
    for state in ("fresh", "finished"):
        finished = state == "finished"
        values, peers, ratios = paired(args.rounds, lambda: _bytes_per(ours(finished),
                                                                       args.hands),
                                       lambda: _bytes_per(theirs(finished), args.hands))
        out.append(Figure(f"memory per Hand, {state}", "bytes", values,
                          "hand-written engine's hand", peers, ratios, "report it",
                          f"tracemalloc, {args.hands} hands kept"))
    return out


def growth(rookery, args) -> Figure:
    variant = rookery.load_variant("tournament")
    rng = random.Random(7)
    early = max(1, args.growth_deals // 10)
    blocks = []
    for deal in range(1, args.growth_deals + 1):
        _playout(rookery, variant, rng)
        if deal in (early, args.growth_deals):
            gc.collect()
            blocks.append(sys.getallocatedblocks())
    return Figure(f"growth over {args.growth_deals} deals", "blocks", [blocks[1] - blocks[0]],
                  f"blocks after deal {early}", [blocks[0]],
                  [(blocks[1] - blocks[0]) / blocks[0]], "no growth",
                  "sys.getallocatedblocks after gc")


def linearity(rookery, args) -> Figure:
    from rookery.conformance import InProcessEngine, run_cases
    from rookery.conformance.corpus.cases import case_files, default_paths, load_corpus
    files = case_files(default_paths())
    rng = random.Random(5)
    rng.shuffle(files)
    some, count = [], 0
    for path in files:
        if count >= args.sample:
            break
        some.append(path)
        count += len(load_corpus([path])[0])
    everything = files if args.cases is None else files[:max(len(some) * 2, 1)]

    def per_case(paths) -> float:
        began = CLOCK()
        cases, _ = load_corpus(paths)
        run_cases(InProcessEngine(), cases, {})
        return (CLOCK() - began) / max(len(cases), 1) * 1000

    values, peers, ratios = paired(args.rounds, lambda: per_case(everything),
                                   lambda: per_case(some))
    return Figure("corpus, per case: all / 100", "ms", values, f"{count} cases",
                  peers, ratios, "flat (about 1)", f"{len(everything)} files against "
                  f"{len(some)}; read, checked and run")


FIGURES = {"playouts": playouts, "conformance": conformance_command, "serve": serve_ratio,
           "help": help_ratio, "specs": spec_loading, "copy": hand_copy, "memory": memory,
           "growth": growth, "linearity": linearity}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (5)")
    parser.add_argument("--deals", type=int, default=200,
                        help="playouts per round, and states copied (200)")
    parser.add_argument("--hands", type=int, default=500, help="hands kept to weigh (500)")
    parser.add_argument("--growth-deals", type=int, default=10_000,
                        help="deals played for the growth figure (10000)")
    parser.add_argument("--cases", type=int, default=None,
                        help="cases run for the serve figure (default: the whole corpus)")
    parser.add_argument("--sample", type=int, default=100,
                        help="cases of the small corpus for linearity (100)")
    parser.add_argument("--corpus", type=Path, nargs="*", default=[],
                        help="case files for the conformance command (default: all)")
    parser.add_argument("--only", default=",".join(FIGURES),
                        help="comma list of figures: " + ", ".join(FIGURES))
    parser.add_argument("--baseline", type=Path, default=bench_playout.DEFAULT_BASELINE,
                        help="path of handwritten_tournament.py")
    args = parser.parse_args(argv)
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in FIGURES]
    if unknown:
        parser.error(f"unknown figure(s): {', '.join(unknown)}")
    rookery = bench_playout.import_rookery()
    print(f"issue 11's figures: {args.rounds} rounds, CPU time unless said, Python "
          f"{sys.version.split()[0]}")
    print(HEADER)
    for name in chosen:
        print(f"  ... {name}", file=sys.stderr, flush=True)
        try:
            found = FIGURES[name](rookery, args)
        except SystemExit as missing:        # the hand-written baseline is not there
            print(f"{name:30} skipped: {str(missing.code).splitlines()[0]}", flush=True)
            continue
        for figure in found if isinstance(found, list) else [found]:
            print(figure.row(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
