"""The engine's commonest answers checked by hand: a ``batch``, ``deal`` or ``state``
answer carrying a state (``conformance/schema/protocol.schema.json``, ``$defs/state``).

Every answer of an engine under test is checked against the protocol schema before the
runner reads it.  A state answer is nearly every round trip of a corpus run, and even the
compiled schema check (:mod:`.schema_check`) walks it through a hundred calls.  The
functions here say the same in a few lines: a ``True`` means the answer fits the schema,
and nothing more is done; a ``False`` means only "not sure", and the schema decides and
words the failure, as before.  So they must never pass what the schema refuses (they may
refuse more: an integer written ``1.0``, which JSON Schema counts as an integer, goes to
the schema).  ``tests/test_answer_check.py`` compares them with the reference validator
on real answers and on thousands of mutated ones.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from .schema_check import schema

_ABSENT = object()


@cache
def _phases() -> frozenset:
    """The phases the schema names (read from it, so that the two cannot drift)."""
    return frozenset(schema("protocol")["$defs"]["state"]["properties"]["phase"]["enum"])


def _seat(value) -> bool:
    return type(value) is int and value >= 0


def _seat_or_none(value) -> bool:
    return value is None or (type(value) is int and value >= 0)


def _int_or_none(value) -> bool:
    return value is None or type(value) is int


def _str_or_none(value) -> bool:
    return value is None or type(value) is str


def _bool(value) -> bool:
    return type(value) is bool


def _bool_or_none(value) -> bool:
    return value is None or type(value) is bool


def _list_of(kind: type) -> Callable[[object], bool]:
    """The check of an array whose every item is exactly of ``kind``."""
    def check(value) -> bool:
        if type(value) is not list:
            return False
        for item in value:
            if type(item) is not kind:
                return False
        return True
    return check


_strings = _list_of(str)        # ``$defs/cards``, ``legal``
_ints = _list_of(int)           # a bool is no integer: type(True) is bool


def _fits(value, checks) -> bool:
    """``value`` an object whose keys named in ``checks`` (name, required, check) are
    there when required and pass their check when there; other keys are free."""
    if type(value) is not dict:
        return False
    get = value.get
    for name, required, check in checks:
        item = get(name, _ABSENT)
        if item is _ABSENT:
            if required:
                return False
        elif not check(item):
            return False
    return True


_LAST_TRICK = (("winner", False, _seat), ("points", False, lambda v: type(v) is int),
               ("cards", False, _strings))
_RESULT = (("made", False, _bool_or_none), ("changes", False, _ints),
           ("scores", False, _ints), ("taken", False, _ints),
           ("nest_to", False, _seat_or_none), ("thrown_in", False, _bool))
_VIEW = (("hand", True, _strings), ("nest_face_up", False, _strings),
         ("nest_shown", False, _strings))
_WINNERS = (("winners", True, _ints),)


def _phase(value) -> bool:
    return type(value) is str and value in _phases()


_STATE = (
    ("phase", True, _phase),
    ("to_act", True, _seat_or_none),
    ("legal", True, _strings),
    ("high_bid", False, lambda v: v == "moon" or _int_or_none(v)),   # "moon": bidding.moon
    ("bidder", False, _seat_or_none),
    ("trump", False, _str_or_none),
    ("tricks_won", False, _ints),
    ("last_trick", False, lambda v: v is None or _fits(v, _LAST_TRICK)),
    ("hand_over", False, _bool),
    ("result", False, lambda v: v is None or _fits(v, _RESULT)),
    ("game_over", False, lambda v: v is False or _fits(v, _WINNERS)),
    ("hand", False, _strings),
    ("view", False, lambda v: _fits(v, _VIEW)),
    ("dealer", False, _seat),
    ("number", False, _seat),          # a whole number, 0 or more
    ("scores", False, _ints),
)


def state_fits(state) -> bool:
    """True when ``state`` fits ``$defs/state`` (False: not sure)."""
    return _fits(state, _STATE)


_REJECTED = (("code", False, _str_or_none), ("message", False, lambda v: type(v) is str))
_BATCH = (("ok", True, lambda v: v is True), ("applied", True, _seat),
          ("rejected", False, lambda v: _fits(v, _REJECTED)),
          ("state", False, state_fits))
_WITH_STATE = (("ok", True, lambda v: v is True), ("state", True, state_fits))


def batch_fits(answer) -> bool:
    """True when ``answer`` fits ``$defs/batch_response``."""
    return _fits(answer, _BATCH)


def with_state_fits(answer) -> bool:
    """True when ``answer`` fits ``$defs/state_response`` (or ``deal_response``: the
    same shape)."""
    return _fits(answer, _WITH_STATE)


# The answers checked by hand, by the kind of request they answer.
BY_KIND: dict[str, Callable[[object], bool]] = {
    "batch": batch_fits, "deal": with_state_fits, "state": with_state_fits}
