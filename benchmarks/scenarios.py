"""The rule-directed scenarios of the burial, the nest face up and the second bird,
measured by mutation (issue 17).

For each spec with such a rule, our interpreter of the spec is fuzzed against it (how
often the rule decided in 60 deals, and in how many deals a scenario was set up for it),
then each valid mutant of those rules is served in process as the engine to a default
``rookery fuzz`` run (200 deals, seed 1, rounds, scenarios, learning): is the mutated rule
named, and no other, and by which deal?

    python3 benchmarks/scenarios.py                 # every spec below, 200 deals
    python3 benchmarks/scenarios.py --deals 60 --specs burial two-birds

The figures are counts; nothing here is timed against a threshold.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
try:
    import rookery  # noqa: F401
except ImportError:                                    # run from a checkout
    sys.path.insert(0, str(HERE.parent / "interpreter"))

from rookery.conformance.differential.fuzzer import Fuzzer
from rookery.conformance.mutation.mutants import mutants
from rookery.conformance.protocol.engines import InProcessEngine
from rookery.conformance.protocol.session import Session
from rookery.language.load import load_variant

HOUSE = HERE.parent / "conformance" / "house"
SPECS = {"kentucky-rook": ("nest.forbid",),
         str(HOUSE / "burial.rook"): ("nest.forced-burial", "nest.forbid"),
         "family-double-deck": ("nest.forbid",),
         str(HOUSE / "open-nest.rook"): ("nest.face-up", "nest.shown"),
         str(HOUSE / "two-birds.rook"): ("trump.bird",)}


def fuzz(ref: str, variant, engine_variant, deals: int) -> Fuzzer:
    engine = InProcessEngine(Session({variant.id: engine_variant}))
    fuzzer = Fuzzer(variant, engine, 1, spec_ref=ref)
    fuzzer.run(deals)
    return fuzzer


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--specs", nargs="*", help="names from the list (default: all)")
    args = parser.parse_args(argv)
    exact = total = 0
    for ref, rules in SPECS.items():
        if args.specs and Path(ref).stem not in args.specs:
            continue
        variant = load_variant(Path(ref) if ref.endswith(".rook") else ref)
        own = fuzz(ref, variant, variant, 60)
        counts = {rule: count for rule, count in own.coverage.decided.items()
                  if rule.startswith(rules)}
        print(f"{Path(ref).stem}: decided in 60 deals {counts}; scenario deals "
              f"{ {r: n for r, n in own.scenarios.items() if r.startswith(rules)} }")
        for mutant in mutants(ref, own_only=False):
            if mutant.mutant is None or not mutant.rule.startswith(rules):
                continue
            fuzzer = fuzz(ref, variant, mutant.mutant, args.deals)
            named = sorted({r for d in fuzzer.differences for r in d.rules})
            first = min((d.deal_number for d in fuzzer.differences if d.rules), default=None)
            total += 1
            exact += named == [mutant.rule]
            print(f"  {mutant.rule:20} {mutant.change:34} named {', '.join(named) or '-'}"
                  f" (first at deal {first})", flush=True)
    print(f"\nmutants named exactly: {exact} / {total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
