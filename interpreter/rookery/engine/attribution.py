"""Rule attribution: which rules of the spec decided what the engine decided.

Every decision a hand makes -- whose turn it is, the legal set, a refusal, a trick's
winner, the points in a trick, a hand's result, the end of the game, what a seat may
see -- comes from some clause of the spec.  These functions name that clause by its rule
id (``bidding.minimum``, ``play.follow``, ``trump.rook``), so that a report can say which
rule an engine broke rather than which symptom it showed.

The mechanisms are the engine's; the rule ids are the spec's (an explicit ``as`` id where
the spec gives one, ``section.key`` for a key left to its default).  A ``None`` rule means
the decision follows from no clause: the shape of the game itself (a card must be held
to be played, the left-hand neighbour speaks next).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import IllegalAction
from .actions import Action

# The clause that puts each phase after the auction where it is.
PHASE_CLAUSES = {
    "trump": ("trump", "named"), "rook": ("trump", "rook"), "discard": ("nest", "discard"),
    "passing": ("passing", "cards"), "call": ("table", "call-time"),
    "leader": ("play", "leader"), "circus": ("trump", "choices"),
    "redeal": ("deal", "poor-hand-redeal"),
}


_PHASE_PRIORITY = ("trump", "call", "rook", "leader", "circus", "passing", "discard",
                   "redeal")


def _rule(hand, section: str, key: str) -> str:
    return hand.t.rule(section, key)


def _unique(rules: Iterable[str | None]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(r for r in rules if r))


# -- whose turn, which phase -----------------------------------------------------------------

def turn_rules(hand) -> tuple[str, ...]:
    """The rules that make ``hand.actor`` the seat to decide now."""
    phase = hand.phase
    if phase == "done":
        return ()
    if phase == "bidding":
        spoken = [entry for entry in hand.auction]
        if hand.variant.bidding.opening is not None:
            if len(spoken) <= 1:
                return _unique([_rule(hand, "bidding", "opening")])
        elif not spoken:
            return _unique([_rule(hand, "bidding", "first")])
        return _unique([_rule(hand, "bidding", "pass")])
    if phase == "play":
        if hand.trick_cards:
            if hand.has_dummy and hand.actor != hand.to_act:
                return _unique([_rule(hand, "table", "dummy")])
            return ()            # play goes to the left: no clause decides it
        if not hand.tricks:
            if hand.circus_namer is not None:
                return _unique([_rule(hand, "trump", "choices")])
            return _unique([_rule(hand, "play", "leader")])
        if len(hand.trick_rules) < len(hand.tricks):     # a playout keeps none: work out
            leader, cards, seats, winner = hand.tricks[-1]
            return trick_rules(hand, hand.ctx, cards, seats, winner)
        return hand.trick_rules[-1] if hand.trick_rules else ()
    if phase == "circus":
        return _unique([_rule(hand, "trump", "choices")])
    if phase == "passing":
        return ()
    section, key = PHASE_CLAUSES[phase]
    return _unique([_rule(hand, section, key)])


def phase_rules(hand, other: str | None = None) -> tuple[str, ...]:
    """The rules that put the hand in its phase now (and, given the phase another engine
    reports, the rules that tell the two apart)."""
    phases = [hand.phase] + ([other] if other and other != hand.phase else [])
    poor = poor_hand_rules(hand, phases)
    if poor:
        return poor
    if "bidding" in phases and len(phases) == 2:
        # One side's auction is over, the other's goes on: how an auction ends.
        if top_bid_ends(hand):
            return _unique([_rule(hand, "bidding", "at-maximum")])
        opening = hand.variant.bidding.opening
        if opening is not None and hand.high == opening and \
                all(said == "pass" for _, said in hand.auction[1:]):
            return _unique([_rule(hand, "bidding", "opening")])  # the dealer's opening bid
        return _unique([_rule(hand, "bidding", "all-pass") if hand.bidder is None or
                        hand.forced else _rule(hand, "bidding", "pass")])
    rules: list[str | None] = []
    # Where two phases trade places, the clause that orders them is to blame, not the
    # clause of a phase that both have (the nest's discard is in both; when trump is
    # named moves).
    for phase in sorted((p for p in phases if p in PHASE_CLAUSES),
                        key=lambda p: _PHASE_PRIORITY.index(p)):
        rules.append(_rule(hand, *PHASE_CLAUSES[phase]))
        break
    if not rules:
        if "done" in phases and "bidding" in phases or (
                hand.phase == "bidding" and other not in (None, "play", "done")) or (
                other == "bidding" and hand.bidder is not None and hand.high == 0):
            rules.append(_rule(hand, "bidding", "all-pass"))
        elif "done" in phases or "bidding" in phases:
            rules.append(_rule(hand, "bidding", "all-pass") if hand.bidder is None
                         else _rule(hand, "bidding", "pass"))
    return _unique(rules)


def poor_hand_rules(hand, phases) -> tuple[str, ...]:
    """Where two phases differ over a poor hand (``deal.poor-hand``): a hand thrown in
    or offered for a redeal on one side, the auction open on the other."""
    before_auction = not hand.auction and ("bidding" in phases or "redeal" in phases)
    if not hand.variant.deal.poor_hand:
        # A spec without poor hands (the language's default, ``deal.poor-hand none``):
        # an engine that throws the cards in or offers a redeal before anyone has bid
        # departs from that default, not from how an auction nobody bids in ends.
        if before_auction and ("done" in phases or "redeal" in phases):
            return _unique([_rule(hand, "deal", "poor-hand")])
        return ()
    if "redeal" in phases or getattr(hand, "poor_seat", None) is not None or \
            (before_auction and "done" in phases):
        return _unique([_rule(hand, "deal", "poor-hand"),
                        _rule(hand, "deal", "poor-hand-redeal")])
    return ()


def next_dealer_rules(hand) -> tuple[str, ...]:
    """The rule that says who deals after ``hand`` when it differs from the usual turn:
    a poor hand thrown in (``deal.poor-hand-dealer``), a hand nobody bid on
    (``bidding.all-pass``); else none (the deal passing left is the game itself)."""
    if getattr(hand, "poor_seat", None) is not None:
        return _unique([_rule(hand, "deal", "poor-hand-dealer")])
    if hand.result is not None and hand.result.thrown_in:
        return _unique([_rule(hand, "bidding", "all-pass")])
    return ()


def wrong_phase(hand, message: str) -> IllegalAction:
    """The refusal of an action another phase takes, charged to the rule that puts the
    hand in its phase now."""
    rules = phase_rules(hand)
    return IllegalAction("wrong-phase", message, rules[0] if rules else None)


def hand_rules(hand, seat: int) -> tuple[str, ...]:
    """The rules behind the cards a seat holds now: cards passed (and when the bid winner
    sees what it received), else the phase that moved cards (the nest taken)."""
    if hand.hidden_received is not None and seat == hand.bidder:
        return _unique([_rule(hand, "passing", "bidder-sees")])
    if any(hand.given):
        return _unique([_rule(hand, "passing", "directions")])
    return phase_rules(hand) or legal_rules(hand)


def auction_rules(hand) -> tuple[str, ...]:
    """The rules behind who holds the contract and at what bid, once the auction is
    over: a forced bid is the minimum; otherwise the auction's end."""
    if hand.forced:
        return _unique([_rule(hand, "bidding", "minimum")])
    if top_bid_ends(hand):
        return _unique([_rule(hand, "bidding", "at-maximum")])
    if hand.variant.bidding.all_pass == "dealer-must-bid" and hand.bidder is not None and \
            [said for _, said in hand.auction[:-1]] == ["pass"] * (hand.n - 1):
        return _unique([_rule(hand, "bidding", "all-pass")])    # made to bid, any amount
    if hand.variant.bidding.opening is not None and hand.high == hand.variant.bidding.opening:
        return _unique([_rule(hand, "bidding", "opening")])
    return _unique([_rule(hand, "bidding", "pass")])


# -- the legal set -----------------------------------------------------------------------------

def legal_rules(hand) -> tuple[str, ...]:
    """The rules that shape the legal set now."""
    phase = hand.phase
    if phase == "bidding":
        b = hand.variant.bidding
        keys = ["minimum", "maximum", "step", "raise", "pass"]
        if b.opening is not None:
            keys.append("opening")
        if b.all_pass == "dealer-must-bid" and hand.active == 1 and hand.bidder is None:
            keys.insert(0, "all-pass")      # the pass is missing: the one left must bid
        return _unique(_rule(hand, "bidding", k) for k in keys)
    if phase == "play":
        rules = [_rule(hand, "play", "follow")]
        if hand.t.anytime:
            rules.append(_rule(hand, "play", "anytime"))
        return _unique(rules)
    if phase == "discard":
        return _unique([_rule(hand, "nest", "forbid")])
    if phase in ("trump", "circus"):
        return _unique([_rule(hand, "trump", "choices")])
    if phase == "call":
        return _unique([_rule(hand, "table", "sides")])
    if phase == "passing":
        return _unique([_rule(hand, "passing", "cards")])
    if phase == "redeal":
        return _unique([_rule(hand, "deal", "poor-hand"), _rule(hand, "deal", "poor-hand-redeal")])
    if phase in PHASE_CLAUSES:
        return _unique([_rule(hand, *PHASE_CLAUSES[phase])])
    return ()


def refusal(hand, action: Action | str, seat: int | None = None) -> IllegalAction | None:
    """The refusal the rules give ``action`` now (``None`` if it is legal).

    A refusal never changes a hand, so nothing is copied; a legal action is answered from
    the legal set without being applied."""
    if isinstance(action, str):
        try:
            action = Action.parse(action)
        except Exception:  # noqa: BLE001 - the hand words the refusal itself
            pass
    actor = hand.actor if hand.has_dummy else hand.to_act
    if (seat is None or seat == actor) and not hand.is_over and \
            action in hand.legal_actions():
        return None
    try:
        hand.apply(action, seat)
    except IllegalAction as error:
        return error
    raise AssertionError(f"{action} was applied though it is not in the legal set")


# The rule an engine invokes by its rejection code (when its code is not the oracle's,
# the engine applied this rule where the spec says it does not apply).
CODE_CLAUSES = {
    "bid-too-low": ("bidding", "minimum"), "bid-too-high": ("bidding", "maximum"),
    "bid-not-multiple": ("bidding", "step"), "bid-jump": ("bidding", "raise"),
    "must-follow-color": ("play", "follow"), "cannot-discard-counters": ("nest", "forbid"),
    "cannot-discard-trump": ("nest", "forbid"), "trump-not-allowed": ("trump", "choices"),
    "must-pass-best": ("trump", "choices"), "must-pass-worst": ("trump", "choices"),
    "cannot-call-own-card": ("table", "sides"), "already-called": ("table", "sides"),
    "must-bid": ("bidding", "all-pass"),
    "must-discard-trump-counter": ("nest", "forced-burial"),
    "exchange-limit": ("nest", "exchange"),
    "claim-not-on-lead": ("play", "claim"), "claim-not-certain": ("play", "claim"),
    "trump-burial-unmet": ("nest", "forced-burial"),
}


def top_bid_ends(hand) -> bool:
    """The auction ended on a bid of the highest amount (``bidding.at-maximum
    ends-auction``)."""
    return hand.variant.bidding.at_maximum == "ends-auction" and hand.bidder is not None \
        and hand.high == hand.t.max_bid


def code_rules(hand, expected: IllegalAction, code: str | None) -> tuple[str, ...]:
    """The rule behind a refusal given with another code than the spec's: the rule the
    engine's code invokes where the spec says it does not apply, else the spec's own."""
    clause = CODE_CLAUSES.get(code or "")
    if derived_maximum(hand) and "bid-too-high" in (code, expected.code):
        return ()           # the highest bid follows from the points (see above)
    if clause is not None:
        if code == "bid-too-low" and hand.high:
            clause = ("bidding", "step")
        return _unique([_rule(hand, *clause)])
    return _unique([expected.rule])


def permit_rules(hand, action: Action, other_legal: Iterable[Action] = ()) -> tuple[str, ...]:
    """Why a legal ``action`` is allowed: the rules another engine breaks by refusing it.
    ``other_legal`` is what that engine allows, which tells a missing jump bid (the raise
    rule) from a missing multiple (the step)."""
    t = hand.t
    kind = action.kind
    if kind == "pass":
        return _unique([_rule(hand, "bidding", "all-pass")])
    if kind == "bid":
        b = hand.variant.bidding
        amount = action.value
        bids = sorted(a.value for a in hand.legal_actions() if a.kind == "bid")
        lowest = bids[0] if bids else b.minimum
        theirs = {a.value for a in other_legal if getattr(a, "kind", None) == "bid"}
        spaced = sorted(theirs)
        if any(high - low != b.step for low, high in zip(spaced, spaced[1:])):
            return _unique([_rule(hand, "bidding", "step")])   # its bids go in other steps
        opening_only = b.opening is not None and hand.high == b.opening and \
            all(said == "pass" for _, said in hand.auction[1:])
        if amount == lowest and opening_only and (not theirs or min(theirs) > amount):
            return _unique([_rule(hand, "bidding", "opening")])  # the raise over the opening
        if amount == t.max_bid and not theirs:
            return _unique([_rule(hand, "bidding", "maximum")])
        if amount == lowest or (theirs and amount < min(theirs)):
            # The engine's lowest bid is higher: its minimum (or its raise) differs.
            return _unique([_rule(hand, "bidding", "minimum" if not hand.high else "step")])
        if lowest in theirs and not any(bid > lowest for bid in theirs):
            # Only the lowest raise is allowed there: no jumps, or a maximum one step
            # up -- the two cannot be told apart when the top bid is the only jump.
            if amount == t.max_bid and lowest + b.step == amount:
                return ()
            return _unique([_rule(hand, "bidding", "raise")])
        if amount == t.max_bid and not any(bid >= amount for bid in theirs):
            return _unique([_rule(hand, "bidding", "maximum")])
        return _unique([_rule(hand, "bidding", "step")])
    if kind == "play":
        card = t.card_of.get(action.value)
        if card is None or not hand.trick_cards:
            return ()
        suit_of = hand.ctx.suit_of
        held = hand.hands[hand.to_act]
        if suit_of[card] != hand.led and any(suit_of[c] == hand.led for c in held):
            return _unique([_rule(hand, "play", "anytime")] if card in t.anytime
                           else [_rule(hand, "play", "follow")])
        if card in t.birds:
            return _unique([bird_rule(hand, card)])
        if card == t.rook or card in t.specials:
            return _unique([_rule(hand, "trump", "rook" if card == t.rook else "special")])
        return _unique([_rule(hand, "play", "follow")])
    if kind == "discard":
        return _unique([_rule(hand, "nest", "forbid")])
    if kind in ("trump",):
        return _unique([_rule(hand, "trump", "choices")])
    if kind == "give":
        return _unique([_rule(hand, "trump", "choices") if hand.phase == "circus"
                        else _rule(hand, "passing", "cards")])
    if kind == "call":
        return _unique([_rule(hand, "table", "sides")])
    if kind in ("rook", "leader"):
        return _unique([_rule(hand, *PHASE_CLAUSES[kind])])
    return ()


def legal_difference_rules(hand, missing: Iterable[Action], extra: Iterable[Action],
                           other_legal: Iterable[Action]) -> tuple[str, ...] | None:
    """The rules behind a legal set another engine states differently: for each action it
    refuses but the rules allow, why it is allowed; for each it allows but the rules
    refuse, the rule that refuses it."""
    other_legal = list(other_legal)
    missing, extra = list(missing), list(extra)
    if _top_bids_only(hand, missing, extra, other_legal):
        # No maximum clause: the highest bid is what a hand holds, which the counters
        # and bonuses decide; a difference there follows from theirs.
        return ()
    t = hand.t
    refused_anytime = [a for a in extra if a.kind == "play" and
                       t.card_of.get(a.value) in t.always_trump | t.anytime]
    if extra and len(refused_anytime) == len(extra) and all(
            (e := refusal(hand, a)) is not None and e.code == "must-follow-color"
            for a in extra):
        ordinary = any(hand.ctx.suit_of[c] != hand.led and c not in t.always_trump | t.anytime
                       for c in hand.hands[hand.to_act])
        if not ordinary and not missing:
            return None     # no other card could leave the color: the two rules agree here
        # Only the Rook (or a special trump) is allowed off color: which cards may be
        # played anytime, not the follow rule itself.
        return _unique([_rule(hand, "play", "anytime")] +
                       [r for a in missing for r in permit_rules(hand, a, other_legal)])
    rules: list[str | None] = []
    for action in missing:
        rules.extend(permit_rules(hand, action, other_legal))
    for action in extra:
        error = refusal(hand, action)
        rules.append(error.rule if error is not None else None)
    return _unique(rules)


def derived_maximum(hand) -> bool:
    """The spec states no maximum bid: the highest bid is the points a hand holds."""
    return hand.variant.bidding.maximum is None


# How far below the top a derived maximum may move: a counter or bonus changed by a few
# points moves the points a hand holds (and so the top bid) by a step or two.
TOP_STEPS = 3


def _top_bids_only(hand, missing, extra, other_legal) -> bool:
    """Only the highest bids differ, where the spec's highest bid is the points a hand
    holds: the other engine counts the points otherwise (told by the counters)."""
    if not derived_maximum(hand) or not (missing or extra):
        return False
    bids = [a.value for a in missing + extra if a.kind == "bid"]
    if len(bids) != len(missing) + len(extra):
        return False
    if not missing and min(bids) > hand.t.max_bid:
        return True                     # bids over the top: the other counts more points
    common = [a.value for a in hand.legal_actions() if a.kind == "bid" and a in other_legal]
    step = hand.variant.bidding.step
    return not extra and bool(common) and min(bids) > max(common) and \
        min(bids) >= hand.t.max_bid - TOP_STEPS * step


def top_bid(hand, action) -> bool:
    """A bid at the top of the range, where the spec's highest bid is the points a hand
    holds (see :func:`_top_bids_only`)."""
    return derived_maximum(hand) and getattr(action, "kind", None) == "bid" and \
        isinstance(action.value, int) and \
        action.value >= hand.t.max_bid - TOP_STEPS * hand.variant.bidding.step


def anytime_card(hand, action) -> bool:
    """A play of the Rook (or a special trump, or a card the spec lets be played
    anytime): whether it may leave the led color is ``play.anytime``'s to say."""
    t = hand.t
    return getattr(action, "kind", None) == "play" and \
        t.card_of.get(action.value) in (t.always_trump | t.anytime)


# -- tricks ------------------------------------------------------------------------------------

def bird_rule(hand, card: int) -> str:
    """The id of the ``trump: bird`` clause that places the bird ``card``."""
    code = hand.t.codes[card]
    for rule in hand.variant.rules:
        if rule.section == "trump" and rule.key == "bird" and rule.text.split()[1:2] == [code]:
            return rule.id
    return f"trump.bird.{code}"


def beats_rule(hand, ctx, winner: int, other: int) -> str | None:
    """The rule by which card ``winner`` beats card ``other`` in this trick (``None``
    when it is no clause but the shape of a trick: an off-color card cannot win)."""
    t = hand.t
    rules = hand.variant.trump
    if winner == other:
        return _rule(hand, "play", "ties")
    birds = [card for card in (winner, other) if card in t.birds]
    if birds:       # placed after the Rook and against it: the later bird's clause decides
        return bird_rule(hand, max(birds, key=t.birds.index))
    if t.rook is not None and t.rook in (winner, other):
        if ctx.trump < 0 and rules.no_trump_rook is not None:
            return _rule(hand, "trump", "no-trump-rook")
        if "-low" in ctx.call and rules.low_card_rook is not None:
            return _rule(hand, "trump", "low-card-rook")
        return _rule(hand, "trump", "rook")
    for special in rules.specials:
        code = t.card_of[special.code]
        if code in (winner, other):
            own = f"trump.special.{special.code}"
            return own if own in t.all_rule_ids else _rule(hand, "trump", "special")
    win_trump, other_trump = ctx.trump_key[winner] >= 0, ctx.trump_key[other] >= 0
    if win_trump and not other_trump:
        return _rule(hand, "trump", "choices")
    if ctx.suit_of[winner] == ctx.suit_of[other]:
        if "-low" in ctx.call:
            return _rule(hand, "trump", "choices")
        return t.rule_ids.get(("deck", "order")) or _rule(hand, "deck", "ranks")
    return None


def trick_rules(hand, ctx, cards, seats, winner: int) -> tuple[str, ...]:
    """The rules that gave the trick to ``winner``: why its card beat the strongest of
    the others (the card that would have won without it).  Asked at every trick, so the
    answer is kept per trump call and pair of cards."""
    win_card = cards[seats.index(winner)]
    trump_key, rank_key, suit_of = ctx.trump_key, ctx.rank_key, ctx.suit_of
    led = suit_of[cards[0]]
    runner_up, best = None, -2
    for seat, card in zip(seats, cards):
        if seat == winner:
            continue
        key = trump_key[card]
        if key < 0:
            key = rank_key[card] if suit_of[card] == led else -1
        if key > best:
            runner_up, best = card, key
    if runner_up is None:
        return ()
    cache = hand.t.trick_rule_cache
    found = cache.get((ctx.call, win_card, runner_up))
    if found is None:
        found = cache[(ctx.call, win_card, runner_up)] = \
            _unique([beats_rule(hand, ctx, win_card, runner_up)])
    return found


def seat_of_card_rule(hand, ctx, cards, seats, winner: int, claimed: int) -> tuple[str, ...]:
    """The rule by which the trick is ``winner``'s, not ``claimed``'s (as another engine
    says): why the winning card beats the card the other engine thinks won."""
    if claimed not in seats or winner not in seats:
        return trick_rules(hand, ctx, cards, seats, winner)
    return _unique([beats_rule(hand, ctx, cards[seats.index(winner)],
                               cards[seats.index(claimed)])])


def points_rules(hand) -> tuple[str, ...]:
    """The rules that count the points in a trick."""
    return hand.t.counters_rules


# -- the hand's result and the game ------------------------------------------------------------

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
        return _unique([_rule(hand, "game", "winner" if top >= target else "target")])
    return _unique([_rule(hand, "game", "winner")])


# -- what a seat may see -----------------------------------------------------------------------

def visible_codes(hand, seat: int) -> set[str]:
    """Every card code ``seat`` may see now: its hand, the trick on the table, the last
    trick while it stays in view, an exposed dummy, the cards it laid aside or is
    passing, and the called cards."""
    obs = hand.observation(seat)
    seen = set(obs["hand"])
    for key in ("trick", "last_trick"):
        for entry in obs.get(key) or ():
            seen.add(entry[1])
    seen.update(obs.get("laid_aside", ()))
    seen.update(obs.get("giving", ()))
    seen.update(obs.get("called", ()))
    for fact in SHOWN_FACTS:
        seen.update(obs.get(fact, ()))
    if "dummy" in obs:
        seen.update(obs["dummy"]["hand"])
    return seen


# The nest cards every seat is shown, by the view's key: the rule that shows them.
SHOWN_FACTS = {"nest_face_up": ("nest", "face-up"), "nest_shown": ("nest", "shown")}


def shown_facts(hand, seat: int) -> dict[str, tuple[list[str], str]]:
    """The cards a seat's view must show face up now, by key: (cards, rule id)."""
    obs = hand.observation(seat)
    return {fact: (obs[fact], _rule(hand, *clause)) for fact, clause in SHOWN_FACTS.items()
            if fact in obs}


def view_rules(hand, want: dict | None = None) -> tuple[str, ...]:
    """The rules that decide what a seat's view shows beyond its own hand: the last
    trick kept in view, the dummy exposed, the nest's announcement, the partners known
    (and, where the expected view ``want`` shows them, the nest cards turned face up)."""
    shows = (want or {}).get("shows", {}) if isinstance(want, dict) else {}
    face_up = [_rule(hand, *SHOWN_FACTS[fact]) for fact in SHOWN_FACTS
               if isinstance(shows, dict) and fact in shows]
    if face_up:
        return _unique(face_up)
    candidates = [("play", "review"), ("table", "dummy-shown"), ("nest", "announce"),
                  ("table", "sides")]
    ids = hand.t.rule_ids
    return _unique(ids[c] for c in candidates if c in ids) or \
        _unique([_rule(hand, "play", "review")])


def hidden_codes(hand, seat: int) -> set[str]:
    """The card codes ``seat`` may not see now (a code with a visible copy is visible)."""
    return set(hand.t.codes) - visible_codes(hand, seat)


def leak_rules(hand, seat: int, leaked: Iterable[str]) -> tuple[str, ...]:
    """The rules that hide the ``leaked`` cards from ``seat``: a dummy's hand shown too
    early, a taken trick left in view, the laid-aside nest.  Another seat's hand is
    hidden by no clause: it is the game itself."""
    t = hand.t
    rules: list[str | None] = []
    played = {t.codes[c] for trick in hand.tricks for c in trick[1]}
    nest = {t.codes[c] for c in hand.laid_aside + hand.nest}
    dummy = (hand.bidder + 2) % hand.n if hand.has_dummy and hand.bidder is not None \
        else None
    passed = {t.codes[c] for cards in hand.given for c in cards}
    dealt_to_nest = set(hand.start_nest)
    from_nest = [code for code in leaked if code in dealt_to_nest]
    for code in leaked:
        if code in from_nest:
            rules.append(_nest_shown_rule(hand, from_nest))
        elif code in passed:
            rules.append(_rule(hand, "passing", "directions"))   # sent to another seat
        elif code in played:
            rules.append(_rule(hand, "play", "review"))
        elif code in nest:
            rules.append(_rule(hand, "deal", "nest"))
        elif dummy is not None and code in {t.codes[c] for c in hand.hands[dummy]}:
            rules.append(_rule(hand, "table", "dummy-shown"))
    return _unique(rules)


def _nest_shown_rule(hand, shown: list[str]) -> str:
    """Cards dealt to the nest that a seat sees, wherever they are now: the whole nest
    between the auction and the bid winner taking it is ``nest.shown`` (never, by
    default); any other nest card, at any time, was turned face up (``nest.face-up``,
    face down by default)."""
    auction_won = hand.bidder is not None and hand.phase != "bidding"
    if auction_won and hand.nest and set(shown) == set(hand.start_nest):
        return _rule(hand, "nest", "shown")
    return _rule(hand, "nest", "face-up")


def _house_game_rules(hand) -> tuple[str, ...]:
    """The house rules of the game's end that decide this hand's end, if any: a low score
    (``game.low``), equal totals (``game.ties``), or going out only on one's own bid
    (``game.win-on``), which also keeps a defending side past the target playing on."""
    if hand.result is None:
        return ()
    from .game_end import decide
    game = hand.variant.game
    _, keys = decide(hand.variant, hand.result, hand.t.team_of)
    house = [key for key in keys if key in ("low", "ties", "win-on")]
    if not house and game.win_on == "own-bid" and max(hand.result.scores) >= game.target:
        house = ["win-on"]
    return _unique([_rule(hand, "game", key) for key in house])
