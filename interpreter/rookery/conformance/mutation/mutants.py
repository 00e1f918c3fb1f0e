"""The mutation check of the corpus: rules are data, so mutate them.

For a variant, every rule clause of its (merged) spec is changed in turn -- the Rook
high instead of low, the minimum bid up a step, another first leader, another nest
owner, a counter worth 5 more, the follow rule relaxed, a scoring formula altered ...
-- and the variant's cases are run against our interpreter playing the mutant.  A
mutant is *killed* when at least one case fails; one the checker rejects is *invalid*.
A surviving mutant is a rule the corpus does not pin down: add the case that kills it,
or list it in ``conformance/equivalent-mutants.json`` with the reason no deal can tell
it apart (for example the tie rule of a deck without identical cards).

Clauses that change the deck or the deal's shape (players, ranks, hand size ...) are not
mutated: every explicit deal of the corpus would simply stop fitting the deck.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from ...language import ast
from ...language.check import check_variant
from ...errors import SpecError
from ...interrupts import Terminated
from ...language.specs import _merged_clauses, find_spec, known_sources
from ...language.options import combination_clauses, is_combination
from ...language.model import Variant
from ...language.parse import parse_file, parse_text
from ...resources import conformance_dir
from ...language.gather import read_variant
from ...language.vocabulary import SECTIONS, rule_id
from ..corpus.cases import Case
from ..protocol.engines import InProcessEngine
from ..corpus.runner import PASS, run_cases
from ..protocol.session import Session

# The shape of the hand and the deck: mutating these only makes every deal misfit.
STRUCTURAL = {
    ("table", "players"), ("deck", "colors"), ("deck", "ranks"),
    ("deck", "order"), ("deck", "copies"), ("deck", "rook"), ("deck", "birds"), ("deck", "add"),
    ("deck", "remove"), ("deal", "hand"), ("deal", "nest"), ("nest", "discard"),
    ("scoring", "total"), ("bidding", "pass"),
}
# Rules no scripted deal can observe: cases start from explicit deals.
UNOBSERVABLE = {("deal", "nest-deal"): "cases give the deal explicitly, so how the nest is "
                                          "dealt from a shuffled deck never shows"}

FORMULA_MUTATIONS = {
    "made": ["taken > bid", "taken >= bid + 5"],
    "bidders": ["if made then bid else -bid", "if made then taken else 0",
                "if made then taken else -bid - 10"],
    "defenders": ["0", "taken + 10"],
}
FORBID_CHOICES = ["nothing", "counters", "counters unless forced", "trump unless forced"]


def _low_alternatives(text: str, variant: Variant) -> Iterator[tuple[str, str]]:
    """A low score that ends the game: a little higher, a little lower, or none."""
    if text == "none":
        yield "low -100", "low -100"
        return
    low = int(text)
    for other in (low + 50, low - 50):
        if other < 0:
            yield f"low {other}", f"low {other}"
    yield "no low score", "low none"


def _ties_alternatives(text: str, variant: Variant) -> Iterator[tuple[str, str]]:
    """Equal top totals: play on, the bidders win, or one fixed team wins."""
    teams = variant.table.teams if variant.table.sides == "teams" else 0
    for choice in ["play-on", "bidders"] + [f"team {n}" for n in range(teams)]:
        if choice != text:
            yield f"ties {choice}", f"ties {choice}"


def _double_alternatives(key: str):
    """A sweep bonus written 'double': no bonus, or a fixed one instead (a bonus in
    points is varied like any number)."""
    def alternatives(text: str, variant: Variant) -> Iterator[tuple[str, str]]:
        if text == "double":
            for points in (0, 50):
                yield f"{key} {points} instead of double", f"{key} {points}"
    return alternatives


def _moon_alternatives(text: str, variant: Variant) -> Iterator[tuple[str, str]]:
    """A moon bid: worth 50 points more or less, the game instead of points (or points
    instead of the game), or no moon bid at all."""
    if text == "none":
        yield "moon game", "moon game"
        return
    others = ["moon 200"] if text == "game" else \
        [f"moon {int(text) + d}" for d in (50, -50) if int(text) + d >= 1] + ["moon game"]
    for other in others + ["moon none"]:
        yield other, other


# Clauses of the house-rule mechanisms whose values the generic rules below cannot vary
# (an empty list of alternatives falls back to them).
HOUSE_ALTERNATIVES = {("game", "low"): _low_alternatives,
                      ("game", "ties"): _ties_alternatives,
                      ("scoring", "all-tricks"): _double_alternatives("all-tricks"),
                      ("scoring", "all-points"): _double_alternatives("all-points"),
                      ("bidding", "moon"): _moon_alternatives}


@dataclass(frozen=True)
class Mutant:
    variant: str
    rule: str
    change: str
    mutant: Variant | None = field(default=None, repr=False, compare=False)
    invalid: str | None = None
    index: int = -1             # which clause of the merged spec is changed
    section: str = ""
    line: str = ""              # the changed clause, as a spec writes it


def _clause_from(section: str, line: str) -> ast.Clause:
    spec = parse_text(f"variant mutant\n{section}:\n  {line}\n", "<mutant>")
    return spec.sections[0].clauses[0]


def _alternatives(clause: ast.Clause, variant: Variant) -> Iterator[tuple[str, str]]:
    """(description, new clause line) for each mutation of one clause."""
    section, key = clause.section, clause.key
    text = ", ".join(str(v) for v in clause.values)
    if clause.formula is not None:
        for formula in FORMULA_MUTATIONS.get(key, []):
            yield f"{key}: {formula}", f"{key}: {formula}"
        return
    if (section, key) in STRUCTURAL or (section, key) in UNOBSERVABLE:
        return
    step = variant.bidding.step
    numbers = [v.atoms[0].value for v in clause.values
               if v.kind == "phrase" and len(v.atoms) == 1 and v.atoms[0].kind == "number"]
    if section == "table" and key == "sides":
        words = text.split()
        if words[0] == "called":
            calls = int(words[1])
            for other in (calls - 1, calls + 1):
                if other >= 1:
                    yield f"sides called {other}", f"sides called {other}"
        return      # fixed teams or individual play change who scores with whom: structural
    if section == "scoring" and key == "counters":
        for value in clause.values:
            name, points = value.atoms[0].value, value.atoms[1].value
            changed = ", ".join(f"{v.atoms[0].value}={points + 5}" if v is value else str(v)
                                for v in clause.values)
            yield f"counter {name} worth {points + 5}", f"counters {changed}"
        return
    if section == "play" and key == "anytime":
        if text != "none":
            yield "no card may be played anytime", "anytime none"
        elif variant.deck.rook:
            yield f"{variant.deck.rook} may be played anytime", f"anytime {variant.deck.rook}"
        return
    if section == "deal" and key == "poor-hand":
        yield from _poor_hand_alternatives(clause, variant)
        return
    if section == "nest" and key == "forbid":
        for choice in FORBID_CHOICES:
            if choice != text:
                yield f"forbid {choice}", f"forbid {choice}"
        return
    if section == "passing" and key == "directions":
        flipped = ", ".join({"left": "right", "right": "left"}.get(str(v), str(v))
                            for v in clause.values)
        yield f"directions {flipped}", f"directions {flipped}"
        return
    if section == "trump" and key == "rook":
        options = ["highest", "lowest", "caller-chooses"] + \
            (["above 10"] if "10" in variant.deck.ranks else [])
        for option in options:
            if option != text:
                yield f"rook {option}", f"rook {option}"
        return
    if section == "trump" and key == "bird":
        yield from _bird_alternatives(clause, variant)
        return
    if section == "trump" and key == "special":
        words = str(clause.values[0]).split()
        flipped = {"above": "below", "below": "above"}[words[1]]
        yield f"special {words[0]} {flipped} {words[2]}", f"special {words[0]} {flipped} {words[2]}"
        return
    if section == "trump" and key in ("no-trump-rook", "low-card-rook"):
        words = str(clause.values[0]).split()
        ranks = variant.deck.ranks
        lower = ranks[max(0, ranks.index(words[-1]) - 1)]
        new = " ".join(words[:-1] + [lower])
        yield f"{key} {new}", f"{key} {new}"
        return
    if section == "trump" and key == "choices" and len(clause.values) > 1:
        for value in clause.values:
            rest = ", ".join(str(v) for v in clause.values if v is not value)
            yield f"choices without {value}", f"choices {rest}"
        return
    if section == "bidding" and key == "opening" and numbers == [] and text != "none":
        amount = int(str(clause.values[0]).split()[1])
        yield f"opening dealer {amount + step}", f"opening dealer {amount + step}"
        yield "no opening bid", "opening none"
        return
    house = list(HOUSE_ALTERNATIVES[(section, key)](text, variant)) \
        if (section, key) in HOUSE_ALTERNATIVES else []
    if house:
        yield from house
        return
    if len(numbers) == 1 and len(clause.values) == 1:
        value = numbers[0]
        deltas = {("bidding", "minimum"): [step, -step], ("bidding", "maximum"): [-step],
                  ("bidding", "step"): [step], ("game", "target"): [-50, 50],
                  ("passing", "cards"): [-1], ("nest", "face-up"): [1, -1],
                  ("scoring", "moon-set"): [50, -50]}.get((section, key), [10, -value] if value else [10])
        for delta in deltas:
            if value + delta >= 0 and delta:
                yield f"{key} {value + delta}", f"{key} {value + delta}"
        return
    shape = SECTIONS[section][key].shape
    choices = [c.strip() for c in shape.split("|")]
    if all(c.replace("-", "").isalpha() and c.islower() for c in choices):
        for choice in choices:
            if choice != text:
                yield f"{key} {choice}", f"{key} {choice}"


def _bird_alternatives(clause: ast.Clause, variant: Variant) -> Iterator[tuple[str, str]]:
    """``trump.bird``: the bird the highest or the lowest trump, a rank lower, or on the
    other side of the card it is placed against."""
    words = str(clause.values[0]).split()
    code, place = words[0], " ".join(words[1:])
    ranks = variant.deck.ranks
    options = ["highest", "lowest"]
    if len(words) == 3 and words[2] in ranks:
        at = ranks.index(words[2])
        options += [f"above {ranks[at - 1]}"] if at else []
    elif len(words) == 3:
        options.append(f"{'below' if words[1] == 'above' else 'above'} {words[2]}")
    elif "10" in ranks:
        options.append("above 10")
    for option in options:
        if option != place:
            yield f"bird {code} {option}", f"bird {code} {option}"


def _poor_hand_alternatives(clause: ast.Clause, variant: Variant) -> Iterator[tuple[str, str]]:
    """``deal.poor-hand``: each condition loosened and tightened by a step (a counter, 5
    points, a rank at either end of a range), and no condition at all."""
    texts = [str(v) for v in clause.values]
    if texts == ["none"]:
        yield "poor-hand no counters", "poor-hand no counters"
        return
    ranks = variant.deck.ranks
    for at, text in enumerate(texts):
        words = text.split()
        if words == ["no", "counters"]:
            others = ["counters below 2"]
        elif words[0] == "counters":
            others = [f"counters below {int(words[2]) + d}" for d in (1, -1)
                      if int(words[2]) + d >= 1]
        elif words[0] == "points":
            others = [f"points below {int(words[2]) + d}" for d in (5, -5)
                      if int(words[2]) + d >= 1]
        else:
            low, high = ranks.index(words[1]), ranks.index(words[3])
            others = ([f"ranks {words[1]} to {ranks[high + 1]}"] if high + 1 < len(ranks)
                      else []) + ([f"ranks {ranks[low + 1]} to {words[3]}"] if low < high
                                  else [])
        for other in others:
            line = ", ".join(texts[:at] + [other] + texts[at + 1:])
            yield f"poor-hand {line}", f"poor-hand {line}"
    yield "poor-hand none", "poor-hand none"


def _base(variant_id: str, own_only: bool):
    """The merged clauses a variant's mutants change (a bonus the variant does not have
    is a parameter at 0: it is given one), with what reading them needs."""
    if is_combination(variant_id):   # a base with options: the options' clauses are its own
        spec, clauses = combination_clauses(variant_id)
    else:
        path = find_spec(variant_id).resolve()
        spec = parse_file(path)
        declared: list = []   # the sources the spec and its parents declare for themselves
        clauses = _merged_clauses(spec, path, chain=(path,), declared=declared)
        spec = replace(spec, sources=tuple(declared))
    present = {(c.section, c.key) for c, _, _ in clauses}
    derived = own_only and spec.extends is not None
    for key in ("trick-points", "last-trick", "majority", "all-tricks"):
        if ("scoring", key) not in present and not derived:
            clause = _clause_from("scoring", f"{key} 0")
            clauses.append((clause, spec.source, None))
    return spec, clauses, derived


def _changed(clauses, changes: dict[int, tuple[str, str]]):
    """``clauses`` with clause ``index`` replaced by ``line`` for each change."""
    out = []
    for index, (clause, default, inherited) in enumerate(clauses):
        if index in changes:
            section, line = changes[index]
            new = _clause_from(section, line)
            clause = ast.Clause(clause.section, new.key, new.values, new.formula,
                                clause.citations, clause.rulings, clause.explicit_id,
                                clause.span, clause.key_span)
        out.append((clause, default, inherited))
    # The documented total would reject every counter mutant before any case ran; the
    # corpus, not the checker, must catch it.
    return [item for item in out if rule_id(item[0]) != "scoring.total"]


def mutants(variant_id: str, own_only: bool = True) -> Iterator[Mutant]:
    """Every mutant of a built-in variant (or a spec file), valid or not.

    With ``own_only`` a variant that extends another is mutated only in the clauses it
    writes itself: the clauses it inherits are the parent's, pinned by the parent's cases.
    """
    from ...language.load import load_variant
    spec, clauses, derived = _base(variant_id, own_only)
    original = load_variant(variant_id)
    sources = frozenset(known_sources())
    for index, (clause, default, inherited) in enumerate(clauses):
        if derived and inherited is not None:
            continue
        for change, line in _alternatives(clause, original):
            where = dict(index=index, section=clause.section, line=line)
            try:
                variant = read_variant(spec, _changed(clauses, {index: (clause.section,
                                                                        line)}), sources)
                check_variant(variant)
            except SpecError as error:
                yield Mutant(original.id, rule_id(clause), change, None, error.message,
                             **where)
                continue
            yield Mutant(original.id, rule_id(clause), change, variant, **where)


def combined_mutant(variant_id: str, picked: list[Mutant]) -> Variant | None:
    """One variant carrying several mutants' changes at once (None if the checker
    refuses the combination)."""
    spec, clauses, _ = _base(variant_id, own_only=False)
    changes = {m.index: (m.section, m.line) for m in picked}
    try:
        variant = read_variant(spec, _changed(clauses, changes), frozenset(known_sources()))
        check_variant(variant)
    except SpecError:
        return None
    return variant


def mutant_spec(mutant: Mutant) -> str:
    """A spec file for a mutant: the variant, extended, with the one clause changed (so
    ``rookery serve FILE`` plays it as an engine under test)."""
    return (f'variant {mutant.variant} "{mutant.variant}, mutated: {mutant.change}"\n'
            f"extends {mutant.variant}\n\n{mutant.section}:\n  {mutant.line}\n"
            f'    ruling "a mutant for testing: {mutant.change}"\n')


def equivalent_mutants(root: Path | None = None) -> dict[tuple[str, str, str], str]:
    """Mutants declared unobservable, with the reason: (variant, rule, change) -> why."""
    path = (root or conformance_dir()) / "equivalent-mutants.json"
    if not path.is_file():
        return {}
    entries = json.loads(path.read_text(encoding="utf-8"))
    return {(e["variant"], e["rule"], e["change"]): e["reason"] for e in entries}


@dataclass
class MutationReport:
    variant: str
    cases: int
    killed: list[Mutant] = field(default_factory=list)
    survived: list[Mutant] = field(default_factory=list)
    equivalent: list[tuple[Mutant, str]] = field(default_factory=list)
    invalid: list[Mutant] = field(default_factory=list)
    # why the variant's mutants were not run: its work item killed the worker process
    # running it each time (``rookery mutate -j N``); None for a variant checked
    lost: str | None = None

    @property
    def score(self) -> float | None:
        observable = len(self.killed) + len(self.survived)
        return len(self.killed) / observable if observable else None

    def to_json(self) -> dict:
        out = {"variant": self.variant, "cases": self.cases, "score": self.score,
               "killed": len(self.killed), "invalid": len(self.invalid),
               "equivalent": [{"rule": m.rule, "change": m.change, "reason": why}
                              for m, why in self.equivalent],
               "survived": [{"rule": m.rule, "change": m.change} for m in self.survived]}
        if self.lost is not None:
            out["lost"] = self.lost
        return out


def check_variant_corpus(spec: str, cases: list[Case]) -> MutationReport:
    """Run ``cases`` (those of the variant that pass on the real variant) against every
    mutant of the variant: ``spec`` is a built-in variant's id or a spec file (a house
    spec, whose cases name it)."""
    from ...language.load import load_variant
    variant_id = load_variant(spec).id
    own = [case for case in cases if case.variant == variant_id]
    baseline = _uninterrupted(run_cases(
        InProcessEngine(Session({variant_id: load_variant(spec)})), own))
    passing = [result.case for result in baseline.results if result.verdict == PASS]
    report = MutationReport(variant_id, len(passing))
    equivalent = equivalent_mutants()
    for mutant in mutants(spec):
        if mutant.mutant is None:
            report.invalid.append(mutant)
            continue
        run = _uninterrupted(run_cases(InProcessEngine(Session({variant_id: mutant.mutant})),
                                       passing))
        if any(result.verdict != PASS for result in run.results):
            report.killed.append(mutant)
        elif (variant_id, mutant.rule, mutant.change) in equivalent:
            report.equivalent.append((mutant, equivalent[(variant_id, mutant.rule,
                                                          mutant.change)]))
        else:
            report.survived.append(mutant)
    return report


def _uninterrupted(run):
    """``run`` as it is, unless a signal stopped it: then the signal goes on up (the
    campaign stops and reports the variants that finished), since the cases it left
    not run would count the mutant killed, a kill no case made."""
    if run.interrupted == "SIGTERM":
        raise Terminated()
    if run.interrupted:
        raise KeyboardInterrupt()
    return run


def summary_row(r: MutationReport) -> tuple[str, ...]:
    """One line of the summary: every mutant is counted once, in one of killed,
    survived, equivalent or invalid, so the four add up to the mutants."""
    score = "lost" if r.lost is not None else "-" if r.score is None else \
        f"{100 * r.score:.0f}%"
    total = len(r.killed) + len(r.survived) + len(r.equivalent) + len(r.invalid)
    return (r.variant, str(r.cases), str(total), str(len(r.killed)), str(len(r.survived)),
            str(len(r.equivalent)), str(len(r.invalid)), score)
