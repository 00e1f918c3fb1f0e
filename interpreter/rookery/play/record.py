"""Game records: a played game kept as JSON, the way a chess player keeps a PGN.

A record names the variant, the players at each seat and, for every hand, the deal (the
dealer, each seat's cards, the nest, the running scores before it) and the actions in
the order they were made, with the result the engine gave.  The deal is explicit, so a
record replays on any engine without the shuffle that produced it.  The format is
``conformance/schema/record.schema.json`` and ``docs/records.md``.

A hand of a record can be turned into a conformance case (``origin: "regression"``: it
was recorded from an implementation, not reasoned from the rules text).
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..engine import Event, Hand
from ..engine.game import game_winners
from ..errors import IllegalAction, UsageError
from ..limits import MAX_HANDS
from ..language.model import Variant
from ..resources import conformance_dir

FORMAT = "rookery-record"
VERSION = 1


def new_record(variant: Variant, seed: int | None, first_dealer: int,
               players: list[str]) -> dict:
    """An empty record of a game about to be played; ``players`` names who sits at each
    seat ("simple", "random", "human")."""
    return {"format": FORMAT, "version": VERSION, "variant": variant.id,
            "title": variant.title, "seed": seed, "first_dealer": first_dealer,
            "players": list(players), "hands": [], "scores": None, "winners": [],
            "finished": False}


def add_hand(record: dict, hand: Hand) -> None:
    """Append a hand (played to its end) to the record."""
    snapshot = hand.snapshot()
    del snapshot["variant"]
    snapshot["result"] = hand.result.to_json() if hand.result is not None else None
    record["hands"].append(snapshot)


def add_unfinished(record: dict, hand: Hand) -> None:
    """Keep the hand in progress (a person left the table in the middle of it): its deal
    and the actions made so far, under ``unfinished``."""
    snapshot = hand.snapshot()
    del snapshot["variant"]
    record["unfinished"] = snapshot


def finish(record: dict, scores, winners, stopped: str | None = None) -> dict:
    record["scores"] = list(scores)
    record["winners"] = list(winners)
    record["finished"] = bool(winners)
    if stopped:
        record["stopped"] = stopped
    return record


def schema() -> dict:
    return json.loads((conformance_dir() / "schema" / "record.schema.json")
                      .read_text(encoding="utf-8"))


MAX_RECORD_FILE = 8 << 20      # bytes: a game of 1,000 hands of 114 cards is under 4 MB
MAX_RECORD_DEPTH = 16           # levels of JSON nesting: a record needs 6
MAX_VARIANT_NAME = 200          # characters of the variant's name: a base with options


def read_record(path: str | Path) -> dict:
    """Read and validate a record file (the one bounded reader,
    :func:`rookery.bounded.read_json`, then the schema and the limits on its size); a
    bad file is a UsageError naming the place."""
    import jsonschema

    from .. import bounded
    path = Path(path)
    try:
        data = bounded.read_json(path, MAX_RECORD_FILE, MAX_RECORD_DEPTH)
    except FileNotFoundError:
        raise UsageError(f"no such record file: {path}") from None
    except IsADirectoryError:
        raise UsageError(f"{path} is a folder, not a record file") from None
    except OSError as error:
        raise UsageError(f"{path}: cannot be read as a record: "
                         f"{bounded.clean(error.strerror or str(error))}") from None
    except ValueError as error:
        raise UsageError(f"{path}: not a rookery game record: {error}") from None
    hands = data.get("hands") if isinstance(data, dict) else None
    if isinstance(hands, list) and len(hands) > MAX_HANDS:
        raise UsageError(f"{path}: not a rookery game record: hands: {len(hands):,} "
                         f"hands, but a game stops after {MAX_HANDS:,}")
    errors = sorted(jsonschema.Draft202012Validator(schema()).iter_errors(data),
                    key=lambda e: list(e.path))
    if errors:
        where = "/".join(str(p) for p in errors[0].path) or "(top)"
        raise UsageError(f"{path}: not a rookery game record: {where}: "
                         f"{bounded.clean(errors[0].message)}")
    if len(data["variant"]) > MAX_VARIANT_NAME:
        raise UsageError(f"{path}: not a rookery game record: variant: a name of "
                         f"{len(data['variant']):,} characters (at most "
                         f"{MAX_VARIANT_NAME})")
    return data


@dataclass(frozen=True)
class ReplayedHand:
    """One hand of a record, replayed: the hand, the events of each action in order, and
    the game-over event when this hand ended the game."""

    hand: Hand
    events: tuple[tuple[int, str, tuple[Event, ...]], ...]
    game_over: Event | None


class RecordMismatch(UsageError):
    """A record the engine does not agree with: a refused action or another result."""


def _replay_actions(variant: Variant, entry: dict, number: int, name: str
                    ) -> tuple[Hand, tuple[tuple[int, str, tuple[Event, ...]], ...]]:
    """Deal a recorded hand (``name`` says which, in messages) and apply its actions in
    order, each one checked; a refused deal or action is a :class:`RecordMismatch`."""
    try:
        hand = Hand(variant, entry["dealer"], entry["hands"], entry["nest"],
                    entry.get("scores"), entry.get("number", number - 1))
    except UsageError as error:
        raise RecordMismatch(f"{name}: the deal is refused: {error}") from None
    events = []
    for step, (seat, action) in enumerate(entry["actions"], 1):
        try:
            events.append((seat, action, tuple(hand.apply(action, seat))))
        except IllegalAction as error:
            raise RecordMismatch(f"{name}, action {step} ({seat} {action}): "
                                 f"refused: {error.code}: {error.message}") from None
    return hand, tuple(events)


def replay(variant: Variant, record: dict, first: int = 1) -> Iterator[ReplayedHand]:
    """Replay every hand of ``record`` on ``variant``, checking each action and result
    (``first``: the number of its first hand in messages)."""
    for number, entry in enumerate(record["hands"], first):
        hand, events = _replay_actions(variant, entry, number, f"hand {number}")
        if not hand.is_over:
            raise RecordMismatch(f"hand {number}: the record stops before the hand ends "
                                 f"(phase {hand.phase})")
        result = hand.result.to_json()
        if entry.get("result") is not None and entry["result"] != result:
            raise RecordMismatch(f"hand {number}: the record says scores "
                                 f"{entry['result'].get('scores')}, the engine "
                                 f"{result['scores']}")
        winners = game_winners(variant, hand.result, hand.t.team_of)
        over = Event("game-over", None, {"winners": list(winners),
                                         "scores": list(hand.result.scores)}) \
            if winners else None
        yield ReplayedHand(hand, events, over)


def replay_unfinished(variant: Variant, record: dict) -> ReplayedHand | None:
    """The hand in progress when the record was made (``unfinished``), replayed as far as
    it went, each action checked; None when the record has none."""
    entry = record.get("unfinished")
    if entry is None:
        return None
    hand, events = _replay_actions(variant, entry, len(record["hands"]) + 1,
                                   "the unfinished hand")
    return ReplayedHand(hand, events, None)


def check_record(variant: Variant, record: dict) -> list[ReplayedHand]:
    """Every hand of ``record`` replayed, once the record is found consistent
    (:mod:`rookery.play.record_checks`): raises ``InconsistentRecord`` (the record
    contradicts itself) or :class:`RecordMismatch` (the engine refuses an action or
    scores a hand otherwise)."""
    from .record_checks import end_problems, hand_problems, refuse, table_problems
    refuse(table_problems(record, variant))
    hands = record["hands"]
    replayed: list[ReplayedHand] = []
    previous = None
    for index in range(len(hands)):
        refuse(hand_problems(variant, record, index, previous))
        one = next(replay(variant, {"hands": [hands[index]]}, first=index + 1))
        replayed.append(one)
        previous = one.hand
        if one.game_over is not None and index + 1 < len(hands):
            refuse([f"hands/{index + 1}: a hand after the end of the game (the hand "
                    f"before it ended the game, winners {one.game_over.data['winners']})"])
    winners = replayed[-1].game_over.data["winners"] if replayed and \
        replayed[-1].game_over is not None else ()
    refuse(end_problems(variant, record, previous, tuple(winners)))
    return replayed


def hand_case(variant: Variant, record: dict, number: int, rules: list[str],
              case_id: str | None = None) -> dict:
    """Hand ``number`` (1-based) of a record as a conformance corpus file holding one
    regression case: the deal, every action as a step the engine must accept, and the
    result it must reach."""
    hands = record["hands"]
    if not 1 <= number <= len(hands):
        raise UsageError(f"--hand {number}: the record has hands 1 to {len(hands)}")
    known = [rule.id for rule in variant.rules]
    for rule in rules:
        if rule not in known:
            close = difflib.get_close_matches(rule, known, n=1)
            raise UsageError(f"--rule {rule}: {variant.id} has no such rule"
                             + (f"; did you mean '{close[0]}'?" if close else
                                f"; its rules: {', '.join(known)}"))
    replayed = list(replay(variant, {"hands": hands[:number]}))[-1]
    entry = hands[number - 1]
    result = replayed.hand.result.to_json()
    steps: list[dict] = [{"seat": seat, "do": action} for seat, action in entry["actions"]]
    expect = {"hand_over": True, "result": {"scores": result["scores"],
                                             "changes": result["changes"],
                                             "thrown_in": result["thrown_in"]}}
    if result["made"] is not None:
        expect["result"]["made"] = result["made"]
    steps.append({"expect": expect})
    chosen = rules or [rule for rule in known if rule.startswith("scoring.")] or known[:1]
    deal = {"dealer": entry["dealer"], "hands": entry["hands"], "nest": entry["nest"],
            "scores": entry.get("scores") or [0] * len(result["scores"]),
            "number": entry.get("number", number - 1)}
    case = {"id": case_id or f"{variant.id}/regression/{number:03d}",
            "description": f"Hand {number} of a recorded game of {variant.title} "
                           f"(seed {record.get('seed')}), replayed action by action: "
                           f"the engine must accept every action and reach the recorded "
                           f"score.",
            "rules": chosen, "tags": ["whole-hand", "recorded"], "origin": "regression",
            "deal": deal, "steps": steps}
    return {"variant": variant.id,
            "description": "Regression cases recorded from played games (rookery replay "
                           "--to-case).",
            "cases": [case]}
