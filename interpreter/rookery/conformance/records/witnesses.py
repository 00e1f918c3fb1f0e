"""Witnesses in a log: the recorded decisions where a rule made a difference.

A compared decision is a witness for a rule when some alternative of the rule's clause
(the alternatives ``rookery mutate`` and the learner try, tier 0 of
:meth:`rookery.conformance.differential.adapt.Adaptation.candidates`) would have given
another observable there, and the engine's observable there was compared:

* an action the engine accepted that the alternative refuses (with its seat);
* the legal actions the engine offered, where the log gives them, that the alternative
  would offer otherwise;
* a hand's result (the parts the log gives) that the alternative scores otherwise;
* the game's end (dealt on, or ended with these winners) that the alternative decides
  otherwise, from the same totals.

Each alternative plays the recorded hand beside the spec until it refuses an action
(there it is caught, and it stops).  A rule whose clause has no alternative (the deck,
a rule left at the language's default) has no witnesses: its compared decisions stand
in for them, as the report says.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache

from ...engine import attribution
from ...engine.game import game_winners
from ...engine.hand import Hand
from ...errors import RookeryError
from ...language.model import Variant
from ..protocol.session import result_of


@dataclass(frozen=True)
class Alternative:
    rule: str
    clause: str         # the clause as the alternative writes it ("minimum 65")
    variant: Variant


@dataclass
class Witnesses:
    """The witnesses of a run, per rule: how many, and the first (where, which
    alternative it would have caught)."""

    alternatives: list[Alternative]
    counts: Counter = field(default_factory=Counter)
    first: dict = field(default_factory=dict)

    @property
    def rules(self) -> set[str]:
        """The rules that have alternatives (the others cannot have witnesses)."""
        return {a.rule for a in self.alternatives}

    @classmethod
    def of(cls, spec_ref: str | None, variant: Variant) -> "Witnesses":
        """The alternatives of every clause of the spec (none when the spec cannot be
        taken apart: then no rule has witnesses, and decisions stand in).  A built-in
        spec's are made once a process (a spec file may change between two runs)."""
        from pathlib import Path
        if spec_ref is None:
            return cls([])
        if Path(spec_ref).is_file():
            return cls(list(_alternatives(spec_ref, variant)))
        return cls(list(_builtin_alternatives(spec_ref)))

    def hand(self, deal: dict, where: dict) -> "HandWitnesses":
        return HandWitnesses(self, deal, where)

    def _seen(self, where: dict, step, place: str, caught: dict[str, str]) -> None:
        for rule in sorted(caught):
            self.counts[rule] += 1
            self.first.setdefault(rule, dict(where, step=step, place=place,
                                             alternative=caught[rule]))


def _alternatives(spec_ref: str, variant: Variant) -> tuple[Alternative, ...]:
    from ..differential.adapt import Adaptation
    from ..differential.verdicts import spec_rules
    try:
        adaptation = Adaptation(spec_ref)
    except Exception:  # noqa: BLE001 - a spec we cannot take apart has no alternatives
        return ()
    return tuple(Alternative(rule, line, alternative)
                 for rule, _ in spec_rules(variant)
                 for tier, _, _, line, alternative in adaptation.candidates(rule, variant)
                 if tier == 0)


@lru_cache(maxsize=8)
def _builtin_alternatives(name: str) -> tuple[Alternative, ...]:
    from ...language.load import load_variant
    return _alternatives(name, load_variant(name))


class HandWitnesses:
    """The alternatives playing one recorded hand beside the spec."""

    def __init__(self, run: Witnesses, deal: dict, where: dict):
        self.run = run
        self.where = where
        self.live: list[tuple[Alternative, Hand]] = []
        for alternative in run.alternatives:
            try:
                self.live.append((alternative, Hand(
                    alternative.variant, deal["dealer"], deal["hands"], deal["nest"],
                    deal["scores"], deal["number"])))
            except RookeryError:
                continue        # another deck: the deal itself tells it (deal rules)

    def action(self, step: int, place: str, seat: int, action, spec_legal) -> None:
        """A recorded action the spec accepts, about to be applied (``spec_legal``: the
        spec's legal actions, where the log gives the engine's to compare; else None)."""
        caught: dict[str, str] = {}
        still = []
        for alternative, hand in self.live:
            if spec_legal is not None and hand.actor == seat and \
                    set(hand.legal_actions()) != set(spec_legal):
                caught.setdefault(alternative.rule, alternative.clause)
            if attribution.refusal(hand, action, seat) is not None:
                caught.setdefault(alternative.rule, alternative.clause)
                continue            # caught: it can follow the hand no further
            hand.apply(action, seat)
            still.append((alternative, hand))
        self.live = still
        if caught:
            self.run._seen(self.where, step, place, caught)

    def result(self, spec_hand: Hand, given: set[str], place: str) -> None:
        """The hand's result, compared in the parts the log gives."""
        mine = result_of(spec_hand)
        caught = {}
        for alternative, hand in self.live:
            if not hand.is_over:
                caught.setdefault(alternative.rule, alternative.clause)
                continue
            theirs = result_of(hand)
            if any(theirs[k] != mine[k] for k in given):
                caught.setdefault(alternative.rule, alternative.clause)
        if caught:
            self.run._seen(self.where, "result", place, caught)

    def game_end(self, spec_hand: Hand, totals: tuple[int, ...], place: str) -> None:
        """The game's end, judged from the engine's totals."""
        mine = game_winners(spec_hand.variant, replace(spec_hand.result, scores=totals),
                            spec_hand.t.team_of)
        caught = {}
        for alternative, hand in self.live:
            if not hand.is_over:
                continue
            theirs = game_winners(hand.variant, replace(hand.result, scores=totals),
                                  hand.t.team_of)
            if theirs != mine:
                caught.setdefault(alternative.rule, alternative.clause)
        if caught:
            self.run._seen(self.where, "game end", place, caught)


__all__ = ["Alternative", "HandWitnesses", "Witnesses"]
