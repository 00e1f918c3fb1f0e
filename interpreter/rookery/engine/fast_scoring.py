"""A playout's score, specialised once per variant (issue 21).

:func:`rookery.engine.scoring.score_hand` is the interpreter: it reads the whole
``scoring:`` section, the sides and ``nest.points`` every time it scores a hand.  Here the
same reckoning is built once per variant as a closure over the checked values it needs:
the sides for each bid winner (fixed teams, or every player alone), each seat's score
keeper, which bonuses are in play at all (``trick-points``, ``last-trick``, ``majority``,
``all-tricks``) and where the nest's counters go.  A variant whose sides change from hand
to hand (``table: sides called``) or that has house bonuses (``most-cards``,
``all-points``, ``double``) keeps the interpreter's :func:`score_hand`.

A playout hand (``record=False``) scores with the specialised closure; a recording hand
with the interpreter, so ``tests/test_engine_playout.py``, which plays both side by side
on every variant, proves them equal; ``tests/test_engine_fast.py`` compares the two on
the same finished hands as well.
"""

from __future__ import annotations

from operator import add

from .scoring import _hand_result, _side_result, plan_of, score_hand, side_score

_SCORERS: dict[int, tuple] = {}


def scorer_for(t):
    """The function that scores a finished hand of ``t``'s variant (built once)."""
    found = _SCORERS.get(id(t))
    if found is None or found[0] is not t:
        found = _SCORERS[id(t)] = (t, _build(t))
    return found[1]


def _build(t):
    plan = plan_of(t)
    (_, fixed, keeper_of, point_of, where, all_tricks, trick_points, last_trick, majority,
     all_tricks_bonus, house, *_) = plan
    if fixed is None or house:
        return score_hand           # sides that change, or house bonuses: the interpreter
    nest_to_last = where == "last-trick"
    nest_to_bidder = where == "bidder"
    # For each bid winner: its sides, bidders first, each with the keeper of its first
    # seat (whose running score the formulas read) and the keepers its score goes to.
    layouts = tuple(tuple((seats, keeper_of[seats[0]],
                           tuple(sorted({keeper_of[s] for s in seats})))
                          for seats in sides)
                    for sides in fixed)
    keepers = t.keepers

    def score(hand):
        """:func:`score_hand` for this variant's fixed sides and plain bonuses."""
        bidder = hand.bidder
        layout = layouts[bidder]
        last_winner = hand.tricks[-1][3]
        laid_aside, nest = hand.laid_aside, hand.nest
        nest_points = sum(map(point_of, laid_aside)) + sum(map(point_of, nest)) \
            if laid_aside or nest else 0
        nest_to = last_winner if nest_to_last else bidder if nest_to_bidder else None
        tricks_won = hand.tricks_won.__getitem__
        points_won = hand.points_won.__getitem__
        tricks = [sum(map(tricks_won, seats)) for seats, _, _ in layout]
        if majority:
            most = max(tricks)
            majority_side = tricks.index(most) if tricks.count(most) == 1 else None
        changes = [0] * keepers
        scores_before = hand.scores_before
        bid = hand.high
        results = []
        made = None
        index = 0
        for seats, first_keeper, side_keepers in layout:
            counters = sum(map(points_won, seats))
            if nest_to in seats:
                counters += nest_points
            side_tricks = tricks[index]
            bonus = trick_points * side_tricks
            if last_trick and last_winner in seats:
                bonus += last_trick
            if majority and majority_side == index:
                bonus += majority
            if side_tricks == all_tricks:
                bonus += all_tricks_bonus
            made, side = side_score(plan, index == 0, made, counters, bonus, side_tricks,
                                    bid, scores_before[first_keeper])
            results.append(_side_result(seats, index == 0, counters, side_tricks, bonus,
                                        counters + bonus, side))
            for keeper in side_keepers:
                changes[keeper] = side
            index += 1
        return _hand_result(bidder, bid, made, tuple(results), nest_points, nest_to,
                            tuple(changes), tuple(map(add, scores_before, changes)))

    return score
