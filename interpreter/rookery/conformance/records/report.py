"""The report of ``rookery check-games``: the verdict of every rule of the spec (as
differential play gives them, :mod:`rookery.conformance.differential.verdicts`), one
row per rule broken with the line of the log that shows it and its case, the log's
errors with their line numbers; on the console, as JSON and as JUnit XML."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from xml.etree import ElementTree as ET

from rich.console import Console
from rich.markup import escape

from ...language.model import Variant
from ...paths import write_bytes, write_text
from ..diagnosis.differences import KINDS
from ..differential.deviations import Deviation, group
from ..differential.verdicts import BREAKS, CONFORMS, NOT_REACHED, Verdict, counts, verdicts
from .log import LogError
from .replay import LOG_KINDS, Finding, GamesCheck

# What a log never shows: a seat's view (the protocol's ``view``).
NO_VIEWS = "a log of games records no view of what a seat sees"


def kind_words(kind: str) -> str:
    return LOG_KINDS.get(kind) or KINDS.get(kind, kind)


@dataclass
class GamesReport:
    """A checked log as its report sees it."""

    variant: Variant
    oracle: dict            # {"spec": ..., "sha256": ...}
    log: str
    check: GamesCheck
    seconds: float
    deviations: list[Deviation] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)
    places: dict = field(default_factory=dict)      # id(Difference) -> Finding
    rerun: str = ""
    min_witnesses: int = 1      # what a rule needs to conform (``--min-witnesses``)

    def witnesses(self, rule: str) -> tuple[int, dict] | None:
        """A rule's witnesses and the first of them (None: the rule has no alternative,
        or none were counted; its compared decisions stand in)."""
        counted = self.check.witnesses
        if counted is None or rule not in counted.rules:
            return None
        return counted.counts[rule], counted.first.get(rule, {})

    def evidence(self, verdict: Verdict) -> str:
        """What a conforming rule's verdict rests on, in words."""
        witnessed = self.witnesses(verdict.rule)
        if witnessed is not None:
            return f"{witnessed[0]} witnesses"
        return f"{verdict.decisions} decisions"

    def verdict_json(self, verdict: Verdict) -> dict:
        out = verdict.to_json()
        witnessed = self.witnesses(verdict.rule)
        if witnessed is not None:
            out["witnesses"] = witnessed[0]
            if witnessed[1]:
                out["witness"] = witnessed[1]
        return out

    @property
    def findings(self) -> list[Finding]:
        return self.check.findings

    @property
    def errors(self) -> list[LogError]:
        return self.check.errors

    @property
    def engine(self) -> str:
        return ", ".join(self.check.engines) or "the engine that wrote the log"

    @property
    def ok(self) -> bool:
        return not self.findings and not self.errors

    def broken_rules(self) -> list[str]:
        return sorted({rule for d in self.deviations for rule in d.rules})

    def finding_of(self, deviation: Deviation) -> Finding:
        return self.places[id(deviation.example)]

    def hands_of(self, deviation: Deviation) -> int:
        """The hands the deviation was found in (all of them: past the findings kept
        in full, they are counted)."""
        return len(self.check.tally[deviation.example.key][1])

    def differences_of(self, deviation: Deviation) -> int:
        return self.check.tally[deviation.example.key][0]


def build(variant: Variant, oracle: dict, log: str, check: GamesCheck,
          seconds: float, min_witnesses: int | None = None) -> GamesReport:
    """The report of a finished check: the differences grouped per rule and kind (each
    group's example the earliest in the log, the hand cut there), and the verdicts."""
    differences = [f.difference for f in check.findings]
    deviations = group(differences)
    places = {id(f.difference): f for f in check.findings}
    for deviation in deviations:
        deviation.minimal = min(deviation.differences,
                                key=lambda d: (d.deal_number, len(d.path)))
    needed = MIN_WITNESSES if min_witnesses is None else min_witnesses
    _witnesses_into(variant, check)
    found = [replace(v, reason=NO_VIEWS) if v.verdict == NOT_REACHED and not v.moot and
             v.reason.startswith("the engine states no view") else v
             for v in verdicts(variant, check.coverage, deviations, views=False,
                               min_witnesses=needed)]
    report = GamesReport(variant, oracle, log, check, seconds, deviations, found, places,
                         min_witnesses=needed)
    first = {}
    for deviation in deviations:
        for rule in deviation.rules:
            first.setdefault(rule, deviation)
    report.verdicts = [replace(v, reason=f"{report.hands_of(first[v.rule])} hands differ")
                       if v.verdict == BREAKS and v.rule in first else _earned(report, v)
                       for v in found]
    return report


# A log is the games it holds (no deals steered towards a rule): one witness earns a
# "conforms" here, where fuzz asks for --min-witnesses.
MIN_WITNESSES = 1


def _witnesses_into(variant: Variant, check: GamesCheck) -> None:
    """The log's witnesses in the coverage the verdicts read: counted per rule where the
    rule has alternatives (:mod:`.witnesses`), its compared decisions standing in where
    it has none (or none were counted)."""
    from ..differential.verdicts import spec_rules
    counted, coverage = check.witnesses, check.coverage
    for rule, _ in spec_rules(variant):
        if counted is not None and rule in counted.rules:
            coverage.witnesses[rule] = counted.counts[rule]
            if counted.first.get(rule):
                coverage.examples[rule] = counted.first[rule]
        else:
            coverage.witnesses[rule] = coverage.decided.get(rule, 0)


def _earned(report: GamesReport, verdict: Verdict) -> Verdict:
    """A rule that has alternatives conforms only with a witness: compared decisions
    where none of its alternatives would have been caught are no evidence (said so)."""
    witnessed = report.witnesses(verdict.rule)
    if verdict.verdict != NOT_REACHED or verdict.moot or witnessed is None or \
            witnessed[0] >= report.min_witnesses or not verdict.decisions:
        return verdict
    alternatives = [a.clause for a in report.check.witnesses.alternatives
                    if a.rule == verdict.rule]
    return replace(verdict, verdict=NOT_REACHED, reason=(
        f"{verdict.decisions} recorded decisions compared, but none where an "
        f"alternative of the rule ({', '.join(f'`{a}`' for a in alternatives[:3])}) "
        "would have been caught"))


def to_json(report: GamesReport) -> dict:
    check = report.check
    return {
        "tool": "check-games", "variant": report.variant.id, "oracle": report.oracle,
        "engine": report.engine, "log": report.log, "ok": report.ok,
        "games": check.games, "hands": check.hands, "actions": check.actions,
        "seconds": round(report.seconds, 3),
        "broken_rules": report.broken_rules(),
        "deviations": [_deviation_json(report, d) for d in report.deviations],
        "findings": [_finding_json(f) for f in report.findings],
        "errors": [e.to_json() for e in report.errors],
        "error_count": check.error_count,
        "verdict_counts": counts(report.verdicts),
        "verdicts": [report.verdict_json(v) for v in report.verdicts],
        "rerun": report.rerun,
        "coverage": {"hands": check.coverage.hands, "hands_ended": check.coverage.ended,
                     "codes": dict(check.coverage.codes)},
    }


def _finding_json(finding: Finding) -> dict:
    d = finding.difference
    return {"place": finding.place, "game": finding.game, "hand": finding.hand,
            "kind": d.kind, "rules": list(d.rules), "detail": d.detail,
            "expected": d.expected, "actual": d.actual,
            "action": _action_of(d)}


def _action_of(difference) -> dict | None:
    """The seat and action a finding is about (an action the rules refuse)."""
    for step in difference.check:
        if "do" in step:
            out = {"seat": step["seat"], "action": step["do"]}
            if "reject" in step:
                out["code"] = step["reject"]
            return out
    return None


def _deviation_json(report: GamesReport, deviation: Deviation) -> dict:
    finding = report.finding_of(deviation)
    return {"rules": list(deviation.rules), "kind": deviation.kind,
            "words": kind_words(deviation.kind), "hands": report.hands_of(deviation),
            "differences": report.differences_of(deviation), "case": deviation.case_path,
            "first": _finding_json(finding)}


def write_json(report: GamesReport, path: Path) -> None:
    write_text(path, json.dumps(to_json(report), indent=2) + "\n", "the report")


def write_junit(report: GamesReport, path: Path) -> None:
    """One test case per rule of the spec (failed where a hand breaks it, skipped with
    the reason where no recorded decision reached it, never a pass), one failed case per
    difference no rule explains, and one error per line of the log that cannot be read."""
    broken: dict[str, list[Deviation]] = {}
    unexplained = [d for d in report.deviations if not d.rules]
    for deviation in report.deviations:
        for rule in deviation.rules:
            broken.setdefault(rule, []).append(deviation)
    rules = [v.rule for v in report.verdicts]
    rules += [r for r in broken if r not in rules]
    by_rule = {v.rule: v for v in report.verdicts}
    suite = ET.Element("testsuite", name=f"rookery-check-games.{report.variant.id}",
                       tests=str(len(rules) + len(unexplained) + len(report.errors)),
                       failures=str(len(broken) + len(unexplained)),
                       errors=str(len(report.errors)),
                       skipped=str(sum(1 for r in rules if r not in broken and
                                       by_rule[r].verdict == NOT_REACHED)),
                       time=f"{report.seconds:.3f}")
    for rule in rules:
        case = ET.SubElement(suite, "testcase", classname=report.variant.id, name=rule)
        for deviation in broken.get(rule, ()):
            _failure(case, report, deviation)
        verdict = by_rule.get(rule)
        if rule not in broken and verdict is not None:
            if verdict.verdict == NOT_REACHED:
                ET.SubElement(case, "skipped", message="not reached: " + verdict.reason)
            else:
                ET.SubElement(case, "system-out").text = (
                    f"conforms, {report.evidence(verdict)} ({verdict.decisions} decisions "
                    f"compared in {verdict.deals} hands)")
    for deviation in unexplained:
        case = ET.SubElement(suite, "testcase", classname=report.variant.id,
                             name=f"unexplained {deviation.kind}")
        _failure(case, report, deviation)
    for error in report.errors:
        case = ET.SubElement(suite, "testcase", classname=report.variant.id,
                             name=f"log {error.place}")
        ET.SubElement(case, "error", type="log", message=error.message[:500])
    write_bytes(path, ET.tostring(suite, encoding="utf-8", xml_declaration=True),
                "the report")


def _failure(case, report: GamesReport, deviation: Deviation) -> None:
    finding = report.finding_of(deviation)
    failure = ET.SubElement(case, "failure", message=(
        f"{kind_words(deviation.kind)}: {deviation.example.detail}")[:500])
    failure.text = (f"{report.hands_of(deviation)} hands; first at {finding.place}; case: "
                    f"{deviation.case_path or '(not written)'}")


def print_report(report: GamesReport, console: Console, verbose: bool = False) -> None:
    from ..differential.deviations import rule_words
    check = report.check
    n = counts(report.verdicts)
    console.print(f"[bold]rookery check-games[/]: {escape(report.log)} "
                  f"({escape(report.engine)}) against the spec "
                  f"{escape(str(report.oracle.get('spec')))} ({report.variant.id}, sha256 "
                  f"{report.oracle.get('sha256', '')[:12]})")
    console.print(f"{check.games} games, {check.hands} hands, {check.actions} actions "
                  f"checked in {report.seconds:.1f}s")
    console.print(f"verdicts for the spec's {len(report.verdicts)} rules: "
                  f"[green]{n[CONFORMS]} conform[/], [red]{n[BREAKS]} break[/], "
                  f"[yellow]{n[NOT_REACHED]} not reached[/]")
    words = rule_words(report.variant)
    for deviation in report.deviations:
        finding = report.finding_of(deviation)
        rules = ", ".join(deviation.rules) or "(no rule: the shape of the game)"
        said = "; ".join(words.get(r, ("", ""))[0] for r in deviation.rules
                         if words.get(r, ("", ""))[0])
        console.print(f"\n[red]breaks[/] [bold]{escape(rules)}[/]: the engine "
                      f"{escape(kind_words(deviation.kind))} "
                      f"({report.hands_of(deviation)} hands)")
        if said:
            console.print(f"  the spec says: {escape(said)}")
        console.print(f"  first at {escape(finding.place)}: "
                      f"{escape(deviation.example.detail)}")
        if deviation.case_path:
            console.print(f"  case: {escape(deviation.case_path)}"
                          + (f"; rerun: {escape(report.rerun)} "
                             f"{escape(deviation.case_path)}" if report.rerun else ""))
    if report.errors:
        console.print(f"\n[red]{check.error_count} lines of the log cannot be read[/] "
                      "(the rest was checked):")
        for error in report.errors[:20]:
            console.print(f"  {escape(str(error))}")
        if check.error_count > 20:
            console.print(f"  ... and {check.error_count - 20} more (in --json: the first "
                          f"{len(report.errors)})")
    missing = [v for v in report.verdicts if v.verdict == NOT_REACHED]
    if missing:
        console.print(f"\n[yellow]not reached ({len(missing)})[/]: not a pass, no "
                      "recorded decision put them to the test:")
        for verdict in missing if verbose else missing[:12]:
            console.print(f"  {escape(verdict.rule)}: {escape(verdict.reason)}")
        if not verbose and len(missing) > 12:
            console.print(f"  ... and {len(missing) - 12} more (-v lists them)")
    good = [v for v in report.verdicts if v.verdict == CONFORMS]
    console.print(f"\n[green]conforms ({len(good)})[/]" + (": " + ", ".join(
        f"{escape(v.rule)} {report.evidence(v)}" for v in good)
        if good else ": none"))


__all__ = ["GamesReport", "build", "kind_words", "print_report", "to_json", "write_json",
           "write_junit"]
