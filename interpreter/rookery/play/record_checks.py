"""A game record checked for sense before anything trusts it: the checks a conformance
case gets, and those of a whole game.

A record is read from someone else's file (``docs/records.md``).  Before it is
replayed, or one of its hands becomes a case, it must be a game the rules could have
produced:

* the table: as many players as the variant seats, a first dealer who is a seat;
* each hand's deal: the variant's deck exactly, a dealer who is a seat, one running
  score per score keeper, every action's seat a seat of the table (the checks of a
  case's deal, :func:`rookery.engine.deal_check.deal_problems`);
* the game: the first hand is number 0, dealt by the first dealer, at 0 each; each
  later hand has the next number, the next dealer (``deal.poor-hand-dealer``, else the
  seat to the left) and the running scores the previous hand ended with; no hand after
  the one that ended the game; the final ``scores``, ``winners`` and ``finished`` are
  those the last hand leaves.

Every refusal is an :class:`InconsistentRecord` naming the place (a usage mistake,
exit 2): such a record is not evidence against any engine.  A record whose actions or
results the engine does not accept is another matter (``RecordMismatch``, a finding).
"""

from __future__ import annotations

from ..engine.deal_check import deal_problems
from ..engine.redeal import next_dealer
from ..engine.tables import tables_for
from ..errors import UsageError
from ..language.model import Variant


class InconsistentRecord(UsageError):
    """A record that contradicts itself or the variant's table: refused, never replayed
    into a case."""


def table_problems(record: dict, variant: Variant) -> list[str]:
    """What is wrong with the record before any hand is replayed: the table, and each
    hand's deal and seats (rules ``table.players``, ``deal.hand``, ``deal.nest``)."""
    players = variant.table.players
    out = []
    if len(record["players"]) != players:
        out.append(f"players: {len(record['players'])} players, but {variant.id} seats "
                   f"{players}")
    first = record.get("first_dealer", 0)
    if first >= players:
        out.append(f"first_dealer: {first} is not a seat of a table of {players}")
    for index, entry in enumerate(record["hands"]):
        where = f"hands/{index}"
        out += deal_problems(entry, variant, where)
        for step, (seat, _) in enumerate(entry["actions"]):
            if seat >= players:
                out.append(f"{where}/actions/{step}: seat {seat} is not a seat of a "
                           f"table of {players}")
                break
        if out:
            break           # the first hand with a problem is enough to refuse
    return out


def hand_problems(variant: Variant, record: dict, index: int, previous) -> list[str]:
    """Hand ``index`` (0-based) against the one before it (a replayed hand, or None for
    the first): its number, its dealer and its running scores follow from it."""
    entry = record["hands"][index]
    where = f"hands/{index}"
    if previous is None:
        number, dealer = 0, record.get("first_dealer", 0)
        scores = [0] * tables_for(variant).keepers
        why = "the game's first hand"
    else:
        number, dealer = previous.number + 1, next_dealer(previous)
        scores = list(previous.result.scores)
        why = f"hand {index} ended so"
    out = []
    if entry["number"] != number:
        out.append(f"{where}/number: {entry['number']}, but {why}: number {number}")
    if entry["dealer"] != dealer:
        out.append(f"{where}/dealer: seat {entry['dealer']}, but {why}: seat {dealer} "
                   "deals (the deal passes to the left, or stays after a poor hand "
                   "where the variant says so)")
    if list(entry["scores"]) != scores:
        out.append(f"{where}/scores: {entry['scores']} before the hand, but {why} with "
                   f"the running scores {scores}")
    return out


def end_problems(variant: Variant, record: dict, last,
                 winners: tuple[int, ...]) -> list[str]:
    """The record's final ``scores``, ``winners`` and ``finished`` against what its last
    hand (replayed; None when it has no hand) leaves."""
    scores = list(last.result.scores) if last is not None else \
        [0] * tables_for(variant).keepers
    out = []
    if record.get("scores") is not None and list(record["scores"]) != scores:
        out.append(f"scores: {record['scores']} at the end, but the hands end at {scores}")
    if list(record.get("winners", ())) != list(winners):
        out.append(f"winners: {record.get('winners', [])}, but the hands make "
                   + (f"{list(winners)} the winners" if winners else "no winner yet"))
    if record["finished"] != bool(winners):
        out.append(f"finished: {str(record['finished']).lower()}, but the hands "
                   + ("end the game" if winners else "do not end the game"))
    return out


def refuse(problems: list[str]) -> None:
    """Raise :class:`InconsistentRecord` for the first of ``problems`` (if any)."""
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise InconsistentRecord(f"an inconsistent record: {problems[0]}{more}")
