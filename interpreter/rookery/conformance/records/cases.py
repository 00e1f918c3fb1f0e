"""Each rule a log shows broken, as a conformance case: the recorded hand that first
shows it, cut at its first difference (its deal, the actions before it as ``start``,
and the step that shows it), decided by the spec it was checked against, so that
``rookery conformance --spec SPEC DIR`` reruns it (our interpreter passes it; the
engine that wrote the log, given the same hand, fails it)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from ...paths import make_folder, write_text
from ..differential.shrink import to_case
from .report import GamesReport, kind_words


def write_cases(report: GamesReport, folder: Path, spec_file: Path | None = None) -> list[str]:
    """One case file per deviation under ``folder/VARIANT/``; returns the problems
    found reading them back (a case rookery writes must rerun: none expected).  A spec
    file is named by its path from the case's folder, so the two can move together."""
    from ..corpus.cases import read_file
    if not report.deviations:
        return []
    variant = report.variant
    where = folder / variant.id
    make_folder(where, "--cases")
    oracle = dict(report.oracle)
    if spec_file is not None:
        oracle["spec"] = os.path.relpath(spec_file.resolve(), where.resolve())
    problems: list[str] = []
    for index, deviation in enumerate(report.deviations, 1):
        finding = report.finding_of(deviation)
        case = to_case(deviation.example, variant, f"{variant.id}/games/{index:03d}",
                       oracle, report.engine)
        case["description"] = (
            f"Recorded by {report.engine} ({report.log}, {finding.place}: game "
            f"{finding.game}, hand {finding.hand}), checked by rookery check-games: the "
            f"engine {kind_words(deviation.kind)}"
            + (f" ({deviation.example.detail})" if deviation.example.detail else "")
            + ". The spec decides the step that shows it.")
        case["tags"] = ["recorded"] + [t for t in case["tags"] if t != "generated"]
        name = f"{_slug('-'.join(deviation.rules) or 'no-rule')}-{_slug(deviation.kind)}"
        path = where / f"{name}.json"
        write_text(path, json.dumps({"variant": variant.id, "cases": [case]}, indent=1)
                   + "\n", "the case")
        deviation.case_path = str(path)
        cases, found = read_file(path)
        problems += [str(p) for p in found]
        problems += _not_passing(cases, variant)
    return problems


def _not_passing(cases, variant) -> list[str]:
    """The cases our interpreter of the spec does not pass (none expected: a case
    rookery writes must rerun against the spec it was checked against)."""
    from ..corpus.runner import run_cases
    from ..protocol.engines import InProcessEngine
    from ..protocol.session import Session
    engine = InProcessEngine(Session(extra={variant.id: variant}))
    try:
        run = run_cases(engine, cases)
    finally:
        engine.close()
    return [f"{result.case.file}: {result.case.id} does not pass on the spec: "
            f"{result.message or result.verdict}" for result in run.results
            if result.verdict != "pass"]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "rule"
