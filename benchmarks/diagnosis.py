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
import functools
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
from rookery.parallel import add_arguments, map_in_order, workers_from, worker_local
from rookery.resources import conformance_dir                      # noqa: E402

CORE = ["tournament", "kentucky-rook", "rook-for-three", "family-double-deck",
        "family-double-deck-6", "standard-deck"]


def equivalent() -> set[tuple[str, str, str]]:
    data = json.loads((conformance_dir() / "equivalent-mutants.json").read_text())
    return {(e["variant"], e["rule"], e["change"]) for e in data}


def fuzz_names(variant, engine_variant, deals: int, seed: int = 1) -> tuple[set, int | None]:
    """The rules a default ``rookery fuzz`` run names (rounds, rule-directed scenarios,
    rules learned as the engine plays them), and the deal by which the first was named."""
    named, first, _ = fuzz_verdicts(variant, engine_variant, deals, seed)
    return named, first


def fuzz_verdicts(variant, engine_variant, deals: int, seed: int = 1):
    """:func:`fuzz_names`, and the rules the run's verdicts say conform (with their
    witnesses): a mutated rule must never be among them."""
    from rookery.conformance.differential.deviations import group
    from rookery.conformance.differential.verdicts import CONFORMS, verdicts
    fuzzer = Fuzzer(variant, InProcessEngine(Session({variant.id: engine_variant})), seed,
                    spec_ref=spec_refs.get(variant.id, variant.id))
    fuzzer.run(deals)
    first = min((d.deal_number for d in fuzzer.differences if d.rules), default=None)
    found = verdicts(variant, fuzzer.coverage, group(fuzzer.differences),
                     learned=fuzzer.learned(), alternatives=fuzzer.spec_alternatives())
    conforming = {v.rule for v in found if v.verdict == CONFORMS}
    return {rule for d in fuzzer.differences for rule in d.rules}, first, conforming


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
    parser.add_argument("--every", type=int, default=1, metavar="K",
                        help="a sample: every K-th single-rule mutant of each spec "
                        "(default 1, all of them)")
    parser.add_argument("--offset", type=int, default=0,
                        help="with --every, start the sample at this mutant (0 .. K-1)")
    parser.add_argument("--json", type=Path, help="write every mutant's outcome here")
    parser.add_argument("--no-corpus", action="store_true",
                        help="measure the fuzzing only (the corpus half takes the longer)")
    parser.add_argument("--no-fuzz", action="store_true", help="measure the corpus only")
    add_arguments(parser, "mutants")
    args = parser.parse_args(argv)
    workers = workers_from(args.jobs, args.executor)
    skip = equivalent()
    refs = sorted(str(p) for p in (conformance_dir() / "house").glob("*.rook")) \
        if args.house else args.variants
    items = []
    for variant_id in refs:
        valid = _valid(variant_id, args.house, skip)
        for index in range(args.offset, len(valid), max(1, args.every)):
            items.append(("single", variant_id, (index,)))
        rng = random.Random(variant_id)
        by_rule: dict[str, list] = {}
        for index, mutant in enumerate(valid):
            by_rule.setdefault(mutant.rule, []).append(index)
        for _ in range(args.triples if len(by_rule) >= 3 else 0):
            picked = [rng.choice(by_rule[rule]) for rule in rng.sample(sorted(by_rule), 3)]
            items.append(("triple", variant_id, tuple(picked)))
    settings = (args.house, args.deals, not args.no_fuzz, not args.no_corpus)
    rows = []
    totals = {"mutants": 0, "fuzz_named": 0, "fuzz_exact": 0, "fuzz_false_conforms": 0,
              "corpus_named": 0,
              "corpus_exact": 0, "triples": 0, "triples_all": 0, "triples_exact": 0}
    began = time.perf_counter()

    def show(_index, row) -> None:
        if row is None:
            return
        if row["kind"] == "single":
            corpus = row["corpus_charged"] + row["corpus_blocked"]
            mark = "ok " if row["fuzz_named"] == [row["rule"]] else "   "
            if row.get("mutated_rule_conforms"):
                mark = "CONFORMS?! "     # a false "conforms": the mutated rule passed
            print(f"{mark}{row['variant']:22} {row['rule']:22} {row['change']:34} fuzz: "
                  f"{','.join(row['fuzz_named']) or '-':32} corpus: "
                  f"{','.join(sorted(set(corpus))) or '-'} ({row['corpus_failed']} failed)",
                  flush=True)
        else:
            print(f"triple {row['variant']:18} {' + '.join(row['changes']):70} "
                  f"named: {','.join(row['fuzz_named'])}", flush=True)

    for row in map_in_order(functools.partial(_measure, settings=settings), items,
                            workers, progress=show):
        if row is None:
            continue
        rows.append(row)
        named = set(row["fuzz_named"])
        if row["kind"] == "single":
            totals["mutants"] += 1
            totals["fuzz_named"] += row["rule"] in named
            totals["fuzz_exact"] += named == {row["rule"]}
            totals["fuzz_false_conforms"] += bool(row.get("mutated_rule_conforms"))
            corpus = set(row["corpus_charged"]) | set(row["corpus_blocked"])
            totals["corpus_named"] += row["rule"] in corpus
            totals["corpus_exact"] += corpus == {row["rule"]}
        else:
            want = set(row["rules"])
            totals["triples"] += 1
            totals["triples_all"] += want <= named
            totals["triples_exact"] += want == named
    seconds = time.perf_counter() - began
    n, t = totals["mutants"], totals["triples"]
    print()
    sample = "" if args.every <= 1 else f" (a sample: every {args.every}th from {args.offset})"
    print(f"single-rule mutants: {n} over {len(refs)} specs{sample}, {args.deals} deals each")
    print(f"  fuzz names the mutated rule:           {totals['fuzz_named']}/{n}")
    print(f"  fuzz names it and no other rule:       {totals['fuzz_exact']}/{n}")
    print(f"  the mutated rule said to conform:      {totals['fuzz_false_conforms']}/{n}")
    print(f"  corpus charges or blocks on it:        {totals['corpus_named']}/{n}")
    print(f"  corpus names it and no other rule:     {totals['corpus_exact']}/{n}")
    if t:
        print(f"three mutations at once: {t} engines")
        print(f"  all three rules named:                 {totals['triples_all']}/{t}")
        print(f"  exactly those three:                   {totals['triples_exact']}/{t}")
    print(f"in {seconds:.0f}s with {workers.label}")
    if args.json:
        args.json.write_text(json.dumps({"totals": totals, "mutants": rows}, indent=1))
    return 0


def _valid(variant_id: str, house: bool, skip) -> list:
    """The valid, observable single-rule mutants of a spec, in ``rookery mutate``'s
    order (the same list in every worker)."""
    return [m for m in mutants(variant_id, own_only=house)
            if m.mutant is not None and (variant_id, m.rule, m.change) not in skip]


def _measure(item, settings) -> dict | None:
    """One work item, in a worker: a single-rule mutant fuzzed (and run through the
    corpus), or an engine with three mutations fuzzed."""
    kind, variant_id, indexes = item
    house, deals, fuzz, corpus = settings
    variant = load_variant(Path(variant_id) if variant_id.endswith(".rook") else variant_id)
    spec_refs[variant.id] = variant_id
    valid = worker_local(("valid", variant_id, house),
                         lambda: _valid(variant_id, house, equivalent()))
    picked = [valid[i] for i in indexes]
    if kind == "triple":
        engine_variant = _combine(variant_id, picked)
        if engine_variant is None:
            return None
        named, _ = fuzz_names(variant, engine_variant, deals)
        return {"kind": kind, "variant": variant_id, "rules": [m.rule for m in picked],
                "changes": [m.change for m in picked], "fuzz_named": sorted(named)}
    mutant = picked[0]
    named, first, conforming = fuzz_verdicts(variant, mutant.mutant, deals) if fuzz \
        else (set(), None, set())
    cases = worker_local(("cases", variant.id),
                         lambda: [c for c in load_corpus()[0] if c.variant == variant.id])
    charged, blocked, failed = corpus_names(variant, mutant.mutant, cases) if corpus \
        else (set(), set(), 0)
    return {"kind": kind, "variant": variant_id, "rule": mutant.rule,
            "change": mutant.change, "fuzz_named": sorted(named), "fuzz_first_deal": first,
            "mutated_rule_conforms": mutant.rule in conforming,
            "corpus_charged": sorted(charged), "corpus_blocked": sorted(blocked),
            "corpus_failed": failed}


def _combine(variant_id: str, picked):
    """One engine carrying several mutations: the spec with each changed clause."""
    from rookery.conformance.mutation.mutants import combined_mutant
    return combined_mutant(variant_id, picked)


if __name__ == "__main__":
    sys.exit(main())
