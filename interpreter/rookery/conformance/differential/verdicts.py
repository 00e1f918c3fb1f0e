"""A verdict for every rule of the spec after a fuzzing run: what the engine does right,
not only what it does wrong.

Each rule is one of

- **conforms**: the decisions it governed were compared, so many in so many deals, and
  none differed;
- **breaks**: a difference was charged to it (the deviation and its minimal case);
- **not reached**: no compared decision was governed by it, with the reason: no deal
  made it decide, the engine never got there because deals stopped at a difference of
  another rule, or the engine lacks the protocol feature that shows it.

Silence is not agreement: a rule not reached is never counted as a pass.  The spec's
rules are its clauses *and* the clauses it leaves at the rules language's default (no
bonus for all the points, the nest face down, play on at a tie), each under the id
``section.key`` and told with the default's meaning in words.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...language.model import Variant
from ...language.vocabulary import SECTIONS

CONFORMS, BREAKS, NOT_REACHED = "conforms", "breaks", "not reached"
ORDER = (CONFORMS, BREAKS, NOT_REACHED)

# The clauses whose default rules a hand of every spec (with a nest: ``nest``), and the
# condition for it to apply.  The others (a dummy, passing, circus, birds ...) change
# nothing while left out: what they would rule does not exist in the spec.
SILENT = {
    "table.sides": None, "bidding.first": None, "bidding.step": None,
    "bidding.raise": None, "bidding.pass": None, "bidding.all-pass": None,
    "bidding.at-maximum": "maximum", "deal.poor-hand": None, "deal.nest-deal": "nest",
    "nest.face-up": "nest", "nest.shown": "nest", "nest.points": "nest",
    "nest.forbid": "nest", "trump.named": None, "trump.choices": None,
    "trump.rook": "rook", "play.leader": None, "play.follow": None, "play.claim": None,
    "scoring.made": None, "scoring.bidders": None, "scoring.defenders": None,
    "scoring.last-trick": None, "scoring.majority": None, "scoring.all-tricks": None,
    "scoring.all-points": None, "scoring.most-cards": None, "game.winner": None,
    "game.ties": None, "game.win-on": None, "game.low": None,
}


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


    def to_json(self) -> dict:
        out = {"rule": self.rule, "verdict": self.verdict, "decisions": self.decisions,
               "deals": self.deals}
        if self.reason:
            out["reason"] = self.reason
        if self.case:
            out["case"] = self.case
        if self.default:
            out["default"] = self.default
        if self.moot:
            out["moot"] = True
        return out


def default_words(rule: str) -> str:
    """What a clause left out means, in words: ``play on at a tie`` and the like."""
    section, _, key = rule.partition(".")
    entry = SECTIONS[section][key]
    return f"{entry.meaning}: {entry.default} (the rules language's default)"


def spec_rules(variant: Variant) -> list[tuple[str, str]]:
    """Every rule of the spec, in its order: (rule id, "") for each clause, then
    (``section.key``, the default in words) for each clause it leaves at the default
    that still rules a hand of it."""
    out = [(rule, "") for rule in variant.rule_ids]
    written = {(r.section, r.key) for r in variant.rules}
    facts = {"nest": variant.deal.nest > 0, "maximum": variant.bidding.maximum is not None,
             "rook": variant.deck.rook is not None}
    for rule, needs in SILENT.items():
        section, _, key = rule.partition(".")
        if (section, key) in written or (needs is not None and not facts[needs]):
            continue
        out.append((rule, default_words(rule)))
    return out


def verdicts(variant: Variant, coverage, deviations, *, views: bool = True,
             learned=()) -> list[Verdict]:
    """The verdict of every rule of ``variant`` from a run's ``coverage`` (decisions
    counted per rule, deals stopped per rule) and its ``deviations``.  ``views``: the
    engine stated what a seat sees (the protocol's ``view``)."""
    broken: dict[str, object] = {}
    for deviation in deviations:
        for rule in deviation.rules:
            broken.setdefault(rule, deviation)
    learned = dict(learned)
    out = []
    for rule, default in spec_rules(variant):
        decided = coverage.decided.get(rule, 0)
        deals = len(coverage.decided_in.get(rule, ()))
        if rule in broken:
            deviation = broken[rule]
            out.append(Verdict(rule, BREAKS, decided, deals,
                               f"{deviation.deals} deals differ",
                               deviation.case_path, default))
        elif rule in learned:
            out.append(Verdict(rule, BREAKS, decided, deals,
                               f"the engine plays `{learned[rule]}`", None, default))
        elif decided:
            out.append(Verdict(rule, CONFORMS, decided, deals, "", None, default))
        else:
            moot = _moot(rule, variant)
            out.append(Verdict(rule, NOT_REACHED, 0, 0,
                               moot or _why_not(rule, coverage, views), None, default,
                               bool(moot)))
    return out


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


def _why_not(rule: str, coverage, views: bool) -> str:
    """Why a rule was never put to the test."""
    if rule.partition(".")[0] == "nest" and not views:
        return "the engine states no view of what a seat sees (the protocol's 'view')"
    stoppers = [(n, r) for r, n in coverage.stopped_by.items() if r != rule]
    if stoppers:
        count, stopper = max(stoppers)
        what = stopper if stopper.startswith("an ") else f"a difference of {stopper}"
        return (f"no deal made it decide: {count} deals stopped early at {what}, so the "
                "engine may never have got there")
    return "no deal made it decide"


def counts(found: list[Verdict]) -> dict[str, int]:
    """How many rules have each verdict (zero is reported as zero)."""
    return {name: sum(1 for v in found if v.verdict == name) for name in ORDER}


__all__ = ["BREAKS", "CONFORMS", "NOT_REACHED", "SILENT", "Verdict", "counts",
           "default_words", "spec_rules", "verdicts"]
