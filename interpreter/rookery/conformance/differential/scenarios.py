"""Rule-directed scenarios: the deals and starting states in which a given rule decides.

Random deals from 0-0 seldom reach the deep rules: a tie at the target, a low score
that loses, every counter or every trick to one side, a poor hand, all passes, the top
bid, a bid winner forced to lay counters aside, a second bird against the Rook.  For a
rule not yet decided often enough, a scenario sets the running scores, stacks the cards,
chooses the auction's style or compares every view so that the oracle's rules make it
decide (:mod:`rookery.engine.decisions` confirms that it did, and the run counts it).

A scenario is a small value (:class:`Scenario`); a round's plan gives one to each deal
number from the counts of the rounds before it, so a parallel run plays the same deals.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Scenario:
    """How to set up one deal: the rule it is for, the running scores (``near``: just
    below the target on every side, ``tied``: the defenders past it and the
    stacked bidders behind by every point or by a sweep's score, to end level (a deal
    that ends apart is played again from scores that level it: the fuzzer's
    ``_level_again``), ``bidders-behind``: the
    defenders ahead, ``low``: the bidding side near the low score), the cards
    (``stacked``: the bid winner's side holds the high cards, ``weak``: a seat without a
    counter, ``forced``: the bid winner's hand and the nest full of the cards the spec
    forbids laying aside), the auction (``all-pass``, ``one-bid``, ``top``,
    ``contest``) and the views compared (``all``: another seat's view at every
    decision, where nest cards face up show)."""

    rule: str
    scores: str = ""
    cards: str = ""
    auction: str = "one-bid"
    views: str = ""


# The set-ups, and the clauses (section.key) each makes decide.
_STACKED = Scenario("", cards="stacked")
_WEAK = Scenario("", cards="weak", auction="all-pass")
_TOP = Scenario("", auction="top")
_BEHIND = Scenario("", scores="bidders-behind")
_FORCED = Scenario("", cards="forced")
_VIEWS = Scenario("", views="all")
BY_CLAUSE = {
    "game.ties": Scenario("", scores="tied", cards="stacked"), "game.winner": _BEHIND,
    "game.win-on": _BEHIND, "game.target": Scenario("", scores="near"),
    "game.low": Scenario("", scores="low"),
    "bidding.all-pass": Scenario("", auction="all-pass"),
    "bidding.raise": Scenario("", auction="contest"),
    "bidding.maximum": _TOP, "bidding.at-maximum": _TOP,
    **dict.fromkeys(("deal.poor-hand", "deal.poor-hand-redeal", "deal.poor-hand-dealer"),
                    _WEAK),
    **dict.fromkeys(("scoring.all-points", "scoring.all-tricks", "scoring.majority",
                     "scoring.most-cards", "scoring.last-trick", "play.claim"), _STACKED),
    # a bird decides a trick it is played in against other trumps: the stacked side
    # leads its trumps, the Rook and birds (measured against the birds shared round the
    # table or given to the other side: more decisions than either)
    "trump.bird": _STACKED,
    "nest.forced-burial": _FORCED, "nest.forbid": _FORCED, "nest.burial-order": _FORCED,
    # a moon is bid by the side able to take every trick, and made or set by its play
    "bidding.moon": Scenario("", cards="stacked", auction="moon"),
    "scoring.moon-set": Scenario("", cards="stacked", auction="moon"),
    "nest.face-up": _VIEWS, "nest.shown": _VIEWS,
}


def scenario_for(rule: str, clause: str) -> Scenario | None:
    """The scenario for ``rule`` (whose clause is ``clause``, ``section.key``), if the
    rule needs one (the others decide in most deals)."""
    found = BY_CLAUSE.get(clause)
    return None if found is None else Scenario(rule, found.scores, found.cards,
                                               found.auction, found.views)


def plan(numbers, wanted: list[Scenario]) -> dict[int, Scenario | None]:
    """A round's plan: deal number -> scenario.  Two deals in three go to the rules still
    wanted (in turn, by deal number); the third is left random, for breadth."""
    out: dict[int, Scenario | None] = {}
    for number in numbers:
        out[number] = wanted[(number // 3 * 2 + number % 3) % len(wanted)] \
            if wanted and number % 3 != 2 else None
    return out


def sweep(variant, t) -> int:
    """What the bidders score when they take every trick at the lowest bid: the hand's
    points, the bonuses of a sweep (every trick, every counter, the last trick, the
    majority, the most cards, a take doubled), by the spec's own formulas.  A tie at the
    target is set up from it: in a spec with a bonus for every trick a sweep scores far
    more than the points a hand holds (360 where the hand holds 260)."""
    from ...engine.scoring import plan_of, side_score
    from ...language.points import points_available
    rules = variant.scoring
    counters = sum(card.points * card.copies for card in variant.deck.cards)
    bonus = points_available(variant) - counters + rules.all_tricks + rules.all_points
    if rules.doubled:
        bonus += counters + bonus
    try:
        _, change = side_score(plan_of(t), True, None, counters, bonus, variant.deal.hand,
                               variant.bidding.minimum, 0)
    except Exception:  # noqa: BLE001 - a formula this cannot feed: the hand's points
        return points_available(variant)
    return change


def start_scores(scenario: Scenario, rng, variant, keepers: int, bidders: int,
                 points: int, swept: int | None = None) -> list[int] | None:
    """The running scores a scenario starts from (None: the usual random ones).
    ``bidders`` is the score keeper of the seat that will take the bid, ``points`` the
    points a hand holds, ``swept`` what the bidders score for a sweep (:func:`sweep`)."""
    target = variant.game.target
    step = max(variant.bidding.step, 5)
    near = [target - step * rng.randrange(1, 4) for _ in range(keepers)]
    if scenario.scores == "near":
        return near
    if scenario.scores == "tied":
        # past the target, the stacked bidders behind by what they score: when they
        # take every point (or sweep, which may score more), the totals are level at
        # the end of the game.  The gap is searched among both, deal by deal.
        gaps = sorted({points, swept if swept else points})
        scores = [target + step] * keepers
        scores[bidders] = target + step - gaps[rng.randrange(len(gaps))]
        return scores
    if scenario.scores == "bidders-behind":
        scores = [target - step for _ in range(keepers)]
        scores[bidders] = target - points // 2
        return scores
    if scenario.scores == "low":
        low = variant.game.low
        floor = low if low is not None else 0
        scores = [step * rng.randrange(0, 10) for _ in range(keepers)]
        # set at the lowest bid, the bidding side lands a step or three below the
        # low score: between it and an engine's other low score
        scores[bidders] = floor + variant.bidding.minimum - step * rng.randrange(1, 4)
        return scores
    return None


def weak_hands(hands: list[list[str]], t, seat: int) -> list[list[str]]:
    """The same cards, ``seat`` holding only cards without points (as many as there are):
    a poor hand."""
    cards = [c for held in hands for c in held]
    plain = [c for c in cards if not t.points[t.card_of[c]]]
    if len(plain) < len(hands[seat]):
        return hands
    mine = plain[:len(hands[seat])]
    return _hands_with(hands, seat, mine, _without(cards, mine))


def _without(cards: list[str], taken: list[str]) -> list[str]:
    rest = list(cards)
    for card in taken:
        rest.remove(card)
    return rest


def _hands_with(hands: list[list[str]], seat: int, mine: list[str],
                rest: list[str]) -> list[list[str]]:
    """Hands of the same sizes: ``seat`` holding ``mine``, the others ``rest`` in turn."""
    out = []
    for owner, held in enumerate(hands):
        if owner == seat:
            out.append(list(mine))
        else:
            out.append(rest[:len(held)])
            rest = rest[len(held):]
    return out


def barred(variant, t, color: int) -> list[str]:
    """The cards ``nest.forbid`` keeps out of the nest while others are left: the
    counters, and with ``forbid trump`` the cards of ``color`` (the trump the bid winner
    will name) and those always trump.  A spec that forbids nothing: the counters (the
    house rule most often added)."""
    rules = variant.nest
    named = set(getattr(rules, "forbid_cards", ()) or ())
    out = [code for code, card in t.card_of.items()
           if code in named or t.points[card] and (rules.forbid_counters or
                                                    not rules.forbid_trump and not named)]
    if rules.forbid_trump:
        out += [code for code, card in t.card_of.items() if code not in out and
                (card in t.always_trump or t.color_of[card] == color)]
    return out


def forced_burial(hands: list[list[str]], nest: list[str], seat: int, bar: list[str],
                  keep: int, rng) -> tuple[list[list[str]], list[str]]:
    """The same cards, ``seat``'s hand and the nest holding cards of ``bar`` (the ones
    the spec forbids laying aside) and only ``keep`` others: a bid winner with fewer
    free cards than it must lay aside, so the rules say which forbidden ones go (``nest:
    forbid ... unless forced``, ``forced-burial``)."""
    cards = [c for held in hands for c in held] + list(nest)
    size = len(hands[seat]) + len(nest)
    free = [c for c in cards if c not in bar]
    keep = min(keep, len(free), size)
    mine = rng.sample([c for c in cards if c in bar], min(size - keep, len(cards) - len(free)))
    mine += rng.sample(free, size - len(mine))
    rng.shuffle(mine)
    hand = len(hands[seat])
    return _hands_with(hands, seat, mine[:hand], _without(cards, mine)), mine[hand:]


__all__ = ["BY_CLAUSE", "Scenario", "barred", "forced_burial", "plan", "scenario_for",
           "start_scores", "sweep", "weak_hands"]
