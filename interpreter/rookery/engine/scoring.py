"""Scoring a hand (``scoring:`` and ``nest.points`` clauses).

Each side's take is its counters (the nest's counters going where ``nest.points`` says),
plus trick points and the last-trick, majority and all-tricks bonuses; the spec's
formulas then say whether the bid was made and what each side scores.  With fixed teams
the running score is kept per team; otherwise per player, each player on a side
receiving the side's score.
"""

from __future__ import annotations

from dataclasses import dataclass

from .bonuses import house_bonuses


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

    def to_json(self) -> dict:
        return {
            "thrown_in": self.thrown_in, "bidder": self.bidder, "bid": self.bid,
            "made": self.made, "nest_points": self.nest_points, "nest_to": self.nest_to,
            "changes": list(self.changes), "scores": list(self.scores),
            "sides": [{"seats": list(s.seats), "bidding": s.bidding, "counters": s.counters,
                       "tricks": s.tricks, "bonus": s.bonus, "taken": s.taken,
                       "score": s.score} for s in self.sides],
        }


def sides_of(hand) -> list[tuple[int, ...]]:
    """The seats of each side this hand, the bidding side first."""
    return _sides(hand.n, hand.variant.table, hand.bidder, hand.partners)


def _sides(n: int, table, bidder: int, partners) -> list[tuple[int, ...]]:
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
    t = hand.t
    variant = t.variant
    rules = variant.scoring
    fixed = _fixed_sides(t)
    bidder = hand.bidder
    sides = fixed[bidder] if fixed is not None else sides_of(hand)
    last_winner = hand.tricks[-1][3]
    nest_cards = hand.laid_aside + hand.nest
    nest_points = sum(map(t.point_of, nest_cards))
    where = variant.nest.points
    nest_to = last_winner if where == "last-trick" else bidder if where == "bidder" else None
    all_tricks = variant.deal.hand
    tricks_of, points_of = hand.tricks_won.__getitem__, hand.points_won.__getitem__
    tricks = [sum(map(tricks_of, seats)) for seats in sides]
    most = max(tricks)
    majority_side = tricks.index(most) if tricks.count(most) == 1 else None
    # (nest_to None is in no side)
    taken_counters = [sum(map(points_of, seats)) + (nest_points if nest_to in seats else 0)
                      for seats in sides]
    extras = house_bonuses(hand, sides, tricks, taken_counters, nest_to, len(nest_cards)) \
        if rules.most_cards or rules.all_points or rules.doubled else None
    trick_points, last_trick, majority = rules.trick_points, rules.last_trick, rules.majority
    team_of = t.team_of
    changes = [0] * t.keepers
    scores_before = hand.scores_before
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
            bonus += rules.all_tricks
        if extras is not None:
            extra, double = extras[index]
            bonus += extra
            if double:
                bonus += counters + bonus
        # The side's running score before the hand: its team's, or with sides that
        # change each hand its first player's.
        env = {"taken": counters + bonus, "counters": counters, "tricks": side_tricks,
               "bid": hand.high, "total": t.total_points, "all_tricks": all_tricks,
               "score": scores_before[team_of[seats[0]] if team_of is not None
                                      else seats[0]]}
        if index == 0:
            made = bool(rules.made(env))
            env["made"] = made
            score = int(rules.bidders(env))
        else:
            env["made"] = made
            score = int(rules.defenders(env))
        results.append(_side_result(seats, index == 0, counters, side_tricks, bonus,
                                    counters + bonus, score))
        for seat in seats:
            changes[team_of[seat] if team_of is not None else seat] = score
    scores = tuple(s + c for s, c in zip(scores_before, changes))
    return _hand_result(bidder, hand.high, made, tuple(results), nest_points, nest_to,
                        tuple(changes), scores)


# A finished hand's result is made once per hand, playouts included: these make the same
# frozen values as SideResult(...) and HandResult(False, ...) do, with their fields
# filled in one step rather than one ``object.__setattr__`` each.
_new = object.__new__


def _side_result(seats, bidding, counters, tricks, bonus, taken, score) -> SideResult:
    result = _new(SideResult)
    result.__dict__.update(seats=seats, bidding=bidding, counters=counters, tricks=tricks,
                           bonus=bonus, taken=taken, score=score)
    return result


def _hand_result(bidder, bid, made, sides, nest_points, nest_to, changes,
                 scores) -> HandResult:
    result = _new(HandResult)
    result.__dict__.update(thrown_in=False, bidder=bidder, bid=bid, made=made, sides=sides,
                           nest_points=nest_points, nest_to=nest_to, changes=changes,
                           scores=scores)
    return result


_FIXED: dict[int, tuple] = {}


def _fixed_sides(t) -> tuple[tuple[tuple[int, ...], ...], ...] | None:
    """Where sides do not change from hand to hand (teams, or every player alone): the
    sides of :func:`sides_of` for each bid winner, worked out once per variant; else
    ``None``."""
    found = _FIXED.get(id(t))
    if found is None or found[0] is not t:
        table = t.variant.table
        fixed = None
        if table.sides in ("teams", "individual"):
            fixed = tuple(tuple(_sides(t.players, table, seat, ()))
                          for seat in range(t.players))
        found = _FIXED[id(t)] = (t, fixed)
    return found[1]


def _running_score(hand, seats: tuple[int, ...]) -> int:
    """A side's running score before the hand (the formulas' ``score``): its team's, or
    with sides that change each hand its first player's."""
    t = hand.t
    keeper = t.team_of[seats[0]] if t.team_of is not None else seats[0]
    return hand.scores_before[keeper]


def thrown_in(hand) -> HandResult:
    return HandResult(True, None, None, None, (), 0, None, (0,) * hand.t.keepers,
                      tuple(hand.scores_before))
