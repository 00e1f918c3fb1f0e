"""Stage 2: static checks of a variant, before anything is dealt.

What the sources let us verify, each failure a :class:`~rookery.errors.SpecError` that
points at the clause to fix:

* the deck divides: players x hand + nest = deck size;
* the points add up: counters + trick points + last-trick and majority bonuses equal the
  documented ``scoring: total`` (120 in Tournament Rook, 180 in Kentucky Rook ...);
* bids are reachable: minimum <= maximum <= points available;
* a discard rule can always be met, and counters laid aside are never lost;
* every card has a rank under every trump the bid winner may name;
* the table suits the sides, the dummy and the passing (with fixed teams of seat
  mod N the neighbour passed to is always an opponent).

Every inconsistency is reported (:func:`check_problems`); rules that neither cite a source
nor state a ruling, and the other warnings of :mod:`rookery.language.lint`, are returned as
warnings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ..errors import Span, SpecError
from ..limits import MAX_BIDS, MAX_DECK, MAX_HANDS
from .model import Variant
from .points import maximum_bid, points_available  # noqa: F401  (imported from here too)
from .reading import is_unsure, watched


@dataclass(frozen=True)
class Summary:
    """The figures ``rookery check`` prints for a variant."""

    players: int
    deck: int
    hand: int
    nest: int
    points: int
    minimum_bid: int
    maximum_bid: int
    target: int


def summary(variant: Variant) -> Summary:
    return Summary(variant.table.players, variant.deck.size, variant.deal.hand,
                   variant.deal.nest, points_available(variant), variant.bidding.minimum,
                   maximum_bid(variant), variant.game.target)


def check_variant(variant: Variant, parent: Variant | None = None) -> list[str]:
    """Raise a SpecError for every inconsistency (in line order); return the warnings
    (:func:`rookery.language.lint.spec_warnings`, with ``parent``: the variant it
    extends) as text."""
    problems = check_problems(variant)
    if problems:
        raise SpecError.gather(problems)
    from .lint import spec_warnings

    return [str(warning) for warning in spec_warnings(variant, parent)]


def check_problems(variant: Variant, unsure: frozenset[str] = frozenset()) -> list[SpecError]:
    """Every inconsistency the static checks find.  ``unsure`` names the clauses (rule
    ids, or whole sections) whose figures are not the author's: a clause set aside for an
    earlier mistake, a line that did not parse.  An inconsistency found by a check that
    read one of them only follows from that mistake, and is not reported (see
    :mod:`rookery.language.reading`)."""
    return [error for error, _ in check_findings(variant, unsure)]


def check_findings(variant: Variant, unsure: frozenset[str] = frozenset()
                   ) -> list[tuple[SpecError, frozenset[str]]]:
    """:func:`check_problems`, each inconsistency with the clauses its check read."""
    found = []
    places = set()
    for check in _CHECKS:
        seen, read = watched(variant)
        insane = False
        for error in _each(check, seen):   # what it read so far is what the error rests on
            place = (error.span.file, error.span.line, error.span.column) \
                if error.span else None
            if not is_unsure(read, unsure) and (place is None or place not in places):
                found.append((error, frozenset(read)))
                places.add(place)       # one error a clause: a second would be the same
            insane = insane or error.code in _INSANE
        if check is _check_size and insane:
            break   # the other checks count on a deck and a bid table of a sane size
    return found


def _each(check, variant) -> Iterator[SpecError]:
    """The inconsistencies a check yields; one that raises instead ends the check."""
    try:
        yield from check(variant) or ()
    except SpecError as error:
        yield error


def _span(variant: Variant, *rule_ids: str) -> Span:
    for rule_id in rule_ids:
        for rule in variant.rules:
            if rule.id == rule_id:
                return rule.span
    return variant.span


def _check_deal(v: Variant) -> Iterator[SpecError]:
    dealt = v.table.players * v.deal.hand + v.deal.nest
    if dealt != v.deck.size:
        yield SpecError(f"the deal does not use the deck: {v.table.players} players x "
                        f"{v.deal.hand} cards + a nest of {v.deal.nest} = {dealt}, but the "
                        f"deck has {v.deck.size} cards", _span(v, "deal.hand", "deal.nest"),
                        expected=f"players x hand + nest = {v.deck.size}",
                        hint="check deal: hand and nest, or the deck's ranks, copies, add "
                             "and remove", code="deal-mismatch")
    if v.deal.nest_deal == "rounds" and v.deal.nest > v.deal.hand:
        yield SpecError("a nest dealt one card a round cannot be larger than a hand",
                        _span(v, "deal.nest-deal"), expected=f"a nest of at most {v.deal.hand}",
                        hint="use nest-deal last", code="deal-mismatch")


def _check_size(v: Variant) -> Iterator[SpecError]:
    """The checker's limits (:mod:`rookery.limits`): a deck, a bid table and a game that
    can be dealt, built and finished."""
    if v.deck.size > MAX_DECK:
        yield SpecError(f"a deck of {v.deck.size} cards", _span(v, "deck.ranks"),
                        expected=f"a deck of at most {MAX_DECK} cards",
                        hint="the limits are in the DSL reference", code="deck-too-large")
        return      # the other figures count on a deck of a sane size
    b = v.bidding
    if b.step < 1:
        yield SpecError("bids must go up by at least 1", _span(v, "bidding.step"),
                        expected="step 5 or so", hint="step 5", code="bid-unreachable")
        return
    bids = (maximum_bid(v) - b.minimum) // b.step + 1
    if bids > MAX_BIDS:
        yield SpecError(f"{bids:,} different bids, from {b.minimum} to {maximum_bid(v)} in "
                        f"steps of {b.step}", _span(v, "bidding.step", "bidding.minimum"),
                        expected=f"at most {MAX_BIDS} bids", hint="raise the step or the "
                        "minimum", code="too-many-bids")
        return
    best = best_hand_score(v)
    target = v.game.target
    if best <= 0:
        yield SpecError("no hand can raise a score, so the target can never be reached",
                        _span(v, "scoring.bidders", "scoring.defenders", "game.target"),
                        expected="a scoring that gives points to the side that takes them",
                        hint="bidders: if made then taken else -bid", code="target-unreachable")
        return      # so no target is reachable: said once
    if target > best * MAX_HANDS:
        yield SpecError(f"the target {target} needs more than {MAX_HANDS} hands: a hand "
                        f"scores at most {best}", _span(v, "game.target"),
                        expected=f"a target of at most {best * MAX_HANDS}",
                        hint="a game stops after the hand limit; lower the target",
                        code="target-unreachable")


def best_hand_score(variant: Variant) -> int:
    """The most one hand can add to a score, over the corners of what a hand can give:
    made or set, the lowest or highest bid, nothing or everything taken (the formulas
    are sums, products, minima, maxima and choices of these, so a corner is where the
    most is)."""
    return max([0, *corner_scores(variant)])


def worst_hand_score(variant: Variant) -> int:
    """The most one hand can take from a score (as a negative number, or 0 when no hand
    lowers a score), over the same corners as :func:`best_hand_score`."""
    return min([0, *corner_scores(variant)])


def corner_scores(variant: Variant) -> list[int]:
    """What the scoring formulas give a side at the corners of a hand: made or set, the
    lowest or highest bid, nothing or everything taken."""
    s = variant.scoring
    available = points_available(variant)
    counters = sum(card.points * card.copies for card in variant.deck.cards)
    tricks = variant.deal.hand
    found = []
    for made in (True, False):
        for bid in {variant.bidding.minimum, maximum_bid(variant)}:
            for share in (0, 1):
                sweep = (available + s.all_tricks + s.all_points) * share
                env = {"taken": sweep * (2 if s.doubled else 1), "bid": bid,
                       "counters": counters * share, "tricks": tricks * share,
                       "total": available, "all_tricks": tricks, "made": made,
                       "score": 0}
                for formula in (s.bidders, s.defenders):
                    try:
                        found.append(int(formula(env)))
                    except (ArithmeticError, TypeError, ValueError):
                        continue
    return found


def _check_points(v: Variant) -> Iterator[SpecError]:
    available = points_available(v)
    documented = v.scoring.total
    if documented is not None and documented != available:
        counters = sum(card.points * card.copies for card in v.deck.cards)
        yield SpecError(f"the points do not add up to the documented total {documented}: "
                        f"counters {counters} + trick points "
                        f"{v.scoring.trick_points * v.deal.hand} + last trick "
                        f"{v.scoring.last_trick} + majority {v.scoring.majority}"
                        + (f" + most cards {v.scoring.most_cards}" if v.scoring.most_cards
                           else "") + f" = {available}",
                        _span(v, "scoring.total"), expected=f"counters and bonuses that "
                        f"add up to {documented}, or total {available}",
                        hint="check the counters, the deck's ranks and copies, and the bonuses",
                        code="points-mismatch")


def _check_bids(v: Variant) -> Iterator[SpecError]:
    # Each error rests on what was read before it: the points a hand holds are read only
    # where a figure needs them, so a mistake among the bonuses (a misspelt most-cards)
    # does not hold back a minimum above a stated maximum.
    b = v.bidding
    top = maximum_bid(v)
    if b.minimum > top:
        yield SpecError(f"no bid is possible: the minimum {b.minimum} is above the maximum {top}",
                        _span(v, "bidding.minimum"), expected=f"a minimum of at most {top}",
                        hint="lower the minimum or raise the maximum", code="bid-unreachable")
    for name, amount in (("minimum", b.minimum), ("maximum", top)):
        if amount % b.step:
            below = amount - amount % b.step
            yield SpecError(f"the {name} bid {amount} is not a multiple of the step {b.step}",
                            _span(v, f"bidding.{name}", "bidding.step"),
                            expected=f"a multiple of {b.step}, such as {below} or "
                                     f"{below + b.step}",
                            hint=f"bids go up in steps of {b.step}; change the {name} or the step",
                            code="bid-unreachable")
    # The dealer's opening is a bid like any other: on the ladder from the minimum, so
    # that the bids listed over it (the next step up, at least the minimum) are bids the
    # auction accepts (a 50 opening under a 70 minimum listed 'bid 70' and refused it).
    if b.opening is not None and not (b.minimum <= b.opening <= top
                                      and b.opening % b.step == 0):
        below = b.opening < b.minimum
        yield SpecError(f"the opening bid {b.opening} is not a legal bid"
                        + (f": it is below the minimum bid {b.minimum}" if below else ""),
                        _span(v, "bidding.opening"),
                        expected=f"a multiple of {b.step} from {b.minimum} up to {top}",
                        hint=(f"lower the minimum to {b.opening} (minimum {b.opening}), or "
                              f"open at the minimum (opening dealer {b.minimum})" if below
                              else f"opening dealer {b.minimum}"), code="bid-unreachable")
    if b.maximum is not None and b.maximum > (available := points_available(v)):
        yield SpecError(f"the maximum bid {b.maximum} is more than the {available} points a "
                        f"hand holds", _span(v, "bidding.maximum"),
                        expected=f"a maximum of at most {available}",
                        hint="a bid above the points available can never be made",
                        code="bid-unreachable")


def _check_nest(v: Variant) -> Iterator[SpecError]:
    n = v.nest
    if n.discard != v.deal.nest:
        yield SpecError(f"the bid winner takes a nest of {v.deal.nest} but lays aside "
                        f"{n.discard}", _span(v, "nest.discard"),
                        expected=f"discard {v.deal.nest}",
                        hint="the hand must end the exchange as large as it began",
                        code="discard-mismatch")
    if n.exchange is not None and n.exchange > min(n.discard, v.deal.nest):
        most = min(n.discard, v.deal.nest)
        yield SpecError(f"the bid winner cannot exchange {n.exchange} cards with a nest of "
                        f"{v.deal.nest}: it lays aside {n.discard}", _span(v, "nest.exchange"),
                        expected=f"exchange 0 to {most}, or exchange any",
                        hint=f"exchange {most} is no limit at all (as exchange any); a limit "
                             f"is a number below {most}", code="exchange-too-large")
    held = v.deal.hand + v.deal.nest
    if n.forbid_counters and not n.counters_unless_forced:
        counter_cards = sum(card.copies for card in v.deck.cards if card.points)
        if held - min(counter_cards, held) < n.discard:
            yield SpecError(f"the discard rule cannot always be met: the bid winner may hold "
                            f"{min(counter_cards, held)} counters among {held} cards and must lay"
                            f" aside {n.discard} others", _span(v, "nest.forbid"),
                            expected="a rule every hand can follow",
                            hint="write 'forbid counters unless forced' and rule on it",
                            code="discard-impossible")
    if n.forbid_trump and not n.trump_unless_forced:
        always = sum(card.copies for card in v.deck.cards if card.color is None) + \
            len(v.trump.specials)
        widest = max(sum(card.copies for card in v.deck.cards if card.color == i)
                     for i in range(len(v.deck.colors)))
        if held - min(widest + always, held) < n.discard:
            yield SpecError("the discard rule cannot always be met: the bid winner may hold "
                            "too many trumps", _span(v, "nest.forbid"),
                            expected="a rule every hand can follow",
                            hint="write 'forbid trump unless forced'", code="discard-impossible")
    named = sum(v.card(code).copies for code in n.forbid_cards)
    if named and not n.cards_unless_forced and held - min(named, held) < n.discard:
        yield SpecError(f"the discard rule cannot always be met: the bid winner may hold "
                        f"{min(named, held)} of the cards it may not lay aside among {held} "
                        f"cards and must lay aside {n.discard} others", _span(v, "nest.forbid"),
                        expected="a rule every hand can follow",
                        hint="write 'unless forced' after the card", code="discard-impossible")
    can_lay_counters = not n.forbid_counters or n.counters_unless_forced
    has_counters = any(card.points for card in v.deck.cards)
    if n.points == "none" and can_lay_counters and has_counters and v.deal.nest:
        yield SpecError("counters laid aside in the nest would be scored by nobody, so the "
                        "hand's points would not add up", _span(v, "nest.points"),
                        expected="nest points last-trick or bidder, or forbid counters",
                        hint="say who scores the nest, or forbid laying counters aside",
                        code="nest-points-lost")


def _check_face_up(v: Variant) -> Iterator[SpecError]:
    """Nest cards turned face up, or the nest shown, need a nest that holds them."""
    if v.nest.face_up > v.deal.nest:
        yield SpecError(f"{v.nest.face_up} nest cards cannot be turned face up: the nest "
                        f"holds {v.deal.nest}", _span(v, "nest.face-up"),
                        expected=f"face-up from 0 to {v.deal.nest}",
                        hint="face-up counts the first cards dealt to the nest",
                        code="face-up-too-many")
    if v.nest.shown != "never" and v.deal.nest == 0:
        yield SpecError("the nest is to be shown, but the deal has no nest",
                        _span(v, "nest.shown"), expected="shown never, or a deal with a nest",
                        hint="drop the clause, or give the deal a nest", code="no-nest-to-show")


def _check_poor_hand(v: Variant) -> Iterator[SpecError]:
    """A ``deal.poor-hand`` condition that every hand meets would throw every deal in:
    the game could never be played."""
    size = v.deal.hand
    points = sorted((card.points for card in v.deck.cards for _ in range(card.copies)),
                    reverse=True)
    counters = [p for p in points if p]
    for condition in v.deal.poor_hand:
        if condition.kind == "counters":
            always = min(size, len(counters)) < condition.number
        elif condition.kind == "points":
            always = sum(points[:size]) < condition.number
        else:
            low, high = v.deck.ranks.index(condition.low), v.deck.ranks.index(condition.high)
            always = all(card.rank is not None and
                         low <= v.deck.ranks.index(card.rank) <= high for card in v.deck.cards)
        if always:
            yield SpecError("every hand dealt would be a poor hand, so no hand could be "
                            "played", _span(v, "deal.poor-hand"),
                            expected="a condition some hands do not meet",
                            hint="a hand is poor when ANY listed condition holds: narrow "
                                 "the range or lower the number", code="poor-hand-always")


def _check_birds(v: Variant) -> Iterator[SpecError]:
    """Every bird of ``deck: birds`` has one place in trump (``trump: bird``), placed
    against a rank, the Rook or a bird placed before it, and a rank under every call."""
    placed: list[str] = []
    for bird in v.trump.birds:
        where = _span(v, f"trump.bird.{bird.code}")
        if bird.code in placed:
            yield SpecError(f"bird {bird.code} is placed twice", where,
                            expected="one 'bird' clause per bird",
                            hint="keep the clause that says where it ranks",
                            code="bird-placed-twice")
            continue
        if bird.anchor is not None and bird.anchor not in v.deck.ranks and \
                bird.anchor != v.deck.rook and bird.anchor not in placed:
            yield SpecError(f"bird {bird.code} is placed against {bird.anchor}, which is not "
                            f"placed before it", where,
                            expected="a rank, the Rook, or a bird placed on an earlier line",
                            hint="place the other bird first", code="bird-unplaced")
        placed.append(bird.code)
    missing = [code for code in v.deck.birds if code not in placed]
    if missing:
        yield SpecError(f"bird {missing[0]} has no place in trump", _span(v, "deck.birds"),
                        expected=f"a clause 'bird {missing[0]} ...' under trump:",
                        hint=f"trump: bird {missing[0]} lowest", code="bird-unplaced")
    if v.deck.birds and "none" in v.trump.choices:
        yield SpecError("no-trump may be named, but the birds have no rank when there is no "
                        "trump", _span(v, "trump.choices"),
                        expected="choices without no-trump in a deck with birds",
                        hint="choices colors", code="bird-no-trump")


def _check_trump(v: Variant) -> Iterator[SpecError]:
    t = v.trump
    codes = {card.code for card in v.deck.cards}
    anchors = {"top", "bottom"} | ({v.deck.rook} if v.deck.rook else set()) | \
        {s.code for s in t.specials} | set(v.deck.birds)
    placed: dict[tuple[str, str], str] = {}
    for special in t.specials:
        other = placed.setdefault((special.placement, special.anchor), special.code)
        if other != special.code:
            yield SpecError(f"special trumps {other} and {special.code} are both placed "
                            f"{special.placement} {special.anchor}, so which ranks higher is "
                            f"not said", _span(v, f"trump.special.{special.code}"),
                            expected="each special trump placed against a different card",
                            hint=f"place one against the other: special {special.code} "
                                 f"{special.placement} {other}", code="bad-special")
            continue    # one error for each special trump
        if special.anchor not in anchors or special.anchor == special.code:
            yield SpecError(f"special trump {special.code} is placed against {special.anchor}, "
                            f"which is not always trump", _span(v, f"trump.special.{special.code}"),
                            expected="top, bottom, the Rook or another special trump",
                            hint="special R1 above ROOK", code="bad-special")
            continue
        if special.code not in codes:
            yield SpecError(f"special trump {special.code} is not in the deck",
                            _span(v, f"trump.special.{special.code}"), expected="a card of the deck",
                            hint="add it with deck: add", code="unknown-card")
    if "none" in t.choices and v.deck.rook and t.no_trump_rook is None:
        yield SpecError("no-trump may be named, but the Rook has no rank when there is no trump",
                        _span(v, "trump.choices"), expected="a no-trump-rook clause",
                        hint="no-trump-rook R above 10 makes it the 10.5 of red",
                        code="unranked-card")
    if t.rook_call == "before-trump" and not (t.rook == "caller-chooses" and v.deck.rook):
        yield SpecError("the Rook is to be called before trump, but the bid winner does not "
                        "call it", _span(v, "trump.rook-call"), expected="rook caller-chooses",
                        hint="rook-call says when the bid winner calls the Rook high or low; "
                             "drop it or write rook caller-chooses", code="rook-not-called")


def _check_table(v: Variant) -> Iterator[SpecError]:
    t = v.table
    if t.sides == "called" and t.calls > t.players - 2:
        yield SpecError(f"the bid winner cannot call {t.calls} cards at a table of "
                        f"{t.players}: nobody might be left to play against",
                        _span(v, "table.sides"), expected=f"sides called 1 to {t.players - 2}",
                        hint="each called card makes its holder a partner; the sources call "
                             "one card, or two with six players", code="bad-teams")
    if "circus" in v.trump.choices and t.sides != "teams":
        yield SpecError("Circus Rook needs fixed teams: the pass depends on which side named "
                        "trump", _span(v, "trump.choices"), expected="sides teams N",
                        hint="remove circus from trump: choices", code="bad-circus")
    if t.dummy == "partner" and not (t.sides == "teams" and t.players == 2 * t.teams
                                     and t.teams == 2):
        yield SpecError("a dummy partner needs four players in two teams of two",
                        _span(v, "table.dummy"), expected="players 4, sides teams 2",
                        hint="the bid winner plays the partner's exposed hand",
                        code="bad-dummy")
    if v.passing.cards:
        if v.passing.cards > v.deal.hand:
            yield SpecError("players cannot pass more cards than they hold",
                            _span(v, "passing.cards"), expected=f"at most {v.deal.hand}",
                            hint="check passing: cards", code="bad-passing")
    if t.sides == "called" and v.passing.cards:
        yield SpecError("with called partners nobody knows their opponents when passing",
                        _span(v, "passing.cards"), expected="no passing",
                        hint="remove the passing section", code="bad-passing")


def _check_low_sign(v: Variant) -> Iterator[SpecError]:
    """A low score that ends the game (``game.low``) must be below the 0 every game
    starts from (this reads the game's clauses alone)."""
    low = v.game.low
    if low is not None and low >= 0:
        yield SpecError(f"a low score of {low} is reached before any hand is played: every "
                        "score starts at 0", _span(v, "game.low"),
                        expected="a negative low score, such as -250",
                        hint="write the low score with its minus sign: low -250",
                        code="low-unreachable")


def _check_game(v: Variant) -> Iterator[SpecError]:
    """A low score that ends the game (``game.low``) must be one the scores can fall to:
    within the hand limit at the most a hand can take from a score."""
    low = v.game.low
    if low is None or low >= 0:
        return
    worst = worst_hand_score(v)
    if worst == 0:
        yield SpecError(f"no hand can lower a score, so the low score {low} can never be "
                        "reached", _span(v, "game.low", "scoring.bidders"),
                        expected="a scoring that can take points away (a set bid: -bid)",
                        hint="drop 'low', or score a set bid as a loss: "
                             "bidders: if made then taken else -bid", code="low-unreachable")
        return      # so no low score is reachable: said once
    if low < worst * MAX_HANDS:
        yield SpecError(f"the low score {low} needs more than {MAX_HANDS} hands: a hand "
                        f"takes at most {-worst} from a score", _span(v, "game.low"),
                        expected=f"a low score of at least {worst * MAX_HANDS}",
                        hint="a game stops after the hand limit; raise the low score",
                        code="low-unreachable")


def _check_moon(v: Variant) -> Iterator[SpecError]:
    """``scoring: moon-set`` says what a set moon bid loses: it needs a moon bid."""
    if v.scoring.moon_set is not None and v.bidding.moon is None:
        yield SpecError("moon-set says what a set moon bid loses, but the variant has no "
                        "moon bid", _span(v, "scoring.moon-set"),
                        expected="bidding: moon NUMBER or moon game",
                        hint="add 'moon game' (or 'moon N') under bidding:", code="bad-moon")


def _check_burial_order(v: Variant) -> Iterator[SpecError]:
    """``nest: burial-order any`` lets forced cards go early: it needs cards that
    ``forbid`` keeps out of the nest only 'unless forced'."""
    n = v.nest
    if n.burial_order != "any" or n.counters_unless_forced or n.trump_unless_forced or \
            n.cards_unless_forced:
        return
    yield SpecError("burial-order says when forced cards are laid aside, but no card is "
                    "ever forced", _span(v, "nest.burial-order"),
                    expected="forbid counters unless forced (or trump, or a card)",
                    hint="add 'forbid counters unless forced' to nest:", code="bad-burial")


def _check_burial(v: Variant) -> Iterator[SpecError]:
    """``nest: forced-burial``: counters laid aside when forced must be trump counters.
    It needs counters that may be laid aside only when forced, and trump named with the
    nest in hand (before it, the bid winner cannot know its cards; after the discard, the
    counters are already laid aside).  With ``trump`` the rule must always be met: the
    bid winner, whatever it holds, can name some color under which it holds as many trump
    counters as it must lay aside."""
    n = v.nest
    if n.forced_burial == "any":
        return
    if not (n.forbid_counters and n.counters_unless_forced):
        yield SpecError("forced-burial says which counters are laid aside when forced, but "
                        "counters are never forced", _span(v, "nest.forced-burial"),
                        expected="forbid counters unless forced",
                        hint="add 'forbid counters unless forced' to nest:",
                        code="bad-burial")
        return      # the rest reads the forced counters
    if v.trump.named != "after-taking-nest":
        yield SpecError("forced-burial trump needs trump named with the nest in hand, "
                        "before the cards are laid aside", _span(v, "nest.forced-burial"),
                        expected="trump: named after-taking-nest",
                        hint="write 'named after-taking-nest' under trump:",
                        code="bad-burial")
        return
    if n.forced_burial == "trump" and burial_can_fail(v):
        yield SpecError("the burial rule cannot always be met: the bid winner may have to "
                        "lay aside more counters than it holds trump counters of any color",
                        _span(v, "nest.forced-burial"), expected="a rule every hand can follow",
                        hint="write 'forced-burial trump-else-any' (then any trump and any "
                             "counters when no color meets it)", code="discard-impossible")


def burial_can_fail(v: Variant) -> bool:
    """Whether some hand leaves no color with enough trump counters.  The bid winner holds
    ``hand + nest`` cards; with C counters it must lay aside ``C - hand`` of them.  The
    worst case holds no always-trump counter and spreads the colored counters evenly: at
    most m of each color, C = min(S(m), held) where S(m) sums min(m, counters of the color),
    and it fails when C - hand > m."""
    held = v.deal.hand + v.deal.nest
    per_color = [sum(c.copies for c in v.deck.cards if c.color == i and c.points)
                 for i in range(len(v.deck.colors))]
    for most in range(max(per_color, default=0) + 1):
        counters = min(sum(min(most, k) for k in per_color), held)
        if counters - v.deal.hand > most:
            return True
    return False


# What _check_size finds that leaves the other checks nothing sane to count on.
_INSANE = ("deck-too-large", "too-many-bids", "bid-unreachable")

# The checks, in the order they run (each notes what it reads: see check_problems).
_CHECKS = (_check_size, _check_deal, _check_points, _check_bids, _check_nest, _check_face_up,
           _check_birds, _check_poor_hand, _check_trump, _check_table, _check_low_sign,
           _check_game, _check_burial, _check_burial_order, _check_moon)
