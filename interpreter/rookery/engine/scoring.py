"""Scoring a hand (``scoring:`` and ``nest.points`` clauses).

Each side's take is its counters (the nest's counters going where ``nest.points`` says),
plus trick points and the last-trick, majority and all-tricks bonuses; the spec's
formulas then say whether the bid was made and what each side scores.  With fixed teams
the running score is kept per team; otherwise per player, each player on a side
receiving the side's score.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import add
from typing import NamedTuple

from .bonuses import house_bonuses
from .moon import is_moon
from .moon import side_score as moon_score
from .moon import worth as moon_worth


@dataclass(frozen=True)
class SideResult:
    seats: tuple[int, ...]
    bidding: bool
    counters: int
    tricks: int
    bonus: int
    taken: int
    score: int


@dataclass(frozen=True)
class HandResult:
    """What a finished hand comes to."""

    thrown_in: bool
    bidder: int | None
    bid: int | None
    made: bool | None
    sides: tuple[SideResult, ...]
    nest_points: int
    nest_to: int | None                 # seat credited with the nest's counters
    changes: tuple[int, ...]            # per score keeper (team or seat)
    scores: tuple[int, ...]             # running scores after the hand
    moon: bool = False                  # the high bid was a moon bid (bidding.moon)

    def to_json(self) -> dict:
        return {
            "thrown_in": self.thrown_in, "bidder": self.bidder, "bid": self.bid,
            "made": self.made, "nest_points": self.nest_points, "nest_to": self.nest_to,
            "changes": list(self.changes), "scores": list(self.scores),
            "sides": [{"seats": list(s.seats), "bidding": s.bidding, "counters": s.counters,
                       "tricks": s.tricks, "bonus": s.bonus, "taken": s.taken,
                       "score": s.score} for s in self.sides],
        } | ({"moon": True} if self.moon else {})


class ScoringPlan(NamedTuple):
    """What :func:`score_hand` reads of a variant (see :func:`_plan`)."""

    tables: object
    fixed: tuple | None             # the sides for each bid winner, where they are fixed
    keeper_of: tuple[int, ...]      # each seat's score keeper (team or seat)
    point_of: object                # card id -> its points
    nest_points: str                # ``nest.points``: where the nest's counters go
    all_tricks: int                 # tricks in the hand (``deal.hand``)
    trick_points: int
    last_trick: int
    majority: int
    all_tricks_bonus: int
    house: bool                     # house bonuses (most-cards, all-points, double)
    total: int                      # points available in the hand
    made: object                    # the compiled ``scoring:`` formulas
    bidders: object
    defenders: object


def sides_of(hand) -> list[tuple[int, ...]]:
    """The seats of each side this hand, the bidding side first."""
    return _sides(hand.n, hand.variant.table, hand.bidder, hand.partners)


def _sides(n: int, table, bidder: int, partners) -> list[tuple[int, ...]]:
    """:func:`sides_of` from what it depends on (``table.sides``, the bid winner, the
    called partners)."""
    if table.sides == "teams":
        teams = [tuple(s for s in range(n) if s % table.teams == team)
                 for team in range(table.teams)]
    elif table.sides == "individual":
        teams = [(s,) for s in range(n)]
    else:
        bidding = tuple(sorted({bidder} | set(partners)))
        others = tuple(s for s in range(n) if s not in bidding)
        teams = [bidding, others] if others else [bidding]
    teams.sort(key=lambda seats: bidder not in seats)
    return teams


def score_hand(hand) -> HandResult:
    """What a finished hand comes to: each side's take, whether the bid was made, and
    each side's score by the spec's formulas (``scoring:``, ``nest.points``)."""
    plan = plan_of(hand.t)
    (_, fixed, keeper_of, point_of, where, all_tricks, trick_points, last_trick, majority,
     all_tricks_bonus, house, *_) = plan
    bidder = hand.bidder
    sides = fixed[bidder] if fixed is not None else sides_of(hand)
    last_winner = hand.tricks[-1][3]
    nest_cards = hand.laid_aside + hand.nest
    nest_points = sum(map(point_of, nest_cards))
    nest_to = last_winner if where == "last-trick" else bidder if where == "bidder" else None
    tricks_of, points_of = hand.tricks_won.__getitem__, hand.points_won.__getitem__
    tricks = [sum(map(tricks_of, seats)) for seats in sides]
    most = max(tricks)
    majority_side = tricks.index(most) if tricks.count(most) == 1 else None
    # (nest_to None is in no side)
    taken_counters = [sum(map(points_of, seats)) + (nest_points if nest_to in seats else 0)
                      for seats in sides]
    extras = house_bonuses(hand, sides, tricks, taken_counters, nest_to, len(nest_cards)) \
        if house else None
    changes = [0] * hand.t.keepers
    scores_before = hand.scores_before
    shot = is_moon(hand)
    bid = moon_worth(hand.variant, plan.total) if shot else hand.high
    results = []
    made = None
    for index, seats in enumerate(sides):
        counters = taken_counters[index]
        side_tricks = tricks[index]
        bonus = trick_points * side_tricks
        if last_winner in seats:
            bonus += last_trick
        if majority_side == index:
            bonus += majority
        if side_tricks == all_tricks:
            bonus += all_tricks_bonus
        if extras is not None:
            extra, double = extras[index]
            bonus += extra
            if double:
                bonus += counters + bonus
        # The side's running score before the hand: its team's, or with sides that
        # change each hand its first player's.
        made, score = side_score(plan, index == 0, made, counters, bonus, side_tricks, bid,
                                 scores_before[keeper_of[seats[0]]])
        if shot and index == 0:     # a moon bid: made only by taking every trick
            made = side_tricks == all_tricks
            score = moon_score(hand.variant, made, counters + bonus, plan.total)
        results.append(_side_result((seats, index == 0, counters, side_tricks, bonus,
                                     counters + bonus, score)))
        for seat in seats:
            changes[keeper_of[seat]] = score
    scores = tuple(map(add, scores_before, changes))
    result = _hand_result(bidder, bid, made, tuple(results), nest_points, nest_to,
                          tuple(changes), scores)
    if shot:
        result.__dict__["moon"] = True
    return result


def side_score(plan: ScoringPlan, bidding: bool, made: bool | None, counters: int, bonus: int,
               tricks: int, bid: int, score_before: int) -> tuple[bool | None, int]:
    """A side's score by the spec's formulas (``scoring: made``, ``bidders``,
    ``defenders``): for the bidding side (first) whether the bid was made and its score,
    for another side ``made`` as the bidders' formula found it and its score."""
    env = {"taken": counters + bonus, "counters": counters, "tricks": tricks, "bid": bid,
           "total": plan.total, "all_tricks": plan.all_tricks, "score": score_before}
    if bidding:
        made = bool(plan.made(env))
        env["made"] = made
        return made, int(plan.bidders(env))
    env["made"] = made
    return made, int(plan.defenders(env))


_PLANS: dict[int, tuple] = {}


def plan_of(t) -> ScoringPlan:
    """The :func:`_plan` of ``t``'s variant, gathered once."""
    plan = _PLANS.get(id(t))
    if plan is None or plan[0] is not t:
        plan = _PLANS[id(t)] = _plan(t)
    return plan


def _plan(t) -> ScoringPlan:
    """What :func:`score_hand` reads of a variant, gathered once: the sides of
    :func:`sides_of` for each bid winner where they do not change from hand to hand
    (teams, or every player alone; else ``None``), each seat's score keeper, and the
    ``scoring:``, ``nest.points`` and ``deal.hand`` values."""
    variant = t.variant
    table = variant.table
    fixed = None
    if table.sides in ("teams", "individual"):
        fixed = tuple(tuple(_sides(t.players, table, seat, ()))
                      for seat in range(t.players))
    rules = variant.scoring
    keeper_of = t.team_of if t.team_of is not None else tuple(range(t.players))
    house = bool(rules.most_cards or rules.all_points or rules.doubled)
    return ScoringPlan(t, fixed, keeper_of, t.point_of, variant.nest.points, variant.deal.hand,
            rules.trick_points, rules.last_trick, rules.majority, rules.all_tricks, house,
            t.total_points, rules.made, rules.bidders, rules.defenders)


# A finished hand's result is made once per hand, playouts included: these make the same
# frozen values as SideResult(...) and HandResult(False, ...) do, with their fields
# filled in one step rather than one ``object.__setattr__`` each.
_new = object.__new__


def _side_result(fields: tuple) -> SideResult:
    """``SideResult(*fields)``."""
    result = _new(SideResult)
    held = result.__dict__
    held["seats"], held["bidding"], held["counters"], held["tricks"], held["bonus"], \
        held["taken"], held["score"] = fields
    return result


def _hand_result(bidder, bid, made, sides, nest_points, nest_to, changes,
                 scores) -> HandResult:
    result = _new(HandResult)
    result.__dict__.update(thrown_in=False, bidder=bidder, bid=bid, made=made, sides=sides,
                           nest_points=nest_points, nest_to=nest_to, changes=changes,
                           scores=scores, moon=False)
    return result


class _SidesWhenRead:
    """``HandResult.sides`` of a playout's result (``engine/fast_scoring.py``), which
    holds each side's fields as a plain tuple (``_pending_sides``) until ``sides`` is
    first read, so a playout that reads only the score change (``changes``, a bot's
    rollout) makes no :class:`SideResult`.  The first read makes them and keeps them
    in the result's own ``sides``, which every later read (and every result made at
    once) finds before this (a descriptor without ``__set__``, like
    ``functools.cached_property``); the result then equals the one made at once."""

    def __get__(self, result, owner=None):
        if result is None:
            return self
        held = result.__dict__
        # (The tuples dropped only once the sides are kept: a second thread reading
        # meanwhile makes equal sides of its own.)
        sides = held["sides"] = tuple(map(_side_result, held["_pending_sides"]))
        held.pop("_pending_sides", None)
        return sides


# Set after the dataclass is made, so that it is no default of the field.
HandResult.sides = _SidesWhenRead()      # type: ignore[assignment]


def thrown_in(hand) -> HandResult:
    return HandResult(True, None, None, None, (), 0, None, (0,) * hand.t.keepers,
                      tuple(hand.scores_before))
