"""The stage of ``rookery check-games``: a log read and checked against a spec, the
report built, and the cases written (the command only parses and prints)."""

from __future__ import annotations

import time
from pathlib import Path

from ...language.model import Variant
from .log import read_log
from .replay import GamesCheck
from .report import MIN_WITNESSES, GamesReport, build


def check_games(log: str | Path, variant: Variant, oracle: dict, *,
                cases: Path | None = None, spec_file: Path | None = None,
                rerun: str = "", spec_ref: str | None = None,
                min_witnesses: int = MIN_WITNESSES) -> tuple[GamesReport, list[str]]:
    """Every game of ``log`` checked against ``variant`` (``oracle``: the spec's name
    and digest, for the report and the cases); with ``cases``, each broken rule's case
    written there; with ``spec_ref`` (the spec's id or path), the witnesses of each rule
    counted (:mod:`.witnesses`), else its compared decisions alone; a rule conforms
    with ``min_witnesses`` of them.  Returns the report
    and the problems of the cases read back (none expected).  The log streams: one hand
    is kept at a time."""
    from .witnesses import Witnesses
    began = time.perf_counter()
    check = GamesCheck(variant, witnesses=Witnesses.of(spec_ref, variant)
                       if spec_ref is not None else None)
    for item in read_log(log):
        check.take(item)
    check.close()
    report = build(variant, oracle, str(log), check, time.perf_counter() - began,
                   min_witnesses)
    report.rerun = rerun
    problems: list[str] = []
    if cases is not None:
        from .cases import write_cases
        problems = write_cases(report, cases, spec_file)
    return report, problems


__all__ = ["check_games"]
