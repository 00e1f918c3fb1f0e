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
    n = hand.n
    table = hand.variant.table
    if table.sides == "teams":
        teams = [tuple(s for s in range(n) if s % table.teams == team)
                 for team in range(table.teams)]
    elif table.sides == "individual":
        teams = [(s,) for s in range(n)]
    else:
        bidding = tuple(sorted({hand.bidder} | set(hand.partners)))
        others = tuple(s for s in range(n) if s not in bidding)
        teams = [bidding, others] if others else [bidding]
    teams.sort(key=lambda seats: hand.bidder not in seats)
    return teams


def score_hand(hand) -> HandResult:
    variant = hand.variant
    rules = variant.scoring
    t = hand.t
    sides = sides_of(hand)
    last_winner = hand.tricks[-1][3]
    nest_cards = hand.laid_aside + hand.nest
    nest_points = sum(t.points[c] for c in nest_cards)
    where = variant.nest.points
    nest_to = last_winner if where == "last-trick" else hand.bidder if where == "bidder" else None
    all_tricks = variant.deal.hand
    tricks = [sum(hand.tricks_won[s] for s in seats) for seats in sides]
    most = max(tricks)
    majority_side = tricks.index(most) if tricks.count(most) == 1 else None
    taken_counters = [sum(hand.points_won[s] for s in seats)
                      + (nest_points if nest_to is not None and nest_to in seats else 0)
                      for seats in sides]
    extras = house_bonuses(hand, sides, tricks, taken_counters, nest_to, len(nest_cards))
    results = []
    made = None
    for index, seats in enumerate(sides):
        counters = taken_counters[index]
        bonus = rules.trick_points * tricks[index]
        if last_winner in seats:
            bonus += rules.last_trick
        if majority_side == index:
            bonus += rules.majority
        if tricks[index] == all_tricks:
            bonus += rules.all_tricks
        extra, double = extras[index]
        bonus += extra
        if double:
            bonus += counters + bonus
        env = {"taken": counters + bonus, "counters": counters, "tricks": tricks[index],
               "bid": hand.high, "total": t.total_points, "all_tricks": all_tricks,
               "score": _running_score(hand, seats)}
        bidding = index == 0
        if bidding:
            made = bool(rules.made(env))
            env["made"] = made
            score = rules.bidders(env)
        else:
            env["made"] = made
            score = rules.defenders(env)
        results.append(SideResult(seats, bidding, counters, tricks[index], bonus,
                                  counters + bonus, int(score)))
    changes = [0] * t.keepers
    for side in results:
        for seat in side.seats:
            keeper = t.team_of[seat] if t.team_of is not None else seat
            changes[keeper] = side.score
    scores = tuple(s + c for s, c in zip(hand.scores_before, changes))
    return HandResult(False, hand.bidder, hand.high, made, tuple(results), nest_points,
                      nest_to, tuple(changes), scores)


def _running_score(hand, seats: tuple[int, ...]) -> int:
    """A side's running score before the hand (the formulas' ``score``): its team's, or
    with sides that change each hand its first player's."""
    t = hand.t
    keeper = t.team_of[seats[0]] if t.team_of is not None else seats[0]
    return hand.scores_before[keeper]


def thrown_in(hand) -> HandResult:
    return HandResult(True, None, None, None, (), 0, None, (0,) * hand.t.keepers,
                      tuple(hand.scores_before))
