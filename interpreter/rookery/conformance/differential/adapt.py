"""Learning an engine's version of a rule it breaks, so fuzzing can go on past it.

One broken rule can hide every other: an engine whose first bidder differs parts from the
spec at the first decision of every deal.  Once a rule has been named in a few deals,
the clause's alternatives (those ``rookery mutate`` would try) are tried in its place:
the alternative under which the recorded differences of that rule replay without
difference is what the engine plays.  The fuzzer then takes that version as its oracle
for the rest of the run, so the next broken rule shows; the report says how the engine
plays each rule it breaks.

Nothing is learned that the differences do not show: an alternative is taken only when
every replayed difference agrees with it, and only one alternative may.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...language.check import check_variant
from ...errors import RookeryError
from ...language.load import known_sources
from ...language.model import Variant
from ...language.gather import read_variant
from ...language.vocabulary import rule_id
from ..mutation.mutants import _alternatives, _base, _changed

REPLAYS = 3         # recorded differences replayed per alternative
MAX_JOINT_RULES = 4  # the most rules a difference may fit for pairs of them to be tried


@dataclass
class Adaptation:
    """The oracle's clauses changed so far to follow the engine: clause index ->
    (section, clause line), and in words per rule."""

    spec_ref: str
    changes: dict[int, tuple[str, str]] = field(default_factory=dict)
    learned: dict[str, str] = field(default_factory=dict)       # rule id -> clause
    tried: set[str] = field(default_factory=set)

    def __post_init__(self):
        self.spec, self.clauses, _ = _base(self.spec_ref, own_only=False)

    def variant(self, changes: dict[int, tuple[str, str]]) -> Variant | None:
        try:
            variant = read_variant(self.spec, _changed(self.clauses, changes),
                                   frozenset(known_sources()))
            check_variant(variant)
        except RookeryError:
            return None
        return variant

    def candidates(self, rule: str, current: Variant, differences=()):
        """(clause line, variant) for each alternative of the clause of ``rule``: the
        mutation check's, and the values the engine's own answers show."""
        for index, (clause, _, _) in enumerate(self.clauses):
            if rule_id(clause) != rule:
                continue
            near = [line for _change, line in _alternatives(clause, current)]
            shown = [line for line in _shown(clause, current, differences)
                     if line not in near]
            for tier, line in [(0, line) for line in near] + [(1, line) for line in shown]:
                changes = dict(self.changes)
                changes[index] = (clause.section, line)
                variant = self.variant(changes)
                if variant is not None:
                    yield tier, index, clause.section, line, variant


def _shown(clause, current: Variant, differences) -> list[str]:
    """Clause values the engine's answers show: its lowest and highest bid and the step
    between its bids (from the legal sets it stated), and targets at a few distances."""
    section, key = clause.section, clause.key
    out: list[str] = []
    if section == "bidding" and key in ("minimum", "maximum", "step"):
        for difference in differences:
            if difference.kind != "legal" or not isinstance(difference.actual, list):
                continue
            bids = sorted({int(a.split()[1]) for a in difference.actual
                           if str(a).startswith("bid ") and str(a).split()[1].isdigit()})
            if not bids:
                continue
            if key == "minimum" and not difference.path:
                out.append(f"minimum {bids[0]}")
            elif key == "maximum":
                out.append(f"maximum {bids[-1]}")
            elif key == "step" and len(bids) > 1:
                out.append(f"step {min(b - a for a, b in zip(bids, bids[1:]))}")
    if section == "game" and key == "target":
        target = current.game.target
        out += [f"target {target + d}" for d in (-200, -150, -100, 100, 150, 200)
                if target + d > 0]
    return list(dict.fromkeys(out))


def learn(fuzzer, adaptation: Adaptation, rule: str, differences) -> Variant | None:
    """The oracle with ``rule`` as the engine plays it, if exactly one alternative of its
    clause replays ``differences`` without a difference of that rule."""
    from ..diagnosis.lockstep import diagnose
    samples = sorted((d for d in differences if not d.earlier and not d.judged),
                     key=lambda d: len(d.path))[:REPLAYS]
    if not samples:
        return None         # nothing to replay yet (a game's later hand, a judged end)
    adaptation.tried.add(rule)
    fitting = []
    for tier, index, section, line, variant in adaptation.candidates(rule, fuzzer.variant,
                                                                     differences):
        if fitting and tier > fitting[0][0]:
            break               # the mutation check's alternatives first, then the rest
        agrees = True
        for difference in samples:
            probe, action = _replay_of(difference)
            try:
                found = diagnose(variant, fuzzer.engine, fuzzer.info, difference.deal,
                                 difference.path, action=action, refused=probe)
            except Exception:  # noqa: BLE001 - an alternative that cannot replay is no fit
                agrees = False
                break
            if any(rule in d.rules for d in found) or not _reached(found, difference):
                agrees = False
                break
        if agrees:
            fitting.append((tier, index, section, line, variant))
    if len(fitting) != 1:
        return None
    _, index, section, line, variant = fitting[0]
    adaptation.changes[index] = (section, line)
    adaptation.learned[rule] = line
    return variant


def explaining(fuzzer, adaptation: Adaptation, rules, differences) -> set[str]:
    """Of ``rules``, each of which fits every one of ``differences``, the rules that
    explain them: those with an alternative of its clause under which the deals replay
    without any of those differences (the first few, as :func:`learn` replays).  One
    rule names the cause; several leave it in doubt; none may call for two together
    (:func:`explaining_together`)."""
    samples = sorted((d for d in differences if not d.earlier and not d.judged),
                     key=lambda d: len(d.path))[:REPLAYS]
    if not samples:
        return set()
    explains = set()
    for rule in sorted(rules):
        for _tier, _index, _section, _line, variant in adaptation.candidates(
                rule, fuzzer.variant, samples):
            if all(_removed(fuzzer, variant, difference) for difference in samples):
                explains.add(rule)
                break
    return explains


def explaining_together(fuzzer, adaptation: Adaptation, rules, differences) -> set[str]:
    """Of ``rules`` (a few, none of which explains ``differences`` alone), the two whose
    alternatives taken together do: an engine scoring a sweep without the double and
    with another sweep bonus departs from two rules in one figure.  A set of two rules,
    or empty when no pair or more than one pair does."""
    samples = sorted((d for d in differences if not d.earlier and not d.judged),
                     key=lambda d: len(d.path))[:REPLAYS]
    rules = sorted(rules)
    if not samples or not 2 <= len(rules) <= MAX_JOINT_RULES:
        return set()
    found = []
    for at, first in enumerate(rules):
        for second in rules[at + 1:]:
            if _pair_explains(fuzzer, adaptation, first, second, samples):
                found.append({first, second})
                if len(found) > 1:
                    return set()
    return found[0] if found else set()


def _pair_explains(fuzzer, adaptation: Adaptation, first: str, second: str,
                   samples) -> bool:
    """Some alternative of ``first`` with some alternative of ``second`` replays every
    sample without its difference."""
    for _, index, section, line, _variant in adaptation.candidates(
            first, fuzzer.variant, samples):
        for _, index2, section2, line2, _variant2 in adaptation.candidates(
                second, fuzzer.variant, samples):
            changes = dict(adaptation.changes)
            changes[index] = (section, line)
            changes[index2] = (section2, line2)
            variant = adaptation.variant(changes)
            if variant is not None and all(_removed(fuzzer, variant, difference)
                                           for difference in samples):
                return True
    return False


def _removed(fuzzer, variant: Variant, difference) -> bool:
    """Replayed with ``variant`` as the oracle, the deal gets as far as ``difference``
    did and shows no difference of its kind there."""
    from ..diagnosis.lockstep import diagnose
    probe, action = _replay_of(difference)
    try:
        found = diagnose(variant, fuzzer.engine, fuzzer.info, difference.deal,
                         difference.path, action=action, refused=probe)
    except Exception:  # noqa: BLE001 - an alternative that cannot replay explains nothing
        return False
    return _reached(found, difference) and not any(
        d.kind == difference.kind and len(d.path) >= len(difference.path) for d in found)


def _replay_of(difference):
    """What to offer at the end of the replay: the refused action of a probe, the
    action the engine refused."""
    step = difference.check[0] if difference.check else {}
    if difference.kind in ("accepts-illegal", "code", "changed-on-reject") and "do" in step:
        return (step["seat"], step["do"]), None
    if difference.kind == "rejects-legal" and "do" in step:
        return None, (step["seat"], step["do"])
    return None, None


def _reached(found, difference) -> bool:
    """The replay got as far as the difference did (no earlier stop)."""
    from ..diagnosis.lockstep import STOPPING
    return not any(d.kind in STOPPING and len(d.path) < len(difference.path) for d in found)
