"""A case checked against its variant's rules before any engine runs it: a case that
cannot be right is the corpus's fault, and must not be blamed on the engine.

* the deal is the variant's deck exactly: as many hands as players, each of the hand
  size, a nest of the nest size, every card of the deck dealt as many times as the deck
  holds it (a card dealt twice, or one missing, is named);
* the dealer and the seats of the script are seats of the table, and the running scores
  are one per score keeper;
* the script (``start``, then the steps that are not rejections) is replayed on the
  reference interpreter: each action must come from the seat whose turn it is.  Where
  the interpreter refuses an action, or ``start`` holds an entry that is not a
  ``SEAT ACTION`` string (a structured entry such as an auction), the replay stops
  there: what follows is for the engine to show, not for us to foresee.

Each problem is ``JSON path: reason`` (``deal/hands/2/4: R14 is dealt twice``).
"""

from __future__ import annotations

import json
import re

from ...errors import RookeryError
from ...engine.deal_check import deal_problems, deck_counts  # noqa: F401 (shared)
from ...language.model import Variant

MAX_SEAT_DIGITS = 3         # a seat written in a case; no table has 1,000 seats


def case_problems(raw: dict, variant_id: str | None, variant=None) -> list[str]:
    """What is wrong with one case (already valid against the schema) of a variant
    (``variant``: the compiled built-in variant ``variant_id``, when the caller has it
    already; None for a variant that is not built in)."""
    unprintable = list(_unprintable(raw, "")) if _may_be_unprintable(raw) else []
    if unprintable:
        return unprintable[:3]
    if variant is None:
        variant = builtin_variant(variant_id)
    if variant is None:
        return []
    problems = deal_problems(raw["deal"], variant)
    if problems:
        return problems
    return script_problems(raw, variant)


def _unprintable(value, where: str):
    """Strings holding control characters (other than tab and line feed) or lone
    surrogates: no report (JUnit XML above all) could show them."""
    if isinstance(value, str):
        if _UNPRINTABLE.search(value):
            yield f"{where or '(case)'}: a control character or a lone surrogate"
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _unprintable(key, where)
            yield from _unprintable(item, f"{where}/{key}".lstrip("/"))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _unprintable(item, f"{where}/{index}".lstrip("/"))


_UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")


def _may_be_unprintable(raw: dict) -> bool:
    """False when no string of the case (keys too) can hold what :func:`_unprintable`
    looks for, found at C speed in the case written as JSON: there a control character
    is an escape (``\\u0001``, ``\\b``, ``\\f``, ``\\r``) and DEL or a lone surrogate
    is itself.  A backslash of the text followed by ``b`` may be taken for one: then the
    exact search decides."""
    return _SUSPECT.search(json.dumps(raw, ensure_ascii=False)) is not None


_SUSPECT = re.compile("\\\\(?:u00[01]|[bfr])|[\x7f\ud800-\udfff]")


def builtin_variant(variant_id: str | None) -> Variant | None:
    """The compiled built-in variant of that id (None if there is none, or if its spec
    does not load)."""
    from ...language.load import load_variant
    from ...language.options import is_builtin
    if not is_builtin(variant_id):
        return None
    try:
        return load_variant(variant_id)
    except RookeryError:
        return None


def script_problems(raw: dict, variant: Variant) -> list[str]:
    """Replay ``start`` and the accepted steps: every action from the seat whose turn it
    is (rules ``bidding.first``, ``play.lead`` and the phases' own turn order)."""
    from ...engine import Hand
    from ...errors import IllegalAction
    deal = raw["deal"]
    try:
        hand = Hand(variant, deal["dealer"], deal["hands"], deal["nest"], deal.get("scores"),
                    deal.get("number", 0))
    except (RookeryError, TypeError, ValueError) as error:
        return [f"deal: the reference interpreter cannot deal it: {error}"]
    script = []
    for index, entry in enumerate(raw.get("start", ())):
        if not isinstance(entry, str):
            break           # a structured entry: the replay stops here
        seat, _, action = entry.partition(" ")
        if len(seat) > MAX_SEAT_DIGITS:
            return [f"start/{index}: the seat {seat[:12]}... is not a seat"]
        script.append((f"start/{index}", int(seat), action, entry))
    else:
        for index, step in enumerate(raw["steps"]):
            if "do" in step and "reject" not in step:
                script.append((f"steps/{index}", step["seat"], step["do"],
                               f"{step['seat']} {step['do']}"))
    for where, seat, action, text in script:
        if hand.is_over:
            return [f"{where}: '{text}' comes after the end of the hand"]
        turn = hand.actor if hand.has_dummy else hand.to_act
        if seat != turn:
            return [f"{where}: '{text}' is seat {seat}'s action, but the rules give the "
                    f"turn to seat {turn} (as the reference interpreter plays the script)"]
        try:
            hand.apply(action, seat)
        except IllegalAction:
            break           # the interpreter and the case disagree: the runner will say
    return []
