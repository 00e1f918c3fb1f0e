"""The ``rookery conformance`` and ``rookery serve`` sub-commands."""

from __future__ import annotations

import shlex
import sys
import time
from fnmatch import fnmatchcase
from pathlib import Path
from typing import TYPE_CHECKING

from .. import parallel
from ..errors import UsageError
from ..paths import output_file
from ..resources import conformance_dir

# The corpus, the runner, the engine and rich are imported when a command runs (the
# command line's help needs none of them).
if TYPE_CHECKING:
    from rich.console import Console

    from ..conformance.corpus.cases import Case
    from ..conformance.corpus.runner import Run

DEFAULT_TIMEOUT = 10.0
PROGRESS_FROM = 40      # cases; shorter runs print no progress bar


def add_subcommands(sub) -> None:
    p = sub.add_parser(
        "conformance",
        description="Run the scripted deals of the conformance corpus against the built-in "
        "interpreter (default) or against an engine speaking the JSON-lines protocol "
        "(--engine).  Exit code 0 only when every selected case passes.")
    p.add_argument("paths", nargs="*", metavar="PATH", type=Path,
                   help="case files or folders (default: the whole packaged corpus)")
    p.add_argument("--spec", action="append", default=[], type=Path, metavar="FILE",
                   help="your own spec: its cases' rule ids are checked against it, our "
                   "interpreter plays it, and it decides every failure's diagnosis "
                   "(repeatable)")
    p.add_argument("--engine", metavar="CMD",
                   help="command that starts an engine speaking the protocol "
                   "(split like a shell would; run in the current folder)")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                   help=f"seconds to wait for each answer of the engine (default "
                   f"{DEFAULT_TIMEOUT:g})")
    p.add_argument("--budget", type=float, metavar="SECONDS",
                   help="time for the whole run; cases not finished by then are reported "
                   "as not run (the reports are still written)")
    p.add_argument("--variant", action="append", default=[], metavar="VARIANT",
                   help="only cases of this variant (repeatable)")
    p.add_argument("--rule", action="append", default=[], metavar="RULE",
                   help="only cases checking this rule id, e.g. play.follow or 'play.*' "
                   "(repeatable)")
    p.add_argument("--tag", action="append", default=[], metavar="TAG",
                   help="only cases with this tag (repeatable)")
    p.add_argument("--case", action="append", default=[], metavar="ID",
                   help="only this case id, or ids matching a pattern like "
                   "'tournament/follow/*' (repeatable)")
    p.add_argument("--expected-failures", type=Path, metavar="FILE",
                   help="JSON list of {\"id\", \"reason\"}: these cases may fail; if one "
                   "passes, the run fails (default for the built-in interpreter: the "
                   "corpus's expected-failures.json; for --engine: none)")
    p.add_argument("--no-expected-failures", action="store_true",
                   help="expect every case to pass, even those the corpus lists as known "
                   "failures of the built-in interpreter")
    p.add_argument("--json", type=Path, metavar="FILE", help="write a JSON report")
    p.add_argument("--junit", type=Path, metavar="FILE", help="write a JUnit XML report")
    p.add_argument("--html", type=Path, metavar="DIR",
                   help="write a report to share: DIR/index.html, the rules pages and "
                   "DIR/badge.svg")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--maxfail", type=int, default=0, metavar="N",
                   help="stop after N failing cases (the rest are reported as not run)")
    p.add_argument("-x", "--exitfirst", action="store_true",
                   help="stop at the first failing case (--maxfail 1)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="show every variant's per-rule table and list expected failures")
    parallel.add_arguments(p, "cases (each worker with its own engine)")
    p = sub.add_parser(
        "serve",
        description="Answer the conformance protocol (JSON lines on stdin/stdout) with "
        "the built-in interpreter, for every built-in variant and any spec files given.")
    p.add_argument("specs", nargs="*", metavar="SPEC",
                   help="extra spec files to serve besides the built-in variants")


def _matches(value: str, patterns: list[str]) -> bool:
    return any(value == p or fnmatchcase(value, p) for p in patterns)


def select(cases: list[Case], variants=(), rules=(), tags=(), ids=()) -> list[Case]:
    """The cases every given filter lets through (any of the values of one filter)."""
    out = []
    for case in cases:
        if variants and case.variant not in variants:
            continue
        if rules and not any(_matches(rule, list(rules)) for rule in case.rules):
            continue
        if tags and not set(tags) & set(case.tags):
            continue
        if ids and not _matches(case.id, list(ids)):
            continue
        out.append(case)
    return out


def read_expected_failures(path: Path) -> dict[str, str]:
    """``[{"id": ..., "reason": ...}, ...]`` -> id -> reason."""
    from .. import bounded
    try:
        data = bounded.read_json(path)
    except OSError as error:
        raise UsageError(f"cannot read the expected failures {path}: "
                         f"{error.strerror or error}") from None
    except ValueError as error:
        raise UsageError(f"the expected failures {path} are not JSON: {error}") from None
    if not isinstance(data, list) or not all(
            isinstance(e, dict) and isinstance(e.get("id"), str)
            and isinstance(e.get("reason", ""), str) for e in data):
        raise UsageError(f"{path}: expected a JSON list of objects with an 'id' and a "
                         "'reason'")
    return {entry["id"]: entry.get("reason", "") for entry in data}


def expected_failures_file(args) -> Path | None:
    """``--expected-failures``, or for the built-in interpreter the corpus's own list of
    its known failures (``conformance/expected-failures.json``)."""
    if args.no_expected_failures:
        return None
    if args.expected_failures:
        return args.expected_failures
    packaged = conformance_dir() / "expected-failures.json"
    if not args.engine and not args.paths and packaged.is_file():
        return packaged
    return None


def user_specs(paths: list[Path]) -> dict:
    """``--spec`` files, compiled: variant id -> variant (a spec error is the user's
    message, with file, line and column)."""
    from ..language.load import load_variant
    out = {}
    for path in paths:
        if not Path(path).is_file():
            raise UsageError(f"no such spec file: {path}")
        variant = load_variant(path)
        out[variant.id] = variant
    return out


def oracles(specs: dict):
    """The spec that decides each case: the spec file a generated case names, a
    ``--spec`` of its variant, or the built-in variant (the case's oracle)."""
    from ..language.load import load_variant
    from ..language.options import is_builtin
    cache: dict = {}
    built_in: dict = {}         # each built-in variant, loaded once for the run

    def oracle_of(case: Case):
        # A generated case that names a spec file is decided by it (the spec with the
        # rules the engine was found to play otherwise; found from the case file, its
        # digest checked when the case was read).  Else --spec, which also plays a case
        # generated against a built-in variant under the user's own rules; else the
        # built-in variant the case names.
        if case.oracle_file:
            if case.oracle_file not in cache:
                cache[case.oracle_file] = load_variant(case.oracle_file)
            return cache[case.oracle_file]
        if case.variant in specs:
            return specs[case.variant]
        name = case.oracle.get("spec") if case.oracle else case.variant
        if is_builtin(name):
            if name not in built_in:
                built_in[name] = load_variant(name)
            return built_in[name] if built_in[name].id == case.variant else None
        return None
    return oracle_of


def make_engine(args, specs: dict | None = None):
    if not args.engine:
        from ..conformance.protocol.engines import InProcessEngine
        if specs:
            from ..conformance.protocol.session import Session
            return InProcessEngine(Session(extra=specs))
        return InProcessEngine()
    from ..conformance.protocol.subprocess_engine import SubprocessEngine
    try:
        command = shlex.split(args.engine)
    except ValueError as error:
        raise UsageError(f"--engine {args.engine!r}: {error}") from None
    if not command:
        raise UsageError("--engine needs a command")
    return SubprocessEngine(command, timeout=args.timeout)


def run_with_progress(engine, cases: list[Case], expected: dict[str, str],
                      console: Console | None, oracle_of=None, maxfail: int = 0,
                      budget: float | None = None) -> Run:
    """Run the cases, with a progress bar on ``console`` when one is given; the engine
    is closed at the end."""
    from ..conformance.corpus.runner import run_cases
    try:
        if console is None:
            return run_cases(engine, cases, expected, oracle_of=oracle_of, maxfail=maxfail,
                             budget=budget)
        from .campaign import progress_bar
        with progress_bar(console, len(cases), "conformance") as advance:
            return run_cases(engine, cases, expected,
                             lambda result: advance(description=result.case.id),
                             oracle_of=oracle_of, maxfail=maxfail, budget=budget)
    finally:
        from ..interrupts import deferred
        with deferred():        # a signal now must not lose the run just made
            engine.close()


def cmd_conformance(args) -> int:
    """Run the corpus; a run stopped by SIGINT or SIGTERM, at any moment, still writes
    its reports (marked interrupted) with the cases done so far."""
    from ..interrupts import INTERRUPTS
    began = time.perf_counter()
    state: dict = {}        # what the run has reached: selected cases, problems, the run
    try:
        return _conformance(args, began, state)
    except INTERRUPTS as stop:
        return _interrupted(args, stop, began, state)


def _interrupted(args, stop: BaseException, began: float, state: dict) -> int:
    """The reports of a run stopped before its cases ran (or while its reports were
    being written): every case known by then ``not-run``, marked interrupted."""
    from ..conformance.corpus.runner import interrupted_run
    from ..interrupts import signal_name
    name = signal_name(stop)
    run = state.get("run")
    if run is None:
        label = args.engine or "the built-in interpreter"
        run = interrupted_run(label, None, state.get("selected", []), [], name,
                              time.perf_counter() - began)
    elif not run.interrupted:
        run.interrupted = name
    return _write_interrupted(args, run, state.get("problems", []))


def _write_interrupted(args, run: Run, problems: list) -> int:
    """Write the reports of an interrupted run (a further signal waits) and say so."""
    from ..interrupts import deferred, exit_code
    with deferred():
        written = write_reports(args, run, problems)
        done = sum(1 for result in run.results if result.verdict != "not-run")
        print(f"rookery: interrupted by {run.interrupted}: {done} of {len(run.results)} "
              "cases run" + (f"; written to {', '.join(map(str, written))} (marked "
                             "interrupted)" if written else ""), file=sys.stderr)
    return exit_code(run.interrupted)


def write_reports(args, run: Run, problems: list) -> list[Path]:
    """``--json`` and ``--junit``, as asked; the paths written."""
    from ..conformance.corpus.report import write_json, write_junit
    written = []
    for path, write in ((args.json, write_json), (args.junit, write_junit)):
        if path:
            write(run, problems, path)      # a WriteError names the path
            written.append(path)
    return written


def _conformance(args, began: float, state: dict) -> int:
    from rich.markup import escape

    from ..language.load import builtin_variants
    from ..language.options import is_builtin
    from ..conformance.corpus.cases import (
        CorpusError,
        Problem,
        builtin_rules,
        load_corpus,
        spec_rules,
    )
    from ..conformance.corpus.runner import EngineCannotStart, start_failure_run
    from ..conformance.protocol.engines import EngineNotLaunched
    from ..interrupts import deferred, exit_code
    from . import terminal
    console = terminal.console(highlight=False, soft_wrap=True)
    workers = parallel.workers_from(args.jobs, args.executor)
    for option, path in (("--json", args.json), ("--junit", args.junit)):
        if path:
            output_file(path, option)       # said before the run, not after it
    if getattr(args, "html", None) is not None:
        from ..paths import output_folder
        output_folder(args.html, "--html")
    if args.timeout <= 0:
        raise UsageError("--timeout must be a positive number of seconds")
    if args.maxfail < 0:
        raise UsageError("--maxfail must be 0 (no limit) or more")
    maxfail = 1 if args.exitfirst else args.maxfail
    specs = user_specs(args.spec)
    oracle_of = oracles(specs)

    known_rules: dict = {}      # each built-in variant's rule ids, once for the run

    def rules_of(variant: str):
        if variant in specs:
            return spec_rules(specs[variant])
        if variant not in known_rules:
            known_rules[variant] = builtin_rules(variant)
        return known_rules[variant]
    if args.budget is not None and not args.budget > 0:
        raise UsageError("--budget must be a positive number of seconds")
    try:
        cases, problems = load_corpus(args.paths or None, rules_of=rules_of)
    except CorpusError as error:
        raise UsageError(str(error)) from None
    # A generated case names its oracle spec: its rule ids are checked against it.
    checked = []
    for case in cases:
        variant = oracle_of(case) if case.variant not in specs and \
            rules_of(case.variant) is None else None
        unknown = [r for r in case.rules if variant is not None
                   and r not in spec_rules(variant)]
        if unknown:
            problems.append(Problem(case.file, case.id, f"{case.variant} has no rule "
                                    + ", ".join(unknown)))
            continue
        checked.append(case)
    cases = checked
    # A case file may name the house spec that decides its cases ('spec'): it joins the
    # --spec files (which win) for the oracle and the in-process engine.
    given = bool(specs)
    for case in cases:
        if case.spec_file and case.variant not in specs:
            from ..language.load import load_variant
            specs[case.variant] = load_variant(case.spec_file)
    expected_file = expected_failures_file(args)
    expected = read_expected_failures(expected_file) if expected_file else {}
    known = {case.variant for case in cases} | set(builtin_variants()) | set(specs)
    for name in args.variant:
        if name not in known and not is_builtin(name):
            import difflib
            close = difflib.get_close_matches(name, sorted(known), n=3)
            raise UsageError(f"--variant {name}: no such variant"
                             + (f"; did you mean {', '.join(repr(c) for c in close)}?"
                                if close else ""))
    selected = select(cases, args.variant, args.rule, args.tag, args.case)
    state.update(selected=selected, problems=problems)
    if not selected:
        for problem in problems:
            console.print(f"[red]invalid[/] {escape(str(problem))}")
        print("rookery: no cases to run" + (" (no case matches the filters)" if (
            args.variant or args.rule or args.tag or args.case) else ""), file=sys.stderr)
        return 1
    unknown = sorted(set(expected) - {case.id for case in cases})
    for case_id in unknown:
        console.print(f"[yellow]warning[/]: the expected failure {escape(case_id)} names no "
                      "case")
    show_progress = not args.no_progress and len(selected) >= PROGRESS_FROM \
        and console.is_terminal
    engine = make_engine(args, specs)
    try:
        if workers.in_process:
            run = run_with_progress(engine, selected, expected,
                                    console if show_progress else None, oracle_of, maxfail,
                                    args.budget)
        else:
            run = _run_in_workers(args, specs, selected, expected, maxfail, workers,
                                  console, show_progress)
    except EngineCannotStart as failure:
        if isinstance(failure.failure, EngineNotLaunched):     # no such command
            raise UsageError(str(failure)) from None
        # It started but failed its hello: a verdict for every case, in every report;
        # on the console, said once on the first line (as fuzz says it), with no table
        # of the same failure for every case
        run = start_failure_run(getattr(engine, "label", args.engine), selected,
                                failure.failure, time.perf_counter() - began)
        written = write_reports(args, run, problems)
        _tell_hello_failure(failure.failure, len(selected), written, console)
        return 1
    state["run"] = run
    if run.interrupted:
        return _write_interrupted(args, run, problems)
    with deferred() as late:
        code = _report(args, run, problems, console, given, began)
    if late:    # the signal came after the last case: the reports are whole, and say so
        print(f"rookery: interrupted by {late[0]} after the run had ended: every case ran "
              "and the reports are complete", file=sys.stderr)
        return exit_code(late[0])
    return code


def _tell_hello_failure(failure, cases: int, written: list, console: Console) -> None:
    """An engine that started and failed its hello: the verdict and why, once, then what
    it said last; no case ran."""
    from rich.markup import escape
    console.print(f"[bold red]{failure.verdict.upper()}[/]: the engine failed its hello: "
                  f"{escape(failure.message)}; "
                  + ("the case was not run" if cases == 1 else f"none of the {cases} cases was run")
                  + (f" (each is marked {failure.verdict} in "
                     f"{escape(', '.join(map(str, written)))})" if written else ""))
    for line in list(failure.output)[-10:]:
        console.print(f"    | {escape(line)}")


def _report(args, run: Run, problems: list, console: Console, given: bool,
            began: float) -> int:
    """The reports of a finished run, the files first (whatever the console does, they
    are written); the exit code."""
    from ..conformance.corpus.cases import own_rules
    from ..conformance.corpus.report import print_report
    from ..language.load import builtin_variants
    write_reports(args, run, problems)
    if args.html is not None:
        from ..conformance.corpus.report import run_json
        from ..conformance.pages import write_report
        write_report(args.html, run_json(run, problems), user_specs(args.spec),
                     "rookery conformance" + "".join(
                         f" --spec {shlex.quote(str(s))}" for s in args.spec) +
                     (f" --engine {shlex.quote(args.engine)}" if args.engine else ""))
    filtered = bool(args.rule or args.tag or args.case or args.paths)
    print_report(run, problems, console, verbose=args.verbose,
                 rules_of=None if filtered else own_rules,
                 variants=() if filtered or args.engine or given else
                 [v for v in builtin_variants() if not args.variant or v in args.variant],
                 wall_seconds=time.perf_counter() - began)
    if all(result.verdict == "skip" for result in run.results):
        print("rookery: the engine supports none of the selected cases' variants",
              file=sys.stderr)
        return 1
    return 0 if run.ok and not problems else 1


def worker_runner(task):
    """A worker's runner for ``rookery conformance -j N`` (a :class:`CorpusTask`): its
    engine and the oracles of every spec, made once a worker."""
    from types import SimpleNamespace

    from ..conformance.corpus.runner import Runner
    from ..language.load import load_variant
    specs = user_specs([*task.spec_files])
    for path in task.case_spec_files:
        variant = load_variant(path)
        specs.setdefault(variant.id, variant)
    engine = make_engine(SimpleNamespace(engine=task.engine, timeout=task.timeout), specs)
    if task.deadline is not None and hasattr(engine, "set_deadline"):
        engine.set_deadline(time.monotonic() + task.deadline - time.time())
    return Runner(engine, dict(task.expected), oracles(specs))


def _run_in_workers(args, specs: dict, cases: list, expected: dict, maxfail: int,
                    workers, console, show_progress: bool):
    """``-j N`` / ``--executor``: the cases over the workers, each with its engine."""
    from .campaign import progress_bar
    from .corpus_jobs import CorpusTask, run_in_workers
    given = tuple(str(Path(path).resolve()) for path in args.spec)
    named = tuple(dict.fromkeys(str(Path(case.spec_file).resolve()) for case in cases
                                if case.spec_file))
    task = CorpusTask(args.engine, args.timeout, given, named,
                      tuple(sorted(expected.items())),
                      None if args.budget is None else time.time() + args.budget,
                      worker_runner)
    engine = make_engine(args, specs)
    label = getattr(engine, "label", "engine")
    engine.close()
    with progress_bar(console, len(cases), "conformance", show_progress) as advance:
        return run_in_workers(task, cases, workers, label, maxfail,
                              lambda result: advance(description=result.case.id))


def cmd_serve(args) -> int:
    from ..conformance.protocol.serve import serve
    return serve(sys.stdin, sys.stdout, args.specs)
