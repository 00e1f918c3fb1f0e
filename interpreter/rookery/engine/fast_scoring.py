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

from ..language.formula import POSITIONS, positional
from .scoring import _hand_result, _side_result, plan_of, score_hand

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
    the_nest = _nest_reckoner(point_of, where)
    # For each bid winner: its sides, bidders first, each with the keeper of its first
    # seat (whose running score the formulas read) and the keepers its score goes to.
    layouts = tuple(tuple((seats, keeper_of[seats[0]],
                           tuple(sorted({keeper_of[s] for s in seats})))
                          for seats in sides)
                    for sides in fixed)
    keepers = t.keepers
    if all(len(sides) == 2 for sides in layouts):
        return _two_sides(plan, layouts, keepers)
    made_of, bidders, defenders = _formulas(plan)
    total = plan.total

    def score(hand):
        """:func:`score_hand` for this variant's fixed sides and plain bonuses."""
        bidder = hand.bidder
        layout = layouts[bidder]
        last_winner, nest_points, nest_to = the_nest(hand, bidder)
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
            taken = counters + bonus
            score_before = scores_before[first_keeper]
            if index == 0:
                made = bool(made_of(taken, counters, side_tricks, bid, total, all_tricks,
                                    score_before))
                side = int(bidders(taken, counters, side_tricks, bid, total, all_tricks,
                                   score_before, made))
            else:
                side = int(defenders(taken, counters, side_tricks, bid, total, all_tricks,
                                     score_before, made))
            results.append(_side_result(seats, index == 0, counters, side_tricks, bonus,
                                        taken, side))
            for keeper in side_keepers:
                changes[keeper] = side
            index += 1
        return _hand_result(bidder, bid, made, tuple(results), nest_points, nest_to,
                            tuple(changes), tuple(map(add, scores_before, changes)))

    return score


def _two_sides(plan, layouts, keepers: int):
    """The scorer of a variant played by two fixed sides (two teams): the bidding side
    and the other, reckoned side by side without a loop."""
    (_, _, _, point_of, where, all_tricks, trick_points, last_trick, majority,
     all_tricks_bonus, *_) = plan
    the_nest = _nest_reckoner(point_of, where)
    made_of, bidders, defenders = _formulas(plan)
    total = plan.total

    def score(hand):
        """:func:`score_hand` for two fixed sides and plain bonuses."""
        bidder = hand.bidder
        (ours, our_keeper, our_keepers), (theirs, their_keeper, their_keepers) = \
            layouts[bidder]
        last_winner, nest_points, nest_to = the_nest(hand, bidder)
        tricks_won = hand.tricks_won.__getitem__
        points_won = hand.points_won.__getitem__
        our_tricks = sum(map(tricks_won, ours))
        their_tricks = sum(map(tricks_won, theirs))
        our_counters = sum(map(points_won, ours))
        their_counters = sum(map(points_won, theirs))
        if nest_to in ours:
            our_counters += nest_points
        elif nest_to in theirs:
            their_counters += nest_points
        our_bonus = trick_points * our_tricks
        their_bonus = trick_points * their_tricks
        if last_winner in ours:
            our_bonus += last_trick
        else:
            their_bonus += last_trick
        if our_tricks > their_tricks:
            our_bonus += majority
        elif their_tricks > our_tricks:
            their_bonus += majority
        if our_tricks == all_tricks:
            our_bonus += all_tricks_bonus
        if their_tricks == all_tricks:
            their_bonus += all_tricks_bonus
        bid = hand.high
        scores_before = hand.scores_before
        our_taken = our_counters + our_bonus
        their_taken = their_counters + their_bonus
        our_before = scores_before[our_keeper]
        made = bool(made_of(our_taken, our_counters, our_tricks, bid, total, all_tricks,
                            our_before))
        our_score = int(bidders(our_taken, our_counters, our_tricks, bid, total, all_tricks,
                                our_before, made))
        their_score = int(defenders(their_taken, their_counters, their_tricks, bid, total,
                                    all_tricks, scores_before[their_keeper], made))
        changes = [0] * keepers
        for keeper in our_keepers:
            changes[keeper] = our_score
        for keeper in their_keepers:
            changes[keeper] = their_score
        return _hand_result(
            bidder, bid, made,
            (_side_result(ours, True, our_counters, our_tricks, our_bonus, our_taken,
                          our_score),
             _side_result(theirs, False, their_counters, their_tricks, their_bonus,
                          their_taken, their_score)),
            nest_points, nest_to, tuple(changes), tuple(map(add, scores_before, changes)))

    return score


def _formulas(plan):
    """The ``scoring:`` formulas ``made``, ``bidders`` and ``defenders`` as functions of
    the quantities by position (:data:`~rookery.language.formula.POSITIONS`): each one
    written out as Python from its checked tree, or where it cannot be (a formula too
    deep) its closure reading them as :func:`~rookery.engine.scoring.side_score` passes
    them."""
    return tuple(positional(formula) or _by_position(formula)
                 for formula in (plan.made, plan.bidders, plan.defenders))


def _by_position(formula):
    def by_position(*values):
        return formula(dict(zip(POSITIONS, values)))
    return by_position


def _nest_reckoner(point_of, where: str):
    """A function of a finished hand and its bid winner giving the last trick's winner,
    the nest's counters and the seat they go to (``nest.points``: the last trick's
    winner, the bid winner, or nobody)."""
    to_last = where == "last-trick"
    to_bidder = where == "bidder"

    def the_nest(hand, bidder: int) -> tuple[int, int, int | None]:
        last_winner = hand.tricks[-1][3]
        laid_aside, nest = hand.laid_aside, hand.nest
        points = sum(map(point_of, laid_aside)) + sum(map(point_of, nest)) \
            if laid_aside or nest else 0
        return last_winner, points, last_winner if to_last else bidder if to_bidder else None

    return the_nest
