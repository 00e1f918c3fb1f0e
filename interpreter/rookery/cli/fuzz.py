"""``rookery fuzz``: differential play of an engine against a spec (the oracle), with
the deviation report and a minimal case per deviation."""

from __future__ import annotations

import functools
import json
import re
import shlex
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from .. import parallel
from ..errors import UsageError
from ..paths import make_folder, output_file, output_folder, write_bytes, write_text

# The fuzzer, the engine and rich are imported when the command runs (the command
# line's help needs none of them).
if TYPE_CHECKING:
    from ..language.model import Variant

DEFAULT_DEALS = 200
DEFAULT_MIN_DECISIONS = 5
DEFAULT_MIN_WITNESSES = 3


def add_subcommand(sub) -> None:
    p = sub.add_parser(
        "fuzz",
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
    p.add_argument("--html", type=Path, metavar="DIR",
                   help="write a report to share: DIR/index.html, the rules page and "
                   "DIR/badge.svg")
    p.add_argument("--require-all", action="store_true",
                   help="a rule of the spec that no compared decision reached is a finding "
                   "(exit 1): a CI job's demand that every rule be put to the test")
    p.add_argument("--min-decisions", type=int, default=DEFAULT_MIN_DECISIONS, metavar="N",
                   help="steer deals towards each rule until it has decided N compared "
                   f"decisions (default {DEFAULT_MIN_DECISIONS})")
    p.add_argument("--min-witnesses", type=int, default=DEFAULT_MIN_WITNESSES, metavar="N",
                   help="a rule conforms only with N witnesses: compared decisions where an "
                   "alternative of the rule would have been caught (default "
                   f"{DEFAULT_MIN_WITNESSES})")
    parallel.add_arguments(p, "deals of each round (each worker with its own engine)")
    p.add_argument("-v", "--verbose", action="store_true", help="more coverage detail")
    p.add_argument("--no-progress", action="store_true",
                   help="no progress bar (there is none off a terminal)")


def _oracle(args) -> tuple[Variant, dict]:
    from ..language.load import builtin_variants, load_variant
    from ..language.options import is_combination
    from ..conformance.corpus.oracle import builtin_digest, spec_digest
    if args.spec is not None:
        if not args.spec.is_file():
            raise UsageError(f"no such spec file: {args.spec}")
        variant = load_variant(args.spec)
        return variant, {"spec": str(args.spec), "sha256": spec_digest(args.spec)}
    if not is_combination(args.variant) and args.variant not in builtin_variants():
        import difflib
        close = difflib.get_close_matches(args.variant, builtin_variants(), n=1)
        raise UsageError(f"no built-in variant '{args.variant}'"
                         + (f"; did you mean '{close[0]}'?" if close else ""))
    # a base with options: the oracle is the combination, its digest that of its files
    variant = load_variant(args.variant)
    return variant, {"spec": args.variant, "sha256": builtin_digest(args.variant)}


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
    from ..conformance.corpus.oracle import spec_digest
    if args.spec is not None:
        # ``extends`` finds a parent by its id beside the child: a copy of the spec, and
        # of each file it extends in turn (a sibling file travels with it)
        _copy_with_parents(Path(args.spec), folder, variant.id)
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
    write_text(folder / name, "\n".join(lines), "the learned spec")
    return {"spec": name, "sha256": spec_digest(folder / name)}


def _copy_with_parents(spec: Path, folder: Path, name: str) -> None:
    """Copy ``spec`` into ``folder`` as ``NAME.rook``, then each spec file it extends
    (found beside it, as ``extends`` finds it), so that the copy reads as the original
    does; a built-in parent needs no copy."""
    from ..language.load import load_variant
    seen: set[Path] = set()
    while spec is not None and spec.resolve() not in seen:
        seen.add(spec.resolve())
        write_bytes(folder / f"{name}.rook", spec.read_bytes(), "the copy of the spec")
        variant = load_variant(spec)
        parent = None
        if variant.extends_path:
            parent = (spec.parent / variant.extends_path).resolve()
        elif variant.extends:
            parent = spec.parent / f"{variant.extends}.rook"
        if parent is None or not parent.is_file():
            return
        if variant.extends_path:
            return      # a path: the copy names it as the spec does (relative to it)
        spec, name = parent, variant.extends


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "rule"


def _check_output_paths(args) -> None:
    """Every output a campaign writes, checked before any work (a name the system
    refuses is a usage mistake said at once)."""
    for option, path in (("--json", args.json), ("--junit", args.junit)):
        if path is not None:
            output_file(path, option)
    output_folder(args.cases, "--cases")
    if getattr(args, "html", None) is not None:
        output_folder(args.html, "--html")


def cmd_fuzz(args) -> int:
    """Differential play, the deviation report and a minimal case per deviation.  An
    engine that fails its hello is a verdict in every report; a run stopped by SIGINT
    or SIGTERM writes what it found (the cases as found, unshrunk, and the reports
    marked interrupted) and says so."""
    from rich.console import Console

    from ..conformance.differential.deviations import FuzzReport, group
    from ..conformance.differential.fuzzer import Fuzzer
    from ..interrupts import deferred, exit_code
    from ..conformance.differential.verdicts import verdicts
    if args.deals <= 0:
        raise UsageError("--deals must be a positive number")
    if args.timeout <= 0:
        raise UsageError("--timeout must be a positive number of seconds")
    if args.min_decisions < 1:
        raise UsageError("--min-decisions must be a positive number")
    if args.min_witnesses < 1:
        raise UsageError("--min-witnesses must be a positive number")
    workers = parallel.workers_from(args.jobs, args.executor)
    _check_output_paths(args)
    from . import terminal
    console = terminal.console(highlight=False, soft_wrap=True)
    if not console.is_terminal:
        console = Console(highlight=False, soft_wrap=True, width=160)  # a log, not a screen
    from ..interrupts import INTERRUPTS, signal_name
    try:
        variant, oracle = _oracle(args)
        engine = _engine(args, variant)
    except INTERRUPTS as stop:
        return _interrupted_before_play(args, signal_name(stop))
    label = getattr(engine, "label", args.engine or "engine")
    began = time.perf_counter()
    fuzzer = Fuzzer(variant, engine, seed=args.seed,
                    spec_ref=None if args.no_learn else str(args.spec or args.variant),
                    witness_ref=str(args.spec or args.variant))
    try:
        stopped, hello = _play(args, fuzzer, variant, workers, console)
    except BaseException:
        engine.close()
        raise
    # What was found is kept whatever comes now: a further signal waits.
    with deferred() as late:
        try:
            if stopped:
                fuzzer.finish()
            deviations = group(fuzzer.differences)
            written = _write_cases(args, fuzzer, deviations, variant, oracle, label,
                                   console, shrink=not stopped)
        finally:
            engine.close()
        report = FuzzReport(variant, oracle, label, fuzzer.deals, fuzzer.actions,
                            time.perf_counter() - began, deviations, fuzzer.unattributed,
                            fuzzer.coverage, getattr(fuzzer.info, "name", ""),
                            rerun=_rerun_command(args, engine),
                            learned=dict(fuzzer.learned()), interrupted=stopped,
                            engine_failure=hello,
                            verdicts=verdicts(variant, fuzzer.coverage, deviations,
                                              views=fuzzer.coverage.views > 0,
                                              learned=fuzzer.learned(),
                                              min_witnesses=args.min_witnesses,
                                              alternatives=fuzzer.spec_alternatives()),
                            require_all=args.require_all)
        witnessed = 0 if hello else _write_witness_cases(args, report.verdicts, variant,
                                                         oracle, label, console)
        code = _report(args, report, console, written, witnessed)
    return exit_code(late[0]) if late and not stopped else code


def _interrupted_before_play(args, name: str) -> int:
    """Stopped while the spec was being read, before any engine ran: reports that say
    so (no deal played, nothing found), and the signal's exit code."""
    from xml.etree import ElementTree as ET

    from ..conformance.corpus.report import interrupted_suite
    from ..interrupts import deferred, exit_code
    with deferred():
        if args.json is not None:
            write_text(args.json, json.dumps({
                "variant": args.variant or str(args.spec), "interrupted": name,
                "ok": False, "deals": 0, "actions": 0, "deviations": [],
                "broken_rules": []}, indent=2) + "\n", "the report")
        if args.junit is not None:
            suite = interrupted_suite(name, "rookery fuzz", 0, args.deals, "deals")
            write_bytes(args.junit, ET.tostring(suite, encoding="utf-8",
                                                xml_declaration=True), "the report")
        print(f"rookery: interrupted by {name} before the engine started: no deal was "
              "played", file=sys.stderr)
    return exit_code(name)


def _play(args, fuzzer, variant, workers: parallel.Workers,
          console) -> tuple[str | None, dict | None]:
    """Start the engine and play the deals, with a bar over them on a terminal: the
    signal that stopped the run (or None), and the engine's failed hello (or None)."""
    from .campaign import progress_bar
    from ..conformance.protocol.engines import EngineFailure, EngineNotLaunched, Unsupported
    from ..interrupts import INTERRUPTS, signal_name
    try:
        info = fuzzer.start()
    except EngineNotLaunched as failure:    # no such command: the user's mistake
        raise UsageError(f"the engine could not be started: {failure}") from None
    except EngineFailure as failure:        # it started, and failed its hello
        return None, {"verdict": failure.verdict, "message": failure.message,
                      "output": list(failure.output)}
    except INTERRUPTS as stop:
        return signal_name(stop), None
    if variant.id not in info.variants:
        raise UsageError(f"the engine does not play '{variant.id}' (it plays: "
                         f"{', '.join(sorted(info.variants)) or 'nothing'}); a spec's "
                         "variant id is the name after 'variant' in the file")
    try:
        fuzzer.min_decisions = args.min_decisions
        fuzzer.min_witnesses = args.min_witnesses
        anywhere = _portable_args(args)
        with progress_bar(console, args.deals, "deals", not args.no_progress) as advance:
            fuzzer.run(args.deals, workers=workers,
                       engine_factory=functools.partial(_new_engine, anywhere),
                       oracle_factory=functools.partial(_new_oracle, anywhere),
                       progress=advance)
    except Unsupported as refusal:
        raise UsageError(f"the engine refuses the variant: {refusal}") from None
    except INTERRUPTS as stop:
        return signal_name(stop), None
    return None, None


def _report(args, report, console, written: int, witnessed: int = 0) -> int:
    """The reports (the files first: whatever the console does, they are written), what
    was written where, and the exit code: 0 no deviation, 1 deviations or an engine that
    failed its hello, 130/143 interrupted.  Called while signals wait."""
    from ..conformance.differential.deviations import print_report, write_json, write_junit
    from ..interrupts import exit_code
    for path, write in ((args.json, write_json), (args.junit, write_junit)):
        if path is not None:
            write(report, path)
    if args.html is not None:
        from ..conformance.differential.deviations import to_json
        from ..conformance.pages import write_report
        write_report(args.html, to_json(report), {report.variant.id: report.variant},
                     report.rerun)
    print_report(report, console, args.verbose)
    if written:
        console.print(f"\nminimal cases written to {args.cases}/ ({written} files)")
    if witnessed:
        console.print(f"a witness of each conforming rule, as a case: "
                      f"{args.cases / report.variant.id / 'witnesses'}/ ({witnessed} files)")
    if report.interrupted:
        reports = [str(p) for p in (args.json, args.junit) if p is not None]
        print(f"rookery: interrupted by {report.interrupted} after {report.deals} deals: "
              f"{len(report.deviations)} deviation(s) found so far, {written} case "
              "file(s) written (as found, not shrunk)"
              + (f"; the reports {', '.join(reports)} are marked interrupted"
                 if reports else ""), file=sys.stderr)
        return exit_code(report.interrupted)
    return 0 if report.ok else 1


def _portable_args(args):
    """The command line as a worker reads it wherever it runs: spec files by their
    absolute paths (a Dask worker need not share the command's working folder)."""
    import argparse
    out = argparse.Namespace(**vars(args))
    for name in ("spec", "engine_spec"):
        if getattr(out, name) is not None:
            setattr(out, name, Path(parallel.portable(str(getattr(out, name)))))
    return out


def _write_cases(args, fuzzer, deviations, variant, oracle, label, console,
                 shrink: bool = True) -> int:
    """Shrink each deviation (unless ``shrink`` is False: an interrupted run writes them
    as found) and write it as a case file of its own, with the spec that decides it
    named from the case file (a spec file by its path from the case's folder) and the
    seed and deal that found it."""
    from ..conformance.differential.shrink import shrink as shrink_difference
    from ..conformance.differential.shrink import to_case
    if not deviations:
        return 0
    folder = args.cases / variant.id
    make_folder(folder, "--cases")
    for index, deviation in enumerate(deviations, 1):
        deviation.case_path = None
        # The simplest to start from: one hand rather than a game, the fewest actions.
        first = min(deviation.differences, key=lambda d: (len(d.earlier), len(d.path)))
        if not first.deal:
            # a deal whose worker died each time (no deal came back): nothing to shrink
            # or replay here, where the engine would take this process with it
            deviation.minimal = first
            continue
        deviation.minimal = first if args.no_shrink or not shrink else \
            shrink_difference(fuzzer, first)
        name = f"{_slug('-'.join(deviation.rules) or 'no-rule')}-{_slug(deviation.kind)}"
        decided_by = _from_folder(oracle, folder) if args.spec is not None else oracle
        if deviation.minimal.learned:
            decided_by = _learned_spec(args, folder, variant, deviation.minimal.learned)
        case = to_case(deviation.minimal, variant, f"{variant.id}/fuzz-{args.seed}/"
                       f"{index:03d}", decided_by, label,
                       {"seed": args.seed, "deal": first.deal_number})
        path = folder / f"{name}.json"
        write_text(path, json.dumps({"variant": variant.id, "cases": [case]}, indent=1)
                   + "\n", "the case")
        deviation.case_path = str(path)
        _check_written(path, console)
    return sum(1 for deviation in deviations if deviation.case_path)


def _write_witness_cases(args, verdicts, variant, oracle, label, console) -> int:
    """One case per conforming rule, from its first witness: the deal, the actions before
    it and the spec's observable there, which the alternative named in the case would
    not give (``rookery conformance --spec ... DIR/witnesses`` reruns them)."""
    from ..conformance.diagnosis.differences import Difference
    from ..conformance.differential.shrink import to_case
    from ..conformance.differential.verdicts import CONFORMS
    chosen = [v for v in verdicts if v.verdict == CONFORMS and v.witness and
              "_replay" in v.witness]
    if not chosen:
        return 0
    folder = args.cases / variant.id / "witnesses"
    make_folder(folder, "--cases")
    decided_by = _from_folder(oracle, folder) if args.spec is not None else oracle
    # a case's number is its rule's place in the spec: the same file keeps the same id
    # from run to run (a later run rewrites it), so two runs' cases never share an id
    place = {verdict.rule: number for number, verdict in enumerate(verdicts, 1)}
    for verdict in chosen:
        index = place[verdict.rule]
        witness = verdict.witness
        deal, path, earlier, check = witness["_replay"]
        shown = Difference("witness", (verdict.rule,), deal, tuple(path), [check], None,
                           None, "", witness["deal"], earlier)
        case = to_case(shown, variant, f"{variant.id}/witness-{args.seed}/{index:03d}",
                       decided_by, label, {"seed": args.seed, "deal": witness["deal"]})
        case["description"] = (
            f"A witness of {verdict.rule}, found by rookery fuzz against {label}: here the "
            f"spec's {witness['observable']} is what the step expects, and "
            f"`{witness['alternative']}` would have given another (so an engine playing "
            "that alternative fails this case).")
        case["tags"] = ["generated", "witness"]
        path_out = folder / f"{_slug(verdict.rule)}.json"
        write_text(path_out, json.dumps({"variant": variant.id, "cases": [case]}, indent=1)
                   + "\n", "the case")
        witness["case"] = str(path_out)
        _check_written(path_out, console)
    return len(chosen)


def _check_written(path: Path, console) -> None:
    """A case just written is read back as ``rookery conformance`` reads it (schema,
    deal, script, oracle and digest): one that would be refused is said at once, as a
    fault of rookery fuzz, rather than left for the rerun to find."""
    from rich.markup import escape

    from ..conformance.corpus.cases import read_file
    _, problems = read_file(path)
    for problem in problems:
        console.print(f"[red]rookery fuzz wrote a case that cannot be rerun[/] (a fault of "
                      f"rookery, please report it): {escape(str(problem))}")


def _from_folder(oracle: dict, folder: Path) -> dict:
    """A spec file's oracle named by its path from the case's folder, so that the case
    finds it wherever the command is run from (the two moved together)."""
    import os
    return dict(oracle, spec=os.path.relpath(Path(oracle["spec"]).resolve(),
                                             folder.resolve()))
