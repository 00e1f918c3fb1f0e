"""Differential play: a spec as the oracle, an engine under test, and every decision
compared.

Seeded random deals are dealt to both, explicitly, over the engine's verbs (``deal``,
``apply``, ``state``).  At every step the phase, whose turn, the exact legal set and what
the acting seat may see are compared; illegal actions drawn from every kind of mistake
the phase allows are offered, and the engine must refuse each with the oracle's code,
leaving its state as it was; each trick's winner and points, the hand's result and the
end of the game are compared when they happen.

A difference is recorded with the rule ids the oracle names for it (see
:mod:`rookery.engine.attribution`) and play **goes on**: the next action is one both
sides accept, so one difference does not hide the next.  Where the two can no longer be
kept in step (they disagree on whose turn it is, or who won a trick), the next deal
begins.  Choices are steered towards what has not yet been exercised (action categories,
rejection codes, rules, the end of the game), not only uniform random play.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...engine import attribution, decisions
from ...engine.actions import Action
from ...engine.deal import deal_hand
from ...engine.tables import tables_for
from ...errors import IllegalAction
from ...language.model import Variant
from .compare import action_order, compare, strings_in
from ..protocol.engines import DealRefused, EngineFailure, Unsupported
from ..protocol.session import Session

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
    "view-shows": "hides from a seat a nest card turned face up for everyone",
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

    @property
    def key(self) -> tuple[str, str]:
        return (",".join(self.rules) or "-", self.kind)

    def to_json(self) -> dict:
        return {"kind": self.kind, "rules": list(self.rules), "deal": self.deal,
                "path": [f"{seat} {action}" for seat, action in self.path],
                "check": self.check, "expected": self.expected, "actual": self.actual,
                "detail": self.detail, "deal_number": self.deal_number}


class _OutOfStep(Exception):
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


def _deal_dict(hand) -> dict:
    return {"dealer": hand.dealer, "hands": [list(h) for h in hand.start_hands],
            "nest": list(hand.start_nest), "scores": list(hand.scores_before),
            "number": hand.number}


class Lockstep:
    """``engine`` and the oracle ``variant`` played in lockstep, every decision compared.

    ``engine`` has the runner's verbs (start, deal, apply, state, restart); its hello
    has been read by the caller or is read here.  ``on_difference`` is called for each
    difference as it is found."""

    def __init__(self, variant: Variant, engine, seed: int = 0, *,
                 probe_rate: float = 0.6, view_rate: float = 0.15,
                 on_difference: Callable[[Difference], None] | None = None):
        self.variant = variant
        self.original = variant
        self.engine = engine
        self.seed = seed
        self.probe_rate = probe_rate
        self.view_rate = view_rate
        self.coverage = Coverage()
        self.differences: list[Difference] = []
        self.on_difference = on_difference
        self.t = tables_for(variant)
        self.deals = 0
        self.actions = 0
        self.info = None
        self._want: tuple[str, str] | None = None
        # Differences in what a side took that fit several rules, weighed at the end
        # against the rules other deals showed to behave alike (see finish()).
        self.pending: list[tuple[Difference, set[str]]] = []
        self.alike: set[str] = set()
        self.unattributed: list[Difference] = []
        self._told: set[tuple[str, str]] = set()

    # -- the run -----------------------------------------------------------------------------

    def start(self):
        if self.info is None:
            self.info = self.engine.start()
        return self.info

    def finish(self) -> None:
        """Name the rule of each difference that fit several rules in its own deal, where
        the other deals leave one: a rule that behaved alike where it applied is not the
        cause.  What still fits several rules is kept apart, unattributed."""
        if not any(d.kind == "trick-points" for d in self.differences):
            # Every trick was counted alike, so the counters are valued alike: a card
            # valued otherwise would have shown in some trick.
            self.alike.add(self.t.rule("scoring", "counters"))
        named = {d.rules[0] for d in self.differences if len(d.rules) == 1}
        for difference, fits in self.pending:
            left = fits - self.alike
            if len(left) > 1 and len(left & named) == 1:
                # of the rules it fits, one is broken where nothing else could explain
                # it: that one explains this difference too (a sweep takes every
                # counter: all-tricks and all-points fit the same deal)
                left = left & named
            if len(left) == 1:
                difference.rules = tuple(left)
                self.differences.append(difference)
                if self.on_difference:
                    self.on_difference(difference)
            else:
                difference.fits = tuple(sorted(left or fits))
                difference.detail += " (fits " + ", ".join(difference.fits) + ")"
                self.unattributed.append(difference)
        self.pending = []

    def learned(self) -> tuple:
        """The rules learned so far (none: a plain comparison learns nothing; see
        :class:`rookery.conformance.differential.fuzzer.Fuzzer`)."""
        return ()

    def make_deal(self, rng: random.Random) -> dict:
        """A random deal of the spec's deck (differential play steers its deals)."""
        v = self.variant
        return _deal_dict(deal_hand(v, rng, rng.randrange(v.table.players),
                                    [0] * self.t.keepers, rng.randrange(4)))

    def play_deal(self, number: int, deal: dict | None = None,
                  choices: list[int] | None = None, want: tuple[str, str] | None = None,
                  probe: tuple[int, str] | None = None, view: int | None = None
                  ) -> list[Difference]:
        """One deal: compare until the hand is over or the two fall out of step.

        With ``choices`` (indices into each step's common legal set, in canonical order)
        the play is replayed exactly, as the shrinker needs: no random probes, but
        ``probe`` (a seat and an action) offered once the choices are spent, and the view
        of seat ``view`` checked at every step.  With ``want``, the deal stops at the first
        difference of that key.  Returns the deal's differences."""
        rng = random.Random(f"{self.seed}/{number}")
        deal = deal if deal is not None else self.make_deal(rng)
        found: list[Difference] = []
        self._want = want
        self._replay = (probe, view)
        self.deals += 1
        try:
            self.start()
            self._play(rng, number, deal, choices, found)
        except _OutOfStep:
            stops = [d for d in found if d.kind in STOPPING]
            for rule in (stops[-1].rules if stops else ()):
                self.coverage.stopped_by[rule] += 1
        except EngineFailure as failure:
            found.append(Difference("engine-failure", (), deal, (), [], "an answer",
                                    failure.verdict, failure.message, number))
            self.engine.restart()
            self.info = None
        except Unsupported as refusal:
            raise refusal
        except DealRefused as refusal:
            found.append(Difference("deal-refused", (), deal, (), [], "the deal accepted",
                                    f"refused ({refusal.code})", refusal.message, number))
        for difference in found:
            self.differences.append(difference)
            if self.on_difference:
                self.on_difference(difference)
        return found

    # -- one deal ------------------------------------------------------------------------------

    def _play(self, rng, number, deal, choices, found) -> None:
        oracle = Session({self.variant.id: self.variant})
        oracle.deal(self.variant.id, deal["dealer"], deal["hands"], deal["nest"],
                    deal.get("scores"), deal.get("number", 0))
        self.engine.deal(self.variant.id, deal)
        path: list[tuple[int, str]] = []
        step = 0
        record = self._recorder(number, deal, path, found)
        self._their_points: dict[int, int] = {}
        self._counted_apart = False
        self._pending_before = len(self.pending)
        self._number = number
        first_state = True
        if not hasattr(self, "_auction"):
            self._auction, self._auction_seat = "steered", 0
        while True:
            hand = oracle.hand
            seat = hand.actor
            self.coverage.phases[hand.phase] += 1
            want = oracle.state(seat)
            got = self.engine.state(seat)
            self._compare_trick(hand, want, got, record)
            if first_state:
                self.coverage.hands += 1
                self.coverage.decide(decisions.deal_rules(hand), number)
                first_state = False
            if hand.is_over:
                self._compare_end(hand, want, got, record)
                self.coverage.ended += 1
                self.coverage.decide(decisions.end_rules(hand), number)
                if not self._game_goes_on(rng, oracle, choices, found):
                    return
                earlier = record.earlier + ((deal, tuple(path)),)
                deal = self._next_deal(rng, oracle)
                path = []
                step = 0
                record = self._recorder(number, deal, path, found, earlier)
                self._their_points, self._counted_apart = {}, False
                self._compare_next(oracle, record, hand)
                first_state = True
                continue
            self._compare_turn(hand, want, got, record)
            self._compare_hand(hand, seat, want, got, record)
            legal, everything = self._compare_legal(hand, want, got, record)
            self._check_view(hand, seat, got, record)
            if choices is not None:
                probe, view = self._replay
                if view is not None and view != seat:
                    self._check_view(hand, view, self.engine.state(view), record)
                if probe is not None and step == len(choices):
                    self._offer(oracle, deal, path, got, record, *probe, check_state=True)
                    raise _OutOfStep
            else:
                if rng.random() < self.view_rate:
                    other = rng.randrange(hand.n)
                    if other != seat:
                        self._check_view(hand, other, self.engine.state(other), record)
                if rng.random() < self.probe_rate:
                    self._probe(rng, oracle, deal, path, got, record)
            action = self._choose(rng, hand, everything if choices is not None else legal,
                                  choices, step, seat, record)
            step += 1
            governing = decisions.action_rules(hand, action)
            events = oracle.game.apply(action, seat)
            for event in events:
                for rule in event.rules:
                    self.coverage.rules[rule] += 1
            self.coverage.decide(governing + tuple(
                rule for event in events for rule in event.rules), number)
            path.append((seat, str(action)))
            self.actions += 1

    # -- a game's next hands --------------------------------------------------------------------

    def _game_goes_on(self, rng, oracle, choices, found) -> bool:
        """Deal the game's next hand too? Only while the two agree so far, the engine
        deals next hands, the game is not over, now and then (a game of up to 4 hands)."""
        return (choices is None and not found and self.info is not None
                and len(self.pending) == self._pending_before     # nor a result in doubt
                and "next-hand" in self.info.features and not oracle.game.is_over
                and not getattr(oracle.game, "stopped", False)
                and len(oracle.game.results) < 4 and rng.random() < 0.5)

    def _next_deal(self, rng, oracle) -> dict:
        """New cards for the game's next hand, dealt to both as a "next" deal."""
        following = oracle.game.hand
        cards = deal_hand(self.variant, rng, following.dealer, None, following.number)
        deal = {"next": True, "hands": [list(h) for h in cards.start_hands],
                "nest": list(cards.start_nest)}
        oracle.deal_next(deal["hands"], deal["nest"])
        self.engine.deal(self.variant.id, deal)
        return deal

    def _compare_next(self, oracle, record, before) -> None:
        """The next hand's dealer (passing left, after a throw-in too), its number and
        the scores carried into it (``before`` is the hand just over)."""
        want = oracle.state(None)
        got = self.engine.state(None)
        keys = [k for k in ("dealer", "number", "scores") if k in got and got[k] != want[k]]
        if keys:
            rules = attribution.next_dealer_rules(before) if "dealer" in keys else ()
            record("next-hand", rules, [{"expect": {k: want[k] for k in keys}}],
                   {k: want[k] for k in keys}, {k: got.get(k) for k in keys}, stop=True)

    def _recorder(self, number, deal, path, found, earlier=()):
        def record(kind: str, rules, check, expected, actual, detail="", stop=False):
            difference = Difference(kind, tuple(rules), deal, tuple(path), check,
                                    expected, actual, detail, number, earlier,
                                    self.learned())
            found.append(difference)
            if stop or (self._want is not None and difference.key == self._want):
                raise _OutOfStep
        record.deal, record.number, record.earlier = deal, number, earlier
        record.path = lambda: tuple(path)
        return record

    # -- comparisons ---------------------------------------------------------------------------

    def _compare_trick(self, hand, want, got, record) -> None:
        """The last complete trick: who won it and the points in it."""
        mine = want.get("last_trick")
        if not mine or not hand.tricks:
            return
        theirs = got.get("last_trick")
        leader, cards, seats, winner = hand.tricks[-1]
        trick_no = len(hand.tricks)
        if getattr(self, "_trick_checked", None) == (id(hand), trick_no):
            return
        self._trick_checked = (id(hand), trick_no)
        steps = [{"expect": {"last_trick": {"winner": mine["winner"],
                                            "points": mine["points"]}}}]
        if isinstance(theirs, dict) and isinstance(theirs.get("points"), int):
            self._their_points[trick_no] = theirs["points"]
        if not isinstance(theirs, dict):
            record("trick-winner", hand.trick_rules[-1], steps, mine, theirs,
                   "the engine reports no last trick", stop=True)
        if theirs.get("winner") != winner:
            rules = attribution.seat_of_card_rule(hand, hand.ctx, cards, seats, winner,
                                                  theirs.get("winner"))
            record("trick-winner", rules, steps, {"winner": winner},
                   {"winner": theirs.get("winner")},
                   f"trick {trick_no}: " + ", ".join(
                       f"{s}:{hand.t.codes[c]}" for s, c in zip(seats, cards)), stop=True)
        if theirs.get("points") != mine["points"]:
            self._counted_apart = True
            record("trick-points", attribution.points_rules(hand), steps,
                   {"points": mine["points"]}, {"points": theirs.get("points")},
                   f"trick {trick_no}: " + ", ".join(hand.t.codes[c] for c in cards))

    def _compare_end(self, hand, want, got, record) -> None:
        """The finished hand: its result, then the end of the game."""
        if got.get("phase") != "done" or got.get("hand_over") is not True:
            record("phase", attribution.phase_rules(hand, got.get("phase")),
                   [{"expect": {"phase": "done", "hand_over": True}}], "done",
                   got.get("phase"), stop=True)
        result = want["result"]
        theirs = got.get("result")
        parts = {k: result[k] for k in ("thrown_in", "nest_to", "taken", "made", "changes",
                                        "scores")}
        if compare({"result": parts}, got, {}):
            shown = {k: theirs.get(k) for k in parts} if isinstance(theirs, dict) else theirs
            steps = [{"expect": {"hand_over": True, "result": parts}}]
            taken_differs = isinstance(theirs, dict) and \
                theirs.get("thrown_in") == parts["thrown_in"] and \
                theirs.get("nest_to") == parts["nest_to"] and \
                theirs.get("taken") != parts["taken"]
            if taken_differs:
                if self._counted_apart:
                    return      # the trick's counters already told this difference
                fits, alike = attribution.taken_hypotheses(hand, parts["taken"],
                                                           theirs.get("taken"))
                self.alike |= alike
                difference = Difference("result", tuple(fits), record.deal, record.path(),
                                        steps, parts, shown, "what the sides took differs",
                                        record.number, record.earlier, self.learned())
                if len(fits) == 1:
                    record("result", fits, steps, parts, shown, "what the sides took differs")
                else:
                    self.pending.append((difference, set(fits)))
                return
            if isinstance(theirs, dict) and theirs.get("taken") == parts["taken"]:
                _, alike = attribution.taken_hypotheses(hand, parts["taken"], parts["taken"])
                self.alike |= alike
            record("result", attribution.result_rules(hand, parts, theirs), steps, parts,
                   shown)
            return          # the game's end follows from a result the two disagree on
        if not parts["thrown_in"]:
            _, alike = attribution.taken_hypotheses(hand, parts["taken"], parts["taken"])
            self.alike |= alike
        if compare({"game_over": want["game_over"]}, got, {}):
            record("game-over", attribution.game_rules(hand, want["game_over"],
                                                       got.get("game_over")),
                   [{"expect": {"game_over": want["game_over"]}}], want["game_over"],
                   got.get("game_over"))

    def _compare_turn(self, hand, want, got, record) -> None:
        if got.get("phase") != want["phase"]:
            record("phase", attribution.phase_rules(hand, got.get("phase")),
                   [{"expect": {"phase": want["phase"]}}], want["phase"], got.get("phase"),
                   stop=True)
        if got.get("to_act") != want["to_act"]:
            record("to_act", attribution.turn_rules(hand),
                   [{"expect": {"to_act": want["to_act"]}}], want["to_act"],
                   got.get("to_act"), stop=True)
        if hand.phase != "bidding" and (got.get("high_bid"), got.get("bidder")) != \
                (want["high_bid"], want["bidder"]):
            record("auction", attribution.auction_rules(hand),
                   [{"expect": {"high_bid": want["high_bid"], "bidder": want["bidder"]}}],
                   {"high_bid": want["high_bid"], "bidder": want["bidder"]},
                   {"high_bid": got.get("high_bid"), "bidder": got.get("bidder")},
                   stop=True)

    def _compare_hand(self, hand, seat, want, got, record) -> None:
        """The acting seat's cards: a nest taken at another time, cards passed
        otherwise, show here first."""
        theirs = got.get("hand")
        if seat is None or not isinstance(theirs, list):
            return
        mine = want.get("hand", [])
        if sorted(map(str, theirs)) != sorted(mine):
            record("hand", attribution.hand_rules(hand, seat),
                   [{"expect": {"hand": {"seat": seat, "cards": mine}}}], sorted(mine),
                   sorted(map(str, theirs)), stop=True)

    def _compare_legal(self, hand, want, got, record) -> tuple[list[Action], list[Action]]:
        """The legal set; returns the actions both sides allow, and the oracle's."""
        mine = [Action.parse(a) for a in want["legal"]]
        theirs_raw = got.get("legal")
        if not isinstance(theirs_raw, list):
            return mine, mine
        theirs = set()
        for text in theirs_raw:
            try:
                theirs.add(Action.parse(str(text)))
            except Exception:  # noqa: BLE001 - an unreadable action is simply not ours
                continue
        missing = [a for a in mine if a not in theirs]
        extra = sorted(theirs - set(mine), key=lambda a: action_order(str(a)))
        if missing or extra:
            rules = attribution.legal_difference_rules(hand, missing, extra, theirs)
            if rules is None:       # fits two rules here; other states will tell them apart
                return [a for a in mine if a in theirs] or mine, mine
            if not rules:
                # Left to the differences it follows from (the points a hand holds):
                # kept apart, unattributed (once), so an engine differing only here is seen.
                if ("legal", "the highest bids differ") in self._told:
                    return [a for a in mine if a in theirs] or mine, mine
                self._told.add(("legal", "the highest bids differ"))
                self.unattributed.append(Difference(
                    "legal", (), record.deal, record.path(), [{"expect": {
                        "to_act": want["to_act"], "legal": want["legal"]}}],
                    sorted(want["legal"], key=action_order),
                    sorted(map(str, theirs), key=action_order),
                    "the highest bids differ", record.number, record.earlier))
                return [a for a in mine if a in theirs] or mine, mine
            detail = []
            if missing:
                detail.append("not legal but should be: " + ", ".join(map(str, missing)))
            if extra:
                detail.append("legal but should not be: " + ", ".join(map(str, extra)))
            record("legal", rules, [{"expect": {"to_act": want["to_act"],
                                                "legal": want["legal"]}}],
                   sorted(want["legal"], key=action_order),
                   sorted(map(str, theirs), key=action_order), "; ".join(detail))
        common = [a for a in mine if a in theirs]
        return common or mine, mine

    def _check_view(self, hand, seat, got, record) -> None:
        view = got.get("view")
        if not isinstance(view, dict):
            return
        self.coverage.views += 1
        hidden = attribution.hidden_codes(hand, seat)
        if hand.start_nest:
            # what a seat may see of the nest: face down unless the spec turns it up
            self.coverage.decide((self.t.rule("nest", "face-up"), self.t.rule("nest", "shown")),
                                 getattr(self, "_number", 0))
        if hand.tricks:
            # what a seat may look at again of the tricks taken
            self.coverage.decide((self.t.rule("play", "review"),), getattr(self, "_number", 0))
        seen = sorted(hidden & set(strings_in(view)))
        if seen:
            record("view-leak", attribution.leak_rules(hand, seat, seen),
                   [{"expect": {"view": {"seat": seat, "hidden": seen}}}],
                   f"seat {seat} sees none of {', '.join(seen)}",
                   f"seat {seat} sees {', '.join(seen)}")
        self._check_shown(hand, seat, view, record)

    @staticmethod
    def _check_shown(hand, seat, view, record) -> None:
        """Nest cards turned face up must be in the view (``nest.face-up``,
        ``nest.shown``): a view without them is charged to the rule that shows them."""
        for fact, (cards, rule) in attribution.shown_facts(hand, seat).items():
            got = view.get(fact)
            if isinstance(got, list) and sorted(map(str, got)) == sorted(cards):
                continue
            record("view-shows", (rule,),
                   [{"expect": {"view": {"seat": seat, "shows": {fact: cards}}}}],
                   f"seat {seat}'s view shows {fact} {', '.join(cards)}",
                   f"seat {seat}'s view shows {fact} {got!r:.80}")

    # -- mistakes ------------------------------------------------------------------------------

    def _mistakes(self, rng, hand) -> list[tuple[int, Action]]:
        """Actions the rules refuse now, of every kind the phase allows: another seat's
        turn, an action of another phase, and the phase's own wrong moves."""
        t = self.t
        seat = hand.actor
        held = hand.hands[hand.bidder if hand.phase == "discard" else hand.to_act]
        out: list[tuple[int, Action]] = []
        legal = hand.legal_actions()
        if legal:
            out.append(((seat + 1 + rng.randrange(hand.n - 1)) % hand.n, rng.choice(legal)))
        phase = hand.phase
        others = {"bidding": Action("play", t.codes[held[0]]) if held else None,
                  "play": Action("bid", hand.variant.bidding.minimum),
                  "discard": Action("play", t.codes[held[0]]) if held else None}
        other = others.get(phase, Action("bid", hand.variant.bidding.minimum))
        if other is not None:
            out.append((seat, other))
        if phase == "bidding":
            b = hand.variant.bidding
            lowest = max(b.minimum, hand.high + b.step) if hand.high else b.minimum
            # each refusal code alone, and where two compete: a bid off the step above
            # the high bid but below the lowest raise (103 over 100, step 5), off the step
            # below the minimum, off the step above the maximum
            for amount in (b.minimum - b.step, hand.high, lowest + 1, t.max_bid + b.step,
                           lowest + 2 * b.step, lowest + b.step, hand.high + 1,
                           hand.high + b.step - 2, b.minimum - 1, t.max_bid + 1):
                if amount > 0:
                    out.append((seat, Action("bid", amount)))
        elif phase in ("play", "discard", "passing", "circus"):
            kind = {"play": "play", "discard": "discard"}.get(phase, "give")
            for card in rng.sample(range(len(t.codes)), min(12, len(t.codes))):
                out.append((seat, Action(kind, t.codes[card])))
            out.append((seat, Action(kind, "X99")))
        elif phase == "trump":
            for letter in t.letters + ("none",):
                out.append((seat, Action("trump", letter)))
        elif phase == "call":
            for card in held[:3]:
                out.append((seat, Action("call", t.codes[card])))
        legal_set = set(legal)
        return [(s, a) for s, a in out if s != seat or a not in legal_set]

    def _probe(self, rng, oracle, deal, path, got, record) -> None:
        """Offer one illegal action (the kind least tried so far): the engine must refuse
        it with the oracle's code and leave its state as it was."""
        hand = oracle.hand
        candidates = self._mistakes(rng, hand)
        if not candidates:
            return
        rng.shuffle(candidates)
        scored = []
        for seat, action in candidates[:8]:
            error = attribution.refusal(hand, action, seat)
            if error is not None:
                tried = self.coverage.categories["refused " + _context(hand, action, error)]
                scored.append((tried, seat, action, error))
        if not scored:
            return
        scored.sort(key=lambda item: item[0])
        _, seat, action, error = scored[0]
        self.coverage.categories["refused " + _context(hand, action, error)] += 1
        self._offer(oracle, deal, path, got, record, seat, str(action),
                    check_state=rng.random() < 0.3)

    def _offer(self, oracle, deal, path, got, record, seat: int, text: str,
               check_state: bool) -> None:
        """Offer one action the rules refuse and compare the engine's answer."""
        hand = oracle.hand
        error = attribution.refusal(hand, text, seat)
        if error is None:
            raise _OutOfStep            # (replaying) the action is legal here
        action = text
        self.coverage.codes[error.code] += 1
        if error.rule:
            self.coverage.decide((error.rule,), getattr(self, "_number", 0))
        outcome = self.engine.apply(seat, str(action))
        step = {"seat": seat, "do": str(action), "reject": error.code}
        rules = (error.rule,) if error.rule else ()
        if outcome.accepted and attribution.top_bid(hand, Action.parse(action)):
            # The highest bid is the points a hand holds: told by the counters.
            self._resync(deal, path)
            return
        if outcome.accepted:
            if error.code == "must-follow-color" and \
                    attribution.anytime_card(hand, Action.parse(action)):
                if self._allows_off_color(hand, got):
                    pass                        # any card may leave the color: the follow rule
                elif self._holds_ordinary_off_color(hand):
                    rules = (self.t.rule("play", "anytime"),)   # only the Rook may
                else:
                    self._resync(deal, path)    # nothing here tells which of the two
                    return
            record("accepts-illegal", rules, [step], f"rejected ({error.code})", "accepted",
                   error.message)
            self._resync(deal, path)
            return
        code_rules = attribution.code_rules(hand, error, outcome.code)
        if self.info is not None and self.info.error_codes and outcome.code != error.code \
                and code_rules:
            record("code", code_rules, [step], f"rejected ({error.code})",
                   f"rejected ({outcome.code})", outcome.message)
        if check_state:
            seat_asked = hand.actor
            after = self.engine.state(seat_asked)
            changed = [k for k in ("phase", "to_act", "legal", "hand")
                       if _ordered(after.get(k)) != _ordered(got.get(k))]
            if changed:
                record("changed-on-reject", rules, [step], "the state unchanged",
                       {k: after.get(k) for k in changed}, "changed: " + ", ".join(changed))
                self._resync(deal, path)

    def _allows_off_color(self, hand, got) -> bool:
        """Does the engine let the seat leave the led color with an ordinary card (then
        the follow rule differs, not which cards may be played anytime)?"""
        t = self.t
        for text in got.get("legal") or ():
            kind, _, code = str(text).partition(" ")
            card = t.card_of.get(code)
            if kind == "play" and card is not None and hand.trick_cards and \
                    hand.ctx.suit_of[card] != hand.led and \
                    card not in t.always_trump | t.anytime:
                return True
        return False

    def _holds_ordinary_off_color(self, hand) -> bool:
        """The seat to play holds a card of another color that is no Rook or special."""
        t = self.t
        return bool(hand.trick_cards) and any(
            hand.ctx.suit_of[c] != hand.led and c not in t.always_trump | t.anytime
            for c in hand.hands[hand.to_act])

    def _resync(self, deal, path) -> None:
        """Deal again and replay the accepted actions, so the engine is back in step (in
        a game's later hand there is no going back: the next deal begins)."""
        if deal.get("next"):
            raise _OutOfStep
        self.engine.deal(self.variant.id, deal)
        for seat, action in path:
            if not self.engine.apply(seat, action).accepted:
                raise _OutOfStep

    # -- choosing what to play -----------------------------------------------------------------

    def _steer(self, rng, hand, ordered: list[Action]) -> Action:
        """The next action of a deal not replayed from choices: uniform here; differential
        play steers it (:class:`rookery.conformance.differential.fuzzer.Fuzzer`)."""
        return rng.choice(ordered)

    def _chosen(self, hand, action: Action) -> None:
        """Called with every action chosen (differential play counts its categories)."""

    def _choose(self, rng, hand, legal, choices, step, seat, record) -> Action:
        """The next action both sides allow: replayed from ``choices``, else steered
        (:meth:`_steer`)."""
        ordered = sorted(legal, key=_simplest)
        if choices is not None:
            if step >= len(choices):
                raise _OutOfStep
            action = ordered[choices[step] % len(ordered)]
        else:
            action = self._steer(rng, hand, ordered)
        self._chosen(hand, action)
        self._last_choice = ordered.index(action)
        outcome = self.engine.apply(seat, str(action))
        if outcome.accepted:
            return action
        error_rules = () if attribution.top_bid(hand, action) else \
            attribution.permit_rules(hand, action)
        record("rejects-legal", error_rules, [{"seat": seat, "do": str(action)}], "accepted",
               f"rejected ({outcome.code})", outcome.message, stop=True)
        raise _OutOfStep


def _context(hand, action: Action, error) -> str:
    """A refusal code with the context it competes in: a bid off the step that is also
    not above the lowest raise, or below the minimum, or above the maximum, is another
    test of the code than a bid off the step alone."""
    if action.kind != "bid" or not isinstance(action.value, int):
        return error.code
    b = hand.variant.bidding
    lowest = max(b.minimum, hand.high + b.step) if hand.high else b.minimum
    where = "below-lowest" if action.value < lowest else \
        "above-top" if action.value > hand.t.max_bid else "in-range"
    off = (action.value - b.minimum) % b.step != 0
    return f"{error.code} ({where}{', off-step' if off else ''})"


def _simplest(action: Action):
    """A canonical order of actions, simplest first: a pass, the lowest bid, then by
    kind and value."""
    return (action.kind != "pass",) + action_order(str(action))


def _ordered(value):
    if isinstance(value, list):
        return sorted(map(str, value))
    return value


# Differences after which a replay cannot go on as written (the others are incidental:
# the path still passes through them).
STOPPING = {"phase", "to_act", "trick-winner", "auction", "rejects-legal", "accepts-illegal",
            "changed-on-reject", "engine-failure", "deal-refused", "result", "game-over",
            "hand", "next-hand"}


def diagnose(variant: Variant, engine, info, deal: dict, path, action=None,
             refused=None) -> list[Difference]:
    """Where an engine parts from the spec along ``path`` (seat, action pairs) from
    ``deal``: the deal is dealt again and replayed with every comparison the fuzzer
    makes.  ``action`` (a seat and an action) is then applied as the rules allow it, or
    ``refused`` offered as the rules refuse it.  Every difference found, in order."""
    fuzzer = Lockstep(variant, engine, probe_rate=0, view_rate=0)
    fuzzer.info = info
    steps = list(path) + ([action] if action is not None else [])
    try:
        choices = choices_of(variant, deal, steps)
    except (ValueError, IllegalAction):
        # The spec refuses an action of the path: replay as far as it allows; the
        # comparison there tells where the engine took another way.
        choices = choices_of(variant, deal, steps, prefix=True)
        refused = None
    found = fuzzer.play_deal(0, deal=deal, choices=choices, probe=refused)
    fuzzer.finish()
    return sorted(found + fuzzer.unattributed, key=lambda d: len(d.path))


def choices_of(variant: Variant, deal: dict, path, prefix: bool = False) -> list[int]:
    """The choice indices (see :meth:`Fuzzer.play_deal`) that replay ``path`` (with
    ``prefix``, as much of it as the spec allows)."""
    oracle = Session({variant.id: variant})
    oracle.deal(variant.id, deal["dealer"], deal["hands"], deal["nest"], deal.get("scores"),
                deal.get("number", 0))
    out = []
    for seat, text in path:
        ordered = sorted(oracle.hand.legal_actions(), key=_simplest)
        action = Action.parse(text)
        if prefix and (action not in ordered or seat != oracle.hand.actor):
            break
        out.append(ordered.index(action))
        oracle.hand.apply(action, seat)
    return out


__all__ = ["Difference", "Lockstep", "KINDS", "STOPPING", "choices_of", "diagnose"]
