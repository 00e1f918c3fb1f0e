"""One hand of a variant as a state machine: deal -> bidding -> nest -> passing -> trump
-> play -> scoring.

The verbs every phase shares, in the spirit of OpenSpiel: :attr:`Hand.to_act` (whose
turn), :attr:`Hand.actor` (who decides: the bid winner for a dummy),
:meth:`Hand.legal_actions`, :meth:`Hand.apply` (returns events) and
:meth:`Hand.observation` (what one seat may see).  An illegal action raises
:class:`~rookery.errors.IllegalAction` with a stable code and changes nothing.

How it is fast.  The variant is compiled once into tables (``tables.py``): card ids,
menus of actions, the trick order under each trump call.  The hand's state lives in
slots, grouped below by the phase module that writes it.  When the hand enters a phase,
its class becomes that phase's subclass of :class:`Hand`, whose ``legal_actions`` and
``apply`` are the phase module's own functions, so a decision makes no dispatch.  A hand
dealt with ``record=False`` (a playout, for bots and benchmarks) builds no events and
keeps no history, and reckons its result only when it is read; the phases called most
(bidding, the discard, trump, play) then check their own calls and send anything unusual
(a seat given, an action as text) the checked way round.  A playout's phase classes are
made per variant, their verbs closures built once from the variant's tables
(``fast_auction.py``, ``fast_play.py``); its score is one function written out once per
variant from the checked values, its sides made only when read (``fast_scoring.py``).
``tests/test_engine_playout.py`` proves both kinds of hand alike in every variant, and
``tests/test_engine_fast.py`` each specialised verb equal to the interpreter's.
"""

from __future__ import annotations

import copy as _copy
from collections import Counter
from collections.abc import Sequence
from types import FunctionType

from ..errors import IllegalAction, UsageError
from ..language.model import Variant
from . import (attribution, bidding, declare, fast_auction, fast_play, moon, nest, passing,
               play, redeal)
from . import dummy as dummy_hand
from .actions import Action, Event
from .nest import turn_up
from .fast_scoring import scorer_for
from .scoring import HandResult, score_hand, thrown_in
from .phases import BIDDING, CALL, DISCARD, DONE, LEADER, PASSING, PLAY, ROOK, TRUMP  # noqa: F401
from .phases import steps_after_bidding  # noqa: F401 - read here by the docs
from .tables import Tables, TrumpContext, tables_for

NO_EVENTS: tuple[Event, ...] = ()      # what apply returns when the hand does not record
NO_PARTNERS: frozenset[int] = frozenset()     # before any partner is called (shared)

_LEGAL = {BIDDING: bidding.legal, TRUMP: declare.legal_trump, ROOK: declare.legal_rook,
          DISCARD: nest.legal, PASSING: passing.legal, CALL: declare.legal_call,
          LEADER: declare.legal_leader, PLAY: play.legal, "circus": declare.legal_circus,
          redeal.PHASE: redeal.legal}
_APPLY = {BIDDING: bidding.apply, TRUMP: declare.apply_trump, ROOK: declare.apply_rook,
          DISCARD: nest.apply, PASSING: passing.apply, CALL: declare.apply_call,
          LEADER: declare.apply_leader, PLAY: play.apply, "circus": declare.apply_circus,
          redeal.PHASE: redeal.apply}


class Hand:
    """One deal of ``variant``: start it from an explicit deal or with :func:`deal_hand`.

    ``hands`` and ``nest`` are card codes; ``scores`` are the running scores before the
    hand (one per team, or per player when sides are not fixed teams); ``number`` is
    the hand's number in the game (it sets the passing direction).
    """

    # The state of a hand, by the phase (module) that writes it.  Every other module
    # only reads it; ``hand.py`` moves the hand from phase to phase.  Fixed slots make
    # reading and writing the state quick and a hand small; ``__dict__`` holds any
    # state a new mechanism adds (copy() copies it too).
    __slots__ = (
        # The deal (hand.py, deal.py): set once, never changed.
        "variant", "t", "n", "dealer", "number", "record", "scores_before", "_start",
        "steps", "opening_events",
        # The hand's course (hand.py): the phase, the step after the auction, whose turn,
        # the actions applied so far (when recording), the result once over.
        "_phase", "step", "to_act", "is_over", "history", "_result",
        # The cards each seat holds and the nest: bidding.py (nest dealt), nest.py (taken,
        # laid aside), passing.py and declare.py (cards passed), play.py (cards played).
        "hands", "nest",
        # redeal.py: the seat asked about its poor hand, and the seats still to be asked.
        "poor_seat", "poor_asked",
        # bidding.py: the auction.
        "auction", "high", "bidder", "forced", "passed", "active",
        # nest.py: laying cards aside.
        "discards_left", "nest_announced", "laid_aside",
        # passing.py (and the Circus Rook pass in declare.py): cards given.
        "given", "hidden_received",
        # declare.py: trump (``ctx``, the trick order), the Rook call, called partners,
        # the chosen leader, the Circus Rook namer.
        "ctx", "rook_call", "called", "partners", "revealed", "chosen_leader",
        "circus_namer",
        # play.py: the trick in progress and the tricks taken.
        "leader", "led", "trick_cards", "trick_seats", "best_key", "best_seat", "tricks",
        "trick_rules", "tricks_won", "points_won",
        # The variant's play rules, read at every card (set once).
        "follow_any", "has_dummy", "review_last", "last_played_wins",
        "__dict__",
    )

    def __init__(self, variant: Variant, dealer: int, hands: Sequence[Sequence[str]],
                 nest: Sequence[str] = (), scores: Sequence[int] | None = None,
                 number: int = 0, *, record: bool = True,
                 _dealt: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]] | None = None,
                 _tables: Tables | None = None):
        # (``_dealt`` and ``_tables``: from deal_hand, which has looked the tables up)
        t = _tables if _tables is not None else tables_for(variant)
        self.variant = variant
        # record=False is a playout: apply returns no events and no history is kept
        # (nothing to snapshot), the hand's result is reckoned when first read.
        self.record = record
        self.t: Tables = t
        self.n = n = t.players
        if not 0 <= dealer < n:
            raise UsageError(f"the dealer must be a seat from 0 to {n - 1}, not {dealer}")
        self.dealer = dealer
        self.number = number
        if _dealt is not None:
            # Dealt by deal_hand from the variant's own shuffled deck: card ids, as
            # tuples (kept as the deal, the pair itself), no check needed.
            start = _dealt
            dealt_hands, dealt_nest = _dealt
            self.hands = list(map(list, dealt_hands))
            self.nest = list(dealt_nest)
        else:
            self.hands = [[self._code(code) for code in held] for held in hands]
            self.nest = [self._code(code) for code in nest]
            _check_deal(self, t)
            start = tuple(map(tuple, self.hands)), tuple(self.nest)
        self.scores_before = tuple(scores) if scores is not None else (0,) * t.keepers
        if len(self.scores_before) != t.keepers:
            raise UsageError(f"{t.keepers} running scores are needed, not "
                             f"{len(self.scores_before)}")
        if scores is not None and not all(type(score) is int for score in self.scores_before):
            raise UsageError(f"running scores are whole numbers, not {list(scores)!r:.80}")
        if type(number) is not int or number < 0:
            raise UsageError(f"the hand's number is a whole number from 0, not {number!r:.40}")
        self._start = start
        self.step = -1
        self.to_act: int | None = None
        self.history: list[tuple[int, Action]] = []
        self.auction: list[tuple[int, str]] = []     # bids and passes, automatic ones too
        self.high = 0
        self.bidder: int | None = None
        self.forced = False         # the bid winner was forced to take the minimum
        self.passed = [False] * n
        self.active = n
        self.discards_left = 0
        self.nest_announced: bool | None = None
        self.laid_aside: list[int] = []
        self.given: list[list[int]] = []
        self.hidden_received: list[int] | None = None
        self.ctx = None
        self.rook_call: str | None = None    # "high" | "low" when called before trump
        self.called: list[int] = []
        self.partners: frozenset[int] = NO_PARTNERS
        self.revealed: set[int] = set()
        self.chosen_leader: int | None = None
        self.circus_namer: int | None = None
        self.leader: int | None = None
        self.led = -1
        self.trick_cards: list[int] = []
        self.trick_seats: list[int] = []
        self.best_key, self.best_seat = -2, None
        self.tricks: list[tuple[int, tuple[int, ...], tuple[int, ...], int]] = []
        self.trick_rules: list[tuple[str, ...]] = []    # the rules that decided each trick
        self.tricks_won = [0] * n
        self.points_won = [0] * n
        self.follow_any, self.has_dummy, self.review_last, self.last_played_wins = \
            t.play_rules
        self._result: HandResult | None = None
        # The phase setter's work, with the opening class of hands of this kind, the
        # steps after the auction and how the hand opens looked up in one step.
        self._phase = BIDDING
        self.is_over = False
        opening = _OPENING.get((type(self), record, t))
        if opening is None:
            opening = _OPENING[type(self), record, t] = (
                _phase_class_of(self, BIDDING), _steps(t), _opener(t.variant))
        self.__class__, self.steps, open_hand = opening
        self.opening_events = open_hand(self)

    @property
    def start_hands(self) -> tuple[tuple[str, ...], ...]:
        """The hands as dealt (card codes)."""
        codes = self.t.codes
        return tuple(tuple(codes[c] for c in held) for held in self._start[0])

    @property
    def start_nest(self) -> tuple[str, ...]:
        """The nest as dealt (card codes)."""
        return tuple(self.t.codes[c] for c in self._start[1])

    def _code(self, code: str) -> int:
        try:
            return self.t.card_of[code]
        except (KeyError, TypeError):
            raise UsageError(f"'{code}' is not a card of {self.variant.id}") from None

    def card(self, code) -> int:
        """The card id of a code in an action, or an ``unknown-card`` rejection."""
        card = self.t.card_of.get(code) if isinstance(code, str) else None
        if card is None:
            raise IllegalAction("unknown-card", f"'{code}' is not a card of this deck")
        return card

    # -- the verbs ------------------------------------------------------------------------
    #
    # When the hand enters a phase it takes on that phase's own ``legal_actions`` and
    # ``apply`` (its class becomes a subclass of Hand that has the phase module's
    # functions as methods, see ``_phase_class_of``), so a decision calls them directly.
    # The methods here are the general ones, which look the phase up.

    @property
    def phase(self) -> str:
        """The phase the hand is in: ``bidding``, ``discard``, ``trump``, ... ``done``."""
        return self._phase

    @phase.setter
    def phase(self, phase: str) -> None:
        self._phase = phase
        self.is_over = phase == DONE
        found = self._classes.get(phase)      # (the common case: a class already made)
        if found is None:
            found = _phase_class_of(self, phase)
        self.__class__ = found

    # The phase classes of hands of this kind, by phase (Hand itself knows none), and
    # the general class a phase class stands in for.
    _classes: dict[str, type] = {}
    _general: type | None = None

    @property
    def actor(self) -> int | None:
        """The seat that decides now: the bid winner when the dummy's card is due."""
        seat = self.to_act
        if self._phase == PLAY and self.variant.table.dummy == "partner" and \
                seat is not None and seat == (self.bidder + 2) % self.n:
            return self.bidder
        return seat

    def legal_actions(self) -> list[Action]:
        """Every action the rules allow now (each once, in a stable order)."""
        if self._phase == DONE:
            return []
        legal = _LEGAL[self._phase](self)
        return legal if type(legal) is list else list(legal)

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Apply an action (or its notation) for ``seat`` (default: whoever decides now).

        Returns the events it caused (none when the hand does not record); raises
        IllegalAction, changing nothing, if the rules forbid it."""
        if type(action) is not Action:         # (the common case is checked once)
            action = _as_action(action)
        phase = self._phase
        if phase == DONE:
            raise IllegalAction("hand-over", "the hand is over")
        actor = self.actor if self.has_dummy else self.to_act
        if seat is not None and seat != actor:
            raise IllegalAction("not-your-turn", f"it is seat {actor}'s turn, not {seat}'s",
                                _first(attribution.turn_rules(self)))
        try:
            events = _APPLY[phase](self, action)
        except IllegalAction as error:
            if error.code == "wrong-phase" and error.rule is None:
                error.rule = _first(attribution.phase_rules(self))
            raise
        if not self.record:
            return NO_EVENTS
        self.history.append((actor, action))
        return events

    @property
    def result(self) -> HandResult | None:
        """What the finished hand comes to (``None`` while it is being played)."""
        result = self._result
        if result is None and self._phase == DONE:
            # A playout scores with the variant's specialised scorer, a recording hand
            # with the interpreter (tests/test_engine_playout.py plays both alike).
            score = score_hand if self.record else scorer_for(self.t)
            result = self._result = score(self)
        return result

    @result.setter
    def result(self, result: HandResult | None) -> None:
        self._result = result

    def checked_apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """:meth:`apply` with every check, for whatever comes (the phase's own ``apply``
        sends here what it does not check itself)."""
        return Hand.apply(self, action, seat)

    def legal_rules(self) -> tuple[str, ...]:
        """The ids of the spec's rules that shape :meth:`legal_actions` now."""
        return attribution.legal_rules(self)

    def turn_rules(self) -> tuple[str, ...]:
        """The ids of the spec's rules that make :attr:`actor` the seat to decide."""
        return attribution.turn_rules(self)

    # -- phase changes (called by the phase modules) -------------------------------------

    def auction_won(self) -> list[Event]:
        if not self.record:
            self.advance()
            return []
        # Won by the last one left (bidding.pass), or by the one bid of a player the
        # others all passed to, who had to bid (bidding.all-pass dealer-must-bid).
        auction = self.auction
        alone = self.variant.bidding.all_pass == "dealer-must-bid" and \
            auction[-1][1] != "pass" and all(said == "pass" for _, said in auction[:-1])
        events = [Event("auction-won", self.bidder, {"bid": moon.high_bid(self)},
                        (self.t.rule("bidding", "all-pass" if alone else "pass"),))]
        return events + self.advance()

    def thrown_in(self) -> list[Event]:
        self.phase, self.to_act = DONE, None
        self.result = thrown_in(self)
        if not self.record:
            return []
        return [Event("thrown-in", None, None, (self.t.rule("bidding", "all-pass"),)),
                self._scored_event()]

    def advance(self) -> list[Event]:
        """Move to the next phase after the auction; automatic steps happen at once."""
        self.step += 1
        step = self.steps[self.step]
        if step == "take":
            return nest.take(self) + self.advance()
        if step == PASSING:
            if passing.direction(self) == "none":
                return [Event("passing", None, {"direction": "none", "cards": 0})] + \
                    self.advance()
            self.phase = PASSING
            return passing.start(self)
        self.phase = step
        if step == PLAY:
            return play.start(self)
        self.to_act = self.bidder
        return []

    def finish_play(self) -> list[Event]:
        """The last trick is taken: the hand is scored (when the result is first read,
        if the hand does not record)."""
        self.phase, self.to_act = DONE, None
        return [self._scored_event()] if self.record else []

    def _scored_event(self) -> Event:
        return Event("hand-scored", None, self.result.to_json(),
                     attribution.scoring_rules(self))

    # -- what a seat may see ---------------------------------------------------------------

    def observation(self, seat: int) -> dict:
        """What ``seat`` may see now: its own cards, the table, never another's hand
        (except an exposed dummy) or the nest it did not take."""
        codes = self.t.codes
        own = sorted(self.hands[seat], key=self._sort_key)
        obs = {
            "variant": self.variant.id, "seat": seat, "phase": self.phase,
            "dealer": self.dealer, "to_act": self.to_act, "actor": self.actor,
            "hand": [codes[c] for c in own],
            "hand_sizes": [len(h) for h in self.hands],
            "nest_size": len(self.nest),
            "auction": [list(entry) for entry in self.auction],
            "high_bid": moon.high_bid(self), "bidder": self.bidder,
            "trump": self.ctx.call if self.ctx is not None else None,
            "trick": [[s, codes[c]] for s, c in zip(self.trick_seats, self.trick_cards)],
            "tricks_won": list(self.tricks_won),
            # A taken trick stays in view until the next card is led, unless the
            # variant lets players review the last trick (``play.review``).
            "last_trick": ([[s, codes[c]] for s, c in zip(self.tricks[-1][2], self.tricks[-1][1])]
                           if self.tricks and (not self.trick_cards or self.review_last)
                           else None),
            "scores": list(self.scores_before),
        }
        if self.variant.play.review == "all-tricks":
            # ``play.review all-tricks``: every taken trick stays open to every seat.
            obs["tricks"] = [[[s, codes[c]] for s, c in zip(seats, cards)]
                             for _, cards, seats, _ in self.tricks]
        if self.nest_announced is not None:
            obs["nest_has_points"] = self.nest_announced
        if seat == self.bidder and self.laid_aside:
            obs["laid_aside"] = [codes[c] for c in self.laid_aside]
        if self.hidden_received is not None and seat == self.bidder:
            obs["received_hidden"] = len(self.hidden_received)
        if self.given and seat < len(self.given) and self.phase == PASSING:
            obs["giving"] = [codes[c] for c in self.given[seat]]
        if self.called:
            obs["called"] = [codes[c] for c in self.called]
            known = set(self.revealed)
            if seat in self.partners:
                known.add(seat)
            obs["partners_known"] = sorted(known)
        if dummy_hand.shown(self):
            dummy = dummy_hand.seat(self)
            obs["dummy"] = {"seat": dummy,
                            "hand": [codes[c] for c in sorted(self.hands[dummy],
                                                              key=self._sort_key)]}
        nest.show(self, obs)
        if self.result is not None:
            obs["result"] = self.result.to_json()
        return obs

    def _sort_key(self, card: int):
        t = self.t
        return (t.color_of[card] if t.color_of[card] >= 0 else 99, t.rank_index[card])

    # -- copying and replaying -------------------------------------------------------------

    def copy(self) -> "Hand":
        """An independent copy (the variant, its tables and every immutable value are
        shared; lists, sets and dicts are copied, lists of lists one level down)."""
        new = object.__new__(type(self))
        _copy_slots(self, new)
        d = new.__dict__
        for name, value in self.__dict__.items():
            kind = type(value)
            if kind is list:
                value = [x[:] if type(x) is list else x for x in value] \
                    if value and type(value[0]) is list else value[:]
            elif kind is set or kind is dict:
                value = _copy.deepcopy(value)
            elif kind not in _IMMUTABLE and not isinstance(value, _SHARED):
                value = _copy.deepcopy(value)
            d[name] = value
        return new

    def playout_copy(self) -> "Hand":
        """An independent copy that records nothing (a playout, as ``deal_hand(...,
        record=False)`` deals): for search bots, which play many hands out from here."""
        new = self.copy()
        new.record = False
        new.history = []
        new.trick_rules = []
        new.__class__ = _phase_class_of(new, new._phase)
        return new

    def snapshot(self) -> dict:
        """The deal and the actions so far: enough to rebuild this exact state."""
        if not self.record:
            raise UsageError("this hand keeps no history (it was dealt with record=False)")
        return {"variant": self.variant.id, "dealer": self.dealer, "number": self.number,
                "hands": [list(h) for h in self.start_hands], "nest": list(self.start_nest),
                "scores": list(self.scores_before),
                "actions": [[seat, str(action)] for seat, action in self.history]}

    @classmethod
    def replay(cls, variant: Variant, snapshot: dict) -> "Hand":
        hand = cls(variant, snapshot["dealer"], snapshot["hands"], snapshot["nest"],
                   snapshot.get("scores"), snapshot.get("number", 0))
        for seat, action in snapshot["actions"]:
            hand.apply(action, seat)
        return hand

    def __repr__(self) -> str:
        phase = getattr(self, "phase", "unstarted")
        return (f"<Hand {self.variant.id} dealer={getattr(self, 'dealer', None)} "
                f"phase={phase} to_act={getattr(self, 'to_act', None)}>")


# Values copy() shares with the original: immutable, or never changed by a hand.
_IMMUTABLE = frozenset({int, str, bool, type(None), tuple, frozenset, float})
_SHARED = (Variant, Tables, TrumpContext, HandResult)


def _slot_copier(slots: tuple[str, ...]):
    """A function that copies a hand's slots into a new hand, one line a slot (written
    out once, like the ``__init__`` of a dataclass): values are shared, lists and sets
    copied, lists of lists one level down."""
    lines = ["def copy_slots(hand, new):"]
    for name in slots:
        lines += [f"    value = hand.{name}",
                  "    if type(value) is list:",
                  "        value = [x[:] if type(x) is list else x for x in value] "
                  "if value and type(value[0]) is list else value[:]",
                  "    elif type(value) is set:",
                  "        value = set(value)",
                  f"    new.{name} = value"]
    namespace: dict = {}
    exec("\n".join(lines), namespace)      # noqa: S102 - our own slot names only
    return namespace["copy_slots"]


_copy_slots = _slot_copier(tuple(name for name in Hand.__slots__ if name != "__dict__"))

_STEPS: dict[int, tuple[Tables, tuple[str, ...]]] = {}


def _steps(t: Tables) -> tuple[str, ...]:
    """``steps_after_bidding`` of the tables' variant, worked out once."""
    found = _STEPS.get(id(t))
    if found is None or found[0] is not t:
        found = _STEPS[id(t)] = (t, steps_after_bidding(t.variant))
    return found[1]


def _phase_class_of(hand: Hand, phase: str) -> type:
    """The class that gives ``hand`` the ``legal_actions`` and ``apply`` of ``phase``:
    the phase's subclass of Hand, whose methods are the phase module's own functions
    (made once per kind of hand and phase)."""
    base = type(hand)._general or type(hand)
    playout = not hand.record and not hand.has_dummy
    # A playout's classes are made per variant: their verbs are closures built for the
    # variant (engine/fast_*.py).
    own = hand.t if playout else None
    key = (base, playout, own)
    classes = _PHASE_CLASSES.get(key)
    if classes is None:
        classes = _PHASE_CLASSES[key] = {}
    found = classes.get(phase)
    if found is None:
        found = classes[phase] = _phase_class(base, phase, phase in DIRECT and playout,
                                              classes, own)
    return found


# The class a hand opens in (bidding), the steps after its auction and what it does
# before the first decision, by its class, whether it records, and its tables.
_OPENING: dict[tuple[type, bool, Tables], tuple] = {}


def _opener(variant: Variant):
    """What a new hand does before its first decision: the face-up nest cards turned
    over (``nest.face-up``), then :func:`rookery.engine.redeal.start` (the holders of
    poor hands asked, or the auction opened); where no nest card is face up, only the
    latter."""
    return _open_face_up if variant.nest.face_up else redeal.start


def _open_face_up(hand: Hand) -> list[Event]:
    turned = turn_up(hand)
    opened = redeal.start(hand)
    return turned + opened if turned else opened


# The phase classes, per general class (Hand), kind of hand (a playout or not) and, for a
# playout, variant (its tables).
_PHASE_CLASSES: dict[tuple[type, bool, Tables | None], dict[str, type]] = {}


def _phase_class(base: type, phase: str, direct: bool, classes: dict,
                 t: Tables | None) -> type:
    """The subclass of ``base`` (Hand) for a hand in ``phase``: the same state (no slots
    of its own), the phase's verbs as methods.  For a playout of the variant of ``t``:
    the verbs specialised to the variant where there are some (``direct``), and every
    verb with its own code (see :func:`_own_code`)."""
    verbs: dict = {"__slots__": (), "_general": base, "_classes": classes,
                   "__doc__": base.__doc__,
                   "__module__": base.__module__, "__qualname__": base.__qualname__}
    if phase == DONE:
        verbs["legal_actions"] = _no_actions          # (apply: Hand's, which refuses)
        if t is not None:                           # a playout of t's variant
            verbs["result"] = _playout_result(scorer_for(t))
    elif direct and t is not None and phase in _SPECIALISED:
        verbs["legal_actions"], verbs["apply"] = _SPECIALISED[phase](t)
    else:
        step_legal = _LEGAL[phase]
        if phase in _LISTS:
            verbs["legal_actions"] = step_legal
        else:
            def legal_actions(hand: Hand) -> list[Action]:
                return list(step_legal(hand))
            verbs["legal_actions"] = legal_actions
        if direct:
            verbs["apply"] = _APPLY[phase]
    if t is not None:
        for name in ("legal_actions", "apply"):
            if name in verbs:
                verbs[name] = _own_code(verbs[name])
    return type(base)(base.__name__, (base,), verbs)


def _playout_result(score):
    """:attr:`Hand.result` of a finished playout hand of one variant, whose scorer is
    ``score`` (``fast_scoring.py``): reckoned on first reading, as ``Hand.result`` does,
    without looking the scorer up each time."""
    def result(hand: Hand) -> HandResult:
        found = hand._result
        if found is None:
            found = hand._result = score(hand)
        return found
    return property(result, Hand.result.fset, doc=Hand.result.__doc__)


def _own_code(function):
    """``function`` with a code object of its own.  Python keeps what it learns about
    the places in a code object (which class an attribute is read from) in the code
    object; the verbs of a playout read hands of its variant's own classes, so each
    variant gets its own copy of the code, which then stays specialised when hands of
    many variants are played in turn."""
    copy = FunctionType(function.__code__.replace(), function.__globals__, function.__name__,
                        function.__defaults__, function.__closure__)
    copy.__kwdefaults__ = function.__kwdefaults__
    copy.__qualname__ = function.__qualname__
    copy.__doc__ = function.__doc__
    return copy


# The phases whose verbs a playout has specialised to its variant: a function of the
# tables giving (legal_actions, apply).
_SPECIALISED = {BIDDING: fast_auction.bidding_verbs, DISCARD: fast_auction.discard_verbs,
                TRUMP: fast_auction.trump_verbs, PLAY: fast_play.play_verbs}


# The phases whose ``apply`` checks its own calls (the seat, the kind of action) and
# sends anything unusual to ``Hand.checked_apply``: a playout hand (no events, no
# history, no dummy) calls them directly.
DIRECT = frozenset({BIDDING, DISCARD, TRUMP, PLAY})

# The phases whose ``legal`` returns a fresh list (the others return shared tuples).
_LISTS = frozenset({BIDDING, TRUMP, DISCARD, PASSING, CALL, PLAY, "circus"})


def _no_actions(hand: Hand) -> list[Action]:
    return []


def _as_action(action) -> Action:
    """An action given as its notation, read; an instance of a subclass of Action (or of
    str), made the plain value it stands for, since the phases take exactly an Action
    (anything else goes back through :meth:`Hand.checked_apply`, so a subclass passed on
    as it is came back here without end); anything else, refused."""
    if isinstance(action, str):
        try:
            return Action.parse(str(action))
        except UsageError as error:
            raise IllegalAction("bad-action", str(error)) from None
    if not isinstance(action, Action):
        raise IllegalAction("bad-action", f"{action!r:.80} is not an action: give "
                            "an Action or its notation, like 'bid 70'")
    if type(action) is not Action:
        try:
            return Action(action.kind, action.value)
        except UsageError as error:     # a subclass that changed its fields
            raise IllegalAction("bad-action", str(error)) from None
    return action


def _first(rules: tuple[str, ...]) -> str | None:
    return rules[0] if rules else None


def _check_deal(hand: Hand, t: Tables) -> None:
    v = hand.variant
    if len(hand.hands) != t.players:
        raise UsageError(f"{v.id} needs {t.players} hands, not {len(hand.hands)}")
    for seat, held in enumerate(hand.hands):
        if len(held) != v.deal.hand:
            raise UsageError(f"seat {seat} holds {len(held)} cards; {v.id} deals "
                             f"{v.deal.hand}")
    if len(hand.nest) != v.deal.nest:
        raise UsageError(f"the nest holds {len(hand.nest)} cards; {v.id} has a nest of "
                         f"{v.deal.nest}")
    dealt = Counter(c for held in hand.hands for c in held) + Counter(hand.nest)
    if dealt != Counter(t.deck):
        extra = dealt - Counter(t.deck)
        missing = Counter(t.deck) - dealt
        detail = []
        if extra:
            detail.append("too many: " + ", ".join(t.codes[c] for c in sorted(extra.elements())))
        if missing:
            detail.append("missing: " + ", ".join(t.codes[c] for c in sorted(missing.elements())))
        raise UsageError(f"the deal is not the {v.id} deck ({'; '.join(detail)})")
