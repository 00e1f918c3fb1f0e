"""A playout's score, written out once per variant (issue 21).

:func:`rookery.engine.scoring.score_hand` is the interpreter: it reads the whole
``scoring:`` section, the sides and ``nest.points`` every time it scores a hand, and
evaluates the formulas through their closures.  Here the same reckoning is written out
once per variant as one Python function, from the checked values only: the sides for
each bid winner (fixed teams, or every player alone) as seat numbers, each side's score
keepers, the bonuses in play (``trick-points``, ``last-trick``, ``majority``,
``all-tricks``: numbers, and left out where they are 0), where the nest's counters go,
and the ``scoring:`` formulas as Python expressions written from their checked trees
(:func:`rookery.language.formula.python_expression`).  No text of the spec is ever part
of the code: every number in it is an ``int`` of the model written back by ``repr``.

The result it makes holds each side's fields as plain tuples until ``sides`` is first
read (``scoring._SidesWhenRead``): a rollout that reads only the score change
(``hand.result.changes``) makes no :class:`SideResult`.

A variant whose sides change from hand to hand (``table: sides called``), that has house
bonuses (``most-cards``, ``all-points``, ``double``), a moon bid (``bidding: moon``) or a
formula too deep to write out keeps the interpreter's :func:`score_hand`.

A playout hand (``record=False``) scores with the written-out function; a recording hand
with the interpreter, so ``tests/test_engine_playout.py``, which plays both side by side
on every variant, proves them equal; ``tests/test_engine_fast.py`` compares the two on
the same finished hands as well.
"""

from __future__ import annotations

from ..language.formula import python_expression, python_type
from .scoring import HandResult, plan_of, score_hand

_SCORERS: dict[int, tuple] = {}


def scorer_for(t):
    """The function that scores a finished hand of ``t``'s variant (built once)."""
    found = _SCORERS.get(id(t))
    if found is None or found[0] is not t:
        found = _SCORERS[id(t)] = (t, _build(t))
    return found[1]


def _build(t):
    source = scorer_source(t)
    if source is None:
        return score_hand
    namespace = {"points": t.points, "new": object.__new__, "HandResult": HandResult}
    exec(compile(source, f"<score of {t.variant.id}>", "exec"), namespace)  # noqa: S102
    return namespace["score"]


def scorer_source(t) -> str | None:
    """The Python source of the function scoring a finished hand of ``t``'s variant
    (:func:`score_hand` for its fixed sides and plain bonuses; the sides made when read),
    or ``None`` where the interpreter scores (sides that change, house bonuses, a
    formula not written out).  Bid winners whose sides are laid out alike share one
    branch."""
    plan = plan_of(t)
    (_, fixed, keeper_of, _, where, all_tricks, trick_points, last_trick, majority,
     all_tricks_bonus, house, total, *formulas) = plan
    numbers = (all_tricks, trick_points, last_trick, majority, all_tricks_bonus, total,
               *keeper_of)
    if fixed is None or house or any(type(number) is not int for number in numbers) or \
            t.variant.bidding.moon is not None:     # (a moon hand scores otherwise)
        return None
    nest_to = {"last-trick": "last_winner", "bidder": "bidder"}.get(where, "None")
    # The nest's counters: the cards laid aside (the sum written out for the burial's
    # number of cards), and any left in the nest.
    laid = [f"card_{i}" for i in range(t.variant.nest.discard)]
    lines = ["def score(hand):",
             "    bidder = hand.bidder",
             "    last_winner = hand.tricks[-1][3]",
             "    laid = hand.laid_aside"]
    summed = ["nest_points = 0", "for card in laid:", "    nest_points += points[card]"]
    if laid:
        lines += [f"    if len(laid) == {len(laid)!r}:",
                  f"        {', '.join(laid)}, = laid",
                  f"        nest_points = {' + '.join(f'points[{c}]' for c in laid)}",
                  "    else:"] + ["        " + line for line in summed]
    else:
        lines += ["    " + line for line in summed]
    lines += ["    if hand.nest:",
              "        for card in hand.nest:",
              "            nest_points += points[card]",
             f"    nest_to = {nest_to}",
             "    tricks_won = hand.tricks_won",
             "    points_won = hand.points_won",
             "    bid = hand.high",
             "    before = hand.scores_before"]
    layouts: dict[tuple, list[int]] = {}
    for bidder, sides in enumerate(fixed):
        layouts.setdefault(tuple(sides), []).append(bidder)
    for sides, bidders in layouts.items():
        branch = _branch(sides, keeper_of, t.keepers, formulas,
                         (all_tricks, trick_points, last_trick, majority, all_tricks_bonus,
                          total), nest_to != "None")
        if branch is None:
            return None
        lines.append(f"    if bidder in {tuple(bidders)!r}:")
        lines += ["        " + line for line in branch]
    lines.append("    raise AssertionError(bidder)")
    return "\n".join(lines) + "\n"


# The one quantity of a ``scoring:`` formula that is a boolean.
MADE = frozenset({"made"})


def _as(kind: type, expression: str, known: type | None) -> str:
    """``expression`` made a ``kind`` as the interpreter makes it (``bool(...)``,
    ``int(...)``), or as it is where its type is known to be ``kind`` already."""
    return expression if known is kind else f"{kind.__name__}({expression})"


def _branch(sides, keeper_of, keepers: int, formulas, numbers,
            nest_goes: bool) -> list[str] | None:
    """The lines scoring a hand whose bid winner's sides are ``sides`` (bidders first)."""
    all_tricks, trick_points, last_trick, majority, all_tricks_bonus, total = numbers
    lines = []
    for index, seats in enumerate(sides):
        lines.append(f"tricks_{index} = " +
                     " + ".join(f"tricks_won[{seat!r}]" for seat in seats))
        counters = " + ".join(f"points_won[{seat!r}]" for seat in seats)
        if nest_goes:
            counters += f" + (nest_points if nest_to in {tuple(seats)!r} else 0)"
        lines.append(f"counters_{index} = {counters}")
    for index, seats in enumerate(sides):
        bonus = [f"{trick_points!r} * tricks_{index}"] if trick_points else []
        if last_trick:
            bonus.append(f"({last_trick!r} if last_winner in {tuple(seats)!r} else 0)")
        if majority:
            # The side with more tricks than every other: the one most, alone.
            others = [f"tricks_{other}" for other in range(len(sides)) if other != index]
            beaten = others[0] if len(others) == 1 else f"max({', '.join(others)})"
            bonus.append(f"({majority!r} if tricks_{index} > {beaten} else 0)" if others
                         else repr(majority))
        if all_tricks_bonus:
            bonus.append(f"({all_tricks_bonus!r} if tricks_{index} == {all_tricks!r} "
                         "else 0)")
        if bonus:
            lines.append(f"bonus_{index} = {' + '.join(bonus)}")
            lines.append(f"taken_{index} = counters_{index} + bonus_{index}")
        else:
            lines.append(f"bonus_{index} = 0")
            lines.append(f"taken_{index} = counters_{index}")
    # A side's running score, read where a formula names ``score``: its keeper's.
    running = [f"before[{keeper_of[seats[0]]!r}]" for seats in sides]
    written = _formula_lines(running, *formulas, total, all_tricks)
    if written is None:
        return None
    return lines + written + _result_lines(sides, keeper_of, keepers)


def _formula_lines(running: list[str], made_of, bidders, defenders, total: int,
                   all_tricks: int) -> list[str] | None:
    """``made`` and each side's score, from the formulas written out (``None`` where
    one is not); ``running`` is each side's running score as an expression."""
    lines = []
    for index, score in enumerate(running):
        names = {"taken": f"taken_{index}", "counters": f"counters_{index}",
                 "tricks": f"tricks_{index}", "bid": "bid", "total": f"({total!r})",
                 "all_tricks": f"({all_tricks!r})", "score": score, "made": "made"}
        if index == 0:
            made = python_expression(made_of, names)
            if made is None:
                return None
            lines.append(f"made = {_as(bool, made, python_type(made_of, MADE))}")
        compiled = bidders if index == 0 else defenders
        formula = python_expression(compiled, names)
        if formula is None:
            return None
        lines.append(f"score_{index} = {_as(int, formula, python_type(compiled, MADE))}")
    return lines


def _result_lines(sides, keeper_of, keepers: int) -> list[str]:
    """The result made from the sides' scores."""
    # Each keeper's change: the score of the (last) side holding one of its seats.
    change = ["0"] * keepers
    for index, seats in enumerate(sides):
        for seat in seats:
            change[keeper_of[seat]] = f"score_{index}"
    results = ", ".join(
        f"({tuple(seats)!r}, {index == 0!r}, counters_{index}, tricks_{index}, "
        f"bonus_{index}, taken_{index}, score_{index})" for index, seats in enumerate(sides))
    # The frozen result filled in place, as scoring._hand_result fills it, each side's
    # fields left as a tuple until ``sides`` is read (scoring._SidesWhenRead).
    return ["result = new(HandResult)",
            "fields = result.__dict__",
            "fields['thrown_in'] = False",
            "fields['bidder'] = bidder",
            "fields['bid'] = bid",
            "fields['made'] = made",
            f"fields['_pending_sides'] = ({results},)",
            "fields['nest_points'] = nest_points",
            "fields['nest_to'] = nest_to",
            f"fields['changes'] = ({''.join(c + ', ' for c in change)})",
            "fields['scores'] = "
            f"({''.join(f'before[{k}] + {c}, ' for k, c in enumerate(change))})",
            "fields['moon'] = False",      # (a variant with a moon is scored by score_hand)
            "return result"]
