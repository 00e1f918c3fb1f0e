"""Comparing an ``expect`` step with the state an engine reports.

Each key of an expectation is compared on its own; the answer is the list of keys that
differ, with what was expected and what the engine said.  Sets are compared as sets
(legal actions) or multisets (cards); per-keeper lists in order.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

_MISSING = object()


@dataclass(frozen=True)
class Mismatch:
    key: str
    expected: Any
    actual: Any
    detail: str = ""


def action_text(text) -> str:
    """One spelling of an action: single spaces, as the notation writes it."""
    return " ".join(str(text).split())


def action_order(text):
    """Actions in a readable order: by kind, then by amount (bid 75 before bid 100)."""
    kind, _, value = str(text).partition(" ")
    return (kind, int(value) if value.isdigit() else 0, value)


def _ordered(actions) -> list[str]:
    return sorted(actions, key=action_order)


def seats_needed(expect: dict) -> list[int]:
    """The seats whose private state an expectation reads (``hand``, ``view``)."""
    seats = []
    for key in ("hand", "view"):
        if key in expect and expect[key]["seat"] not in seats:
            seats.append(expect[key]["seat"])
    return seats


def compare(expect: dict, state: dict, seat_states: dict[int, dict]) -> list[Mismatch]:
    """Every key of ``expect`` that ``state`` (and the per-seat states) does not match."""
    out: list[Mismatch] = []
    for key, want in expect.items():
        check = _CHECKS.get(key, _equal)
        if key in ("hand", "view"):
            got = seat_states.get(want["seat"], {})
            found = check(key, want, got)
        else:
            found = check(key, want, state.get(_READS.get(key, key), _MISSING))
        if found is not None:
            out.append(found)
    return out


def _show(value):
    return "(missing)" if value is _MISSING else value


def _equal(key, want, got):
    # 1 == True in Python; the contract tells numbers from booleans.
    if got is not _MISSING and got == want and isinstance(got, bool) == isinstance(want, bool):
        return None
    return Mismatch(key, want, _show(got))


def _actions(got) -> list[str] | None:
    if not isinstance(got, list):
        return None
    return [action_text(a) for a in got]


def _legal(key, want, got):
    actions = _actions(got)
    if actions is None:
        return Mismatch(key, _ordered(want), _show(got), "the engine gave no list of actions")
    want_set, got_set = {action_text(a) for a in want}, set(actions)
    if want_set == got_set:
        return None
    missing, extra = _ordered(want_set - got_set), _ordered(got_set - want_set)
    parts = []
    if missing:
        parts.append("not legal but should be: " + ", ".join(missing))
    if extra:
        parts.append("legal but should not be: " + ", ".join(extra))
    return Mismatch(key, _ordered(want_set), _ordered(got_set), "; ".join(parts))


def _legal_includes(key, want, got):
    actions = _actions(got)
    missing = _ordered({action_text(a) for a in want} - set(actions or []))
    if actions is not None and not missing:
        return None
    return Mismatch(key, _ordered(want), _show(got), "not legal but should be: "
                    + ", ".join(missing))


def _legal_excludes(key, want, got):
    actions = _actions(got)
    present = _ordered({action_text(a) for a in want} & set(actions or []))
    if actions is not None and not present:
        return None
    return Mismatch(key, _ordered(want), _show(got), "legal but should not be: "
                    + ", ".join(present))


def _same_cards(want, got) -> bool:
    return isinstance(got, list) and Counter(map(str, want)) == Counter(map(str, got))


def _hand(key, want, seat_state):
    got = seat_state.get("hand", _MISSING)
    if _same_cards(want["cards"], got):
        return None
    return Mismatch(key, want, {"seat": want["seat"], "cards": _show(got)})


def _last_trick(key, want, got):
    if not isinstance(got, dict):
        return Mismatch(key, want, _show(got))
    for part, value in want.items():
        have = got.get(part, _MISSING)
        same = _same_cards(value, have) if part == "cards" else have == value
        if not same:
            return Mismatch(key, want, got, f"{part} differs")
    return None


def _result(key, want, got):
    if not isinstance(got, dict):
        return Mismatch(key, want, _show(got), "the hand has no result yet")
    differ = [part for part, value in want.items()
              if _equal(part, value, got.get(part, _MISSING)) is not None]
    if not differ:
        return None
    return Mismatch(key, want, {part: got.get(part) for part in want},
                    ", ".join(differ) + " differ" if len(differ) > 1 else f"{differ[0]} differs")


def _game_over(key, want, got):
    if want is False:
        return None if got is False or got is None else Mismatch(key, want, _show(got))
    winners = got.get("winners") if isinstance(got, dict) else None
    if isinstance(winners, list) and sorted(winners) == sorted(want["winners"]):
        return None
    return Mismatch(key, want, _show(got))


def strings_in(value):
    """Every string in a JSON value, and each word of it (``"R low"`` -> ``R``, ``low``)."""
    if isinstance(value, str):
        yield value
        yield from value.split()
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings_in(k)
            yield from strings_in(v)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item)


def _view(key, want, seat_state):
    view = seat_state.get("view", _MISSING)
    if not isinstance(view, dict):
        return Mismatch(key, want, _show(view), "the engine gave no view")
    if "hand" in want and not _same_cards(want["hand"], view.get("hand", _MISSING)):
        return Mismatch(key, want, {"hand": view.get("hand")}, "the seat's own hand differs")
    hidden = set(want.get("hidden", ()))
    seen = sorted(hidden & set(strings_in(view)))
    if seen:
        return Mismatch(key, want, view, "seat {} can see {}".format(
            want["seat"], ", ".join(seen)))
    for fact, value in want.get("shows", {}).items():
        got = view.get(fact, _MISSING)
        if fact == "dummy" and isinstance(got, dict):
            # The exposed dummy: its seat, and its cards in any order.
            same = got.get("seat") == value["seat"] and \
                sorted(map(str, got.get("hand", []))) == sorted(value["hand"])
        elif isinstance(value, list) and isinstance(got, list):
            same = sorted(got) == sorted(value)
        else:
            same = _equal(fact, value, got) is None
        if not same:
            return Mismatch(key, want, {fact: _show(got)},
                            f"seat {want['seat']}'s view shows {fact} differently")
    return None


_READS = {"legal_includes": "legal", "legal_excludes": "legal"}
_CHECKS = {"legal": _legal, "legal_includes": _legal_includes,
           "legal_excludes": _legal_excludes, "hand": _hand, "last_trick": _last_trick,
           "result": _result, "game_over": _game_over, "view": _view}
