"""Whether a world (a deal of the cards a seat cannot see, as the resampler makes it) is
one the rules allow, given everything that seat has seen.

A world is possible when the hand's history, played again from the world's own deal,
is legal at every step and shows the seat what it saw.  The engine is the judge: the
world's deal is worked back from the world (each seat's cards now, with the cards it has
played and passed, and the bid winner's with the nest it took and the cards it laid
aside), dealt as a new hand, and the history replayed on it; the actions the seat could
not see (the cards laid aside by another bid winner, the cards another seat passed) are
replayed as the world's own (its laid-aside and passed cards, each when the engine
takes it).  Every action must be among the legal ones, the seat's view the same after
each (or the last) step, and the hand reached the world itself.

Nothing here is written per variant: the mechanisms are the engine's."""

from __future__ import annotations

import random
from collections import Counter

from ..engine import Action, Hand
from ..engine.nest import face_up, nest_shown
from ..errors import RookeryError, UsageError

# The phases in which cards given are held aside until everyone has given.
GIVING = frozenset({"passing", "circus"})


def impossible(hand: Hand, seat: int, world: Hand, every_step: bool = False) -> str | None:
    """Why ``world`` cannot be the truth for ``seat`` at this moment of ``hand``, or None
    when it is possible.  ``hand`` must record its history; ``every_step`` compares the
    seat's view after every action (else after the last)."""
    if not hand.record:
        raise UsageError("a world is judged against the hand's history, and this hand "
                         "keeps none (it was dealt with record=False)")
    dealt = world_deal(hand, seat, world)
    if isinstance(dealt, str):
        return dealt
    hands, nest, laid_aside, given = dealt
    codes = hand.t.codes
    try:
        replay = Hand(hand.variant, hand.dealer, [[codes[c] for c in h] for h in hands],
                      [codes[c] for c in nest], hand.scores_before, hand.number)
    except RookeryError as error:
        return f"the world's deal is not a deal: {error}"
    truth = Hand(hand.variant, hand.dealer, hand.start_hands, hand.start_nest,
                 hand.scores_before, hand.number) if every_step else None
    aside_left = Counter(laid_aside)
    given_left = [Counter(cards) for cards in given]
    for step, (actor, action) in enumerate(hand.history):
        legal = replay.legal_actions()
        if _hidden(hand, seat, actor, action):
            left = aside_left if action.kind == "discard" else given_left[actor]
            action = next((a for a in legal if a.kind == action.kind and
                           left[replay.t.card_of[a.value]] > 0), None)
            if action is None:
                return (f"step {step}: seat {actor} could not have laid aside or passed "
                        "the world's cards")
            left[replay.t.card_of[action.value]] -= 1
        elif action not in legal:
            return f"step {step}: seat {actor}'s {action} would not be legal"
        replay.apply(action, actor)
        if truth is not None:
            truth.apply(hand.history[step][1], actor)
            if replay.observation(seat) != truth.observation(seat):
                return f"step {step}: seat {seat} would see something else after {action}"
    if replay.observation(seat) != hand.observation(seat):
        return f"seat {seat} would see something else now"
    return _differs(replay, world)


def _hidden(hand: Hand, seat: int, actor: int, action: Action) -> bool:
    """Whether ``seat`` could not see which card ``actor`` took in ``action``."""
    if action.kind == "discard":
        return seat != hand.bidder
    return action.kind == "give" and actor != seat


def _differs(replay: Hand, world: Hand) -> str | None:
    """What the replayed hand holds elsewhere than the world (None: the same)."""
    for s in range(world.n):
        if Counter(replay.hands[s]) != Counter(world.hands[s]):
            return f"seat {s} would hold other cards"
    if Counter(replay.nest) != Counter(world.nest):
        return "the nest would hold other cards"
    if Counter(replay.laid_aside) != Counter(world.laid_aside):
        return "other cards would be laid aside"
    if Counter(replay.hidden_received or ()) != Counter(world.hidden_received or ()):
        return "other cards would be passed to the bid winner"
    if replay.partners != world.partners:
        return "the called partners would be other seats"
    return None


def world_deal(hand: Hand, seat: int, world: Hand):
    """The deal and the hidden choices a world comes from: ``(hands, nest, laid_aside,
    given)``, or why there is none (a string).  Each seat's cards as dealt are its cards
    in the world, with those it played and passed and without those passed to it; the
    bid winner's, with the cards it laid aside and without the nest it took."""
    n = hand.n
    played: list[Counter] = [Counter() for _ in range(n)]
    for _, cards, seats, _ in hand.tricks:
        for card, s in zip(cards, seats):
            played[s][card] += 1
    for card, s in zip(hand.trick_cards, hand.trick_seats):
        played[s][card] += 1
    dealt = [Counter(world.hands[s]) + played[s] for s in range(n)]
    given = _given(hand, seat, world, dealt)
    if isinstance(given, str):
        return given
    for s, cards in enumerate(given):
        dealt[s] += Counter(cards)
        if hand.given and hand.phase not in GIVING:
            to = receiver(hand, s)
            if to is not None and not (world.hidden_received is not None and
                                       to == hand.bidder):
                if Counter(cards) - dealt[to]:
                    return f"seat {to} would not hold the cards passed to it"
                dealt[to] -= Counter(cards)
    # The nest as dealt, its face-up cards first (they are the first dealt to it).
    up = list(face_up(hand))
    nest = up + list((Counter(world.nest) - Counter(up)).elements())
    taken = hand.bidder is not None and not hand.nest and hand.variant.deal.nest > 0 \
        and hand.phase not in ("bidding", "redeal")
    if taken:
        bidder = hand.bidder
        dealt[bidder] += Counter(world.laid_aside)
        nest = _nest_taken(hand, seat, dealt[bidder], world.laid_aside)
        if isinstance(nest, str):
            return nest
        dealt[bidder] -= Counter(nest)
    return [list(c.elements()) for c in dealt], nest, list(world.laid_aside), given


def _given(hand: Hand, seat: int, world: Hand, dealt: list[Counter]):
    """The cards each seat passed in the world: while passing, the world's; once passed,
    the truth's where the seat knows them (it passed them or was passed them) or where
    they fit the world, else as many of the receiver's cards as were passed."""
    if not hand.given:
        return []
    if hand.phase in GIVING:
        return [list(cards) for cards in world.given]
    out = []
    for s, cards in enumerate(hand.given):
        to = receiver(hand, s)
        if world.hidden_received is not None and to == hand.bidder and s != seat:
            out.append(list(world.hidden_received))
            continue
        if s == seat or to == seat or to is None or not cards:
            out.append(list(cards))
            continue
        pool = dealt[to]
        if not Counter(cards) - pool:
            out.append(list(cards))
            continue
        choice = list(pool.elements())
        random.Random(s).shuffle(choice)
        out.append(choice[:len(cards)])
    return out


def _nest_taken(hand: Hand, seat: int, held: Counter, laid_aside: list[int]):
    """The nest as dealt in the world, once the bid winner has taken it: as it was where
    ``seat`` saw it (it took it, or the nest was shown), else its face-up cards and the
    rest from the bid winner's cards (``held``): the cards it called first (it could not
    hold them when it called them, so they came from the nest), then the laid-aside
    ones."""
    size = hand.variant.deal.nest
    if seat == hand.bidder or nest_shown(hand):
        nest = list(hand._start[1])
    else:
        nest = list(face_up(hand))
        rest = held - Counter(nest)
        called = Counter(hand.called) & rest
        aside = Counter(laid_aside) & (rest - called)
        pool = list(called.elements()) + list(aside.elements()) + \
            list((rest - called - aside).elements())
        nest += pool[:size - len(nest)]
    if Counter(nest) - held:
        return "the nest's cards the seat saw would not be with the bid winner"
    return nest


def receiver(hand: Hand, seat: int) -> int | None:
    """Where the cards ``seat`` gave went: the passing direction of this hand, or the
    Circus Rook pass to the left."""
    if hand.circus_namer is not None:
        return (seat + 1) % hand.n
    directions = hand.variant.passing.directions
    if not directions:
        return None
    direction = directions[hand.number % len(directions)]
    if direction == "left":
        return (seat + 1) % hand.n
    if direction == "right":
        return (seat - 1) % hand.n
    return None
