"""Diagnosis precision, measured by mutation.

Every valid, observable single-rule mutant of a variant's spec (``rookery mutate``'s
mutants, less those listed as equivalent) is used as the engine under test -- our
interpreter playing the mutant -- and checked two ways against the original spec:

* ``rookery fuzz``: is the mutated rule named as a deviation within ``--deals`` deals, and
  is no other rule named?
* the corpus run: does some case fail charged to the mutated rule (or is blocked by it),
  and is no case failure charged to / blocked by any other rule?

With ``--triples N``, N engines carrying three random mutations of different rules at
once are fuzzed too: are all three rules named?

    python3 benchmarks/diagnosis.py                          # the six core variants
    python3 benchmarks/diagnosis.py --variants tournament --deals 300 --triples 20

The figures are rates; nothing here is timed against a threshold.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
try:
    import rookery  # noqa: F401
except ImportError:                                    # run from a checkout
    sys.path.insert(0, str(HERE.parent / "interpreter"))

from rookery.conformance.corpus.cases import load_corpus
from rookery.conformance.protocol.engines import InProcessEngine
from rookery.conformance.differential.fuzzer import Fuzzer
from rookery.conformance.mutation.mutants import mutants
from rookery.conformance.corpus.runner import run_cases
from rookery.conformance.protocol.session import Session
from rookery.language.load import load_variant
from rookery.resources import conformance_dir                      # noqa: E402

CORE = ["tournament", "kentucky-rook", "rook-for-three", "family-double-deck",
        "family-double-deck-6", "standard-deck"]


def equivalent() -> set[tuple[str, str, str]]:
    data = json.loads((conformance_dir() / "equivalent-mutants.json").read_text())
    return {(e["variant"], e["rule"], e["change"]) for e in data}


def fuzz_names(variant, engine_variant, deals: int, seed: int = 1) -> tuple[set, int | None]:
    """The rules a default ``rookery fuzz`` run names (rounds, rule-directed scenarios,
    rules learned as the engine plays them), and the deal by which the first was named."""
    fuzzer = Fuzzer(variant, InProcessEngine(Session({variant.id: engine_variant})), seed,
                    spec_ref=spec_refs.get(variant.id, variant.id))
    fuzzer.run(deals)
    first = min((d.deal_number for d in fuzzer.differences if d.rules), default=None)
    return {rule for d in fuzzer.differences for rule in d.rules}, first


spec_refs: dict[str, str] = {}      # variant id -> the .rook file it was loaded from


def corpus_names(variant, engine_variant, cases) -> tuple[set, set, int]:
    """The rules failing cases are charged to, those cases are blocked by, and how
    many cases failed."""
    engine = InProcessEngine(Session({variant.id: engine_variant}))
    run = run_cases(engine, cases, oracle_of=lambda case: variant)
    charged, blocked, failed = set(), set(), 0
    for result in run.results:
        if result.ok:
            continue
        failed += 1
        if result.blocked_by:
            blocked.update(result.blocked_by)
        else:
            charged.update(result.charged)
    return charged, blocked, failed


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", nargs="*", default=CORE)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--house", action="store_true",
                        help="the house specs of conformance/house/, their own clauses "
                        "mutated (the mechanisms that need a deep state)")
    parser.add_argument("--triples", type=int, default=10,
                        help="engines with three random mutations, per variant")
    parser.add_argument("--json", type=Path, help="write every mutant's outcome here")
    parser.add_argument("--no-corpus", action="store_true",
                        help="measure the fuzzing only (the corpus half takes the longer)")
    parser.add_argument("--no-fuzz", action="store_true", help="measure the corpus only")
    args = parser.parse_args(argv)
    skip = equivalent()
    cases_all, _ = load_corpus()
    rows = []
    totals = {"mutants": 0, "fuzz_named": 0, "fuzz_exact": 0, "corpus_named": 0,
              "corpus_exact": 0, "triples": 0, "triples_all": 0, "triples_exact": 0}
    began = time.perf_counter()
    refs = sorted(str(p) for p in (conformance_dir() / "house").glob("*.rook")) \
        if args.house else args.variants
    for variant_id in refs:
        variant = load_variant(Path(variant_id) if variant_id.endswith(".rook")
                               else variant_id)
        spec_refs[variant.id] = variant_id
        cases = [c for c in cases_all if c.variant == variant.id]
        valid = [m for m in mutants(variant_id, own_only=args.house)
                 if m.mutant is not None and (variant_id, m.rule, m.change) not in skip]
        for mutant in valid:
            named, first = (set(), None) if args.no_fuzz else \
                fuzz_names(variant, mutant.mutant, args.deals)
            charged, blocked, failed = (set(), set(), 0) if args.no_corpus else \
                corpus_names(variant, mutant.mutant, cases)
            row = {"variant": variant_id, "rule": mutant.rule, "change": mutant.change,
                   "fuzz_named": sorted(named), "fuzz_first_deal": first,
                   "corpus_charged": sorted(charged), "corpus_blocked": sorted(blocked),
                   "corpus_failed": failed}
            rows.append(row)
            totals["mutants"] += 1
            totals["fuzz_named"] += mutant.rule in named
            totals["fuzz_exact"] += named == {mutant.rule}
            corpus = charged | blocked
            totals["corpus_named"] += mutant.rule in corpus
            totals["corpus_exact"] += corpus == {mutant.rule}
            mark = "ok " if named == {mutant.rule} else "   "
            print(f"{mark}{variant_id:22} {mutant.rule:22} {mutant.change:34} fuzz: "
                  f"{','.join(sorted(named)) or '-':32} corpus: "
                  f"{','.join(sorted(corpus)) or '-'} ({failed} failed)", flush=True)
        rng = random.Random(variant_id)
        by_rule: dict[str, list] = {}
        for mutant in valid:
            by_rule.setdefault(mutant.rule, []).append(mutant)
        for _ in range(args.triples if len(by_rule) >= 3 else 0):
            picked = [rng.choice(by_rule[rule]) for rule in rng.sample(sorted(by_rule), 3)]
            engine_variant = _combine(variant_id, picked)
            if engine_variant is None:
                continue
            named, _ = fuzz_names(variant, engine_variant, args.deals)
            want = {m.rule for m in picked}
            totals["triples"] += 1
            totals["triples_all"] += want <= named
            totals["triples_exact"] += want == named
            print(f"triple {variant_id:18} {' + '.join(m.change for m in picked):70} "
                  f"named: {','.join(sorted(named))}", flush=True)
    seconds = time.perf_counter() - began
    n, t = totals["mutants"], totals["triples"]
    print()
    print(f"single-rule mutants: {n} over {len(refs)} specs, {args.deals} deals each")
    print(f"  fuzz names the mutated rule:           {totals['fuzz_named']}/{n}")
    print(f"  fuzz names it and no other rule:       {totals['fuzz_exact']}/{n}")
    print(f"  corpus charges or blocks on it:        {totals['corpus_named']}/{n}")
    print(f"  corpus names it and no other rule:     {totals['corpus_exact']}/{n}")
    if t:
        print(f"three mutations at once: {t} engines")
        print(f"  all three rules named:                 {totals['triples_all']}/{t}")
        print(f"  exactly those three:                   {totals['triples_exact']}/{t}")
    print(f"in {seconds:.0f}s")
    if args.json:
        args.json.write_text(json.dumps({"totals": totals, "mutants": rows}, indent=1))
    return 0


def _combine(variant_id: str, picked):
    """One engine carrying several mutations: the spec with each changed clause."""
    from rookery.conformance.mutation.mutants import combined_mutant
    return combined_mutant(variant_id, picked)


if __name__ == "__main__":
    sys.exit(main())
