"""What the runner needs from an engine, and the in-process engine (our interpreter).

Every engine answers the same four verbs as the protocol: ``start`` (the hello),
``deal``, ``apply`` and ``state``; one that declares the ``batch`` feature answers
``batch`` too (several actions, and the state, in one request).  An engine that misbehaves raises
:class:`EngineFailure` with a verdict (``crash``, ``timeout``, ``garbage``,
``protocol-error``, ``error``) and the last lines it wrote; the runner then gives that
verdict to the case and restarts the engine.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field

from .session import Session, SessionError


@dataclass(frozen=True)
class EngineInfo:
    """The engine's hello: who it is and what it can play."""

    name: str
    version: str
    variants: frozenset[str]
    features: tuple[str, ...] = ()
    error_codes: bool = True


@dataclass(frozen=True)
class Outcome:
    """The answer to an action: accepted, or rejected with a code and a message."""

    accepted: bool
    code: str | None = None
    message: str = ""
    events: tuple = ()


@dataclass(frozen=True)
class Batched:
    """The answer to a batch of actions (the protocol's ``batch`` feature): how many were
    accepted, the refusal of the next one if it was refused, and the state asked for."""

    applied: int
    refused: Outcome | None = None
    state: dict | None = None


class EngineFailure(Exception):
    """The engine crashed, hung, wrote garbage, broke the protocol or reported an error."""

    def __init__(self, verdict: str, message: str, output: list[str] | None = None):
        self.verdict = verdict
        self.message = message
        self.output = list(output or [])
        super().__init__(f"{verdict}: {message}")


class EngineNotLaunched(EngineFailure):
    """The engine's command could not be run at all (no such program, not executable):
    the user's mistake, not a verdict on an engine."""

    def __init__(self, message: str):
        super().__init__("crash", message)


class Unsupported(Exception):
    """The engine refuses the deal's variant (``unsupported-variant``)."""


@dataclass
class DealRefused(Exception):
    """The engine refuses the deal for another reason (the case or the engine is wrong)."""

    code: str
    message: str = ""
    output: list[str] = field(default_factory=list)


class InProcessEngine:
    """Our interpreter, called directly: no process, no serialisation."""

    label = "rookery (in-process)"

    def __init__(self, session: Session | None = None):
        self.session = session or Session()

    def start(self) -> EngineInfo:
        hello = self.session.hello()
        return EngineInfo(hello["name"], hello["version"], frozenset(hello["variants"]),
                          tuple(hello["features"]), hello["error_codes"])

    def deal(self, variant: str, deal: dict, state: dict | None = None) -> dict | None:
        try:
            if deal.get("next"):
                self._guard(self.session.deal_next, deal["hands"], deal["nest"])
            else:
                self._guard(self.session.deal, variant, deal["dealer"], deal["hands"],
                            deal["nest"], deal.get("scores"), deal.get("number", 0))
        except SessionError as error:
            if error.code == "unsupported-variant":
                raise Unsupported(error.message) from None
            raise DealRefused(error.code, error.message) from None
        return None if state is None else self.state(state.get("seat"))

    def apply(self, seat: int, action: str) -> Outcome:
        answer = self._guard(self.session.apply, seat, action)
        if answer["accepted"]:
            return Outcome(True, events=tuple(answer["events"]))
        return Outcome(False, answer["code"], answer["message"])

    def state(self, seat: int | None = None) -> dict:
        return self._guard(self.session.state, seat)

    def batch(self, actions: list[tuple[int, str]], state: dict | None = None) -> Batched:
        answer = self._guard(self.session.batch, actions, state)
        rejected = answer.get("rejected")
        return Batched(answer["applied"], rejected and Outcome(False, rejected["code"],
                                                               rejected["message"]),
                       answer.get("state"))

    def play_as(self, variant) -> None:
        """Play ``variant`` under its id from now on: our interpreter plays each case's
        own oracle (a user's spec, or the spec a generated case names)."""
        session = self.session
        if session._variants is None:       # the built-in variants, and the extra ones
            if session._loaded.get(variant.id) is not variant:
                self.session = Session(extra={**session._loaded, variant.id: variant})
            return
        if session._variants.get(variant.id) is not variant:
            self.session = Session({**session._variants, variant.id: variant})

    def restart(self) -> None:
        session = self.session
        self.session = Session(session._variants, extra=None if session._variants is not None
                               else session._loaded)

    def close(self) -> None:
        pass

    @staticmethod
    def _guard(fn, *args):
        """A bug in the interpreter is a ``crash`` verdict for the case, not the end of
        the run."""
        try:
            return fn(*args)
        except SessionError as error:
            if error.code in ("unsupported-variant", "bad-deal", "no-game"):
                raise
            raise EngineFailure("error", error.message) from None
        except Exception as error:  # noqa: BLE001 - any bug becomes a verdict
            lines = traceback.format_exception(error)
            tail = "".join(lines).rstrip().splitlines()[-8:]
            raise EngineFailure("crash", f"{type(error).__name__}: {error}", tail) from None
