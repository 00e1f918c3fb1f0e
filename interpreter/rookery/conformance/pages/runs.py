"""A campaign's JSON report (``rookery fuzz``, ``rookery conformance``,
``rookery check-games``) read as one shape for the pages: the engine, and per spec its
digest and a row per rule (the verdict, its evidence, the reason it was not reached,
its case and the command that reruns it).

Every value comes from a file someone may have edited: the reader takes only what has
the expected type and leaves the rest out (a page shows less, never a traceback)."""

from __future__ import annotations

import shlex
from dataclasses import dataclass

CONFORMS, BREAKS, NOT_REACHED = "conforms", "breaks", "not reached"


@dataclass(frozen=True)
class Row:
    """One rule's verdict in a run.  ``count`` is the evidence of a rule that conforms,
    in ``unit``: witnesses where the run states them, else compared decisions (fuzz,
    check-games) or passed cases (conformance)."""

    rule: str
    verdict: str
    count: int = 0
    unit: str = ""
    reason: str = ""
    case: str = ""
    rerun: str = ""
    did: str = ""           # what the engine did, for a rule it breaks
    witness: str = ""       # a conforming rule's first witness, in words


@dataclass(frozen=True)
class Part:
    """The rows of one spec in a run."""

    variant: str
    spec: str
    sha256: str
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class RunView:
    tool: str
    engine: str
    parts: tuple[Part, ...]
    ok: bool
    notes: tuple[str, ...] = ()     # what the run found that no rule explains, log errors


def _text(value, default: str = "") -> str:
    return value if isinstance(value, str) else default


def _number(value) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _list(value) -> list:
    return value if isinstance(value, list) else []


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def tool_of(data: dict) -> str:
    """Which campaign wrote a report."""
    if data.get("tool") == "check-games":
        return "check-games"
    if "deals" in data and "verdicts" in data:
        return "fuzz"
    if "cases" in data and "counts" in data:
        return "conformance"
    raise ValueError("not a report of rookery fuzz, conformance or check-games "
                     "(written with --json)")


def run_view(data: dict, rerun: str = "") -> RunView:
    """A campaign's JSON report as the pages read it (``rerun``: the command that reruns
    a case against the same engine, where the report does not say)."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    tool = tool_of(data)
    if tool == "conformance":
        return _conformance(data, rerun)
    return _verdicts(tool, data, rerun)


def _verdicts(tool: str, data: dict, rerun: str) -> RunView:
    """A report with a verdict per rule (fuzz, check-games)."""
    engine = _text(data.get("engine_name")) or _text(data.get("engine"), "an engine")
    oracle = _dict(data.get("oracle"))
    rerun = rerun or _text(data.get("rerun")) or (
        "rookery conformance" + (f" --engine {shlex.quote(_text(data.get('engine')))}"
                                 if tool == "fuzz" and _text(data.get("engine")) else ""))
    did: dict[str, str] = {}
    for deviation in _list(data.get("deviations")):
        deviation = _dict(deviation)
        words = _text(deviation.get("words")) or _text(deviation.get("kind"))
        first = _dict(deviation.get("first")) or _dict(deviation.get("minimal"))
        detail = _text(first.get("detail"))
        for rule in _list(deviation.get("rules")):
            if isinstance(rule, str):
                did.setdefault(rule, words + (f": {detail}" if detail else ""))
    rows = []
    for verdict in _list(data.get("verdicts")):
        verdict = _dict(verdict)
        rule = _text(verdict.get("rule"))
        if not rule:
            continue
        witnessed = "witnesses" in verdict
        rows.append(Row(rule, _text(verdict.get("verdict"), NOT_REACHED),
                        _number(verdict.get("witnesses" if witnessed else "decisions")),
                        "witnesses" if witnessed else "decisions",
                        _text(verdict.get("reason")), _text(verdict.get("case")), rerun,
                        did.get(rule, ""), _witness(_dict(verdict.get("witness")))))
    notes = [_unexplained(_dict(d), rerun) for d in _list(data.get("deviations"))
             if not _list(_dict(d).get("rules"))]
    notes += [f"a difference that fits several rules: {_text(_dict(d).get('detail'))}"
              for d in _list(data.get("unattributed"))]
    notes += [f"{_text(_dict(e).get('place'))}: {_text(_dict(e).get('message'))}"
              for e in _list(data.get("errors"))]
    part = Part(_text(data.get("variant"), "?"), _text(oracle.get("spec")),
                _text(oracle.get("sha256")), tuple(rows))
    return RunView(tool, engine, (part,), data.get("ok") is True, tuple(notes))


def _witness(witness: dict) -> str:
    """A witness in words: where, and the alternative it would have caught."""
    alternative = _text(witness.get("alternative"))
    if not alternative:
        return ""
    where = _text(witness.get("place")) or (
        f"deal {witness['deal']}" if isinstance(witness.get("deal"), int) else "")
    step = witness.get("step")
    return (f"e.g. {where}" + (f", step {step}" if isinstance(step, (int, str)) and step
                               != "" else "")
            + f": `{alternative}` would have been caught")


def _unexplained(deviation: dict, rerun: str) -> str:
    """A deviation charged to no rule (a card not held: the shape of the game), with
    its case and the command that reruns it."""
    first = _dict(deviation.get("first")) or _dict(deviation.get("minimal"))
    case = _text(deviation.get("case"))
    return (f"{_text(deviation.get('words')) or _text(deviation.get('kind'))}: "
            f"{_text(first.get('detail'))}"
            + (f"; minimal case {case}; rerun: {rerun} {case}" if case else ""))


def _conformance(data: dict, rerun: str) -> RunView:
    """A corpus run: per variant, a rule conforms when every case charged to it passed
    (the passed cases are its evidence), breaks when one failed, and is not reached when
    its cases were blocked at another rule first or skipped."""
    info = _dict(data.get("engine"))
    engine = (f"{_text(info.get('name'))} {_text(info.get('version'))}".strip()
              or "the built-in interpreter")
    first_failed: dict[tuple[str, str], dict] = {}
    blocked: dict[tuple[str, str], set[str]] = {}
    for case in _list(data.get("cases")):
        case = _dict(case)
        variant = _text(case.get("variant"))
        verdict = _text(case.get("verdict"))
        for rule in _list(case.get("charged")) or _list(case.get("rules")):
            if not isinstance(rule, str):
                continue
            if verdict not in ("pass", "skip", "xfail", "not-run") and \
                    not case.get("blocked_by"):
                first_failed.setdefault((variant, rule), case)
        for rule in _list(case.get("rules")):
            if isinstance(rule, str) and case.get("blocked_by"):
                blocked.setdefault((variant, rule), set()).update(
                    r for r in _list(case.get("blocked_by")) if isinstance(r, str))
    rerun = rerun or "rookery conformance"
    parts = []
    for variant, rules in sorted(_dict(data.get("rules")).items()):
        rows = []
        for rule, row in _dict(rules).items():
            row = _dict(row)
            failed, passed = _number(row.get("failed")), _number(row.get("passed"))
            if failed:
                case = first_failed.get((variant, rule), {})
                divergence = _dict(case.get("divergence"))
                rows.append(Row(rule, BREAKS, failed, "cases failed",
                                case=_text(case.get("file")),
                                rerun=f"{rerun} --case {shlex.quote(_text(case.get('id')))}"
                                if case else rerun,
                                did=_text(case.get("message")) or
                                _text(divergence.get("detail"))))
            elif passed:
                rows.append(Row(rule, CONFORMS, passed, "cases"))
            else:
                why = []
                if _number(row.get("blocked")):
                    by = sorted(blocked.get((variant, rule), ()))
                    why.append(f"{row['blocked']} cases blocked: the engine parted from "
                               f"the spec first at {', '.join(by) or 'another rule'}")
                if _number(row.get("skipped")):
                    why.append(f"{row['skipped']} cases skipped (a variant the engine "
                               "does not play, or not run)")
                if _number(row.get("expected")):
                    why.append(f"{row['expected']} cases listed as expected failures")
                rows.append(Row(rule, NOT_REACHED, reason="; ".join(why) or
                                "no case ran"))
        parts.append(Part(variant, variant, "", tuple(rows)))
    notes = [f"{_text(_dict(p).get('file'))}: {_text(_dict(p).get('message'))}"
             for p in _list(data.get("invalid"))]
    return RunView("conformance", engine, tuple(parts), data.get("ok") is True,
                   tuple(notes))


__all__ = ["BREAKS", "CONFORMS", "NOT_REACHED", "Part", "Row", "RunView", "run_view",
           "tool_of"]
