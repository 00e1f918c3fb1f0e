"""The deviation report of a fuzzing run: first what matters -- one row per rule the
engine breaks, what the spec says in words and where it comes from, what the engine did,
in how many deals, and the minimal case that shows it -- then the details, and the same
as JSON and JUnit XML for machines."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree as ET

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ...language.model import Variant
from ...paths import write_bytes, write_text
from ..diagnosis.lockstep import KINDS, Difference


@dataclass
class Deviation:
    """Every difference of one rule and kind: how often, the first seen, the shrunk one
    and the case written for it."""

    rules: tuple[str, ...]
    kind: str
    differences: list[Difference] = field(default_factory=list)
    minimal: Difference | None = None
    case_path: str | None = None

    @property
    def deals(self) -> int:
        return len({d.deal_number for d in self.differences})

    @property
    def example(self) -> Difference:
        return self.minimal or self.differences[0]


def group(differences: list[Difference]) -> list[Deviation]:
    """Differences grouped by rule and kind, the most frequent first."""
    groups: dict[tuple, Deviation] = {}
    for difference in differences:
        key = (difference.rules, difference.kind)
        groups.setdefault(key, Deviation(difference.rules, difference.kind)) \
            .differences.append(difference)
    return sorted(groups.values(), key=lambda d: (-d.deals, d.rules, d.kind))


def rule_words(variant: Variant) -> dict[str, tuple[str, str]]:
    """Rule id -> (the rule in words, its citation or ruling)."""
    from ...docs.sentences import all_sentences
    out: dict[str, tuple[str, str]] = {}
    for sentences in all_sentences(variant).values():
        for sentence in sentences:
            rule = sentence.rule
            cited = ""
            if rule is not None:
                cited = "; ".join(f'{c.source} "{c.where}"' if c.where else c.source
                                  for c in rule.citations)
                if not cited and rule.rulings:
                    cited = "ruling: " + rule.rulings[0]
            elif sentence.rule is None:
                cited = "(the rules language's default)"
            out[sentence.key] = (sentence.text, cited)
    return out


def _did(deviation: Deviation) -> str:
    example = deviation.example
    text = f"{KINDS.get(deviation.kind, deviation.kind)}"
    if example.detail:
        text += f": {example.detail}"
    return text


@dataclass
class FuzzReport:
    """A fuzzing run as its report sees it."""

    variant: Variant
    oracle: dict
    engine: str
    deals: int
    actions: int
    seconds: float
    deviations: list[Deviation]
    unattributed: list[Difference]
    coverage: object
    engine_name: str = ""
    rerun: str = ""             # the command that reruns a written case
    learned: dict = field(default_factory=dict)   # rule id -> the clause the engine plays
    interrupted: str | None = None      # SIGINT or SIGTERM, when the run was stopped
    engine_failure: dict | None = None  # the engine failed its hello: verdict, message
    verdicts: list = field(default_factory=list)  # a Verdict per rule of the spec
    require_all: bool = False   # a rule not reached is a finding (--require-all)

    def unexplained(self) -> int:
        """Differences charged to no rule: those that fit several, and those no clause
        decides (an engine failure, a refused deal), counted, never dropped."""
        return len(self.unattributed) + sum(len(d.differences) for d in self.deviations
                                            if not d.rules)

    def not_reached(self) -> list:
        """The rules not reached that could have been (a clause the spec gives no
        decision, such as the tie of identical cards in a deck without two, is told
        but is no finding)."""
        from .verdicts import NOT_REACHED
        return [v for v in self.verdicts if v.verdict == NOT_REACHED and not v.moot]

    @property
    def ok(self) -> bool:
        return not self.deviations and not self.unattributed and not self.interrupted \
            and not self.engine_failure and not (self.require_all and self.not_reached())

    def broken_rules(self) -> list[str]:
        return sorted({rule for d in self.deviations for rule in d.rules})


def print_report(report: FuzzReport, console: Console, verbose: bool = False) -> None:
    words = rule_words(report.variant)
    console.print(f"[bold]rookery fuzz[/]: {report.engine} against the spec "
                  f"{report.oracle.get('spec')} ({report.variant.id}, sha256 "
                  f"{report.oracle.get('sha256', '')[:12]})")
    if report.engine_failure:
        print_engine_failure(report.engine_failure, console)
        return
    print_verdict_counts(report, console)
    console.print(f"{report.deals} deals, {report.actions} actions in {report.seconds:.1f}s")
    if not report.deviations:
        console.print("[green]no deviation[/]: the engine agreed with the spec on every "
                      "decision compared")
    else:
        table = Table(title=f"Rules the engine breaks ({len(report.broken_rules())})",
                      show_lines=True, expand=False)
        for column, style in (("rule", "bold"), ("the spec says", ""),
                              ("the engine", ""), ("deals", ""), ("minimal case", "")):
            table.add_column(column, style=style or None, overflow="fold",
                             justify="right" if column == "deals" else "left")
        for deviation in report.deviations:
            rule = ", ".join(deviation.rules) or f"unexplained ({deviation.kind})"
            said = []
            for rule_id in deviation.rules:
                text, cited = words.get(rule_id, ("", ""))
                said.append(text + (f" [dim]({cited})[/]" if cited else ""))
            minimal = deviation.example
            case = deviation.case_path or "(not written)"
            plays = [f"plays it as `{report.learned[r]}`" for r in deviation.rules
                     if r in report.learned]
            table.add_row(rule, "\n".join(said) or "[dim]a decision no clause makes[/]",
                          "\n".join([_did(deviation)] + plays), str(deviation.deals),
                          f"{case}\n[dim]{len(minimal.path)} actions[/]")
        console.print(table)
    if report.unattributed:
        console.print(f"[yellow]{len(report.unattributed)} difference(s) fit more than one "
                      "rule and are not charged to any[/]:")
        for difference in report.unattributed[:5]:
            console.print(f"  deal {difference.deal_number}: "
                          f"{KINDS.get(difference.kind, difference.kind)} {difference.detail}")
    if report.deviations:
        console.print("\n[bold]Details[/] (the smallest reproducer of each):")
        for deviation in report.deviations:
            example = deviation.example
            console.print(f"- [bold]{', '.join(deviation.rules) or 'unexplained'}[/] "
                          f"({deviation.kind}, {len(deviation.differences)} times in "
                          f"{deviation.deals} deals)")
            console.print(f"  after {len(example.path)} actions of deal "
                          f"{example.deal_number}: expected {_short(example.expected)}, "
                          f"the engine: {_short(example.actual)}")
            if deviation.case_path:
                console.print(f"  rerun: {report.rerun} {deviation.case_path}")
    if report.learned:
        console.print("\nlearned from the engine (followed for the rest of the run, so that "
                      "one broken rule hides no other): " + "; ".join(
                          f"{rule}: `{clause}`" for rule, clause in report.learned.items()))
    print_verdicts(report, console, verbose)
    cov = report.coverage
    console.print(f"\ncoverage: phases {', '.join(sorted(cov.phases))}; rejection codes "
                  f"probed: {len(cov.codes)}; hands compared to their end (result and "
                  f"game over): {cov.ended} of {cov.hands}")
    if verbose:
        console.print("  codes: " + ", ".join(f"{c} {n}" for c, n in sorted(cov.codes.items())))


def print_engine_failure(failure: dict, console: Console) -> None:
    """An engine that failed its hello: the verdict, what it said last; no deal ran."""
    from rich.markup import escape
    console.print(f"[bold red]{failure['verdict'].upper()}[/]: the engine failed its "
                  f"hello: {escape(failure['message'])}; no deal was played")
    for line in failure.get("output", [])[-10:]:
        console.print(f"    | {escape(line)}")


def print_verdict_counts(report: FuzzReport, console: Console) -> None:
    """The summary's first line: how many rules conform, break, were not reached."""
    from .verdicts import counts
    if not report.verdicts:
        return
    n = counts(report.verdicts)
    console.print(f"verdicts for the spec's {len(report.verdicts)} rules: "
                  f"[green]{n['conforms']} conform[/], [red]{n['breaks']} break[/], "
                  f"[yellow]{n['not reached']} not reached[/]"
                  + (" (a finding: --require-all)" if report.require_all and
                     report.not_reached() else "")
                  + (f"; [yellow]{report.unexplained()} differences no single rule "
                     "explains[/] (listed below)" if report.unexplained() else ""))


def print_verdicts(report: FuzzReport, console: Console, verbose: bool = False) -> None:
    """A line per rule not reached (why), and the rules that conform with their counts
    (each rule left at the language's default told in words with ``-v``)."""
    from .verdicts import CONFORMS, NOT_REACHED
    if not report.verdicts:
        return
    missing = [v for v in report.verdicts if v.verdict == NOT_REACHED]
    if missing:
        console.print(f"\n[yellow]not reached ({len(missing)})[/]: not a pass, nothing "
                      "compared them:")
        for verdict in missing:
            said = f" [dim](left out: {escape(verdict.default)})[/]" if verdict.default \
                else ""
            console.print(f"  {escape(verdict.rule)}: {escape(verdict.reason)}{said}")
    good = [v for v in report.verdicts if v.verdict == CONFORMS]
    console.print(f"\n[green]conforms ({len(good)})[/]" + (": " + ", ".join(
        f"{escape(v.rule)} ({v.witnesses} witnesses)" for v in good)
        if good else ": none"))
    if verbose:
        for verdict in good:
            if verdict.default:
                console.print(f"  {escape(verdict.rule)} (left out): "
                              f"{escape(verdict.default)}")


def _short(value, limit: int = 160) -> str:
    text = json.dumps(value) if not isinstance(value, str) else value
    return text if len(text) <= limit else text[:limit - 3] + "..."


def to_json(report: FuzzReport) -> dict:
    return {
        "variant": report.variant.id, "oracle": report.oracle, "engine": report.engine,
        "engine_name": report.engine_name, "deals": report.deals,
        "actions": report.actions, "seconds": round(report.seconds, 3), "ok": report.ok,
        "interrupted": report.interrupted, "engine_failure": report.engine_failure,
        "broken_rules": report.broken_rules(),
        "learned": report.learned,
        "deviations": [{"rules": list(d.rules), "kind": d.kind, "deals": d.deals,
                        "differences": len(d.differences), "case": d.case_path,
                        "minimal": d.example.to_json()} for d in report.deviations],
        "unattributed": [d.to_json() for d in report.unattributed],
        "verdict_counts": _counts(report),
        "unexplained": report.unexplained(),
        "verdicts": [v.to_json() for v in report.verdicts],
        "require_all": report.require_all,
        "coverage": {"phases": dict(report.coverage.phases),
                     "codes": dict(report.coverage.codes),
                     "rules": dict(report.coverage.rules),
                     "hands": report.coverage.hands,
                     "hands_ended": report.coverage.ended},
    }


def _counts(report: FuzzReport) -> dict:
    from .verdicts import counts
    return counts(report.verdicts)


def write_json(report: FuzzReport, path: Path) -> None:
    write_text(path, json.dumps(to_json(report), indent=2) + "\n", "the report")


def write_junit(report: FuzzReport, path: Path) -> None:
    """One test case per rule of the spec: failed where the engine breaks it, skipped
    (with the reason) where it was not reached -- never a pass -- and a failed case per
    difference no rule explains."""
    from .verdicts import NOT_REACHED
    broken = defaultdict(list)
    unexplained = []
    for deviation in report.deviations:
        if not deviation.rules:
            unexplained.append(deviation)
        for rule in deviation.rules:
            broken[rule].append(deviation)
    verdicts = {v.rule: v for v in report.verdicts}
    rules = [v.rule for v in report.verdicts] or list(report.variant.rule_ids)
    rules += [r for r in broken if r not in rules]
    skipped = [r for r in rules if r in verdicts and verdicts[r].verdict == NOT_REACHED
               and r not in broken]
    # with --require-all a rule not reached (moot ones aside) fails, as the exit code says
    demanded = [r for r in skipped if report.require_all and not verdicts[r].moot]
    skipped = [r for r in skipped if r not in demanded]
    failures = len(broken) + len(unexplained) + len(report.unattributed) + len(demanded)
    suite = ET.Element("testsuite", name=f"rookery-fuzz.{report.variant.id}",
                       tests=str(len(rules) + len(unexplained) + len(report.unattributed)),
                       failures=str(failures),
                       skipped=str(len(skipped)), time=f"{report.seconds:.3f}")
    _add_run_faults(report, suite)
    for rule in rules:
        case = ET.SubElement(suite, "testcase", classname=report.variant.id, name=rule)
        for deviation in broken.get(rule, ()):
            failure = ET.SubElement(case, "failure", message=_did(deviation)[:500])
            failure.text = (f"{deviation.deals} deals; minimal case: "
                            f"{deviation.case_path or '(not written)'}")
        if rule in demanded:
            ET.SubElement(case, "failure", message="not reached (--require-all): " +
                          verdicts[rule].reason[:480])
        elif rule in skipped:
            ET.SubElement(case, "skipped", message="not reached: " + verdicts[rule].reason)
        elif rule in verdicts and rule not in broken:
            verdict = verdicts[rule]
            ET.SubElement(case, "system-out").text = (
                f"conforms, {verdict.witnesses} witnesses ({verdict.decisions} decisions "
                f"compared in {verdict.deals} deals)" + _witness_words(verdict.witness))
    for deviation in unexplained:
        case = ET.SubElement(suite, "testcase", classname=report.variant.id,
                             name=f"unexplained {deviation.kind}")
        failure = ET.SubElement(case, "failure", message=_did(deviation)[:500])
        failure.text = f"{deviation.deals} deals; no rule of the spec explains it"
    for number, difference in enumerate(report.unattributed, 1):
        # a difference that fits several rules: a failure of its own, never dropped
        case = ET.SubElement(suite, "testcase", classname=report.variant.id,
                             name=f"unattributed {number}: {difference.kind}")
        failure = ET.SubElement(case, "failure", message=(
            f"{KINDS.get(difference.kind, difference.kind)} {difference.detail}")[:500])
        failure.text = (f"deal {difference.deal_number}, after {len(difference.path)} "
                        f"actions; fits {', '.join(difference.fits) or 'no rule'}")
    write_bytes(path, ET.tostring(suite, encoding="utf-8", xml_declaration=True),
                "the report")


def _witness_words(witness: dict | None) -> str:
    """One witness in words: where an alternative of the rule would have been caught."""
    if not witness:
        return ""
    return (f"; e.g. deal {witness['deal']}, hand {witness['hand']}, step "
            f"{witness['step']}: `{witness['alternative']}` would have shown another "
            f"{witness['observable']}")


def _add_run_faults(report: FuzzReport, suite: ET.Element) -> None:
    """A test case in error for an engine that failed its hello, and one for a run that
    was interrupted: a CI tool shows neither as green."""
    from ..corpus.report import interrupted_case
    faults = []
    if report.engine_failure:
        case = ET.Element("testcase", classname=report.variant.id, name="hello")
        failure = report.engine_failure
        ET.SubElement(case, "error", type=failure["verdict"],
                      message=failure["message"][:500]).text = "\n".join(
                          failure.get("output", []))
        faults.append(case)
    if report.interrupted:
        faults.append(interrupted_case(report.interrupted, "rookery fuzz", report.deals,
                                       None, "deals"))
    for case in faults:
        suite.append(case)
    errors = int(suite.get("errors", "0")) + len(faults)
    suite.set("errors", str(errors))
    suite.set("tests", str(int(suite.get("tests", "0")) + len(faults)))
