"""Attribution of a finished hand and the end of the game: where the nest's counters go
(``nest.points``), the bonuses (``scoring.last-trick``, ``majority``, ``all-tricks``,
``all-points``, ``most-cards``, ``trick-points``, the spec's or left at the default),
made or not, each side's score, and the game's end (``game.target``, ``winner``,
``ties``, ``win-on``, ``low``)."""

from __future__ import annotations

from .common import _rule, _unique


def result_rules(hand, expected: dict, actual: dict) -> tuple[str, ...]:
    """The rules behind a hand's result another engine states differently (``expected``
    and ``actual`` as the protocol writes results): the first part that differs, in the
    order a result is reckoned -- where the nest's counters go, what each side took, made
    or not, what each side scores."""
    if not isinstance(actual, dict):
        return _unique([_rule(hand, "bidding", "all-pass")]) if expected.get("thrown_in") \
            else ()
    if expected.get("thrown_in") != actual.get("thrown_in"):
        return _unique([_rule(hand, "bidding", "all-pass")])
    if expected.get("thrown_in"):
        return ()
    result = hand.result
    if actual.get("nest_to") != expected.get("nest_to"):
        return _unique([_rule(hand, "nest", "points")])
    if actual.get("taken") != expected.get("taken"):
        fits, _ = taken_hypotheses(hand, expected.get("taken"), actual.get("taken"))
        return tuple(sorted(fits)) if len(fits) == 1 else ()
    if actual.get("made") != expected.get("made"):
        return _unique([_rule(hand, "scoring", "made")])
    if actual.get("changes") != expected.get("changes"):
        keepers = _keepers_of_sides(hand, result)
        rules = []
        for index, side in enumerate(result.sides):
            keeper = keepers[index]
            got = actual.get("changes")
            if isinstance(got, list) and keeper < len(got) and \
                    got[keeper] != expected["changes"][keeper]:
                rules.append(_rule(hand, "scoring", "bidders" if side.bidding
                                   else "defenders"))
        return _unique(rules or [_rule(hand, "scoring", "bidders")])
    return ()


def _keepers_of_sides(hand, result) -> list[int]:
    t = hand.t
    return [t.team_of[side.seats[0]] if t.team_of is not None else side.seats[0]
            for side in result.sides]


def taken_hypotheses(hand, expected, actual) -> tuple[set[str], set[str]]:
    """What each side took differs: the rules whose effect fits the pattern of the
    differences, and the rules the sides that do *not* differ show to behave alike.

    A bonus shows on one side only (the last trick's, the majority's, the side that took
    every trick); points per trick on every side that took one, in proportion; the
    nest's counters on the side credited with them.  One deal may fit several rules
    (the side that took the last trick also took the nest): the caller weighs them over
    many deals."""
    result = hand.result
    fits: set[str] = set()
    alike: set[str] = set()
    if not isinstance(actual, list) or not isinstance(expected, list) or \
            len(actual) != len(expected) or result is None or result.thrown_in:
        return {_rule(hand, "scoring", "counters")}, alike
    keepers = _keepers_of_sides(hand, result)
    deltas = [actual[k] - expected[k] if k < len(actual) else 0 for k in keepers]
    last_winner = hand.tricks[-1][3]
    tricks = [side.tricks for side in result.sides]
    top = max(tricks)
    nest_side = next((i for i, side in enumerate(result.sides)
                      if result.nest_to is not None and result.nest_to in side.seats), None)
    every = hand.variant.deal.hand
    single = {  # rule -> the one side it touches in this deal (None: no side)
        _rule(hand, "scoring", "last-trick"):
            next(i for i, side in enumerate(result.sides) if last_winner in side.seats),
        _rule(hand, "scoring", "majority"):
            tricks.index(top) if tricks.count(top) == 1 else None,
        _rule(hand, "scoring", "all-tricks"): tricks.index(every) if every in tricks else None,
        _rule(hand, "scoring", "all-points"): _side_with_every_counter(hand, result),
        _rule(hand, "scoring", "most-cards"): _side_with_most_cards(hand, result),
    }
    if result.nest_points and nest_side is not None:
        single[_rule(hand, "nest", "points")] = nest_side
        single[_rule(hand, "scoring", "counters")] = nest_side
    differing = [i for i, d in enumerate(deltas) if d]
    for rule, side in single.items():
        if side is None:
            continue
        if differing == [side]:
            if rule == _rule(hand, "nest", "points") and \
                    abs(deltas[side]) != result.nest_points:
                alike.add(rule)         # the difference is not the nest's points
                continue
            fits.add(rule)
        elif deltas[side] == 0:
            alike.add(rule)
    with_tricks = [i for i, n in enumerate(tricks) if n]
    per_trick = {deltas[i] * 1.0 / tricks[i] for i in with_tricks}
    points_rule = _rule(hand, "scoring", "trick-points")
    if differing and differing == with_tricks and len(per_trick) == 1:
        fits.add(points_rule)
    elif with_tricks and not differing:
        alike.add(points_rule)
    if len(differing) > 1 and points_rule not in fits:
        fits.add(_rule(hand, "scoring", "counters"))
    return fits, alike


def _side_with_every_counter(hand, result) -> int | None:
    """The side that took every counter of the hand (the nest's where credited to it):
    the one ``scoring.all-points`` touches, or None."""
    every = sum(hand.t.points)
    for index, side in enumerate(result.sides):
        if every and side.counters >= every:    # a side's counters hold the nest's
            return index
    return None


def _side_with_most_cards(hand, result) -> int | None:
    """The side whose tricks hold the most cards (the nest's with its counters): the one
    ``scoring.most-cards`` touches, or None on a tie."""
    cards = []
    for side in result.sides:
        taken = sum(len(trick[1]) for trick in hand.tricks if trick[3] in side.seats)
        cards.append(taken + (len(hand.start_nest) if result.nest_to in side.seats else 0))
    top = max(cards)
    return cards.index(top) if cards.count(top) == 1 else None


def scoring_rules(hand) -> tuple[str, ...]:
    """The rules that reckoned a finished hand: the nest's counters, the bonuses the
    spec has, and the formulas for made, the bidders and the defenders."""
    if hand.result is None or hand.result.thrown_in:
        return _unique([_rule(hand, "bidding", "all-pass")])
    rules = [_rule(hand, "scoring", "counters")]
    if hand.result.nest_to is not None:
        rules.append(_rule(hand, "nest", "points"))
    scoring = hand.variant.scoring
    for key, amount in (("trick-points", scoring.trick_points),
                        ("last-trick", scoring.last_trick), ("majority", scoring.majority),
                        ("all-tricks", scoring.all_tricks), ("most-cards", scoring.most_cards),
                        ("all-points", scoring.all_points)):
        if amount or key in scoring.doubled:
            rules.append(_rule(hand, "scoring", key))
    rules += [_rule(hand, "scoring", k) for k in ("made", "bidders", "defenders")]
    if hand.result.moon:        # a moon hand: what it wins or loses
        rules[:0] = [_rule(hand, "bidding", "moon")] + \
            ([_rule(hand, "scoring", "moon-set")] if not hand.result.made else [])
    return _unique(rules)


def game_rules(hand, expected, actual) -> tuple[str, ...]:
    """The rules behind a game end another engine states differently: the target (is the
    game over at all) or the winner rule (who wins when it is, and whether equal totals
    play on)."""
    house = _house_game_rules(hand)
    if house:
        return house
    scores = hand.result.scores if hand.result is not None else ()
    target = hand.variant.game.target
    top = max(scores) if scores else 0
    level = list(scores).count(top) > 1
    if bool(expected) != bool(actual):
        if bool(expected):                  # the spec ends the game, the engine plays on
            return _unique([_rule(hand, "game", "winner" if level else "target")])
        low = hand.variant.game.low
        if scores and top < target and min(scores) < 0 and \
                (low is not None or min(scores) <= -top):
            # the engine ends a game nobody has won, a side below zero (further below
            # than the leader is above, where the spec has no low score): a low score
            # that loses (game.low; none by default), not a lower target
            return _unique([_rule(hand, "game", "low")])
        return _unique([_rule(hand, "game", "winner" if top >= target else "target")])
    return _unique([_rule(hand, "game", "winner")])


def game_rules_also(hand, expected, actual) -> tuple[str, ...]:
    """Other rules that fit a game end :func:`game_rules` reads one way: an engine that
    ends, with the leader winning, a game the spec plays on, a side far below zero, is
    read as a low score that loses (``game.low``) -- a lower target (``game.target``)
    fits the same hand when the leader is above zero; an engine that plays on where the
    spec ends a game with the totals level at the top is read as the winner rule -- a
    higher target fits it too.  Other hands tell them apart."""
    if _house_game_rules(hand):
        return ()
    if bool(expected) and bool(actual) and expected != actual and \
            game_rules(hand, expected, actual) == (_rule(hand, "game", "winner"),):
        # both end the game, with other winners: read as the winner rule; another target
        # fits too (the bidders short of it, the defenders past it: bidder-goes)
        return _unique([_rule(hand, "game", "target")])
    if bool(expected) and not bool(actual):
        # the spec ends the game with the totals level at the top and the engine plays
        # on: read as the winner rule (equal totals play on), a higher target fits too
        return (_unique([_rule(hand, "game", "target")])
                if game_rules(hand, expected, actual) == (_rule(hand, "game", "winner"),)
                else ())
    if bool(expected) or not bool(actual):
        return ()
    scores = hand.result.scores if hand.result is not None else ()
    if not scores or max(scores) <= 0:
        return ()
    if game_rules(hand, expected, actual) != (_rule(hand, "game", "low"),):
        return ()
    return _unique([_rule(hand, "game", "target")])


def _house_game_rules(hand) -> tuple[str, ...]:
    """The house rules of the game's end that decide this hand's end, if any: a low score
    (``game.low``), equal totals (``game.ties``), or going out only on one's own bid
    (``game.win-on``), which also keeps a defending side past the target playing on."""
    if hand.result is None:
        return ()
    from ..game_end import decide
    game = hand.variant.game
    _, keys = decide(hand.variant, hand.result, hand.t.team_of)
    if "bidding.moon" in keys:      # a moon made with 'moon game' ends the game
        return _unique([_rule(hand, "bidding", "moon")])
    house = [key for key in keys if key in ("low", "ties", "win-on")]
    if not house and game.win_on == "own-bid" and max(hand.result.scores) >= game.target:
        house = ["win-on"]
    return _unique([_rule(hand, "game", key) for key in house])
