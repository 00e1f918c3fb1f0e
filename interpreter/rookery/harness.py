"""The harness kit for Python engines: rookery's engine protocol (``docs/protocol.md``),
owned here, so that a Rook engine written in Python is checked by ``rookery conformance``
and ``rookery fuzz`` by implementing a few members in its own terms.

The engine says who it is and how to start a hand from a deal::

    from rookery import harness

    harness.serve(harness.Engine(name="my-engine", version="1.0",
                                 variants=["tournament"], start=MyHand))

and each hand answers, as a value (an attribute, a property) or a method returning it:
``phase``, ``to_act``, ``legal`` (the actions in the notation), and optionally
``high_bid``, ``bidder``, ``trump``, ``tricks_won``, ``last_trick`` (a :class:`Trick`),
``result`` (a :class:`Result`, ``None`` until the hand is over) and ``game_over`` (the
winning score keepers, or ``None``); with the methods ``apply(seat, action)`` (an
:class:`Action`; raise :class:`Refused` to refuse it) and ``view(seat)`` (a dict holding
at least ``hand``).  The kit reads the requests, answers in JSON lines, keeps the running
deal (dealer, number, scores) for the next hand, plays batches, and refuses what the
protocol refuses for every engine alike: an action whose notation cannot be read, any
action once the hand is over, an action from a seat whose turn it is not.

``serve(engine, log="games.jsonl")`` also keeps a log of every game the engine plays, in
the format ``rookery check-games`` reads (:class:`GameLog`): the games of a conformance
or fuzzing run, or of the engine's own use, checked afterwards with no protocol.

This module is the whole kit: it imports nothing but the standard library and nothing of
rookery, so an engine can use it without installing rookery (load this file by its path,
or copy it beside the engine): ``conformance/examples/python-tournament/engine.py`` shows
how.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import traceback
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

PROTOCOL = 1


class Code:
    """Every refusal code of the protocol ("Rejection codes"), in the order an engine
    checks them: the first check an action fails gives its code."""

    HAND_OVER = "hand-over"
    NOT_YOUR_TURN = "not-your-turn"
    WRONG_PHASE = "wrong-phase"
    BAD_ACTION = "bad-action"
    UNKNOWN_CARD = "unknown-card"
    CARD_NOT_IN_HAND = "card-not-in-hand"
    MUST_BID = "must-bid"
    NO_MOON_BID = "no-moon-bid"
    BID_TOO_LOW = "bid-too-low"
    BID_TOO_HIGH = "bid-too-high"
    BID_NOT_MULTIPLE = "bid-not-multiple"
    BID_JUMP = "bid-jump"
    CANNOT_DISCARD_CARD = "cannot-discard-card"
    CANNOT_DISCARD_COUNTERS = "cannot-discard-counters"
    CANNOT_DISCARD_TRUMP = "cannot-discard-trump"
    EXCHANGE_LIMIT = "exchange-limit"
    MUST_DISCARD_TRUMP_COUNTER = "must-discard-trump-counter"
    TRUMP_NOT_ALLOWED = "trump-not-allowed"
    TRUMP_BURIAL_UNMET = "trump-burial-unmet"
    MUST_PASS_BEST = "must-pass-best"
    MUST_PASS_WORST = "must-pass-worst"
    CANNOT_CALL_OWN_CARD = "cannot-call-own-card"
    ALREADY_CALLED = "already-called"
    CLAIM_NOT_ON_LEAD = "claim-not-on-lead"
    CLAIM_NOT_CERTAIN = "claim-not-certain"
    MUST_FOLLOW_COLOR = "must-follow-color"
    GAME_OVER = "game-over"


CODES = tuple(value for name, value in vars(Code).items() if name.isupper())


class Refused(Exception):
    """An action refused (raised by a hand's ``apply``), or a deal refused (raised by
    the engine's ``start``: its code is then the error word, e.g. ``bad-deal``)."""

    def __init__(self, code: str, message: str = ""):
        super().__init__(message or code)
        self.code = code
        self.message = message or code


class _RequestError(Exception):
    def __init__(self, error: str, message: str):
        super().__init__(message)
        self.error = error
        self.message = message


# -- The action notation (docs/conformance.md "Notation") ---------------------------------

KINDS = ("bid", "pass", "discard", "give", "trump", "rook", "call", "leader", "play",
         "redeal", "keep", "claim")
BARE = ("pass", "redeal", "keep", "claim")     # written without a value
MAX_BID_DIGITS = 9


class Action(NamedTuple):
    """An action read from its notation: ``bid 75`` is ``Action("bid", 75)``; ``value``
    is a number for a bid, a word (a card code, a color, ``high``...) for the others,
    ``None`` for ``pass``, ``redeal``, ``keep`` and ``claim``."""

    kind: str
    value: int | str | None = None

    def __str__(self) -> str:
        return self.kind if self.value is None else f"{self.kind} {self.value}"

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Read the notation; an action that cannot be read is refused ``bad-action``,
        before anything else (docs/protocol.md, "Rejection codes")."""
        parts = str(text).split()
        if not parts or parts[0] not in KINDS:
            raise Refused(Code.BAD_ACTION, f"{text!r} is not an action")
        kind = parts[0]
        if kind in BARE:
            if len(parts) != 1:
                raise Refused(Code.BAD_ACTION, f"{text!r}: {kind} takes no value")
            return cls(kind)
        if len(parts) != 2:
            raise Refused(Code.BAD_ACTION, f"{text!r}: {kind} takes one value")
        if kind != "bid":
            return cls(kind, parts[1])
        if not (parts[1].isascii() and parts[1].isdigit()) or len(parts[1]) > MAX_BID_DIGITS:
            raise Refused(Code.BAD_ACTION, f"{text!r}: a bid is a whole number")
        return cls(kind, int(parts[1]))


# -- What the engine gives the kit ---------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Deal:
    """A hand as dealt: the cards exactly as given, seat 0 first; ``scores`` the running
    scores before the hand (``None`` when the request said none and the engine declares
    no ``keepers``); ``number`` the hand's number in the game (0 for the first)."""

    variant: str
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    nest: tuple[str, ...]
    scores: tuple[int, ...] | None
    number: int


@dataclasses.dataclass(frozen=True)
class Trick:
    """The last complete trick: who won it, its points, its cards in play order."""

    winner: int
    points: int
    cards: Sequence[str]


@dataclasses.dataclass(frozen=True)
class Result:
    """A finished hand, one entry per score keeper in each list; ``made`` and
    ``nest_to`` are ``None`` for a thrown-in hand."""

    made: bool | None
    changes: Sequence[int]
    scores: Sequence[int]
    taken: Sequence[int]
    nest_to: int | None
    thrown_in: bool = False


@dataclasses.dataclass(frozen=True)
class Engine:
    """What the engine tells the kit: its name, version and variants, and ``start``
    (a deal -> a hand; raise ``Refused("bad-deal", ...)`` to refuse a deal).  Optional:
    informative ``features``, the ``deck`` (every card code, twice for a card dealt twice:
    deals of other cards are refused by the kit), the number of ``seats``, of score
    ``keepers`` (a deal's ``scores: null`` is that many zeros), and ``error_codes=False``
    for an engine whose refusals carry no rookery codes."""

    name: str
    version: str
    variants: Sequence[str]
    start: Callable[[Deal], Any]
    features: Sequence[str] = ()
    deck: Sequence[str] | None = None
    seats: int | None = None
    keepers: int | None = None
    error_codes: bool = True


# -- Reading the engine's hand ---------------------------------------------------------------

def _read(hand, name: str):
    """A member of the hand: a value, or a method with no argument returning it."""
    member = getattr(hand, name)
    return member() if callable(member) else member


def _is_int(value) -> bool:
    return type(value) is int


def _is_cards(value) -> bool:
    return isinstance(value, list) and all(type(card) is str for card in value)


def _plain(value) -> dict:
    return dataclasses.asdict(value) if dataclasses.is_dataclass(value) else dict(value)


def _trick(trick) -> dict | None:
    if trick is None:
        return None
    trick = _plain(trick)
    return {"winner": trick["winner"], "points": trick["points"], "cards": list(trick["cards"])}


def _result(result) -> dict | None:
    if result is None:
        return None
    result = _plain(result)
    return {"made": result.get("made"), "changes": list(result["changes"]),
            "scores": list(result["scores"]), "taken": list(result["taken"]),
            "nest_to": result.get("nest_to"), "thrown_in": bool(result.get("thrown_in"))}


def _game_over(winners) -> dict | bool:
    return {"winners": list(winners)} if winners else False


def _same(value):
    return value


def _listed(value):
    return list(value)


# The optional members of a hand, each with its conversion to the protocol's words.
OPTIONAL = (("high_bid", _same), ("bidder", _same), ("trump", _same),
            ("tricks_won", _listed), ("last_trick", _trick), ("result", _result),
            ("game_over", _game_over))


# -- One engine's table: the hand in play and how it was dealt ------------------------------

class GameLog:
    """The games the engine plays, written as they are played in the JSON-lines format
    ``rookery check-games`` reads (docs/recorded-games.md): a ``game`` line at each first
    deal, a ``deal`` line per hand, an ``action`` line per accepted action (with the
    legal actions the engine offered that seat just before), the hand's ``result`` and,
    where the engine ends the game, an ``end`` line.  Refused actions are not played, so
    they are not written.  The running scores of a deal are the request's, else zeros
    per score keeper (``Engine.keepers``); a line is flushed as it is written."""

    def __init__(self, stream, engine: Engine):
        self.stream = stream
        self.engine = engine

    def _write(self, line: dict) -> None:
        self.stream.write(json.dumps(line) + "\n")
        self.stream.flush()

    def dealt(self, deal: Deal, first: bool, hand) -> None:
        if first:
            self._write({"type": "game", "variant": deal.variant,
                         "engine": f"{self.engine.name} {self.engine.version}"[:200]})
        scores = deal.scores if deal.scores is not None else \
            (0,) * (self.engine.keepers or 0)
        line = {"type": "deal", "dealer": deal.dealer, "number": deal.number,
                "hands": [list(cards) for cards in deal.hands], "nest": list(deal.nest)}
        if scores:
            line["scores"] = list(scores)
        self._write(line)
        self.ended(hand)

    def acted(self, seat: int, action: str, legal: list, hand) -> None:
        self._write({"type": "action", "seat": seat, "action": action,
                     "legal": [str(entry) for entry in legal]})
        self.ended(hand)

    def ended(self, hand) -> None:
        """The hand's result and the game's end, once the hand is over."""
        if _read(hand, "phase") != "done":
            return
        result = _result(_read(hand, "result")) if hasattr(hand, "result") else None
        if result is not None:
            self._write({"type": "result", **{key: value for key, value in result.items()
                                               if value is not None}})
        over = _game_over(_read(hand, "game_over")) if hasattr(hand, "game_over") else False
        if over:
            self._write({"type": "end", "winners": over["winners"]})


class Table:
    """One engine's session, request by request (what :func:`serve` runs); with
    ``log`` (a :class:`GameLog`), every game played is written to it."""

    def __init__(self, engine: Engine, log: GameLog | None = None):
        self.engine = engine
        self.hand = None
        self.deal: Deal | None = None
        self.log = log

    def answer(self, request) -> dict:
        """The answer to one request (already read from its JSON line)."""
        try:
            if not isinstance(request, dict):
                raise _RequestError("bad-request", "a request is a JSON object")
            verb = _COMMANDS.get(request.get("cmd")) if isinstance(request.get("cmd"), str) \
                else None
            if verb is None:
                raise _RequestError("unknown-command", f"unknown cmd {request.get('cmd')!r}; "
                                    f"commands: {', '.join(_COMMANDS)}")
            return verb(self, request)
        except _RequestError as error:
            return {"ok": False, "error": error.error, "message": error.message}
        except Refused as error:
            return {"ok": False, "error": error.code, "message": error.message}
        except Exception as error:  # noqa: BLE001 - the engine's bug answers, the run goes on
            traceback.print_exc(file=sys.stderr)
            return {"ok": False, "error": "internal-error",
                    "message": f"{type(error).__name__}: {error}"}

    def hello(self, request: dict) -> dict:
        e = self.engine
        features = list(dict.fromkeys(["next-hand", "batch", *e.features]))
        return {"ok": True, "name": e.name, "version": e.version, "variants": list(e.variants),
                "features": features, "error_codes": e.error_codes, "protocol": PROTOCOL}

    def deal_hand(self, request: dict) -> dict:
        look = _state_arguments(request)
        variant = request.get("variant")
        if not isinstance(variant, str):
            raise _RequestError("bad-request", "a deal needs a 'variant'")
        if variant not in self.engine.variants:
            raise _RequestError("unsupported-variant",
                                f"this engine plays {', '.join(self.engine.variants)}")
        deal = self._next_deal(request) if request.get("next") is True \
            else self._first_deal(request)
        self._check_cards(deal)
        hand = self.engine.start(deal)
        self.hand, self.deal = hand, deal
        if self.log is not None:
            self.log.dealt(deal, request.get("next") is not True, hand)
        return {"ok": True} if look is NO_STATE else {"ok": True, "state": self.state(look)}

    def _first_deal(self, request: dict) -> Deal:
        hands, nest = _hands(request)
        dealer, number = request.get("dealer"), request.get("number", 0)
        if not (_is_int(dealer) and 0 <= dealer < len(hands)):
            raise _RequestError("bad-deal", f"the dealer must be a seat 0..{len(hands) - 1}")
        if not (_is_int(number) and number >= 0):
            raise _RequestError("bad-request", "'number' must be a whole number")
        scores, keepers = request.get("scores"), self.engine.keepers
        if scores is None and keepers is not None:
            scores = [0] * keepers
        if scores is not None and not (isinstance(scores, list) and all(map(_is_int, scores))):
            raise _RequestError("bad-deal", "'scores' are whole numbers, one per score keeper")
        if scores is not None and keepers is not None and len(scores) != keepers:
            raise _RequestError("bad-deal", f"there are {keepers} score keepers")
        return Deal(request["variant"], dealer, hands, nest,
                    None if scores is None else tuple(scores), number)

    def _next_deal(self, request: dict) -> Deal:
        """The next hand of the game: the deal passes to the left (after a thrown-in hand
        too), the scores carry over, the number counts on (docs/protocol.md, "deal")."""
        if self.hand is None or _read(self.hand, "phase") != "done":
            raise _RequestError("no-game", "a next hand needs a game whose hand is over")
        if self._game_over():
            raise _RequestError("no-game", "the game is over: there is no next hand")
        hands, nest = _hands(request)
        last = self.deal
        result = _result(_read(self.hand, "result")) if hasattr(self.hand, "result") else None
        scores = tuple(result["scores"]) if result else last.scores
        return Deal(request["variant"], (last.dealer + 1) % len(last.hands), hands, nest,
                    scores, last.number + 1)

    def _check_cards(self, deal: Deal) -> None:
        seats, deck = self.engine.seats, self.engine.deck
        if seats is not None and len(deal.hands) != seats:
            raise _RequestError("bad-deal", f"a deal has {seats} hands")
        if deck is None:
            return
        left = Counter(deck)
        for card in [card for cards in deal.hands for card in cards] + list(deal.nest):
            if card not in left:
                raise _RequestError("bad-deal", f"{card!r} is not a card of the deck")
            if left[card] == 0:
                raise _RequestError("bad-deal", f"{card} is dealt too often")
            left[card] -= 1

    def _game_over(self) -> bool:
        return hasattr(self.hand, "game_over") and bool(_read(self.hand, "game_over"))

    def apply(self, request: dict) -> dict:
        self._playing()
        seat, action = request.get("seat"), request.get("action")
        if not _is_int(seat):
            raise _RequestError("bad-request", "'seat' must be a whole number")
        if not isinstance(action, str):
            raise _RequestError("bad-request", "'action' must be a string like 'bid 70'")
        return {"ok": True, **self.offer(seat, action)}

    def offer(self, seat: int, text: str) -> dict:
        """Offer one action: refused by the kit where the protocol refuses it for every
        engine (its notation unreadable, the hand over, another seat's turn), else by the
        hand's own rules."""
        try:
            action = Action.parse(text)
            if _read(self.hand, "phase") == "done":
                raise Refused(Code.HAND_OVER, "the hand is over")
            to_act = _read(self.hand, "to_act")
            if seat != to_act:
                raise Refused(Code.NOT_YOUR_TURN, f"it is seat {to_act}'s turn, not seat {seat}'s")
            legal = list(_read(self.hand, "legal")) if self.log is not None else None
            events = self.hand.apply(seat, action)
        except Refused as refusal:
            return {"accepted": False, "code": refusal.code, "message": refusal.message}
        if self.log is not None:
            self.log.acted(seat, str(action), legal, self.hand)
        return {"accepted": True, "events": list(events or ())}

    def batch(self, request: dict) -> dict:
        self._playing()
        actions = request.get("actions")
        if not (isinstance(actions, list) and all(
                isinstance(a, dict) and _is_int(a.get("seat")) and isinstance(a.get("action"), str)
                for a in actions)):
            raise _RequestError("bad-request",
                                'actions must be a list of {"seat": S, "action": A}')
        look = _state_arguments(request)
        if look is not NO_STATE:
            self._check_seat(look)
        out: dict = {"ok": True, "applied": 0}
        for item in actions:
            said = self.offer(item["seat"], item["action"])
            if not said["accepted"]:
                out["rejected"] = {"code": said["code"], "message": said["message"]}
                break
            out["applied"] += 1
        if look is not NO_STATE:
            out["state"] = self.state(look)
        return out

    def state_request(self, request: dict) -> dict:
        self._playing()
        seat = request.get("seat")
        self._check_seat(seat)
        return {"ok": True, "state": self.state(seat)}

    def state(self, seat: int | None) -> dict:
        """The state answer (docs/protocol.md, "state"), read from the hand."""
        hand = self.hand
        phase = _read(hand, "phase")
        out = {"phase": phase, "to_act": _read(hand, "to_act"), "legal": list(_read(hand, "legal"))}
        for name, convert in OPTIONAL:
            if hasattr(hand, name):
                out[name] = convert(_read(hand, name))
        out["hand_over"] = phase == "done"
        out["dealer"], out["number"] = self.deal.dealer, self.deal.number
        if self.deal.scores is not None:
            out["scores"] = list(self.deal.scores)
        if seat is not None:
            view = dict(hand.view(seat))
            cards = view.get("hand")
            if not (isinstance(cards, (list, tuple)) and _is_cards(list(cards))):
                raise TypeError(f"view({seat}) must hold 'hand', the seat's cards")
            view["hand"] = list(cards)
            out["hand"] = list(cards)
            out["view"] = view
        return out

    def _check_seat(self, seat) -> None:
        if seat is not None and not (_is_int(seat) and 0 <= seat < len(self.deal.hands)):
            raise _RequestError("bad-request", f"there is no seat {seat!r}")

    def _playing(self) -> None:
        if self.hand is None:
            raise _RequestError("no-deal", "no deal has been started")


def _quit(table: Table, request: dict) -> dict:
    return {"ok": True}


_COMMANDS = {"hello": Table.hello, "deal": Table.deal_hand, "apply": Table.apply,
             "state": Table.state_request, "batch": Table.batch, "quit": _quit}


def _hands(request: dict) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    hands, nest = request.get("hands"), request.get("nest", [])
    if not (isinstance(hands, list) and hands and all(map(_is_cards, hands))
            and _is_cards(nest)):
        raise _RequestError("bad-request",
                            "a deal needs 'hands' (a list of lists of cards) and 'nest'")
    return tuple(tuple(cards) for cards in hands), tuple(nest)


NO_STATE = object()      # a deal or batch that asks for no state


def _state_arguments(request: dict):
    """The seat whose state a ``deal`` or ``batch`` request asks to be answered with
    (``None`` for the table's), or :data:`NO_STATE`."""
    state = request.get("state")
    if state is None:
        return NO_STATE
    if not isinstance(state, dict):
        raise _RequestError("bad-request", "'state' must be {} or {\"seat\": S}")
    seat = state.get("seat")
    if seat is not None and not _is_int(seat):
        raise _RequestError("bad-request", "'seat' must be a whole number")
    return seat


# -- The loop ---------------------------------------------------------------------------------

def serve(engine: Engine, stdin=None, stdout=None, log=None) -> Table:
    """Read one request a line from ``stdin``, write one answer a line to ``stdout``,
    until ``quit`` or the end of the input; the table is returned for a look at the end.
    With ``log`` (a path, appended to, or a text stream), the games played are written
    there as ``rookery check-games`` reads them (:class:`GameLog`)."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    if isinstance(log, (str, os.PathLike)):
        with open(log, "a", encoding="utf-8") as stream:
            return serve(engine, stdin, stdout, stream)
    table = Table(engine, GameLog(log, engine) if log is not None else None)
    # The bytes under a text stream, where there are some: a line that is not UTF-8 is
    # then answered like any line that is not JSON, whatever the locale.
    for line in getattr(stdin, "buffer", stdin):
        try:
            request = json.loads(line)
        except (ValueError, RecursionError) as error:     # UnicodeDecodeError included
            reply = {"ok": False, "error": "bad-json", "message": f"not JSON: {error}"}
        else:
            reply = table.answer(request)
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()
        if reply.get("ok") is True and isinstance(request, dict) and request.get("cmd") == "quit":
            break
    return table
