"""Differential play's campaign: the deals it makes and how it steers them, on top of
the lockstep comparison (:mod:`rookery.conformance.diagnosis.lockstep`).

The run goes in **rounds** of ``adapt_every`` deals (longer in a long campaign, see
:meth:`Fuzzer.rounds`).  A round's plan gives each deal
number a scenario (:mod:`.scenarios`) for a rule not yet decided ``min_decisions`` times,
or none (a random deal, now and then stacked or near the target, its auction of a style:
all pass, one bid, a contest); choices go to the least exercised category of action.
Each deal starts from the counts merged at the round's start, so its play depends only
on the spec, the rules learned by then, the seed, its number and its scenario, and the
deals of a round may be played by several workers (:func:`play_round`: processes or a
Dask cluster, :mod:`rookery.parallel`) with the same report.  After each round the
deals' results are merged in deal order, and a rule the engine clearly plays otherwise
is learned (:mod:`.adapt`), so it hides no other.
"""

from __future__ import annotations

import copy
import random
import uuid
from collections import Counter
from contextlib import nullcontext
from dataclasses import dataclass, field

from ...engine.actions import Action
from ...engine.deal import deal_hand
from ...engine.tables import tables_for
from ...language.model import Variant
from ..diagnosis.lockstep import Coverage, Difference, Lockstep, _deal_dict
from . import scenarios
from .scenarios import Scenario
from .witnesses import (STAND_INS, WITNESSES_PER_SHADOW, Alternatives, Witnessing,
                        choose_rules, is_end_rule, rescored, result_parts)


@dataclass
class DealOutcome:
    """What one deal of a round found and counted, to be merged in deal order."""

    number: int
    found: list = field(default_factory=list)
    unattributed: list = field(default_factory=list)
    pending: list = field(default_factory=list)
    alike: set = field(default_factory=set)
    coverage: Coverage = field(default_factory=Coverage)
    actions: int = 0
    scenario: Scenario | None = None


# A round after the first ``20 * adapt_every`` deals is this share of the deals played
# before it (one twentieth).
ROUND_SHARE = 20
# The most deals set up for a rule that has decided often enough but still lacks
# witnesses (a tie at the target may need many; a rule no deal makes differ, no more).
SCENARIOS_FOR_WITNESSES = 30


class Fuzzer(Lockstep):
    """Differential play of ``engine`` against the oracle ``variant``.

    With ``spec_ref`` (the spec's id or path), a rule the engine clearly breaks is
    learned as the engine plays it, so that it hides no other."""

    def __init__(self, variant: Variant, engine, seed: int = 0, *,
                 spec_ref: str | None = None, adapt_every: int = 10,
                 min_decisions: int = 5, witness_ref: str | None = None,
                 witnesses: bool = True, **options):
        super().__init__(variant, engine, seed, **options)
        self.spec_ref = spec_ref
        self.min_witnesses = 3      # scenarios steer towards a rule until it has these
        # the spec whose clauses' alternatives find witnesses (learning or not)
        self.witness_ref = witness_ref or spec_ref or _spec_ref_of(variant)
        self.adapt_every = adapt_every
        self.min_decisions = min_decisions
        self.adaptation = None
        self.oracles: dict[tuple, Variant] = {(): variant}
        self.scenarios: Counter = Counter()     # rule -> deals set up for it
        self._scenario: Scenario | None = None
        self._named: str | None = None     # the trump a scenario's bid winner names
        # the spec's alternatives, built on first use (False: no witnesses are sought, a
        # run that only names what breaks; every rule is then not reached)
        self.alternatives = None if witnesses else False
        self._witnessing: Witnessing | None = None

    def run(self, deals: int, first: int = 0, workers=None, engine_factory=None,
            oracle_factory=None, progress=None) -> list[Difference]:
        """Play ``deals`` deals (numbered from ``first``) in rounds; returns every
        difference; ``progress()``, when given, is called as each deal ends.  With ``workers`` (a :class:`rookery.parallel.Workers` other than
        this process) and picklable callables that start a new engine and load the spec,
        each round's deals are played by those workers (:func:`play_round`), each with
        its own engine, started once for the run.  A run stopped by Ctrl-C or SIGTERM
        keeps the deals of the round that had finished in deal order, and stops."""
        from ... import parallel
        shared = workers is not None and not workers.in_process and \
            engine_factory is not None
        setup = WorkerSetup(engine_factory, oracle_factory, self.spec_ref, self.seed,
                            self.probe_rate, self.view_rate,
                            witness_ref=self.witness_ref) if shared else None
        with parallel.Campaign(workers) if shared else nullcontext() as campaign:
            for start, stop in self.rounds(first, first + deals):
                numbers = list(range(start, stop))
                plan = scenarios.plan(numbers, self.wanted())
                if shared:
                    outcomes = play_round(campaign, setup, self, numbers, plan, progress)
                else:
                    outcomes = self._play_round_here(numbers, plan, progress)
                for outcome in outcomes:
                    self.merge(outcome)
                if self.spec_ref:
                    self.adapt()
        self.finish()
        return self.differences

    def _play_round_here(self, numbers: list[int], plan: dict,
                         progress=None) -> list[DealOutcome]:
        """A round's deals played in this process, each from the counts of the round's
        start (as a worker would, so the result does not depend on ``-j``).  Stopped by
        Ctrl-C or SIGTERM, the deals that had finished are merged before the stop goes
        on, as :func:`play_round` does for workers: an interrupted run keeps them."""
        outcomes: list[DealOutcome] = []
        try:
            for number in numbers:
                outcomes.append(self.play_planned(number, plan[number], self.coverage,
                                                  self._told))
                if progress:
                    progress()
        except BaseException as stop:
            if not isinstance(stop, Exception):     # an interruption, not a mistake
                for outcome in outcomes:
                    self.merge(outcome)
            raise
        return outcomes

    def rounds(self, first: int, end: int) -> list[tuple[int, int]]:
        """The rounds' deal numbers: 2, then 4, so that a rule broken in every deal
        (another order of the phases) is learned after two deals, not ten, and the hands
        after it are played to their end; then ``adapt_every`` at a time, and once more
        than ``20 * adapt_every`` deals are played, a twentieth of the deals played
        before the round (:data:`ROUND_SHARE`).  The plan is made anew at least every
        5% of a long campaign, and a round has deals enough for every worker of a large
        machine (rounds of 10 would keep 16 workers to 10 deals at a time, each round
        waiting for its slowest deal).  The sizes follow from the deal numbers alone, so
        the report does not depend on the number of workers."""
        out, start = [], first
        for size in (2, 4):
            if start < end and size < self.adapt_every:
                out.append((start, min(start + size, end)))
                start = out[-1][1]
        while start < end:
            size = max(self.adapt_every, (start - first) // ROUND_SHARE)
            out.append((start, min(start + size, end)))
            start = out[-1][1]
        return out

    def wanted(self) -> list[Scenario]:
        """A scenario for each rule of the spec decided fewer than ``min_decisions``
        times, or with fewer than ``min_witnesses`` witnesses, that needs one, in the
        spec's order."""
        from .verdicts import spec_rules
        clause_of = {r.id: f"{r.section}.{r.key}" for r in self.original.rules}
        out = []
        for rule, _ in spec_rules(self.original):
            witnessed = self.coverage.witnesses.get(rule, 0)
            if self.coverage.decided.get(rule, 0) >= self.min_decisions and (
                    witnessed >= self.min_witnesses or not self._may_witness(rule) or
                    self.scenarios[rule] >= SCENARIOS_FOR_WITNESSES):
                continue
            found = scenarios.scenario_for(rule, clause_of.get(rule, rule))
            if found is not None:
                out.append(found)
        return out

    def play_planned(self, number: int, scenario: Scenario | None, base: Coverage,
                     told: set) -> DealOutcome:
        """Play deal ``number`` set up by ``scenario``, starting from the counts
        ``base`` (the round's start): what it found and counted, kept apart."""
        merged, merged_told = self.coverage, self._told
        self.coverage = _copy_counts(base)
        self._told = set(told)
        marks = (len(self.differences), len(self.unattributed), len(self.pending),
                 self.actions, set(self.alike))
        callback, self.on_difference = self.on_difference, None
        self._scenario = scenario
        view_rate = self.view_rate
        if scenario is not None and scenario.views == "all":
            self.view_rate = 1.0            # every decision: another seat's view too
        self._witnessing = self._witnessing_for(number, base, scenario)
        try:
            found = self.play_deal(number)
            if scenario is not None and scenario.scores == "tied" and not found:
                self._level_again(number)
        finally:
            self.on_difference = callback
            self._scenario = None
            self.view_rate = view_rate
            self._witnessing = None
        outcome = DealOutcome(
            number, self.differences[marks[0]:], self.unattributed[marks[1]:],
            self.pending[marks[2]:], self.alike - marks[4],
            _counts_since(self.coverage, base), self.actions - marks[3], scenario)
        del self.differences[marks[0]:], self.unattributed[marks[1]:], \
            self.pending[marks[2]:]
        self.actions, self.alike = marks[3], marks[4]
        self.coverage, self._told = merged, merged_told
        self.deals -= 1
        return outcome

    def _level_again(self, number: int) -> None:
        """A tie at the target, searched over the running scores: where the deal of a
        ``tied`` scenario ended with the totals apart (the stacked bidders took more or
        less than the gap they started behind by), the same deal is played again, the
        same actions, from running scores at which the bidders' total ends level with
        the best of the others at or past the target.  The play does not depend on the
        scores, so the second ending is level: the tie rules decide there."""
        from ..diagnosis.lockstep import choices_of
        hand, record = getattr(self, "_hand_now", None), getattr(self, "_record", None)
        if hand is None or record is None or record.earlier or hand.result is None or \
                hand.result.thrown_in or record.deal.get("next"):
            return
        t, target = hand.t, self.variant.game.target
        totals = list(hand.result.scores)
        keeper = t.team_of[hand.bidder] if t.team_of is not None else hand.bidder
        others = [s for k, s in enumerate(totals) if k != keeper]
        if not others or totals[keeper] == max(others) or max(others) < target:
            return
        deal = dict(record.deal)
        scores = list(deal.get("scores") or [0] * len(totals))
        scores[keeper] += max(others) - totals[keeper]
        deal["scores"] = scores
        try:
            choices = choices_of(self.variant, deal, record.path())
        except Exception:  # noqa: BLE001 - the spec plays these scores otherwise: no tie
            return
        self.play_deal(number, deal=deal, choices=choices)
        self.deals -= 1                 # the same deal, played again

    # -- witnesses (see :mod:`.witnesses`) -----------------------------------------------------

    def _witnessing_for(self, number: int, base: Coverage,
                        scenario: Scenario | None = None) -> Witnessing | None:
        """Deal ``number``'s search for witnesses: the shadows of the rule its scenario
        is set up for, then of the flow rules with the fewest witnesses in ``base`` (the
        round's start); None where the spec cannot be taken apart (no witnesses: every
        rule is then not reached, and says why)."""
        if self.spec_alternatives() is None:
            return None
        # the clauses learned by the round's start: a worker is handed them (its own
        # adaptation learns nothing), this process keeps them in its adaptation
        changes = getattr(self, "_round_changes", None)
        if changes is None:
            changes = dict(self.adaptation.changes) if self.adaptation else {}
        chosen = choose_rules(self.alternatives, base.witnesses, self._rules_here(), number,
                              first=scenario.rule if scenario is not None else None)
        return Witnessing(self.alternatives, chosen, changes)

    def _may_witness(self, rule: str) -> bool:
        """Can ``rule`` have witnesses in this spec (is it not moot)?"""
        alternatives = self.spec_alternatives()
        return alternatives is not None and not alternatives.why_moot(rule)

    def spec_alternatives(self) -> Alternatives | None:
        """The alternatives of the spec's clauses (built once; None where the spec
        cannot be taken apart: then no rule has witnesses, and each says why)."""
        if self.alternatives is None:
            try:
                self.alternatives = Alternatives(self.witness_ref, self.original) \
                    if self.witness_ref else False
            except Exception:  # noqa: BLE001 - a spec we cannot take apart has no witnesses
                self.alternatives = False
        return self.alternatives or None

    def _rules(self):
        from .verdicts import spec_rules
        found = getattr(self, "_spec_rules", None)
        if found is None:
            found = self._spec_rules = spec_rules(self.original)
        return found

    def _witness(self, rule: str, step: int, line: str, observable: str,
                 check: dict | None = None) -> None:
        """Count a witness of ``rule``; the first keeps what replays it as a case: the
        deal, the actions before it and ``check`` (the spec's observable there)."""
        w = self._witnessing
        if rule in self.coverage.examples:
            self.coverage.witnesses[rule] += 1
            return
        record = self._record
        example = {"deal": self._number, "hand": w.hand_index, "step": step,
                   "alternative": line, "observable": observable}
        if check and not w.learned:     # (under a learned rule the spec decides otherwise)
            example["_replay"] = (record.deal, record.path(), record.earlier, check)
        self.coverage.witness(rule, example)

    def _witness_hand(self, hand) -> None:
        w = self._witnessing
        self._hand_now = hand           # the spec's hand, played on as the deal goes
        if w is not None:
            w.start_hand(hand)
            self._phase_before = hand.phase

    def _witness_state(self, hand, want, got, viewed, first, step) -> None:
        w = self._witnessing
        if w is None:
            return
        agreed = _agreed(want, got, viewed)
        here = set(self._rules_here())
        checks = _checks(want)
        if first and {"phase", "to_act"} <= set(agreed):
            for rule, kind in STAND_INS.items():
                if kind == "deal" and rule in here:
                    self._witness(rule, step, "(the deal's shape)", "the deal",
                                  checks["to_act"])
        if self._phase_before == "discard" and hand.phase != "discard" and \
                "phase" in agreed and "nest.discard" in here:
            self._witness("nest.discard", step, "(the burial's size)", "phase",
                          checks["phase"])
        if hand.phase == "bidding" and "to_act" in agreed and "bidding.pass" in here and \
                any(entry[1] == "pass" for entry in _auction(hand)):
            self._witness("bidding.pass", step, "(a seat that passed is skipped)", "to_act",
                          checks["to_act"])
        if hand.phase == "trump" and "legal" in agreed and "trump.choices" in here:
            self._witness("trump.choices", step, "(the trump calls offered)", "legal",
                          checks["legal"])
        if hand.phase == "discard" and "legal" in agreed and "nest.forbid" in here and \
                _barred_held(hand):
            self._witness("nest.forbid", step, "(a card kept out of the nest)", "legal",
                          checks["legal"])
        self._phase_before = hand.phase
        for shadow in list(w.shadows):
            key, goes_on = shadow.first_difference(hand, agreed)
            if key is None:
                continue
            shadow.witnessed += 1
            if not goes_on or shadow.witnessed >= WITNESSES_PER_SHADOW:
                w.shadows.remove(shadow)
            if key in agreed:
                check = checks.get(key)
                if key == "view":
                    check = _view_check(hand, shadow.hand, agreed["views"])
                self._witness(shadow.alternative.rule, step, shadow.alternative.line, key,
                              check)

    def _rules_here(self):
        return [rule for rule, _ in self._rules()]

    def _witness_action(self, action, seat) -> None:
        w = self._witnessing
        if w is not None:
            w.shadows = [s for s in w.shadows if s.follow(action, seat)]

    def _witness_end(self, hand, want, got, record) -> None:
        """A finished hand: the shadows still following, the scoring rules scored again,
        the game rules decided again (from the engine's totals where its result differs)."""
        w = self._witnessing
        if w is None or hand.result is None:
            return
        from ..diagnosis.compare import compare
        t, number = hand.t, self._number
        step = len(record.path())
        parts = {k: want["result"][k] for k in ("thrown_in", "nest_to", "taken", "made",
                                                 "changes", "scores")}
        result_agreed = not compare({"result": parts}, got, {})
        mine = result_parts(hand.result, t)
        shown = {"expect": {"hand_over": True, "result": parts}}
        for shadow in w.shadows:
            if shadow.hand.result is not None and \
                    result_parts(shadow.hand.result, shadow.hand.t) != mine and result_agreed:
                self._witness(shadow.alternative.rule, step, shadow.alternative.line,
                              "result", shown)
        w.shadows = []
        here = self._rules_here()
        if result_agreed and "scoring.total" in here:
            self._witness("scoring.total", step, "(the counters' total)", "result", shown)
        if not hand.result.thrown_in:
            for rule in here:
                if rule.partition(".")[0] == "game" or not is_end_rule(rule):
                    continue
                for alternative in w.of(rule):
                    other = rescored(hand, alternative.variant)
                    if other is None or result_parts(other, t) == mine:
                        continue
                    if result_agreed:
                        self._witness(rule, step, alternative.line, "result", shown)
                    else:
                        self.coverage.mask(rule, "a difference of the hand's result", number)
                    break
        judged = getattr(self, "_judged", None) if not result_agreed else None
        used = hand.result if result_agreed else (judged[0] if judged else None)
        if used is None or used.thrown_in:
            if not result_agreed:
                for rule in here:
                    if rule.partition(".")[0] == "game":
                        self.coverage.mask(rule, "a difference of the hand's result (the "
                                           "engine states no totals to judge from)", number)
            return
        self._witness_game_end(used, got, step, replayable=result_agreed)

    def _witness_game_end(self, used, got, step: int, replayable: bool,
                          observable: str = "game_over") -> set[str]:
        """The game rules decided again under each alternative from the totals of
        ``used`` (a hand's result: the spec's, or one with the engine's totals): each
        whose alternative ends the game otherwise has a witness where the engine's
        ``game_over`` (in ``got``) is the spec's.  Returns the rules witnessed."""
        from ..diagnosis.compare import compare
        from ..diagnosis.judged import game_over_of
        w, team_of = self._witnessing, self.t.team_of
        expected = game_over_of(self.variant, used, team_of)
        game_agreed = not compare({"game_over": expected}, got, {})
        witnessed = set()
        for rule in self._rules_here():
            if rule.partition(".")[0] != "game":
                continue
            for alternative in w.of(rule):
                if game_over_of(alternative.variant, used, team_of) == expected:
                    continue
                if game_agreed:
                    # a case replays it where the spec's own totals decided (not the
                    # engine's, which the spec would not reach)
                    self._witness(rule, step, alternative.line, observable,
                                  {"expect": {"game_over": expected}} if replayable
                                  else None)
                    witnessed.add(rule)
                break
        return witnessed

    def _witness_stop(self, difference, number) -> None:
        """The deal stopped at an earlier difference: every shadow still following the
        oracle, and the finished hand's rules, were masked by it."""
        w = self._witnessing
        if w is None or difference is None:
            return
        by = ", ".join(difference.rules) or f"an unexplained difference ({difference.kind})"
        masked = {shadow.alternative.rule for shadow in w.shadows}
        masked |= {rule for rule in self._rules_here() if is_end_rule(rule)}
        if difference.kind == "trick-winner":
            judged, differs = self._score_engine_tricks(number)
            masked -= judged
            if differs:
                by += " (the hand played on: scored from the engine's own tricks, its " \
                    "result differs too)"
        for rule in sorted(masked - set(difference.rules)):
            self.coverage.mask(rule, by, number)
        w.shadows = []

    # -- a hand played on past a trick won otherwise: scored from the engine's own tricks --

    def _score_engine_tricks(self, number: int) -> tuple[set[str], bool]:
        """After a trick the engine gave another winner than the spec, the scoring rules
        are judged from the engine's own tricks: the engine plays the hand on alone (its
        own legal actions, chosen at random), its tricks read from its ``last_trick``,
        and the spec scores them.  Where the engine's result agrees, each scoring rule
        an alternative of which would have scored those tricks otherwise has a witness.
        Returns the scoring rules so judged, and whether the engine's result differs
        from the spec's scoring of its tricks (then nothing is witnessed)."""
        from ...engine.scoring import score_hand
        from .witnesses import EngineTricks
        w, hand = self._witnessing, getattr(self, "_hand_now", None)
        if w is None or hand is None or hand.result is not None or not hand.tricks or \
                not EngineTricks.can_score(hand):
            return set(), False
        played = self._engine_plays_on(hand, random.Random(f"{self.seed}/{number}/on"))
        if played is None:
            return set(), False
        tricks, final = played
        theirs = final["result"]
        seen = EngineTricks(hand, tricks)
        try:
            scored = score_hand(seen)
            mine = result_parts(scored, hand.t)
        except Exception:  # noqa: BLE001 - tricks the spec cannot score tell nothing
            return set(), False
        keys = [k for k in ("nest_to", "taken", "made", "changes", "scores") if k in theirs]
        if not keys or theirs.get("thrown_in"):
            return set(), False
        if any(theirs[k] != mine[k] for k in keys):
            return set(), True
        judged = set()
        step = len(self._record.path())
        for rule in self._rules_here():
            if rule.partition(".")[0] == "game" or not is_end_rule(rule):
                continue
            for alternative in w.of(rule):
                other = rescored(seen, alternative.variant)
                if other is not None and any(result_parts(other, hand.t)[k] != mine[k]
                                             for k in keys):
                    self._witness(rule, step, alternative.line,
                                  "result, scored from the engine's own tricks")
                    judged.add(rule)
                    break
        # the game's end, from the engine's totals (which agree with the spec's scoring
        # of its tricks)
        if "game_over" in final:
            judged |= self._witness_game_end(scored, final, step, replayable=False,
                                             observable="game_over, after the engine's "
                                             "own tricks")
        return judged, False

    def _engine_plays_on(self, hand, rng) -> tuple[list, dict] | None:
        """The engine plays the hand on alone from the trick the two won otherwise: its
        tricks (the spec's before that one, then the engine's own, as card indices and
        winner) and its result; None where it cannot be followed (no last trick, an
        action refused, no end within the hand's length, an engine that fails)."""
        from ..protocol.engines import EngineFailure
        t = hand.t
        tricks = [(list(cards), winner) for _l, cards, _s, winner in hand.tricks[:-1]]

        def taken(state) -> bool:
            """The engine's last trick, where it completed one more: False if unread."""
            won = state.get("tricks_won")
            if not isinstance(won, list) or not all(type(n) is int for n in won):
                return False
            if sum(won) == len(tricks):
                return True
            last = state.get("last_trick")
            if sum(won) != len(tricks) + 1 or not isinstance(last, dict):
                return False
            cards = [t.card_of.get(c) if isinstance(c, str) else None
                     for c in last.get("cards") or ()]
            winner = last.get("winner")
            if not cards or None in cards or type(winner) is not int or \
                    not 0 <= winner < hand.n:
                return False
            tricks.append((cards, winner))
            return True

        try:
            state = self.engine.state(None)
            for _ in range(4 * len(t.codes) + 4):
                if not taken(state):
                    return None
                if state.get("hand_over") is True:
                    return (tricks, state) if isinstance(state.get("result"), dict) \
                        else None
                seat = state.get("to_act")
                if type(seat) is not int or not 0 <= seat < hand.n:
                    return None
                legal = self.engine.state(seat).get("legal")
                if not isinstance(legal, list) or not legal:
                    return None
                if not self.engine.apply(seat, rng.choice(sorted(map(str, legal)))).accepted:
                    return None
                state = self.engine.state(None)
        except EngineFailure:
            self.engine.restart()       # the next deal starts it again, as after a failure
            self.info = None
        except Exception:  # noqa: BLE001 - an engine's odd answer ends the play-on, no more
            return None
        return None

    def merge(self, outcome: DealOutcome) -> None:
        """Take one deal's results into the run's (called in deal order)."""
        self.deals += 1
        self.actions += outcome.actions
        self.coverage.merge(outcome.coverage)
        if outcome.scenario is not None:
            self.scenarios[outcome.scenario.rule] += 1
        for difference in outcome.found:
            self.differences.append(difference)
            if self.on_difference:
                self.on_difference(difference)
        for difference in outcome.unattributed:
            key = (difference.kind, difference.detail)
            if key in self._told:
                continue
            self._told.add(key)
            self.unattributed.append(difference)
        self.pending.extend(outcome.pending)
        self.alike |= outcome.alike

    def learned(self) -> tuple:
        return tuple(sorted(self.adaptation.learned.items())) if self.adaptation else ()

    def explaining(self, difference: Difference, rules: set[str]) -> set[str]:
        """Of ``rules``, which all fit ``difference``, the one whose alternative (as
        :mod:`.adapt` would learn it) removes the difference when the deal is replayed;
        the empty set when none or several do, or the spec cannot be taken apart.  The
        answer is kept per set of rules, so each ambiguity is weighed once, on the
        differences of that set first found."""
        from .adapt import explaining
        explains = self._weighed("_explained", explaining, difference, rules)
        return explains if len(explains) == 1 else set()

    def explaining_together(self, difference: Difference, rules: set[str]) -> set[str]:
        """Of ``rules``, where no one rule's alternative removes ``difference`` (none at
        all: where several do, the doubt is between them), the two
        whose alternatives together do (the empty set when no pair or several do);
        weighed once per set of rules, as :meth:`explaining`."""
        from .adapt import explaining, explaining_together
        if self._weighed("_explained", explaining, difference, rules):
            return set()        # one rule alone explains it, or several do
        return self._weighed("_explained_together", explaining_together, difference, rules)

    def _weighed(self, cache: str, weigh, difference: Difference, rules: set[str]) -> set[str]:
        from .adapt import Adaptation
        if not self.spec_ref:
            return set()
        if self.adaptation is None:
            try:
                self.adaptation = Adaptation(self.spec_ref)
            except Exception:  # noqa: BLE001 - a spec we cannot take apart is not adapted
                self.spec_ref = None
                return set()
        key = frozenset(rules)
        weighed = self.__dict__.setdefault(cache, {})
        # weighed under the oracle the difference was found under, while it is the
        # fuzzer's: the alternatives tried are the current oracle's clauses changed
        if (key, difference.learned) not in weighed:
            if difference.learned != self.learned():
                return set()
            alike = [d for d, fits in self.pending if d.learned == difference.learned
                     and frozenset(fits - self.alike_under(d.learned)) == key]
            weighed[key, difference.learned] = weigh(self, self.adaptation, key,
                                                     alike or [difference])
        return set(weighed[key, difference.learned])

    def oracle_for(self, difference: Difference) -> Variant:
        """The oracle a difference was found under (the spec, or the spec with the
        rules learned by then)."""
        return self.oracles.get(difference.learned, self.variant)

    def settle(self) -> None:
        """Between rounds, charge each difference still in doubt that one rule is left to
        explain (the others behaved alike where they applied), one rule's alternative
        explains (see :meth:`explaining`) or, where no one rule's does, two rules'
        together (:meth:`explaining_together`), so that a rule can be learned before the
        run ends: a difference that fits several rules in every deal (the
        most cards, where the majority of tricks fits the same figure) would otherwise
        stay in doubt until :meth:`finish`, and the rule never be learned -- nor the
        next rule it hides be shown."""
        still = []
        for difference, fits in self.pending:
            left = fits - self.alike_under(difference.learned)
            one = self.explaining(difference, left) if len(left) > 1 else left
            if len(left) > 1 and not one:
                one = self.explaining_together(difference, left)    # two rules at once
            if one:
                difference.rules = tuple(sorted(one))
                self.differences.append(difference)
                if self.on_difference:
                    self.on_difference(difference)
            else:
                still.append((difference, fits))
        self.pending = still

    def adapt(self) -> None:
        """Learn, as the engine plays it, each rule named in at least two deals and no
        other rule at once (see :mod:`rookery.conformance.differential.adapt`)."""
        from .adapt import Adaptation, learn
        self.settle()
        deals: dict[str, set[int]] = {}
        for difference in self.differences:
            if len(difference.rules) == 1 and difference.learned == self.learned() and \
                    not difference.judged:      # (a judged end is no evidence to learn)
                deals.setdefault(difference.rules[0], set()).add(difference.deal_number)
        for rule, numbers in sorted(deals.items()):
            if len(numbers) < 2:
                continue
            if self.adaptation is None:
                try:
                    self.adaptation = Adaptation(self.spec_ref)
                except Exception:  # noqa: BLE001 - a spec we cannot take apart is not adapted
                    self.spec_ref = None
                    return
            if rule in self.adaptation.tried:
                continue
            ours = [d for d in self.differences if d.rules == (rule,)]
            variant = learn(self, self.adaptation, rule, ours)
            if variant is not None:
                self.variant = variant
                self.t = tables_for(variant)
                self.oracles[self.learned()] = variant

    def make_deal(self, rng: random.Random) -> dict:
        """A random deal of the spec's deck; now and then the running scores sit near the
        target (to reach the end of the game) or the hand number cycles the passing."""
        v = self.variant
        dealer = rng.randrange(v.table.players)
        keepers = self.t.keepers
        if self._scenario is not None:
            return self._scenario_deal(rng, dealer)
        self._named = None
        scores = [0] * keepers
        # Now and then one side holds the high cards and plays its strongest while the
        # others play their weakest: a side that takes every trick (the all-tricks bonus).
        self._slam = rng.random() < 0.15
        # How this deal's auction goes: everyone passes (a throw-in), one seat takes it
        # at the lowest bid, a contest of small raises, or choices steered like the rest.
        self._auction = rng.choices(("all-pass", "one-bid", "contest", "steered"),
                                    (1, 4, 3, 2))[0]
        self._auction_seat = rng.randrange(v.table.players)

        game_seen = self.coverage.rules[self.t.rule("game", "winner")]
        if rng.random() < (0.45 if game_seen < 3 else 0.35):
            # Near the target, often on both sides at once (who wins when both reach
            # it), sometimes level (the tie rule).
            target, top = v.game.target, max(self.t.max_bid, 5)
            low = max(0, (target - top // 2) // 5)
            scores = [5 * rng.randrange(low, max(low + 1, target // 5))
                      for _ in range(keepers)]
            if keepers > 1 and rng.random() < 0.3:
                scores[1] = scores[0]               # equal totals: the tie rules
            elif keepers > 1 and rng.random() < 0.7:
                # The side that takes the bid starts behind: both may reach the target
                # with the defenders ahead (who wins then is the winner rule).
                seat = self._auction_seat
                keeper = self.t.team_of[seat] if self.t.team_of is not None else seat
                scores.sort(reverse=True)
                scores.insert(keeper, scores.pop())
                if self._auction == "steered":
                    self._auction = "one-bid"       # a bid the side may well make
        elif rng.random() < 0.3:
            scores = [5 * rng.randrange(-20, 40) for _ in range(keepers)]
        hand = deal_hand(v, rng, dealer, scores, rng.randrange(4))
        deal = _deal_dict(hand)
        if self._slam:
            self._auction = "one-bid"
            deal["hands"] = self._stacked(deal["hands"])
        return deal

    def _scenario_deal(self, rng: random.Random, dealer: int) -> dict:
        """A deal set up by this deal's scenario: its running scores, its cards, its
        auction (see :mod:`.scenarios`)."""
        v, t = self.variant, self.t
        scenario = self._scenario
        self._named = None
        self._auction = scenario.auction
        self._auction_seat = rng.randrange(v.table.players)
        self._slam = scenario.cards == "stacked"
        keeper = t.team_of[self._auction_seat] if t.team_of is not None else \
            self._auction_seat
        scores = scenarios.start_scores(scenario, rng, v, t.keepers, keeper,
                                        max(t.total_points, 5), scenarios.sweep(v, t)) \
            or [0] * t.keepers
        deal = _deal_dict(deal_hand(v, rng, dealer, scores, rng.randrange(4)))
        seat = self._auction_seat
        if self._slam:
            deal["hands"] = self._stacked(deal["hands"])
        elif scenario.cards == "weak":
            deal["hands"] = scenarios.weak_hands(deal["hands"], t,
                                                 rng.randrange(v.table.players))
        elif scenario.cards == "forced" and deal["nest"]:
            # the bid winner keeps a few free cards (none to all but one it lays aside);
            # where trump may not go to the nest, it names the color it is full of
            color = seat % len(t.letters)
            if v.nest.forbid_trump:
                self._named = t.letters[color]
            deal["hands"], deal["nest"] = scenarios.forced_burial(
                deal["hands"], deal["nest"], seat, scenarios.barred(v, t, color),
                rng.randrange(v.nest.discard), rng)
        return deal

    def _side(self, seat: int) -> list[int]:
        """The seats of ``seat``'s side (``seat`` alone without partnerships)."""
        t = self.t
        if t.team_of is None:
            return [seat]
        return [s for s in range(len(t.team_of)) if t.team_of[s] == t.team_of[seat]]

    def _stacked(self, hands: list[list[str]]) -> list[list[str]]:
        """The same cards, the side of the seat that will take the bid holding a whole
        color (the trump it will name, :meth:`_steer`) with the Rook and the highest
        cards of the others: a side able to take every trick and every counter."""
        t = self.t
        seat = self._auction_seat
        ours = self._side(seat)
        color = seat % len(t.letters)
        self._slam_color = t.letters[color]
        cards = [c for held in hands for c in held]

        def strength(code: str) -> tuple:
            card = t.card_of[code]
            return (card in t.always_trump or t.color_of[card] == color, t.rank_index[card])
        cards.sort(key=strength, reverse=True)
        out = [[] for _ in hands]
        order = ours + [s for s in range(len(hands)) if s not in ours]
        for owner in order:
            size = len(hands[owner])
            out[owner], cards = cards[:size], cards[size:]
        return out

    # -- steering ----------------------------------------------------------------------------

    def _steer(self, rng, hand, ordered: list[Action]) -> Action:
        """This deal's auction style in the auction, the strongest card for a stacked
        side, else the least exercised category (three times in four) or uniform."""
        auction = self._auction_choice(rng, hand, ordered) if hand.phase == "bidding" \
            else None
        if auction is not None:
            return auction
        named = getattr(self, "_named", None)
        if named and hand.phase == "trump" and Action("trump", named) in ordered:
            return Action("trump", named)   # the color a forced burial is set up for
        if getattr(self, "_slam", False) and hand.bidder is not None:
            if hand.phase == "play":
                return self._slam_choice(hand, ordered)
            wanted = Action("trump", getattr(self, "_slam_color", ""))
            if hand.phase == "trump" and wanted in ordered:
                return wanted               # the color the stacked side holds
            if hand.phase == "discard":
                # lay aside the weakest cards, keeping the trump color
                return min(ordered, key=lambda a: self._strength_of(a.value))
        if rng.random() < 0.75:
            counts = {a: self.coverage.categories[self._category(hand, a)] for a in ordered}
            low = min(counts.values())
            return rng.choice([a for a in ordered if counts[a] == low])
        return rng.choice(ordered)

    def _chosen(self, hand, action: Action) -> None:
        self.coverage.categories[self._category(hand, action)] += 1

    def _category(self, hand, action: Action) -> str:
        t = self.t
        kind = action.kind
        if kind == "bid":
            b = hand.variant.bidding
            lowest = max(b.minimum, hand.high + b.step) if hand.high else b.minimum
            return "bid-lowest" if action.value == lowest else \
                "bid-top" if action.value == t.max_bid else "bid-jump"
        if kind in ("play", "discard"):
            card = t.card_of[action.value]
            ctx = hand.ctx
            parts = [kind]
            if card in t.always_trump:
                parts.append("rook" if card == t.rook else "special")
            elif ctx is not None and ctx.trump_key[card] >= 0:
                parts.append("trump")
            if kind == "play" and hand.trick_cards and ctx is not None:
                parts.append("follow" if ctx.suit_of[card] == hand.led else "off")
            if t.points[card]:
                parts.append("counter")
            return "-".join(parts)
        return str(action)

    def _strength_of(self, code) -> tuple:
        """A card's worth to the stacked side: its trump color first, then its rank."""
        t = self.t
        card = t.card_of.get(code)
        if card is None:
            return (True, 99)
        color = getattr(self, "_slam_color", "")
        trump = card in t.always_trump or (t.color_of[card] < len(t.letters) and
                                           t.letters[t.color_of[card]] == color)
        return (trump, t.rank_index[card])

    def _slam_choice(self, hand, ordered: list[Action]) -> Action:
        """The bidding side's strongest card, the other sides' weakest."""
        ctx = hand.ctx
        t = self.t

        def strength(action: Action) -> int:
            card = t.card_of[action.value]
            key = ctx.trump_key[card]
            return key if key >= 0 else ctx.rank_key[card]

        team = t.team_of
        ours = (team[hand.to_act] == team[hand.bidder]) if team is not None else \
            hand.to_act == hand.bidder or hand.to_act in hand.partners
        plays = [a for a in ordered if a.kind == "play"]    # not a claim (play: claim)
        return (max if ours else min)(plays, key=strength)

    def _auction_choice(self, rng, hand, ordered: list[Action]) -> Action | None:
        """The bid or pass this deal's auction style calls for (None: steer as usual)."""
        style = self._auction
        passes = [a for a in ordered if a.kind == "pass"]
        bids = [a for a in ordered if a.kind == "bid"]
        if style == "steered" or not (passes and bids):
            return None
        if style == "all-pass":
            return passes[0]
        if style == "top":
            mine = hand.to_act == self._auction_seat
            return bids[-1] if mine else passes[0]
        if style == "moon":
            # the stacked side's seat shoots the moon where the spec has one
            moon = [a for a in ordered if a.kind == "moon"]
            mine = hand.to_act == self._auction_seat
            return (moon or bids[-1:])[0] if mine else passes[0]
        if style == "one-bid":
            mine = hand.to_act == self._auction_seat and hand.bidder is None
            return bids[0] if mine or (hand.bidder is None and rng.random() < 0.15) \
                else passes[0]
        return bids[0] if rng.random() < 0.45 else passes[0]


def _spec_ref_of(variant: Variant) -> str | None:
    """How to load ``variant``'s clauses again: its file, or its id for a base with
    options (or a variant with no file)."""
    from pathlib import Path

    from ...language.options import is_combination
    if is_combination(variant.id) or not variant.path or not Path(variant.path).is_file():
        return variant.id
    return variant.path


def _agreed(want: dict, got: dict, viewed) -> dict:
    """The observables of a state the engine stated and that agreed with the spec's (a
    witness counts only where the engine's observable was compared)."""
    out = {}
    for key in ("phase", "to_act"):
        if key in got and got[key] == want[key]:
            out[key] = True
    theirs = got.get("legal")
    if isinstance(theirs, list):
        if len(theirs) == len(want["legal"]) and set(map(str, theirs)) == set(want["legal"]):
            out["legal"] = True     # the same words: the same actions
        else:
            try:
                if {Action.parse(str(a)) for a in theirs} == \
                        {Action.parse(a) for a in want["legal"]}:
                    out["legal"] = True
            except Exception:  # noqa: BLE001 - an unreadable action: the legal sets differ
                pass
    held = got.get("hand")
    if isinstance(held, list) and sorted(map(str, held)) == sorted(want.get("hand", ())):
        out["hand"] = True
    last, mine = got.get("last_trick"), want.get("last_trick")
    if isinstance(last, dict) and isinstance(mine, dict) and \
            last.get("winner") == mine["winner"] and last.get("points") == mine["points"]:
        out["last_trick"] = True
    if viewed:
        out["view"] = True
        out["views"] = tuple(viewed)
        out["hidden"] = {}          # the spec's hidden cards per seat, computed once
    return out


def _checks(want: dict) -> dict:
    """A case's step for each observable of a state, as the spec states it."""
    out = {"phase": {"expect": {"phase": want["phase"]}},
           "to_act": {"expect": {"to_act": want["to_act"]}},
           "legal": {"expect": {"to_act": want["to_act"], "legal": want["legal"]}}}
    if "hand" in want and want.get("to_act") is not None:
        out["hand"] = {"expect": {"hand": {"seat": want["to_act"], "cards": want["hand"]}}}
    last = want.get("last_trick")
    if isinstance(last, dict):
        out["last_trick"] = {"expect": {"last_trick": {"winner": last["winner"],
                                                       "points": last["points"]}}}
    return out


def _view_check(hand, shadow_hand, seats) -> dict | None:
    """A case's step for a view the alternative would show otherwise: the cards the spec
    hides from a seat and the alternative shows it."""
    from ...engine import attribution
    for seat in seats:
        shown = attribution.hidden_codes(hand, seat) - \
            attribution.hidden_codes(shadow_hand, seat)
        if shown:
            return {"expect": {"view": {"seat": seat, "hidden": sorted(shown)}}}
    return None


def _barred_held(hand) -> bool:
    """The bid winner holds a card it may not lay aside now (``nest.forbid``)."""
    t = hand.t
    allowed = {a.value for a in hand.legal_actions() if a.kind == "discard"}
    return any(t.codes[card] not in allowed for card in hand.hands[hand.bidder])


def _auction(hand):
    return getattr(hand, "auction", ()) or ()


def _copy_counts(base: Coverage) -> Coverage:
    """The counts a deal starts from: the round's, with no deals of its own yet."""
    out = copy.deepcopy(base)
    out.decided_in = {}
    out.examples, out.masked = {}, {}
    return out


def _counts_since(now: Coverage, base: Coverage) -> Coverage:
    """What a deal added to the round's counts."""
    return Coverage(now.categories - base.categories, now.codes - base.codes,
                    now.phases - base.phases, now.rules - base.rules,
                    now.decided - base.decided, now.decided_in,
                    now.stopped_by - base.stopped_by, now.views - base.views,
                    now.hands - base.hands, now.ended - base.ended,
                    now.witnesses - base.witnesses, now.examples, now.masked)


# -- a round on several workers ----------------------------------------------------------

@dataclass(frozen=True)
class WorkerSetup:
    """What a worker needs to play deals as the run's fuzzer would: a new engine
    (``engine_factory()``, closed when the worker ends) and the spec loaded again
    (``oracle_factory()``: a compiled spec does not cross a process boundary; its source
    does).  ``run`` tells one run's fuzzer from another's on a worker that outlives it
    (a Dask cluster)."""

    engine_factory: object
    oracle_factory: object
    spec_ref: str | None
    seed: int
    probe_rate: float
    view_rate: float
    run: str = field(default_factory=lambda: uuid.uuid4().hex)
    witness_ref: str | None = None

    def fuzzer(self) -> Fuzzer:
        """This worker's fuzzer for the run, with its own engine (made on first use)."""
        from ...parallel import worker_local

        def make() -> Fuzzer:
            engine = self.engine_factory()
            return Fuzzer(self.oracle_factory(), engine, self.seed,
                          spec_ref=self.spec_ref, probe_rate=self.probe_rate,
                          view_rate=self.view_rate, witness_ref=self.witness_ref)
        return worker_local(("fuzzer", self.run), make, lambda f: f.engine.close())


def _play_share(share) -> list[DealOutcome]:
    """A worker's share of a round: its deals played by the oracle with the run's
    learned ``changes``, each from the counts ``base`` of the round's start."""
    from .adapt import Adaptation
    setup, changes, learned, numbers, plan, base, told = share
    worker = setup.fuzzer()
    key = tuple(sorted(changes.items()))
    if key not in worker.oracles:
        if worker.adaptation is None:
            worker.adaptation = Adaptation(worker.spec_ref)
        worker.oracles[key] = worker.adaptation.variant(dict(changes))
    worker.variant = worker.oracles[key]
    worker.t = tables_for(worker.variant)
    worker.learned = lambda: learned        # the rules the run had learned by this round
    worker._round_changes = dict(changes)   # and their clauses, for the witnesses
    worker.start()
    return [worker.play_planned(n, plan[n], base, told) for n in numbers]


def _lost_deal(share, why: str) -> list[DealOutcome]:
    """A deal whose worker process died each time it was played (an engine that kills
    its parent, memory the system would not give): an engine failure of that deal, told
    in every report, and the campaign goes on."""
    number = share[3][0]
    failure = Difference("engine-failure", (), {}, (), [], "an answer", "worker-died",
                         f"the worker process playing deal {number} {why}", number)
    return [DealOutcome(number, found=[failure])]


def play_round(campaign, setup: WorkerSetup, fuzzer: Fuzzer, numbers: list[int],
               plan: dict, progress=None) -> list[DealOutcome]:
    """A round's deals, one work item each (so the workers share a round however long
    its deals take), on the campaign's workers; the outcomes in deal order.  Stopped by
    Ctrl-C or SIGTERM, the deals that had finished before the first that had not are
    merged into ``fuzzer`` and the stop goes on."""
    from ...parallel import Interrupted
    changes = dict(fuzzer.adaptation.changes) if fuzzer.adaptation else {}
    learned = fuzzer.learned()
    shares = [(setup, changes, learned, [n], {n: plan[n]}, fuzzer.coverage, fuzzer._told)
              for n in numbers]
    try:
        done = (lambda index, outcomes: progress()) if progress else None
        return [outcome for outcomes in campaign.map_in_order(_play_share, shares, done,
                                                              _lost_deal)
                for outcome in outcomes]
    except Interrupted as stop:
        for index in range(len(shares)):
            if index not in stop.finished:
                break
            for outcome in stop.finished[index]:
                fuzzer.merge(outcome)
        raise stop.cause from None


__all__ = ["DealOutcome", "Fuzzer", "WorkerSetup", "play_round"]
