"""A verdict for every rule of the spec after a fuzzing run: what the engine does right,
not only what it does wrong.

Each rule is one of

- **conforms**: it has at least ``min_witnesses`` **witnesses** (compared decisions where
  an alternative of the rule would have given another observable, and the engine agreed
  with the spec there: see :mod:`.witnesses`) and no difference was charged to it;
- **breaks**: a difference was charged to it (the deviation and its minimal case);
- **not reached**: too few witnesses, with the reason: never reached (no deal made it
  differ), **masked** (an earlier difference stopped the comparison before it could show:
  by which rule, in how many deals), or **moot** (no alternative of it changes anything
  in this spec, nor does a stand-in witness it).

Silence is not agreement: a rule not reached is never counted as a pass, and a decision
the rule took part in but could not have changed counts for nothing.  The spec's
rules are its clauses *and* the clauses it leaves at the rules language's default (no
bonus for all the points, the nest face down, play on at a tie), each under the id
``section.key`` and told with the default's meaning in words.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...language.model import Variant
from ...language.silent import SILENT, default_words, spec_rules

CONFORMS, BREAKS, NOT_REACHED = "conforms", "breaks", "not reached"
ORDER = (CONFORMS, BREAKS, NOT_REACHED)

@dataclass(frozen=True)
class Verdict:
    """One rule's verdict; ``default`` is the default's meaning for a rule the spec
    leaves out ("" for a clause of the spec)."""

    rule: str
    verdict: str
    decisions: int = 0
    deals: int = 0
    reason: str = ""
    case: str | None = None
    default: str = ""
    moot: bool = False          # not reached because the spec itself gives it no say
    witnesses: int = 0
    witness: dict | None = None     # one witness: deal, hand, step, alternative, observable
    masked_by: dict | None = None   # rule (or cause) -> deals it masked this rule in

    def to_json(self) -> dict:
        out = {"rule": self.rule, "verdict": self.verdict, "decisions": self.decisions,
               "deals": self.deals, "witnesses": self.witnesses}
        if self.witness:
            out["witness"] = {k: v for k, v in self.witness.items() if not k.startswith("_")}
        if self.masked_by:
            out["masked_by"] = self.masked_by
        if self.reason:
            out["reason"] = self.reason
        if self.case:
            out["case"] = self.case
        if self.default:
            out["default"] = self.default
        if self.moot:
            out["moot"] = True
        return out


def verdicts(variant: Variant, coverage, deviations, *, views: bool = True,
             learned=(), min_witnesses: int = 3, alternatives=None) -> list[Verdict]:
    """The verdict of every rule of ``variant`` from a run's ``coverage`` (decisions and
    witnesses counted per rule, deals stopped and masked per rule) and its
    ``deviations``.  ``views``: the engine stated what a seat sees (the protocol's
    ``view``).  ``alternatives`` (:class:`.witnesses.Alternatives`) tells a rule no
    alternative can vary (moot) from one that was not reached."""
    broken: dict[str, object] = {}
    for deviation in deviations:
        for rule in deviation.rules:
            broken.setdefault(rule, deviation)
    learned = dict(learned)
    out = []
    for rule, default in spec_rules(variant):
        decided = coverage.decided.get(rule, 0)
        deals = len(coverage.decided_in.get(rule, ()))
        seen = coverage.witnesses.get(rule, 0)
        example = coverage.examples.get(rule)
        masked = {by: len(numbers) for by, numbers in
                  sorted(coverage.masked.get(rule, {}).items())}
        if rule in broken:
            deviation = broken[rule]
            out.append(Verdict(rule, BREAKS, decided, deals,
                               f"{deviation.deals} deals differ",
                               deviation.case_path, default, witnesses=seen,
                               witness=example))
        elif rule in learned:
            out.append(Verdict(rule, BREAKS, decided, deals,
                               f"the engine plays `{learned[rule]}`", None, default,
                               witnesses=seen, witness=example))
        elif seen >= min_witnesses:
            out.append(Verdict(rule, CONFORMS, decided, deals, "", None, default,
                               witnesses=seen, witness=example))
        else:
            moot = _moot(rule, variant) or _no_alternative(rule, alternatives)
            reason = moot or _why_not(rule, coverage, views, seen, min_witnesses, masked)
            out.append(Verdict(rule, NOT_REACHED, decided, deals, reason, None, default,
                               bool(moot), witnesses=seen, witness=example,
                               masked_by=masked or None))
    return out


def _no_alternative(rule: str, alternatives) -> str:
    """Why no witness can exist for a rule in this spec ("" when one can; see
    :meth:`.witnesses.Alternatives.why_moot`)."""
    return alternatives.why_moot(rule) if alternatives is not None else ""


def _moot(rule: str, variant: Variant) -> str:
    """Why the spec itself gives a clause no decision ("" when it may decide)."""
    section, _, key = rule.partition(".")
    if rule == "play.ties" and variant.deck.copies == 1:
        return "it cannot decide with this deck: no two cards are identical"
    if (section == "nest" or rule == "deal.nest-deal") and variant.deal.nest == 0:
        return "it cannot decide: the spec deals no nest"
    if rule in ("trump.rook", "trump.rook-call", "trump.low-card-rook",
                "trump.no-trump-rook") and variant.deck.rook is None:
        return "it cannot decide: the deck has no Rook"
    return ""


def _why_not(rule: str, coverage, views: bool, seen: int = 0, needed: int = 1,
             masked: dict | None = None) -> str:
    """Why a rule has fewer witnesses than asked for."""
    few = (f"only {seen} witness{'es' if seen != 1 else ''} (fewer than the "
           f"{needed} asked for, --min-witnesses); ") if seen else ""
    if masked:
        by, count = max(masked.items(), key=lambda item: (item[1], item[0]))
        what = by if by.startswith(("a ", "an ")) else f"a difference of {by}"
        more = f" (and {len(masked) - 1} other cause{'s' if len(masked) > 2 else ''})" \
            if len(masked) > 1 else ""
        return (f"{few}masked by {what} in {count} deal{'s' if count != 1 else ''}{more}: "
                "the comparison stopped there before this rule could show")
    if rule.partition(".")[0] == "nest" and not views:
        return few + "the engine states no view of what a seat sees (the protocol's 'view')"
    stoppers = [(n, r) for r, n in coverage.stopped_by.items() if r != rule]
    if stoppers and not seen:
        count, stopper = max(stoppers)
        what = stopper if stopper.startswith("an ") else f"a difference of {stopper}"
        return (f"never reached: no deal made it differ; {count} deals stopped early at "
                f"{what}, so the engine may never have got there")
    return few + "never reached: no compared decision made it differ" if not seen else \
        few.rstrip("; ")


def counts(found: list[Verdict]) -> dict[str, int]:
    """How many rules have each verdict (zero is reported as zero)."""
    return {name: sum(1 for v in found if v.verdict == name) for name in ORDER}


__all__ = ["BREAKS", "CONFORMS", "NOT_REACHED", "SILENT", "Verdict", "counts",
           "default_words", "spec_rules", "verdicts"]
