"""What running a case comes to: the verdicts, where a case first went wrong
(:class:`Divergence`), a case's result with the rules its failure is charged to
(:class:`CaseResult`), and what a case has done so far (:class:`Played`), which the
setup steps, the playing of a case and the charging of a failure share."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cases import Case

PASS, FAIL, SKIP = "pass", "fail", "skip"
XFAIL, XPASS = "xfail", "xpass"
FAILURES = ("fail", "error", "crash", "timeout", "garbage", "protocol-error", "flood")
# A case the run did not play: its --budget or --maxfail stopped it first, or a signal.
NOT_RUN = "not-run"


@dataclass
class Divergence:
    """Where a case first went wrong: the step (``deal``, ``start 3``, ``step 5``), the
    step as written, what was expected and what the engine did."""

    where: str
    step: Any
    expected: Any
    actual: Any
    detail: str = ""

    def to_json(self) -> dict:
        return {"where": self.where, "step": self.step, "expected": self.expected,
                "actual": self.actual, "detail": self.detail}


@dataclass
class CaseResult:
    case: Case
    verdict: str
    divergence: Divergence | None = None
    message: str = ""
    output: list[str] = field(default_factory=list)
    seconds: float = 0.0
    reason: str = ""            # why a case is an expected failure
    charged: tuple[str, ...] = ()       # the rules the failing step is charged to
    blocked_by: tuple[str, ...] = ()    # the rules that diverged before the case's own
    setup: tuple[str, ...] = ()         # what the setup steps chose ("seat 2 bid 100")
    diagnosis: str = ""                 # where the engine first parted from the spec

    @property
    def ok(self) -> bool:
        return self.verdict in (PASS, SKIP, XFAIL)

    @property
    def blocked(self) -> bool:
        return bool(self.blocked_by)

    @property
    def cause(self) -> tuple[str, tuple[str, ...]]:
        """What a failure comes down to, for grouping: blocked by a rule, a rule broken,
        or the engine's own verdict."""
        if self.blocked_by:
            return ("blocked", self.blocked_by)
        if self.verdict == FAIL:
            return ("fail", self.charged)
        return (self.verdict, ())

    def to_json(self) -> dict:
        out = {"id": self.case.id, "variant": self.case.variant, "verdict": self.verdict,
               "rules": list(self.case.rules), "tags": list(self.case.tags),
               "file": self.case.file, "description": self.case.description,
               "seconds": round(self.seconds, 4)}
        if self.divergence:
            out["divergence"] = self.divergence.to_json()
        if self.message:
            out["message"] = self.message
        if self.output:
            out["output"] = self.output
        if self.reason:
            out["reason"] = self.reason
        if self.charged:
            out["charged"] = list(self.charged)
        if self.blocked_by:
            out["blocked_by"] = list(self.blocked_by)
        if self.setup:
            out["setup"] = list(self.setup)
        if self.diagnosis:
            out["diagnosis"] = self.diagnosis
        return out


class Diverged(Exception):
    """The case went wrong at a step (its :class:`Divergence`): playing it stops there."""

    def __init__(self, divergence: Divergence):
        self.divergence = divergence


@dataclass
class Played:
    """What a case has done so far: the actions the engine accepted, the setup's choices,
    and the step that failed (an action it refused, or one it should have refused)."""

    path: list = field(default_factory=list)
    chosen: list = field(default_factory=list)
    in_setup: bool = True
    later: bool = False                  # in a game's second or later hand
    hands: list = field(default_factory=list)   # (where in path, next hand) per later hand
    failed: tuple | None = None          # (seat, action) the engine refused
    refused: tuple | None = None         # (seat, action) the engine should have refused
    # Burials whose parts the engine took in another order than the case writes them:
    # (where in path, the actions as written).
    reordered: list = field(default_factory=list)
    # The engine's whole state at an ``expect`` that failed (what the charge reads of
    # its result beyond the parts the case compared).
    engine_state: dict | None = None

    def written_path(self) -> list:
        """The path with each reordered burial as the case writes it (the order the spec
        takes): what the spec replays when a failure is charged."""
        path = list(self.path)
        for at, written in self.reordered:
            path[at:at + len(written)] = written
        return path


def stopped_by_maxfail(case: Case, maxfail: int) -> CaseResult:
    """The result of a case left unplayed once ``--maxfail`` failures were counted (the
    same in a run of one process and in one of several, which apply it in case order)."""
    return CaseResult(case, NOT_RUN, message=f"not run: the run stopped after {maxfail} "
                      "failure(s)")
