"""``rookery fuzz``: differential play of an engine against a spec (the oracle), with
the deviation report and a minimal case per deviation."""

from __future__ import annotations

import functools
import json
import re
import shlex
import time
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import UsageError

# The fuzzer, the engine and rich are imported when the command runs (the command
# line's help needs none of them).
if TYPE_CHECKING:
    from ..language.model import Variant

DEFAULT_DEALS = 200
DEFAULT_MIN_DECISIONS = 5


def add_subcommand(sub) -> None:
    p = sub.add_parser(
        "fuzz", help="play an engine against a spec and name every rule it breaks",
        description="Deal seeded random explicit deals to an engine speaking the protocol "
        "and to the spec's interpreter (the oracle); compare every decision (phase, turn, "
        "legal set, refusals and codes, trick winners and points, the hand's result, the "
        "end of the game, what each seat sees); report one row per rule the engine breaks "
        "and write a minimal conformance case for each.  Exit code 0 when no rule is "
        "broken, 1 when some are.")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--variant", metavar="VARIANT", help="a built-in variant as the oracle")
    which.add_argument("--spec", metavar="FILE", type=Path, help="your own spec as the oracle")
    engine = p.add_mutually_exclusive_group(required=True)
    engine.add_argument("--engine", metavar="CMD",
                        help="command that starts the engine under test (the protocol of "
                        "docs/protocol.md)")
    engine.add_argument("--engine-spec", metavar="FILE", type=Path,
                        help="instead of an engine, the interpreter of another spec: what "
                        "do two sets of rules disagree on?")
    p.add_argument("--deals", type=int, default=DEFAULT_DEALS,
                   help=f"how many deals to play (default {DEFAULT_DEALS})")
    p.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    p.add_argument("--timeout", type=float, default=10.0, metavar="SECONDS",
                   help="seconds to wait for each answer of the engine (default 10)")
    p.add_argument("--cases", type=Path, default=Path("rookery-fuzz"), metavar="DIR",
                   help="where to write the minimal cases (default ./rookery-fuzz)")
    p.add_argument("--no-shrink", action="store_true",
                   help="write the first difference of each deviation as found")
    p.add_argument("--no-learn", action="store_true",
                   help="do not learn how the engine plays a rule it breaks (by default a "
                   "rule named in two deals is followed as the engine plays it, so that it "
                   "hides no other rule)")
    p.add_argument("--json", type=Path, metavar="FILE", help="write the report as JSON")
    p.add_argument("--junit", type=Path, metavar="FILE",
                   help="write JUnit XML (one test per rule of the spec)")
    p.add_argument("--require-all", action="store_true",
                   help="a rule of the spec that no compared decision reached is a finding "
                   "(exit 1): a CI job's demand that every rule be put to the test")
    p.add_argument("--min-decisions", type=int, default=DEFAULT_MIN_DECISIONS, metavar="N",
                   help="steer deals towards each rule until it has decided N compared "
                   f"decisions (default {DEFAULT_MIN_DECISIONS})")
    p.add_argument("-j", "--jobs", default="1", metavar="N",
                   help="play each round's deals in N processes, each with its own engine "
                   "('auto': one per core); the report is the same as with -j 1")
    p.add_argument("-v", "--verbose", action="store_true", help="more coverage detail")


def _oracle(args) -> tuple[Variant, dict]:
    from ..language.load import builtin_variants, find_spec, load_variant
    from ..language.options import combination_files, is_combination
    from ..conformance.differential.shrink import spec_digest
    if args.spec is not None:
        if not args.spec.is_file():
            raise UsageError(f"no such spec file: {args.spec}")
        variant = load_variant(args.spec)
        return variant, {"spec": str(args.spec), "sha256": spec_digest(args.spec)}
    if is_combination(args.variant):
        # a base with options: the oracle is the combination, its digest that of its files
        variant = load_variant(args.variant)
        text = "".join(path.read_text(encoding="utf-8")
                       for path in combination_files(args.variant))
        return variant, {"spec": args.variant, "sha256": spec_digest(None, text)}
    if args.variant not in builtin_variants():
        import difflib
        close = difflib.get_close_matches(args.variant, builtin_variants(), n=1)
        raise UsageError(f"no built-in variant '{args.variant}'"
                         + (f"; did you mean '{close[0]}'?" if close else ""))
    variant = load_variant(args.variant)
    return variant, {"spec": args.variant, "sha256": spec_digest(find_spec(args.variant))}


def _engine(args, variant: Variant):
    from ..language.load import load_variant
    from ..conformance.protocol.engines import InProcessEngine
    from ..conformance.protocol.session import Session
    if args.engine_spec is not None:
        if not args.engine_spec.is_file():
            raise UsageError(f"no such spec file: {args.engine_spec}")
        other = load_variant(args.engine_spec)
        engine = InProcessEngine(Session({variant.id: other}))
        engine.label = f"the interpreter of {args.engine_spec}"
        engine.rerun_as = f"rookery serve {args.engine_spec}"
        return engine
    from .conformance import make_engine
    return make_engine(args)


def _new_oracle(args):
    """The run's spec, loaded again in a process of ``-j``."""
    return _oracle(args)[0]


def _new_engine(args):
    """A new engine like the run's, for a process of ``-j``."""
    return _engine(args, _new_oracle(args))


def _rerun_command(args, engine) -> str:
    """The command that reruns a written case against the same engine."""
    spec = f" --spec {shlex.quote(str(args.spec))}" if args.spec is not None else ""
    command = getattr(engine, "rerun_as", None) or args.engine
    return f"rookery conformance{spec} --engine {shlex.quote(command)}"


def _learned_spec(args, folder: Path, variant, learned: tuple) -> dict:
    """A spec beside the cases: the oracle with the rules the engine was found to play
    otherwise, as it plays them (the spec that decides a case found past them)."""
    from ..conformance.differential.adapt import Adaptation
    from ..conformance.differential.shrink import spec_digest
    if args.spec is not None:
        # ``extends`` finds a parent by its id beside the child: a copy of the spec.
        parent = folder / f"{variant.id}.rook"
        parent.write_bytes(Path(args.spec).read_bytes())
    rules = [rule for rule, _ in learned]
    sections: dict[str, list[str]] = {}
    adaptation = Adaptation(str(args.spec or args.variant))
    for index, (clause, _, _) in enumerate(adaptation.clauses):
        from ..language.vocabulary import rule_id
        rule = rule_id(clause)
        if rule in rules:
            sections.setdefault(clause.section, []).append(dict(learned)[rule])
    lines = [f'variant {variant.id} "{variant.title}, as the engine plays '
             f'{", ".join(rules)}"', f"extends {variant.id}", ""]
    for section, clauses in sections.items():
        lines.append(f"{section}:")
        for clause in clauses:
            lines += [f"  {clause}", '    ruling "learned by rookery fuzz from the engine '
                      'under test, which plays this rule so: not a rule of any source"']
        lines.append("")
    name = "as-engine-" + _slug("-".join(rules)) + ".rook"
    (folder / name).write_text("\n".join(lines), encoding="utf-8")
    return {"spec": name, "sha256": spec_digest(folder / name)}


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "rule"


def _check_output_paths(args) -> None:
    for path in (args.json, args.junit):
        if path is not None and (path.is_dir() or not path.parent.exists()):
            raise UsageError(f"cannot write the report {path}: "
                             + ("it is a folder" if path.is_dir() else
                                f"no folder {path.parent}"))
    if args.cases.exists() and not args.cases.is_dir():
        raise UsageError(f"--cases {args.cases}: not a folder")


def cmd_fuzz(args) -> int:
    from rich.console import Console

    from ..conformance.differential.deviations import (
        FuzzReport,
        group,
        print_report,
        write_json,
        write_junit,
    )
    from ..conformance.protocol.engines import Unsupported
    from ..conformance.differential.fuzzer import Fuzzer
    from ..conformance.differential.verdicts import verdicts
    if args.deals <= 0:
        raise UsageError("--deals must be a positive number")
    if args.timeout <= 0:
        raise UsageError("--timeout must be a positive number of seconds")
    if args.min_decisions < 1:
        raise UsageError("--min-decisions must be a positive number")
    jobs = _jobs(args.jobs)
    _check_output_paths(args)
    console = Console(highlight=False, soft_wrap=True)
    if not console.is_terminal:
        console = Console(highlight=False, soft_wrap=True, width=160)  # a log, not a screen
    variant, oracle = _oracle(args)
    engine = _engine(args, variant)
    label = getattr(engine, "label", args.engine or "engine")
    began = time.perf_counter()
    fuzzer = Fuzzer(variant, engine, seed=args.seed,
                    spec_ref=None if args.no_learn else str(args.spec or args.variant))
    try:
        try:
            info = fuzzer.start()
        except Exception as failure:  # EngineFailure: one message, the run ends
            raise UsageError(f"the engine could not be started: {failure}") from None
        if variant.id not in info.variants:
            raise UsageError(f"the engine does not play '{variant.id}' (it plays: "
                             f"{', '.join(sorted(info.variants)) or 'nothing'}); a spec's "
                             "variant id is the name after 'variant' in the file")
        try:
            fuzzer.min_decisions = args.min_decisions
            fuzzer.run(args.deals, jobs=jobs,
                       engine_factory=functools.partial(_new_engine, args),
                       oracle_factory=functools.partial(_new_oracle, args))
        except Unsupported as refusal:
            raise UsageError(f"the engine refuses the variant: {refusal}") from None
        deviations = group(fuzzer.differences)
        written = _write_cases(args, fuzzer, deviations, variant, oracle, label, console)
    finally:
        engine.close()
    report = FuzzReport(variant, oracle, label, fuzzer.deals, fuzzer.actions,
                        time.perf_counter() - began, deviations, fuzzer.unattributed,
                        fuzzer.coverage, getattr(fuzzer.info, "name", ""),
                        rerun=_rerun_command(args, engine),
                        learned=dict(fuzzer.learned()),
                        verdicts=verdicts(variant, fuzzer.coverage, deviations,
                                          views=fuzzer.coverage.views > 0,
                                          learned=fuzzer.learned()),
                        require_all=args.require_all)
    print_report(report, console, args.verbose)
    if written:
        console.print(f"\nminimal cases written to {args.cases}/ ({written} files)")
    for path, write in ((args.json, write_json), (args.junit, write_junit)):
        if path is not None:
            write(report, path)
    return 1 if deviations or (args.require_all and report.not_reached()) else 0


def _jobs(text: str) -> int:
    """``-j``: a number of processes, or ``auto`` (one per core)."""
    import os
    if text == "auto":
        return max(1, os.cpu_count() or 1)
    if not text.isdigit() or int(text) < 1:
        raise UsageError(f"-j {text}: expected a positive number of processes or 'auto' "
                         "(for example -j 2)")
    return int(text)


def _write_cases(args, fuzzer, deviations, variant, oracle, label, console) -> int:
    """Shrink each deviation and write it as a case file of its own."""
    from ..conformance.differential.shrink import shrink, to_case
    if not deviations:
        return 0
    folder = args.cases / variant.id
    folder.mkdir(parents=True, exist_ok=True)
    for index, deviation in enumerate(deviations, 1):
        # The simplest to start from: one hand rather than a game, the fewest actions.
        first = min(deviation.differences, key=lambda d: (len(d.earlier), len(d.path)))
        deviation.minimal = first if args.no_shrink else shrink(fuzzer, first)
        name = f"{_slug('-'.join(deviation.rules) or 'no-rule')}-{deviation.kind}"
        decided_by = oracle
        if deviation.minimal.learned:
            decided_by = _learned_spec(args, folder, variant, deviation.minimal.learned)
        case = to_case(deviation.minimal, variant, f"{variant.id}/fuzz-{args.seed}/"
                       f"{index:03d}", decided_by, label)
        path = folder / f"{name}.json"
        path.write_text(json.dumps({"variant": variant.id, "cases": [case]}, indent=1)
                        + "\n", encoding="utf-8")
        deviation.case_path = str(path)
    return len(deviations)
