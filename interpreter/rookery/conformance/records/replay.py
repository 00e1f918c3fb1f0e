"""Every recorded hand replayed against the spec: each action with its seat, the legal
actions the engine offered, the hand's result and the game's end, each difference
charged to its rule by :mod:`rookery.engine.attribution` (as differential play charges
them) and each agreement counted for the rules that governed it.

A recorded hand is its own deal (the cards, the dealer, the running scores the engine
carried into it), so a hand is judged from the engine's own state: a game's next hand
starts from the totals the engine reported, and the game's end is judged from them
too ("given these totals, what does the spec decide?").  Within a hand, the first
action the spec cannot follow (a seat not to act, an action the rules refuse, one the
spec has no word for) ends the comparison of that hand: what the engine did after it
was done in a state the spec never reached.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ...engine import attribution, decisions
from ...engine.actions import Action
from ...engine.deal_check import deal_problems
from ...engine.game import game_winners
from ...engine.hand import Hand
from ...engine.redeal import next_dealer
from ...errors import IllegalAction, UsageError
from ...language.model import Variant
from ..diagnosis.differences import Coverage, Difference
from ..protocol.session import result_of
from .log import GameEnd, GameStart, LogError, RecordedHand

# The kinds of difference only a log shows, in the report's words (the others are
# differential play's, :data:`rookery.conformance.diagnosis.differences.KINDS`).
LOG_KINDS = {
    "unreadable-action": "makes an action the spec has no word for",
    "unreadable-legal": "offers actions the spec has no word for",
    "goes-on": "goes on with the hand after the spec's hand is over",
    "stops-early": "ends the hand before the spec's hand is over",
}

# Kept in full per rule and kind (the rest counted), and errors kept (the rest counted):
# a log of 100 MB from an engine wrong in every hand is still read in bounded memory.
MAX_KEPT = 50
MAX_ERRORS = 1000


class _Hands:
    """How many hands, counted as they come in order, none of them kept."""

    __slots__ = ("last", "count")

    def __init__(self):
        self.last, self.count = None, 0

    def add(self, number: int) -> None:
        if number != self.last:
            self.last, self.count = number, self.count + 1

    def __len__(self) -> int:
        return self.count


class StreamedCoverage(Coverage):
    """Differential play's coverage, with the hands each rule decided in counted, not
    kept (a log's hands come in order)."""

    def decide(self, rules, number: int) -> None:
        for rule in rules:
            self.decided[rule] += 1
            self.decided_in.setdefault(rule, _Hands()).add(number)


# A difference after which the rest of its hand is not compared.
STOPPING = {"to_act", "accepts-illegal", "unreadable-action", "goes-on", "stops-early",
            "deal-refused"}


@dataclass
class Finding:
    """A difference with where the log shows it (``place``: ``line 12``) and in which
    game and hand (both from 1)."""

    difference: Difference
    place: str
    game: int
    hand: int


@dataclass
class _Previous:
    """The hand before, for the next one: the spec's hand, and the totals the engine
    reported after it (its result line, else the next deal's scores)."""

    hand: Hand
    place: str
    engine_scores: tuple[int, ...] | None
    engine_result: dict | None
    number: int         # the hand's number in its game
    index: int          # the hand's number in the run (a difference's "deal")
    witness: object = None      # the alternatives that played it beside the spec


@dataclass
class GamesCheck:
    """Recorded games checked against ``variant``: the run's state and counts.  Feed it
    the log's items in order (:meth:`take`); read ``findings``, ``errors`` and
    ``coverage`` after :meth:`close`."""

    variant: Variant
    findings: list[Finding] = field(default_factory=list)
    errors: list[LogError] = field(default_factory=list)
    coverage: Coverage = field(default_factory=StreamedCoverage)
    # per (rules, kind): the differences found, and the hands they were found in
    tally: dict = field(default_factory=dict)
    error_count: int = 0
    games: int = 0
    hands: int = 0
    actions: int = 0
    engines: list[str] = field(default_factory=list)
    witnesses: object = None    # a Witnesses (.witnesses), or None: decisions only
    _previous: _Previous | None = None
    _in_game: bool = False
    _hand_in_game: int = 0

    # -- the log's items --------------------------------------------------------------------

    def take(self, item) -> None:
        if isinstance(item, LogError):
            self._error(item)
        elif isinstance(item, GameStart):
            self._end_of_game(None)
            self._start(item)
        elif isinstance(item, GameEnd):
            self._end_of_game(item)
        elif isinstance(item, RecordedHand):
            self._hand(item)

    def close(self) -> None:
        self._end_of_game(None)

    def _error(self, error: LogError) -> None:
        self.error_count += 1
        if len(self.errors) < MAX_ERRORS:
            self.errors.append(error)

    def _start(self, start: GameStart) -> None:
        if start.variant != self.variant.id:
            self._error(LogError(start.place, (
                f"a game of '{start.variant}', but this run checks '{self.variant.id}' "
                "(its games are skipped; check them with --spec or --variant naming "
                f"'{start.variant}')")))
            self._in_game = False
            return
        self._in_game = True
        self.games += 1
        self._hand_in_game = 0
        if start.engine and start.engine not in self.engines and len(self.engines) < 20:
            self.engines.append(start.engine)

    def _end_of_game(self, end: GameEnd | None) -> None:
        """The game ends (an ``end`` line) or the log moves on to another game (``end``
        None: the engine's end of the last hand is not known, so it is not compared)."""
        previous, self._previous = self._previous, None
        if end is not None and previous is not None and self._in_game:
            self._judge_game_end(previous, end.winners, end.place)
        self._in_game = False

    # -- a hand -------------------------------------------------------------------------------

    def _hand(self, recorded: RecordedHand) -> None:
        if not self._in_game:
            return          # a game of another variant, or after its end: said already
        if recorded.broken:
            self._previous = None
            return
        previous, self._previous = self._previous, None
        deal = dict(recorded.deal)
        if previous is not None and self._judge_game_end(
                previous, False, recorded.place, tuple(deal["scores"])):
            previous = None     # the spec deals no next hand: nothing to compare it with
        problems = deal_problems(deal, self.variant, recorded.place)
        if problems:
            self._error(LogError(recorded.place, "the deal cannot be replayed: "
                                        + "; ".join(problems[:3])))
            return
        deal.setdefault("number", previous.number + 1 if previous is not None else 0)
        self.hands += 1
        self._hand_in_game += 1
        where = (self.games, self._hand_in_game)
        try:
            hand = Hand(self.variant, deal["dealer"], deal["hands"], deal["nest"],
                        deal["scores"], deal["number"])
        except UsageError as error:
            self._error(LogError(recorded.place, f"the deal cannot be replayed: "
                                                        f"{error}"))
            return
        number = self.hands - 1             # the hand's number in the run: its "deal"
        if previous is not None:
            self._judge_next(previous, hand, deal, recorded.place, where, number)
        self.coverage.hands += 1
        self.coverage.decide(decisions.deal_rules(hand), number)
        path: list[tuple[int, str]] = []
        witness = self.witnesses.hand(deal, {"deal": number, "place": recorded.place}) \
            if self.witnesses is not None else None
        stopped = self._replay(recorded, hand, deal, path, where, number, witness)
        if stopped:
            return
        if not hand.is_over:
            if recorded.result is not None:
                self._record("stops-early", attribution.phase_rules(hand, "done"), deal,
                             path, [{"expect": {"phase": hand.phase}}], hand.phase, "done",
                             f"the log gives the hand's result in phase {hand.phase}",
                             recorded.result_place, where, number)
            return
        self.coverage.ended += 1
        if self._judge_result(recorded, hand, deal, path, where, number) and witness:
            witness.result(hand, set(recorded.result) & set(result_of(hand)),
                           recorded.result_place)
        self._previous = _Previous(hand, recorded.place,
                                   tuple(recorded.result["scores"]) if recorded.result
                                   else None, recorded.result, deal["number"], number,
                                   witness)

    def _replay(self, recorded: RecordedHand, hand: Hand, deal: dict, path: list,
                where, number: int, witness=None) -> bool:
        """Each recorded action against the spec (and beside it, the alternatives that
        count witnesses); True when the hand stopped at a difference."""
        for index, step in enumerate(recorded.steps, 1):
            if hand.is_over:
                self._record("goes-on", attribution.phase_rules(hand, "play"), deal, path,
                             [{"expect": {"hand_over": True}}], "the hand over",
                             f"{step.seat} {step.action}", "", step.place, where, number)
                return True
            actor = hand.actor
            if step.legal is not None and step.seat == actor:
                self._judge_legal(hand, step, deal, path, where, number)
            if step.seat != actor:
                self._record("to_act", attribution.turn_rules(hand, step.seat), deal, path,
                             [{"expect": {"to_act": actor}}], actor, step.seat,
                             f"hand {where[1]} of game {where[0]}: seat {step.seat} "
                             f"made `{step.action}`, but it is seat {actor}'s turn",
                             step.place, where, number)
                return True
            try:
                action = Action.parse(step.action)
            except UsageError:
                self._record("unreadable-action", (), deal, path,
                             [{"expect": {"to_act": actor}}], "an action of the spec",
                             step.action, f"seat {step.seat} made `{step.action}`",
                             step.place, where, number)
                return True
            refused = attribution.refusal(hand, action, step.seat)
            if refused is not None:
                self.coverage.codes[refused.code] += 1
                self._record("accepts-illegal", (refused.rule,) if refused.rule else (),
                             deal, path, [{"seat": step.seat, "do": str(action),
                                           "reject": refused.code}],
                             f"rejected ({refused.code})", "accepted",
                             f"hand {where[1]} of game {where[0]}: seat {step.seat} "
                             f"`{action}` is refused by the rules: {refused.code} "
                             f"({refused.message})", step.place, where, number)
                return True
            governing = decisions.action_rules(hand, action)
            if witness is not None:
                witness.action(index, step.place, step.seat, action,
                               hand.legal_actions() if step.legal is not None else None)
            try:
                events = hand.apply(action, step.seat)
            except IllegalAction:       # refusal() said it is legal: never here
                return True
            self.coverage.decide(governing + tuple(
                rule for event in events for rule in event.rules), number)
            for event in events:
                for rule in event.rules:
                    self.coverage.rules[rule] += 1
            self.coverage.phases[hand.phase] += 1
            path.append((step.seat, str(action)))
            self.actions += 1
        return False

    def _judge_legal(self, hand: Hand, step, deal, path, where, number: int) -> None:
        """The legal actions the engine offered: every entry read, the set compared."""
        mine = hand.legal_actions()
        theirs: set[Action] = set()
        unread = []
        for text in step.legal:
            try:
                theirs.add(Action.parse(text))
            except UsageError:
                unread.append(text)
        expect = [{"expect": {"to_act": hand.actor, "legal": [str(a) for a in mine]}}]
        if unread:
            self._record("unreadable-legal", (), deal, path, expect,
                         "actions of the spec", unread,
                         "the engine offers actions the spec has no word for: "
                         + ", ".join(f"`{text}`" for text in unread[:5]),
                         step.place, where, number)
        missing = [a for a in mine if a not in theirs]
        extra = sorted(theirs - set(mine), key=str)
        rules = attribution.legal_rules(hand)
        if not (missing or extra):
            self.coverage.decide(rules, number)
            return
        charged = attribution.legal_difference_rules(hand, missing, extra, theirs)
        if charged is None:
            return              # the two rules it fits agree here
        detail = []
        if missing:
            detail.append("not offered but legal: " + ", ".join(map(str, missing)))
        if extra:
            detail.append("offered but not legal: " + ", ".join(map(str, extra)))
        self._record("legal", charged, deal, path, expect, sorted(map(str, mine)),
                     sorted(map(str, theirs)), "; ".join(detail), step.place, where,
                     number)

    def _judge_result(self, recorded: RecordedHand, hand: Hand, deal, path, where,
                      number: int) -> bool | None:
        """The hand's result as the engine gave it, the parts it gave (None: no result
        in the log, nothing compared)."""
        theirs = recorded.result
        if theirs is None:
            return None
        mine = result_of(hand)
        given = {k: mine[k] for k in mine if k in theirs}
        scoring = _scoring_part(hand)
        if all(theirs[k] == given[k] for k in given):
            self.coverage.decide(scoring, number)
            return True
        rules = attribution.result_rules(hand, mine, {k: theirs.get(k, mine[k])
                                                      for k in mine})
        self._record("result", rules, deal, path,
                     [{"expect": {"hand_over": True, "result": given}}], given,
                     {k: theirs[k] for k in given},
                     f"hand {where[1]} of game {where[0]}: "
                     + "; ".join(f"{k} {theirs[k]} (the spec: {given[k]})" for k in given
                                 if theirs[k] != given[k]),
                     recorded.result_place, where, number)
        return False

    def _judge_next(self, previous: _Previous, hand: Hand, deal: dict, place: str,
                    where, number: int) -> None:
        """The next hand of a game: its dealer, its number and the totals carried into
        it (those the engine reported after the hand before; without a result line, the
        spec's, so a wrong score shows here)."""
        before = previous.hand
        expected = {"dealer": next_dealer(before), "number": previous.number + 1}
        got = {"dealer": deal["dealer"], "number": deal["number"]}
        if previous.engine_scores is not None:
            expected["scores"] = list(previous.engine_scores)
        got["scores"] = list(deal["scores"])
        if previous.engine_scores is None:
            mine = list(before.result.scores)
            if got["scores"] != mine:
                rules = attribution.result_rules(before, result_of(before), dict(
                    result_of(before), scores=got["scores"],
                    changes=[a - b for a, b in zip(got["scores"], before.scores_before)]))
                self._record("result", rules, _deal_of(before), _path_of(before),
                             [{"expect": {"hand_over": True,
                                          "result": {"scores": mine}}}],
                             {"scores": mine}, {"scores": got["scores"]},
                             f"hand {where[1] - 1} of game {where[0]} ends at "
                             f"{got['scores']} (the next deal's scores), the spec: {mine}",
                             place, (where[0], where[1] - 1), number - 1)
        keys = [k for k in expected if expected[k] != got[k]]
        if keys:
            # a case of the two hands: the one before, played out, then this one's deal
            rules = attribution.next_dealer_rules(before) if "dealer" in keys else ()
            self._record("next-hand", rules, {"hands": deal["hands"], "nest": deal["nest"]},
                         (), [{"expect": {k: expected[k] for k in keys}}],
                         {k: expected[k] for k in keys}, {k: got[k] for k in keys},
                         f"game {where[0]}, hand {where[1]}: " + "; ".join(
                             f"{k} {got[k]} (expected {expected[k]})" for k in keys),
                         place, where, number, ((_deal_of(before), _path_of(before)),))

    def _judge_game_end(self, previous: _Previous, winners, place: str,
                        carried: tuple[int, ...] | None = None) -> bool:
        """Did the hand before end the game, and who won?  Judged from the engine's
        totals (its result line, else the scores it carried into the next hand): given
        these totals, what does the spec decide?  True when the spec ends the game."""
        hand = previous.hand
        totals = previous.engine_scores or carried or hand.result.scores
        judged = _Judged(hand, replace(hand.result, scores=tuple(totals)))
        expected_winners = game_winners(hand.variant, judged.result, hand.t.team_of)
        expected = {"winners": list(expected_winners)} if expected_winners else False
        actual = {"winners": list(winners)} if winners is not False else False
        if expected == actual:
            self.coverage.decide(_game_part(judged), previous.index)
            if previous.witness is not None:
                previous.witness.game_end(hand, tuple(totals), place)
            return bool(expected)
        rules = attribution.game_rules(judged, expected, actual)
        self._record("game-over", rules, _deal_of(hand), _path_of(hand),
                     [{"expect": {"game_over": _spec_game_over(hand)}}], expected, actual,
                     f"after a hand ending at {list(totals)}: the spec "
                     + (f"ends the game, winners {expected['winners']}" if expected
                        else "plays on")
                     + ", the engine "
                     + (f"ends it, winners {actual['winners']}" if actual
                        else "deals another hand"),
                     place, (self.games, self._hand_in_game), previous.index)
        return bool(expected)

    # -- findings -----------------------------------------------------------------------------

    def _record(self, kind, rules, deal, path, check, expected, actual, detail, place,
                where, number: int, earlier: tuple = ()) -> None:
        difference = Difference(kind, tuple(r for r in rules if r), dict(deal),
                                tuple(path), check, expected, actual, detail, number,
                                earlier)
        counted = self.tally.setdefault(difference.key, [0, _Hands()])
        counted[0] += 1
        counted[1].add(number)
        if counted[0] <= MAX_KEPT:
            self.findings.append(Finding(difference, place, *where))
        if kind in STOPPING:
            for rule in difference.rules:
                self.coverage.stopped_by[rule] += 1


class _Judged:
    """A finished hand seen with another result (the engine's totals): what the
    attribution of the game's end reads of it."""

    def __init__(self, hand: Hand, result):
        self._hand = hand
        self.result = result

    def __getattr__(self, name):
        return getattr(self._hand, name)


def _scoring_part(hand) -> tuple[str, ...]:
    """The rules of a finished hand's result (those of :func:`decisions.end_rules` that
    are not the game's end)."""
    game = _game_ids(hand)
    return tuple(r for r in decisions.end_rules(hand) if r not in game)


def _game_part(hand) -> tuple[str, ...]:
    game = _game_ids(hand)
    return tuple(r for r in decisions.end_rules(hand) if r in game)


def _game_ids(hand) -> set[str]:
    t = hand.t
    return {t.rule("game", key) for key in ("target", "win-on", "winner", "ties", "low")} \
        | {rule.id for rule in hand.variant.rules if rule.section == "game"}


def _deal_of(hand: Hand) -> dict:
    return {"dealer": hand.dealer, "hands": [list(h) for h in hand.start_hands],
            "nest": list(hand.start_nest), "scores": list(hand.scores_before),
            "number": hand.number}


def _path_of(hand: Hand) -> tuple[tuple[int, str], ...]:
    return tuple((seat, str(action)) for seat, action in hand.history)


def _spec_game_over(hand: Hand):
    winners = game_winners(hand.variant, hand.result, hand.t.team_of)
    return {"winners": list(winners)} if winners else False


__all__ = ["Finding", "GamesCheck", "LOG_KINDS", "STOPPING"]
