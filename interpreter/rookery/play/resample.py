"""Dealing the cards a seat cannot see again, consistently with everything it has seen:
the determinizations a search bot plays its hands out on.

Nothing here is written per variant.  Where a hidden card may lie follows from the
hand's own mechanisms as the spec chose them:

- the places a seat cannot look into: the other seats' hands (not an exposed dummy), the
  nest before it is taken, the cards laid aside (unless the seat laid them), cards given
  and not yet passed, cards passed face down to the bid winner (``passing.bidder-sees``);
- the cards whose place the seat knows though it cannot see them: the nest's face-up
  cards (``nest.face-up``) and the whole nest once shown (``nest.shown``), which stay in
  the nest or, once taken, in the bid winner's hand or laid aside; the cards the seat
  passed, in the hand of the seat it passed them to (``passing:``);
- the colors a seat has shown void in: it did not follow the led color with a card
  that is not playable anytime, where the spec makes players follow (``play.follow``),
  so it held none of that color then and can hold none now;
- the called partner card (``table: sides called``): the seats holding it are the
  partners of the sample, and the bid winner, who may not call a card it holds, does
  not hold it (when its hand has changed since only by the cards it played);
- what the rules keep out of the laid-aside cards (``nest.forbid``: counters, trump as
  known then; lifted only where the bid winner must have been forced), and what the bid
  winner announced of them (``nest.announce points``: a counter among them, or none).

The counts of every place are kept, the seat's own cards never move, and a card's place
is drawn at random among those it may be in (the most constrained cards first, then a
feasibility check that cannot fail, see :func:`_assign`).  The few rules that say more
than where a card may lie (a poor hand, the Circus Rook pass, the exchange limit, a
forced burial) are checked by replaying the hand on the deal drawn
(:mod:`rookery.play.possible`), which is drawn again up to a bound (see
:func:`determinize`).  ``tests/test_resample_rules.py`` finds no world the rules forbid,
for any seat, in every built-in variant."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from ..engine import Hand
from ..engine.burial import applies_to
from ..engine.phases import CALL, DISCARD, PASSING, TRUMP
from .possible import GIVING, impossible, receiver

# The hidden places of a hand, named as a player would: ("hand", seat), ("nest",),
# ("aside",) the cards laid aside, ("giving", seat) cards given before the pass,
# ("received",) the cards passed face down to the bid winner.
Place = tuple



@dataclass(frozen=True)
class Knowledge:
    """What ``seat`` knows of the hidden cards at one moment of a hand.

    ``places`` are the places it cannot see, ``sizes`` how many cards each holds, and
    ``cards`` the hidden cards (one entry per copy), each with the indices of the places
    it may be in."""

    seat: int
    places: tuple[Place, ...]
    sizes: tuple[int, ...]
    cards: tuple[tuple[int, frozenset[int]], ...]
    voids: tuple[frozenset[int], ...]       # per seat: the cards it cannot hold
    # The place of the laid-aside cards where the bid winner announced they hold points
    # (``nest.announce points``): a deal puts a counter there.
    counter_in: int | None = None
    points: tuple[int, ...] = ()            # per card id, its points
    # The rules that say more of the hidden cards than where they may lie (a poor hand
    # kept or not asked about, the Circus Rook pass of the best or worst card, the
    # exchange limit, a forced burial): checked by replaying the history on a deal.
    residual: tuple[str, ...] = ()

    @cached_property
    def confined(self) -> tuple[tuple[int, frozenset[int]], ...]:
        """The hidden cards that cannot be just anywhere."""
        everywhere = len(self.places)
        return tuple(entry for entry in self.cards if len(entry[1]) < everywhere)

    @cached_property
    def anywhere(self) -> tuple[int, ...]:
        """The hidden cards that may be in any hidden place."""
        everywhere = len(self.places)
        return tuple(card for card, where in self.cards if len(where) == everywhere)

    def sample(self, rng: random.Random) -> tuple[list[int], ...]:
        """One deal of the hidden cards: per place, its cards."""
        return _assign(self, rng)


def knowledge(hand: Hand, seat: int) -> Knowledge:
    """What ``seat`` knows now of the cards it cannot see (see the module's docstring)."""
    t = hand.t
    n = hand.n
    places: list[Place] = []
    contents: list[list[int]] = []
    dummy = exposed_dummy(hand, seat)
    for other in range(n):
        if other != seat and other != dummy:
            places.append(("hand", other))
            contents.append(hand.hands[other])
    if hand.nest:
        places.append(("nest",))
        contents.append(hand.nest)
    if hand.laid_aside and seat != hand.bidder:
        places.append(("aside",))
        contents.append(hand.laid_aside)
    for other, cards in enumerate(hand.given if hand.phase in GIVING else ()):
        if other != seat and cards:
            places.append(("giving", other))
            contents.append(cards)
    if hand.hidden_received is not None:
        places.append(("received",))
        contents.append(hand.hidden_received)
    index = {place: i for i, place in enumerate(places)}
    everywhere = frozenset(range(len(places)))
    pool = [card for cards in contents for card in cards]

    # Cards whose place the seat knows.  Of a card with copies (a double deck), only the
    # copies it cannot have seen elsewhere are known to be there.
    total = Counter(t.deck)
    hidden = Counter(pool)
    known: list[tuple[int, frozenset[int]]] = []
    for where, placed in _placed_cards(hand, seat, index):
        for card, count in Counter(placed).items():
            sure = min(hidden[card], count - (total[card] - hidden[card]))
            if where and sure > 0:
                for _ in range(sure):
                    pool.remove(card)
                    known.append((card, where))
                hidden[card] -= sure

    voids = _voids(hand)
    entries = known + [(card, everywhere) for card in pool]
    sizes = tuple(len(c) for c in contents)
    # A card may not lie where a seat has shown void in its color, nor where the rules
    # keep it out (_barred); the constraints lifted when the bid winner is forced are
    # dropped if no deal can keep them (the truth is a deal, so it was forced).
    out: list[set[int]] = [set() for _ in places]
    for p, place in enumerate(places):
        if place[0] == "hand":
            out[p] |= voids[place[1]]
    barred = _barred(hand, seat, index)
    for lifted in (frozenset(), _UNLESS_FORCED):
        keep_out = [frozenset(cards.union(*(b for (why, at), b in barred.items()
                                            if at == p and why not in lifted)))
                    for p, cards in enumerate(out)]
        cards = [(card, frozenset(p for p in where if card not in keep_out[p]))
                 for card, where in entries]
        if _fits(cards, list(sizes)):
            break
    points = hand.nest_announced if ("aside",) in index else None
    return Knowledge(seat, tuple(places), sizes, tuple(cards), tuple(voids),
                     index.get(("aside",)) if points else None, t.points,
                     _residual(hand, seat))


def _residual(hand: Hand, seat: int) -> tuple[str, ...]:
    """The rule ids of :attr:`Knowledge.residual` that bear on ``seat`` now."""
    v = hand.variant
    found = []
    if v.deal.poor_hand:
        found.append("deal.poor-hand")
    if hand.circus_namer is not None:
        found.append("trump.choices")
    if seat != hand.bidder and hand.bidder is not None and v.deal.nest:
        if v.nest.exchange is not None:
            found.append("nest.exchange")
        if applies_to(v):
            found.append("nest.forced-burial")
    return tuple(found)


# The constraints of :func:`_barred` that the rules lift when the bid winner is forced:
# dropped when no deal of the hidden cards can keep them (the truth is one).
_UNLESS_FORCED = frozenset({"forbidden"})


def _barred(hand: Hand, seat: int, index: dict) -> dict[tuple[str, int], frozenset[int]]:
    """Cards the rules keep out of a hidden place, by ``(why, place index)``:

    - ``forbidden``: the cards ``nest.forbid`` keeps out of the laid-aside cards (counters,
      trump as it was known when they were laid aside), unless the bid winner was forced;
    - ``announced``: the counters, where the bid winner announced the laid-aside cards
      hold no points (``nest.announce points``);
    - ``called``: the called cards, from the bid winner's hand, when its hand has not
      changed since the call but by the cards it played (``table: sides called``: the
      bid winner may not call a card it holds)."""
    barred: dict[tuple[str, int], frozenset[int]] = {}
    t = hand.t
    aside = index.get(("aside",))
    if aside is not None:
        forbidden = frozenset(c for c in range(len(t.codes))
                              if _forbidden_aside(hand, c))
        if forbidden:
            barred["forbidden", aside] = forbidden
        if hand.nest_announced is False:
            barred["announced", aside] = frozenset(c for c in range(len(t.codes))
                                                   if t.points[c])
    holder = index.get(("hand", hand.bidder))
    if hand.called and holder is not None and _called_after_changes(hand):
        barred["called", holder] = frozenset(hand.called)
    return barred


def _forbidden_aside(hand: Hand, card: int) -> bool:
    """Whether ``nest.forbid`` kept ``card`` out of the cards laid aside, with trump as
    the bid winner knew it then (named before the nest was laid aside, or not yet)."""
    rules = hand.variant.nest
    if rules.forbid_counters and hand.t.points[card]:
        return True
    if not rules.forbid_trump:
        return False
    steps = hand.steps
    named_first = TRUMP in steps and DISCARD in steps and \
        steps.index(TRUMP) < steps.index(DISCARD)
    ctx = hand.ctx if named_first else None
    return card in hand.t.always_trump or (ctx is not None and ctx.trump_key[card] >= 0)


def _called_after_changes(hand: Hand) -> bool:
    """Whether the bid winner's hand has changed since it called its partner's card only
    by the cards it played: the call came after it took the nest, laid cards aside and
    was passed cards (and before no Circus Rook pass)."""
    steps = hand.steps
    if CALL not in steps or hand.circus_namer is not None:
        return False
    changes = ["take", DISCARD, PASSING]
    if hand.variant.passing.cards and hand.variant.passing.bidder_sees == "after-trump":
        changes.append(TRUMP)
    call = steps.index(CALL)
    return all(steps.index(step) < call for step in changes if step in steps)


def determinize(hand: Hand, seat: int, rng: random.Random,
                known: Knowledge | None = None) -> Hand:
    """A playout copy of ``hand`` (no events, no history) whose hidden cards are dealt
    again at random, consistently with what ``seat`` knows.

    Where the rules say more of the hidden cards than the places they may be in
    (:attr:`Knowledge.residual`) and the hand keeps its history, a deal is replayed
    (:func:`rookery.play.possible.impossible`) and drawn again, up to
    :data:`REJECTIONS` times; after that the last deal stands, which keeps every
    constraint the knowledge states."""
    known = known or knowledge(hand, seat)
    world = _dealt(hand, known, rng)
    if known.residual and hand.record:
        for _ in range(REJECTIONS):
            if impossible(hand, seat, world) is None:
                break
            world = _dealt(hand, known, rng)
    return world


# Deals drawn again where the replay finds one the rules do not allow.
REJECTIONS = 16


def _dealt(hand: Hand, known: Knowledge, rng: random.Random) -> Hand:
    """A playout copy of ``hand`` with the hidden cards dealt by ``known``."""
    sample = known.sample(rng)
    copy = hand.playout_copy()
    for place, cards in zip(known.places, sample):
        kind = place[0]
        if kind == "hand":
            copy.hands[place[1]] = cards
        elif kind == "nest":
            copy.nest = cards
        elif kind == "aside":
            copy.laid_aside = cards
        elif kind == "giving":
            copy.given[place[1]] = cards
        else:
            copy.hidden_received = cards
    if copy.called and len(copy.called) == copy.variant.table.calls:
        # The partners are whoever holds a called card in this sample (or showed it).
        called = copy.called
        copy.partners = frozenset(
            s for s in range(copy.n) if s != copy.bidder and
            (s in copy.revealed or any(c in copy.hands[s] for c in called)))
    return copy


def exposed_dummy(hand: Hand, seat: int) -> int | None:
    """The dummy's seat when its cards are face up for ``seat`` (``table.dummy``)."""
    return hand.observation(seat).get("dummy", {}).get("seat") \
        if hand.variant.table.dummy == "partner" else None


def _placed_cards(hand: Hand, seat: int, index: dict):
    """Groups of cards whose place ``seat`` knows: ``(places they may be in, cards)``."""
    nest_cards: tuple[int, ...] = ()
    face_up = hand.variant.nest.face_up
    if hand.variant.nest.shown == "after-auction" and hand.bidder is not None and \
            hand.phase != "bidding":
        nest_cards = hand._start[1]
    elif face_up:
        nest_cards = hand._start[1][:face_up]
    if nest_cards:
        if ("nest",) in index:
            where = frozenset({index[("nest",)]})
        else:
            where = frozenset(index[p] for p in (("hand", hand.bidder), ("aside",))
                              if p in index)
        yield where, nest_cards
    # The cards this seat passed: in the receiver's hand (or face down to the bid winner).
    if hand.given and seat < len(hand.given) and hand.phase not in GIVING and \
            hand.given[seat]:
        to = receiver(hand, seat)
        if to is not None:
            place = ("received",) if hand.hidden_received is not None and \
                to == hand.bidder else ("hand", to)
            if place in index:
                yield frozenset({index[place]}), hand.given[seat]


def _voids(hand: Hand) -> list[frozenset[int]]:
    """Per seat, the cards it cannot hold: the colors it did not follow (``play.follow``),
    seen in the tricks taken and the trick on the table."""
    t = hand.t
    ctx = hand.ctx
    voids: list[set[int]] = [set() for _ in range(hand.n)]
    if ctx is None or hand.follow_any:
        return [frozenset(v) for v in voids]
    tricks = [(cards, seats) for _, cards, seats, _ in hand.tricks]
    if hand.trick_cards:
        tricks.append((tuple(hand.trick_cards), tuple(hand.trick_seats)))
    for cards, seats in tricks:
        led = ctx.suit_of[cards[0]]
        for card, seat in zip(cards[1:], seats[1:]):
            if ctx.suit_of[card] != led and card not in t.anytime:
                voids[seat] |= ctx.members[led]
    return [frozenset(v) for v in voids]


def _assign(known: Knowledge, rng: random.Random) -> tuple[list[int], ...]:
    """Deal the hidden cards to their places.  The cards confined to some places go
    first, the most confined first, each to a place it may be in drawn in proportion to
    the room left there; the cards that may be anywhere then fill the room left, shuffled.
    A draw that leaves some card without room is tried again a few times, then dealt the
    careful way (:func:`_assign_checked`), which cannot fail."""
    confined, anywhere = known.confined, known.anywhere
    counters = known.counter_in
    for _ in range(_TRIES):
        room = list(known.sizes)
        out: tuple[list[int], ...] = tuple([] for _ in known.places)
        order = list(confined)
        rng.shuffle(order)
        order.sort(key=lambda entry: len(entry[1]))
        for card, where in order:
            options = [p for p in where if room[p] > 0]
            if not options:
                break
            p = _draw(options, room, rng)
            room[p] -= 1
            out[p].append(card)
        else:
            rest = list(anywhere)
            rng.shuffle(rest)
            start = 0
            for p, left in enumerate(room):
                out[p].extend(rest[start:start + left])
                start += left
            if counters is None or any(known.points[c] for c in out[counters]):
                return out
    return _assign_checked(known, rng)


# Greedy deals tried before the careful one.
_TRIES = 4


def _draw(options: list[int], room: list[int], rng: random.Random) -> int:
    """One of ``options`` (places), in proportion to the room left in each."""
    if len(options) == 1:
        return options[0]
    pick = rng.randrange(sum(room[p] for p in options))
    for p in options:
        pick -= room[p]
        if pick < 0:
            return p
    return options[-1]


def _assign_checked(known: Knowledge, rng: random.Random) -> tuple[list[int], ...]:
    """The careful deal: before each card, only the places that can take it without
    breaking Hall's condition (every group of places has room for the cards that can
    only go there) are drawn from, so it never runs out of room."""
    room = list(known.sizes)
    out: tuple[list[int], ...] = tuple([] for _ in known.places)
    cards = list(known.cards)
    if known.counter_in is not None:
        # A counter goes to the laid-aside cards first (announced to hold points): one
        # of those that may lie there, and leave room for the others.
        aside = known.counter_in
        room[aside] -= 1
        options = [i for i, (card, where) in enumerate(cards)
                   if aside in where and known.points[card] and
                   _fits(cards[:i] + cards[i + 1:], room)]
        if not options:
            raise AssertionError("no consistent deal of the hidden cards (a bug: the "
                                 "true deal is one)")
        out[aside].append(cards.pop(options[rng.randrange(len(options))])[0])
    rng.shuffle(cards)
    cards.sort(key=lambda entry: len(entry[1]))
    for i, (card, where) in enumerate(cards):
        options = [p for p in where if room[p] > 0]
        if len(options) > 1:
            rest = cards[i + 1:]
            options = [p for p in options if _feasible(rest, room, p)]
        if not options:
            raise AssertionError("no consistent deal of the hidden cards (a bug: the "
                                 "true deal is one)")
        p = _draw(options, room, rng)
        room[p] -= 1
        out[p].append(card)
    return out


def _feasible(rest, room: list[int], taken: int) -> bool:
    """Whether the cards ``rest`` still fit once place ``taken`` loses one slot."""
    room = room[:]
    room[taken] -= 1
    return _fits(rest, room)


def _fits(rest, room: list[int]) -> bool:
    """Whether the cards ``rest`` (``(card, places it may be in)``) fit the ``room`` of
    each place (Hall's condition over the groups of places the cards are confined to)."""
    groups: dict[frozenset[int], int] = {}
    for _, where in rest:
        groups[where] = groups.get(where, 0) + 1
    confined = [g for g in groups if len(g) < len(room)]
    # Only unions of the groups' own place sets can be tight: check each union.
    unions: dict[frozenset[int], None] = {}
    for g in confined:
        for u in list(unions):
            unions[u | g] = None
        unions[g] = None
    for places in unions:
        need = sum(count for g, count in groups.items() if g <= places)
        if need > sum(room[p] for p in places):
            return False
    return sum(groups.values()) <= sum(room)
