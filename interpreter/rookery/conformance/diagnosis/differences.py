"""What a lockstep comparison records: the kinds of difference in the report's words, a
difference with the actions that lead to it, and the coverage of a run (decisions counted
per rule, deals stopped, views, hands played to their end)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any


# Kinds of difference, in the words of the report.
KINDS = {
    "phase": "is in another phase",
    "to_act": "gives the turn to another seat",
    "legal": "states another legal set",
    "auction": "ends the auction with another bid or bidder",
    "accepts-illegal": "accepts an action the rules refuse",
    "rejects-legal": "refuses an action the rules allow",
    "code": "refuses with another error code",
    "changed-on-reject": "changes its state on a refused action",
    "trick-winner": "gives a trick to another seat",
    "trick-points": "counts a trick's points differently",
    "result": "scores the hand differently",
    "game-over": "ends the game differently",
    "view-leak": "shows a seat a card it may not see",
    "unreadable-action": "offers an action the spec has no word for",
    "view-shows": "hides what every seat is shown (a nest card face up, the tricks kept "
                  "open)",
    "hand": "puts other cards in a seat's hand",
    "engine-failure": "fails (crash, hang, garbage or a broken protocol)",
    "deal-refused": "refuses a deal of the spec's deck",
    "next-hand": "deals a game's next hand otherwise (dealer, hand number, carried scores)",
}


@dataclass
class Difference:
    """One place where the engine and the oracle part ways."""

    kind: str
    rules: tuple[str, ...]
    deal: dict
    path: tuple[tuple[int, str], ...]     # the actions both accepted before it
    check: list[dict]                     # the case steps that show it
    expected: Any
    actual: Any
    detail: str = ""
    deal_number: int = 0
    # The hands of the same game before this one: (deal, path) pairs, the first a full
    # deal, the others the cards of a "next" deal.
    earlier: tuple = ()
    # The rules the oracle had learned to play as the engine does when this was found
    # (rule id -> clause): the spec that decides it is the spec with those clauses.
    learned: tuple = ()
    # For a difference left unattributed: the rules it fits.
    fits: tuple = ()
    # Judged from the engine's own totals (its result differed): told, but no evidence
    # to learn a rule from (a replay under the spec scores the hand otherwise).
    judged: bool = False
    # What the sides took differs in a hand whose nest held counters: a card never seen
    # in a trick, so tricks counted alike do not show the counters valued alike.
    nest_unseen: bool = False

    @property
    def key(self) -> tuple[str, str]:
        return (",".join(self.rules) or "-", self.kind)

    def to_json(self) -> dict:
        return {"kind": self.kind, "rules": list(self.rules), "deal": self.deal,
                "path": [f"{seat} {action}" for seat, action in self.path],
                "check": self.check, "expected": self.expected, "actual": self.actual,
                "detail": self.detail, "deal_number": self.deal_number}


class OutOfStep(Exception):
    """The engine and the oracle can no longer be kept in step in this deal."""


@dataclass
class Coverage:
    """What a fuzzing run has exercised: action categories, rejection codes, phases and
    the rules the oracle named for its decisions."""

    categories: Counter = field(default_factory=Counter)
    codes: Counter = field(default_factory=Counter)
    phases: Counter = field(default_factory=Counter)
    rules: Counter = field(default_factory=Counter)
    # Per rule: the decisions it governed that were compared, and in which deals (see
    # :mod:`rookery.engine.decisions`); per rule, the deals a difference of it stopped.
    decided: Counter = field(default_factory=Counter)
    decided_in: dict = field(default_factory=dict)
    stopped_by: Counter = field(default_factory=Counter)
    views: int = 0              # views of a seat the engine stated (protocol 'view')
    hands: int = 0              # hands dealt to both
    ended: int = 0              # hands compared to their end (result, game over)
    # Per rule: its witnesses (compared decisions where an alternative of the rule would
    # have been caught, see :mod:`rookery.conformance.differential.witnesses`), the first
    # one found, and per rule the deals where an earlier difference masked it (by rule).
    witnesses: Counter = field(default_factory=Counter)
    examples: dict = field(default_factory=dict)
    masked: dict = field(default_factory=dict)

    def witness(self, rule: str, example: dict) -> None:
        """Count one witness of ``rule`` (``example`` kept if it is the first)."""
        self.witnesses[rule] += 1
        self.examples.setdefault(rule, example)

    def mask(self, rule: str, by: str, number: int) -> None:
        """``rule`` could not be witnessed in deal ``number``: ``by`` stopped it."""
        self.masked.setdefault(rule, {}).setdefault(by, set()).add(number)

    def decide(self, rules, number: int) -> None:
        """Count one decision governed by each of ``rules``, in deal ``number``."""
        for rule in rules:
            self.decided[rule] += 1
            self.decided_in.setdefault(rule, set()).add(number)

    def merge(self, other: "Coverage") -> None:
        """Add another run's counts (a deal played elsewhere, merged in deal order)."""
        for mine, theirs in ((self.categories, other.categories), (self.codes, other.codes),
                             (self.phases, other.phases), (self.rules, other.rules),
                             (self.decided, other.decided),
                             (self.stopped_by, other.stopped_by)):
            mine.update(theirs)
        self.views += other.views
        self.hands += other.hands
        self.ended += other.ended
        for rule, numbers in other.decided_in.items():
            self.decided_in.setdefault(rule, set()).update(numbers)
        self.witnesses.update(other.witnesses)
        for rule, example in other.examples.items():
            self.examples.setdefault(rule, example)
        for rule, by in other.masked.items():
            for stopper, numbers in by.items():
                self.masked.setdefault(rule, {}).setdefault(stopper, set()).update(numbers)


def deal_dict(hand) -> dict:
    return {"dealer": hand.dealer, "hands": [list(h) for h in hand.start_hands],
            "nest": list(hand.start_nest), "scores": list(hand.scores_before),
            "number": hand.number}


