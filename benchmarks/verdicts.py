"""Verdicts of a correct engine, measured over every built-in variant and house spec.

For each spec, our interpreter of that very spec is fuzzed against it (as
``rookery fuzz --engine-spec`` does, in process): every rule must get a verdict, none
may break, and the rules *not reached* are counted with their reasons.  The issue's
target is at most 5% of all rules not reached.

    python3 benchmarks/verdicts.py                  # every spec, the default 200 deals
    python3 benchmarks/verdicts.py --deals 60 --specs tournament conformance/house/claim.rook

The figures are counts and rates; nothing here is timed against a threshold.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
try:
    import rookery  # noqa: F401
except ImportError:                                    # run from a checkout
    sys.path.insert(0, str(HERE.parent / "interpreter"))

from rookery.conformance.differential.fuzzer import Fuzzer
from rookery.conformance.differential.verdicts import NOT_REACHED, counts, verdicts
from rookery.conformance.protocol.engines import InProcessEngine
from rookery.conformance.protocol.session import Session
from rookery.conformance.differential.deviations import group
from rookery.language.load import builtin_variants, load_variant


def measure(ref: str, deals: int, seed: int = 1) -> tuple[list, float]:
    """The verdicts of the interpreter of ``ref`` fuzzed against itself."""
    variant = load_variant(Path(ref) if ref.endswith(".rook") else ref)
    engine = InProcessEngine(Session({variant.id: variant}))
    began = time.perf_counter()
    fuzzer = Fuzzer(variant, engine, seed=seed)
    fuzzer.run(deals)
    found = verdicts(variant, fuzzer.coverage, group(fuzzer.differences),
                     views=fuzzer.coverage.views > 0)
    return found, time.perf_counter() - began


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--specs", nargs="*", help="variant ids or .rook files "
                        "(default: every built-in variant and conformance/house/*.rook)")
    args = parser.parse_args(argv)
    specs = args.specs or (sorted(builtin_variants()) + sorted(
        str(p) for p in (HERE.parent / "conformance" / "house").glob("*.rook")))
    total = {"conforms": 0, "breaks": 0, "not reached": 0}
    moot = 0
    for ref in specs:
        found, seconds = measure(ref, args.deals)
        n = counts(found)
        for key in total:
            total[key] += n[key]
        missing = [v for v in found if v.verdict == NOT_REACHED]
        moot += sum(v.moot for v in missing)
        print(f"{Path(ref).stem}: {len(found)} rules, {n['conforms']} conform, "
              f"{n['breaks']} break, {n['not reached']} not reached "
              f"({seconds:.1f}s)" + "".join(f"\n    {v.rule}: {v.reason}" for v in missing),
              flush=True)
    rules = sum(total.values())
    print(f"\nall {len(specs)} specs, {args.deals} deals each: {rules} rules, "
          f"{total['conforms']} conform, {total['breaks']} break, {total['not reached']} "
          f"not reached ({100 * total['not reached'] / max(rules, 1):.1f}%; of them "
          f"{moot} moot: the spec gives the clause no decision)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
