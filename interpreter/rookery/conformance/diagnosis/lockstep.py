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
from collections.abc import Callable

from ...engine import attribution, decisions
from ...engine.actions import Action
from ...engine.deal import deal_hand
from ...engine.tables import tables_for
from ...errors import IllegalAction
from ...language.model import Variant
from ..protocol.engines import DealRefused, EngineFailure, Unsupported
from ..protocol.session import Session
from .compare import action_order
from .comparisons import Comparisons
from .differences import KINDS, Coverage, Difference
from .differences import OutOfStep as _OutOfStep
from .differences import deal_dict as _deal_dict
from .probes import Probes


class Lockstep(Comparisons, Probes):
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
        # kept per oracle (the rules learned by then): a rule that behaves alike once
        # the engine's version of another is learned says nothing of the differences
        # found before
        self.alike_by: dict[tuple, set[str]] = {}
        self.unattributed: list[Difference] = []
        self._told: set[tuple[str, str]] = set()

    # -- the run -----------------------------------------------------------------------------

    def start(self):
        if self.info is None:
            self.info = self.engine.start()
        return self.info

    @property
    def alike(self) -> set[str]:
        """The rules seen to behave alike where they applied, under the oracle now."""
        return self.alike_by.setdefault(self.learned(), set())

    @alike.setter
    def alike(self, rules: set[str]) -> None:
        self.alike_by[self.learned()] = rules

    def alike_under(self, learned: tuple) -> set[str]:
        """The rules seen to behave alike under the oracle with ``learned``."""
        return self.alike_by.get(learned, set())

    def finish(self) -> None:
        """Name the rule of each difference that fit several rules in its own deal, where
        the other deals leave one: a rule that behaved alike where it applied is not the
        cause.  What still fits several rules is kept apart, unattributed."""
        # Every trick was counted alike, so the counters are valued alike: a card valued
        # otherwise would have shown in some trick -- except a card that never was in a
        # trick, laid aside in the nest whose counters the result holds (the
        # differences of such hands keep the counters among the rules they fit).
        counters = self.t.rule("scoring", "counters")
        seen_alike = not any(d.kind == "trick-points" for d in self.differences)
        named = {d.rules[0] for d in self.differences if len(d.rules) == 1}
        for difference, fits in self.pending:
            alike = self.alike_under(difference.learned)
            if seen_alike and not difference.nest_unseen:
                alike = alike | {counters}
            left = fits - alike
            if len(left) > 1:
                # each rule's alternatives tried on the deal: the one whose alternative
                # removes the difference explains it
                left = self.explaining(difference, left) or left
            if len(left) > 1:
                # no one rule's alternative explains it: two rules' taken together may
                # (a sweep scored without its double and with another bonus)
                joint = self.explaining_together(difference, left)
                if joint:
                    difference.rules = tuple(sorted(joint))
                    self.differences.append(difference)
                    if self.on_difference:
                        self.on_difference(difference)
                    continue
            if len(left) > 1 and len(left & named) == 1:
                # of the rules it fits, one is broken where nothing else could explain
                # it: that one explains this difference too (a sweep takes every
                # counter: all-tricks and all-points fit the same deal)
                left = left & named
            if len(left) != 1 and len(difference.rules) == 1 and difference.rules[0] in left:
                # read one way in its own hand, and no other hand told otherwise
                left = set(difference.rules)
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

    def explaining(self, difference: Difference, rules: set[str]) -> set[str]:
        """Of ``rules``, which all fit ``difference``, the one that explains it when
        played otherwise (none here: a plain comparison has no alternatives to try; see
        :meth:`rookery.conformance.differential.fuzzer.Fuzzer.explaining`)."""
        return set()

    def explaining_together(self, difference: Difference, rules: set[str]) -> set[str]:
        """Of ``rules``, the two that explain ``difference`` together (none here; see
        :meth:`rookery.conformance.differential.fuzzer.Fuzzer.explaining_together`)."""
        return set()

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
            try:
                self.start()
                self._play(rng, number, deal, choices, found)
            except _OutOfStep:
                stops = [d for d in found if d.kind in STOPPING]
                for rule in (stops[-1].rules if stops else ()):
                    self.coverage.stopped_by[rule] += 1
                self._witness_stop(stops[-1] if stops else None, number)
            except EngineFailure as failure:
                found.append(Difference("engine-failure", (), deal, (), [], "an answer",
                                        failure.verdict, failure.message, number))
                self.coverage.stopped_by["an engine failure"] += 1
                self._witness_stop(found[-1], number)
                self.engine.restart()
                self.info = None
            except Unsupported as refusal:
                raise refusal
            except DealRefused as refusal:
                found.append(Difference("deal-refused", (), deal, (), [],
                                        "the deal accepted", f"refused ({refusal.code})",
                                        refusal.message, number))
        finally:
            # kept also when the run is stopped in mid-deal (SIGINT, SIGTERM): what the
            # deal has shown so far is found
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
        self._engine_top = None     # the engine's own maximum bid, once this deal shows it
        # The trick last compared, by hand and number: forgotten with each deal, since a
        # new deal's hand may reuse the id of an earlier one (a replay would skip it).
        self._trick_checked = None
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
                self._witness_hand(hand)
            if hand.is_over:
                self._compare_end(hand, want, got, record)
                self.coverage.ended += 1
                self.coverage.decide(decisions.end_rules(hand), number)
                self._witness_end(hand, want, got, record)
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
            viewed = [seat] if self._check_view(hand, seat, got, record) else []
            if choices is not None:
                probe, view = self._replay
                if view is not None and view != seat and \
                        self._check_view(hand, view, self.engine.state(view), record):
                    viewed.append(view)
                if probe is not None and step == len(choices):
                    self._offer(oracle, deal, path, got, record, *probe, check_state=True)
                    raise _OutOfStep
            else:
                if rng.random() < self.view_rate:
                    other = rng.randrange(hand.n)
                    if other != seat and self._check_view(hand, other,
                                                          self.engine.state(other), record):
                        viewed.append(other)
            self._witness_state(hand, want, got, viewed, first_state, len(path))
            first_state = False
            if choices is None and rng.random() < self.probe_rate:
                self._probe(rng, oracle, deal, path, got, record)
            action = self._choose(rng, hand, everything if choices is not None else legal,
                                  choices, step, seat, record)
            step += 1
            governing = decisions.action_rules(hand, action)
            events = oracle.game.apply(action, seat)
            self._witness_action(action, seat)
            for event in events:
                for rule in event.rules:
                    self.coverage.rules[rule] += 1
            self.coverage.decide(governing + tuple(
                rule for event in events for rule in event.rules), number)
            path.append((seat, str(action)))
            self.actions += 1

    # -- witnesses (differential play looks for them; a plain comparison does not) ---------------

    def _witness_hand(self, hand) -> None:
        """A hand of the deal begins (its first state compared)."""

    def _witness_state(self, hand, want, got, viewed, first, step) -> None:
        """A state compared: ``viewed`` the seats whose view was checked and agreed."""

    def _witness_action(self, action, seat) -> None:
        """The oracle applied ``action`` for ``seat``."""

    def _witness_end(self, hand, want, got, record) -> None:
        """A finished hand compared."""

    def _witness_stop(self, difference, number) -> None:
        """The comparison of the deal stopped at ``difference`` (None: replay's end)."""

    # -- a game's next hands --------------------------------------------------------------------

    def _game_goes_on(self, rng, oracle, choices, found) -> bool:
        """Deal the game's next hand too? Only while the two agree so far, the engine
        deals next hands, the game is not over, now and then (a game of up to 4 hands).
        Where the two differ only in what the hand scored, and the engine's own totals
        (judged, :mod:`.judged`) go on as its game does, the game goes on **from the
        engine's totals**: the spec's game takes them up, so its later hands and end
        are compared too."""
        carried = self._carried(found)
        if choices is not None or (found and carried is None) or self.info is None or \
                (len(self.pending) != self._pending_before and carried is None) or \
                "next-hand" not in self.info.features:
            return False
        if getattr(oracle.game, "stopped", False) or (carried is None and
                                                       oracle.game.is_over):
            return False
        if len(oracle.game.results) >= 4 or rng.random() >= 0.5:
            return False
        if carried is not None:
            _take_up_totals(oracle.game, carried)
        return True

    def _carried(self, found):
        """The engine's totals to go on from, where its hand differs only in what it
        scored (or took) and the spec judges the game to go on from them; else None."""
        judged = getattr(self, "_judged", None)
        nothing_differs = not found and len(self.pending) == self._pending_before
        if judged is None or judged[1] or nothing_differs:
            return None
        if any(d.kind not in ("result", "trick-points") for d in found):
            return None
        if any(d.kind not in ("result", "trick-points")
               for d, _ in self.pending[self._pending_before:]):
            return None
        return judged[0]

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
        record.found = found
        record.path = lambda: tuple(path)
        self._record = record           # the hand now (its deal and path, for witnesses)
        return record

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


def _take_up_totals(game, result) -> None:
    """The spec's game goes on from ``result``'s totals (the engine's): no winner yet,
    and the next hand dealt by the dealer after this hand's, from those totals."""
    from ...engine.deal import deal_hand
    from ...engine.redeal import next_dealer
    finished = game.hand if game.hand.is_over else None
    game.scores = tuple(result.scores)
    game.winners = ()
    if finished is not None:        # the spec's totals had ended the game
        game.hand = deal_hand(game.variant, game.rng, next_dealer(finished),
                              game.scores, finished.number + 1)


def _simplest(action: Action):
    """A canonical order of actions, simplest first: a pass, the lowest bid, then by
    kind and value."""
    return (action.kind != "pass",) + action_order(str(action))


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
