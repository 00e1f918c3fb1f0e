"""Reports of a run: a readable one (per variant, per rule, then each failure with its
first divergence), JSON and JUnit XML."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from xml.etree import ElementTree as ET

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .cases import Problem
from ...paths import write_bytes, write_text
from ..diagnosis.compare import action_order
from .runner import FAIL, FAILURES, NOT_RUN, PASS, SKIP, XFAIL, XPASS, CaseResult, Run


def counts(results: list[CaseResult]) -> dict[str, int]:
    out: dict[str, int] = defaultdict(int)
    for result in results:
        out[result.verdict] += 1
    return dict(out)


def grouped(results: list[CaseResult]) -> dict[str, list[CaseResult]]:
    """The results per variant."""
    out: dict[str, list[CaseResult]] = defaultdict(list)
    for result in results:
        out[result.case.variant].append(result)
    return out


def _bucket(result: CaseResult) -> str:
    verdict = result.verdict
    if verdict == PASS:
        return "passed"
    if verdict in (SKIP, NOT_RUN):
        return "skipped"
    if verdict == XFAIL:
        return "expected"
    if result.blocked:
        return "blocked"
    return "failed"


COLUMNS = ("passed", "failed", "blocked", "skipped", "expected")
COLUMNS_CAPTION = ("failed: charged to the rule; blocked: the engine parted from the spec "
                   "at another rule first; skipped: a variant the engine does not play; "
                   "expected: listed as an expected failure (--expected-failures)")


def per_rule(results: list[CaseResult]) -> dict[str, dict[str, dict[str, int]]]:
    """variant -> rule id -> passed / failed / blocked / skipped / expected.

    A case counts once for each rule it checks, except a failure: it is charged to the
    rules that govern its failing step (which may be a rule the case does not list), and
    a case blocked by another rule counts as blocked for its own rules."""
    table: dict[str, dict[str, dict[str, int]]] = {}
    for result in results:
        rules = table.setdefault(result.case.variant, {})
        bucket = _bucket(result)
        named = result.charged if bucket == "failed" and result.charged else result.case.rules
        for rule in named:
            row = rules.setdefault(rule, dict.fromkeys(COLUMNS, 0))
            row[bucket] += 1
    return table


def corpus_path(file: str) -> str:
    """A case file as a reader finds it: ``conformance/cases/...`` for the packaged
    corpus, else relative to the current folder where it can be."""
    from ...resources import conformance_dir
    path = Path(file)
    try:
        return "conformance/" + path.resolve().relative_to(conformance_dir().resolve()) \
            .as_posix()
    except ValueError:
        pass
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(path)


def _sorted(value):
    """Lists of actions in a readable order (bid 75 before bid 100)."""
    if isinstance(value, dict):
        return {k: _sorted(v) for k, v in value.items()}
    if isinstance(value, list) and all(isinstance(v, str) for v in value) and \
            any(" " in v for v in value):
        return sorted(value, key=action_order)
    return value


def _short(value, width: int = 400) -> str:
    text = value if isinstance(value, str) else json.dumps(_sorted(value))
    return text if len(text) <= width else text[:width - 3] + "..."


DETAIL_UP_TO = 3      # variants in a run whose per-rule tables are always shown


def print_report(run: Run, problems: list[Problem], console: Console,
                 verbose: bool = False, rules_of=None, variants=(),
                 wall_seconds: float | None = None) -> None:
    """The per-variant, per-rule tables (for a run over many variants: only where
    something needs a look, unless ``verbose``), each failure with its first divergence, the
    invalid cases, an overview per variant and the totals.  ``rules_of(variant)`` (the
    variant's own rule ids, or None) adds the rules no selected case checks;
    ``variants`` are listed in the overview even when no case names them."""
    info = run.info
    if info is not None:
        console.print(f"[bold]engine[/]: {escape(info.name)} {escape(info.version)} "
                      f"({escape(run.engine)})"
                      + ("" if info.error_codes else " - no error codes: rejections "
                         "checked for accept/reject only"))
    tables = per_rule(run.results)
    # A run over many variants shows a variant's per-rule table only where something
    # needs a look (a failure, a skip, a rule no case checks); --verbose shows them all.
    detail_all = verbose or len(tables) <= DETAIL_UP_TO
    for variant, rules in sorted(tables.items()):
        mine = [r for r in run.results if r.case.variant == variant]
        c = counts(mine)
        known = rules_of(variant) if rules_of else None
        uncovered = set(known or ()) - set(rules)
        if not (detail_all or uncovered or c.get(SKIP) or
                any(r.verdict in FAILURES + (XPASS,) for r in mine)):
            continue
        title = (f"{variant}: {c.get(PASS, 0)} passed, "
                 f"{sum(c.get(v, 0) for v in FAILURES + (XPASS,))} failed, "
                 f"{c.get(SKIP, 0)} skipped (unsupported)"
                 + (f", {c.get(XFAIL, 0)} expected failures" if c.get(XFAIL) else ""))
        table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False,
                      caption=COLUMNS_CAPTION, caption_justify="left")
        table.add_column("rule")
        for column in COLUMNS:
            table.add_column(column, justify="right")
        for rule, row in sorted(rules.items()):
            failed, blocked = row["failed"], row["blocked"]
            table.add_row(rule, str(row["passed"]),
                          f"[red]{failed}[/]" if failed else "0",
                          f"[yellow]{blocked}[/]" if blocked else "0",
                          str(row["skipped"]), str(row["expected"]))
        for rule in sorted(uncovered):
            table.add_row(f"[yellow]{rule}[/]", "-", "-", "-", "-", "[yellow]no case[/]")
        console.print(table)
        console.print()
    bad = [r for r in run.results if r.verdict in FAILURES + (XPASS,)]
    for cause, results in causes(bad):
        print_cause(cause, results, console)
    if verbose:
        for result in run.results:
            if result.verdict == XFAIL:
                console.print(f"[yellow]xfail[/] {result.case.id}: {escape(result.message)}")
    for problem in problems:
        console.print(f"[red]invalid[/] {escape(str(problem))}")
    if len({r.case.variant for r in run.results} | set(variants)) > 1:
        print_overview(run, console, variants)
    c = counts(run.results)
    blocked = sum(1 for r in bad if r.blocked)
    failed = sum(c.get(v, 0) for v in FAILURES + (XPASS,)) - blocked
    parts = [f"{len(run.results)} cases", f"{c.get(PASS, 0)} passed",
             f"{failed} failed"]
    if blocked:
        parts.append(f"{blocked} blocked")
    parts.append(f"{c.get(SKIP, 0)} skipped (unsupported)")
    if c.get(XFAIL):
        parts.append(f"{c[XFAIL]} expected failures")
    if c.get(NOT_RUN):
        why = sorted({"budget spent" if "budget" in r.message else "interrupted"
                      if "interrupted" in r.message else "--maxfail"
                      for r in run.results if r.verdict == NOT_RUN})
        parts.append(f"{c[NOT_RUN]} not run ({', '.join(why)})")
    if problems:
        parts.append(f"{len(problems)} invalid")
    if run.interrupted:
        parts.append(f"interrupted by {run.interrupted}")
    style = "green" if run.ok and not problems and not run.interrupted else "red"
    wall = f"{wall_seconds:.1f}s wall" if wall_seconds is not None else \
        f"{run.seconds:.1f}s"
    console.print(f"[bold {style}]{', '.join(parts)}[/] in {wall}")


def causes(results: list[CaseResult]) -> list[tuple[tuple, list[CaseResult]]]:
    """Failures with one cause together (blocked by one rule, one rule broken, one
    engine verdict), the largest group first."""
    groups: dict[tuple, list[CaseResult]] = defaultdict(list)
    for result in results:
        groups[result.cause].append(result)
    return sorted(groups.items(), key=lambda item: (item[0][0] == "blocked",
                                                    -len(item[1]), item[0]))


def print_cause(cause: tuple, results: list[CaseResult], console: Console) -> None:
    """One block per cause: what it is, the first case in full, the others by id."""
    kind, rules = cause
    names = ", ".join(rules) or "(no rule named)"
    many = f" ({len(results)} cases)" if len(results) > 1 else ""
    if kind == "blocked":
        own = sorted({rule for r in results for rule in r.case.rules})
        console.print(f"[bold yellow]BLOCKED[/] by [bold]{names}[/]{many}: the engine "
                      "parts from the spec there before these cases reach their own rules "
                      f"({_listing(own)})")
    elif kind == "fail":
        console.print(f"[bold red]FAIL[/] [bold]{names}[/]{many}")
    else:
        console.print(f"[bold red]{kind.upper()}[/]{many}")
    print_failure(results[0], console)
    if len(results) > 1:
        console.print(f"  and: {_listing([r.case.id for r in results[1:]], 12)}")
    console.print()


def _listing(items: list[str], most: int = 8) -> str:
    shown = ", ".join(items[:most])
    return shown + (f" and {len(items) - most} more" if len(items) > most else "")


def print_overview(run: Run, console: Console, variants=()) -> None:
    """One line per variant: how many cases, and how they went."""
    table = Table(title="per variant", title_justify="left", show_edge=False,
                  pad_edge=False)
    table.add_column("variant")
    for column in ("cases", "passed", "failed", "skipped", "expected"):
        table.add_column(column, justify="right")
    by_variant = grouped(run.results)
    for variant in variants:
        by_variant.setdefault(variant, [])
    for variant, results in sorted(by_variant.items()):
        if not results:
            table.add_row(f"[yellow]{variant}[/]", "[yellow]0[/]", "-", "-", "-", "-")
            continue
        c = counts(results)
        failed = sum(c.get(v, 0) for v in FAILURES + (XPASS,))
        table.add_row(variant, str(len(results)), str(c.get(PASS, 0)),
                      f"[red]{failed}[/]" if failed else "0", str(c.get(SKIP, 0)),
                      str(c.get(XFAIL, 0)))
    console.print(table)
    console.print()


def print_failure(result: CaseResult, console: Console) -> None:
    case = result.case
    console.print(f"  [bold]{case.id}[/] ({escape(corpus_path(case.file))})")
    console.print(f"  {escape(case.description)}")
    console.print(f"  rules: {', '.join(case.rules)}")
    if result.charged and set(result.charged) != set(case.rules):
        console.print(f"  charged to: {', '.join(result.charged)} (the rule that governs "
                      "the failing step)")
    for choice in result.setup:
        console.print(f"  setup: {escape(choice)}")
    if result.diagnosis:
        console.print(f"  diagnosis: {escape(result.diagnosis)}")
    if result.message:
        console.print(f"  {escape(result.message)}")
    d = result.divergence
    if d is not None:
        console.print(f"  at {d.where}: {escape(_short(d.step))}")
        console.print(f"    expected: {escape(_short(d.expected))}")
        console.print(f"    actual:   {escape(_short(d.actual))}")
        if d.detail:
            console.print(f"    {escape(d.detail)}")
    if result.output:
        console.print("  last output of the engine:")
        for line in result.output[-10:]:
            console.print(f"    | {escape(line)}")
    console.print()


def run_json(run: Run, problems: list[Problem]) -> dict:
    info = run.info
    return {
        "engine": None if info is None else {
            "name": info.name, "version": info.version, "variants": sorted(info.variants),
            "features": list(info.features), "error_codes": info.error_codes},
        "ok": run.ok and not problems and not run.interrupted,
        "interrupted": run.interrupted,
        "seconds": round(run.seconds, 3),
        "counts": counts(run.results),
        "rules": per_rule(run.results),
        "cases": [result.to_json() for result in run.results],
        "invalid": [{"file": p.file, "case": p.case, "message": p.message}
                    for p in problems],
    }


def write_json(run: Run, problems: list[Problem], path: Path) -> None:
    write_text(path, json.dumps(run_json(run, problems), indent=2) + "\n", "the report")


def junit_xml(run: Run, problems: list[Problem]) -> ET.ElementTree:
    """One test suite per variant, one test case per case (JUnit XML as CI tools read it)."""
    root = ET.Element("testsuites", name="rookery conformance",
                      time=f"{run.seconds:.3f}")
    for variant, results in sorted(grouped(run.results).items()):
        c = counts(results)
        suite = ET.SubElement(root, "testsuite", name=variant, tests=str(len(results)),
                              failures=str(c.get(FAIL, 0) + c.get(XPASS, 0)),
                              errors=str(sum(c.get(v, 0) for v in FAILURES if v != FAIL)),
                              skipped=str(c.get(SKIP, 0) + c.get(XFAIL, 0)
                                          + c.get(NOT_RUN, 0)),
                              time=f"{sum(r.seconds for r in results):.3f}")
        for result in results:
            case = ET.SubElement(suite, "testcase", classname=f"{variant}.{result.case.topic}",
                                 name=result.case.id, time=f"{result.seconds:.4f}",
                                 file=corpus_path(result.case.file))
            text = failure_text(result)
            if result.verdict in (FAIL, XPASS):
                ET.SubElement(case, "failure", message=_first_line(result), type=result.verdict
                              ).text = text
            elif result.verdict in FAILURES:
                ET.SubElement(case, "error", message=_first_line(result), type=result.verdict
                              ).text = text
            elif result.verdict in (SKIP, XFAIL, NOT_RUN):
                ET.SubElement(case, "skipped", message=result.message or result.verdict)
    if problems:
        suite = ET.SubElement(root, "testsuite", name="invalid cases", tests=str(len(problems)),
                              failures="0", errors=str(len(problems)), skipped="0")
        for problem in problems:
            case = ET.SubElement(suite, "testcase", classname="invalid",
                                 name=problem.case or problem.file, file=problem.file)
            ET.SubElement(case, "error", message=problem.message, type="invalid")
    if run.interrupted:
        root.append(interrupted_suite(run.interrupted, "rookery conformance",
                                      sum(r.verdict != NOT_RUN for r in run.results),
                                      len(run.results), "cases"))
    ET.indent(root)
    return ET.ElementTree(root)


def interrupted_suite(signal: str, name: str, done: int, total: int | None,
                      what: str) -> ET.Element:
    """A JUnit test suite of one error that says the run was stopped (a CI tool then
    shows an interrupted run as broken, never as green)."""
    suite = ET.Element("testsuite", name="interrupted", tests="1", failures="0",
                       errors="1", skipped="0")
    suite.append(interrupted_case(signal, name, done, total, what))
    return suite


def interrupted_case(signal: str, name: str, done: int, total: int | None,
                     what: str) -> ET.Element:
    """A JUnit test case in error: the run was interrupted by ``signal`` after ``done``
    of ``total`` ``what`` (``total`` None when it is not known)."""
    case = ET.Element("testcase", classname="interrupted", name=name)
    of = f" of {total}" if total is not None else ""
    ET.SubElement(case, "error", type="interrupted",
                  message=f"the run was interrupted by {signal} after {done}{of} {what}")
    return case


def _first_line(result: CaseResult) -> str:
    d = result.divergence
    if d is not None:
        return f"{d.where}: expected {_short(d.expected, 200)}, got {_short(d.actual, 200)}"
    return result.message or result.verdict


def failure_text(result: CaseResult) -> str:
    lines = [result.case.description, "rules: " + ", ".join(result.case.rules)]
    if result.blocked_by:
        lines.append("blocked by: " + ", ".join(result.blocked_by))
    elif result.charged:
        lines.append("charged to: " + ", ".join(result.charged))
    if result.message:
        lines.append(result.message)
    d = result.divergence
    if d is not None:
        lines += [f"at {d.where}: {_short(d.step, 2000)}",
                  f"expected: {_short(d.expected, 2000)}",
                  f"actual: {_short(d.actual, 2000)}"]
        if d.detail:
            lines.append(d.detail)
    if result.output:
        lines.append("last output of the engine:")
        lines += [f"| {line}" for line in result.output]
    return "\n".join(lines)


def write_junit(run: Run, problems: list[Problem], path: Path) -> None:
    write_bytes(path, ET.tostring(junit_xml(run, problems).getroot(), encoding="utf-8",
                                  xml_declaration=True), "the report")
