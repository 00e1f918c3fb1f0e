"""Reading a log of recorded games, line by line: the JSON-lines format of
``docs/recorded-games.md`` (schema ``conformance/schema/games.schema.json``), or a game
record of ``rookery play --record`` (``docs/records.md``).

The log is someone else's file: it streams (one line read at a time, one hand kept at
a time, each line at most :data:`MAX_LINE` bytes), and a line that is not JSON, breaks
the schema or comes where it makes no sense (an action before any deal) is an
:class:`LogError` with its line number.  Nothing else of the log is lost: a bad line
costs the hand it falls in (the hand cannot be replayed without it), never the other
hands nor the other games.

What the reader yields, in the log's order:

* :class:`GameStart` -- a ``game`` line: the variant and who recorded it;
* :class:`RecordedHand` -- a ``deal`` line with its ``action`` lines and ``result``;
* :class:`GameEnd` -- an ``end`` line: the engine ended the game, these keepers won;
* :class:`LogError` -- a line (or a record's place) that cannot be read.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ... import bounded
from ...errors import UsageError
from ...resources import conformance_dir

MAX_LINE = 1 << 20          # bytes of a line: a deal of 114 cards is under 2 KB
MAX_DEPTH = 8               # levels of JSON nesting a line may use (it needs 3)
MAX_ACTIONS = 2000          # actions in a hand: the largest deck makes under 300


@dataclass(frozen=True)
class LogError:
    """A line of the log that cannot be read (``place``: ``line 12``, or a record's
    JSON path), and why."""

    place: str
    message: str

    def to_json(self) -> dict:
        return {"place": self.place, "message": self.message}

    def __str__(self) -> str:
        return f"{self.place}: {self.message}"


@dataclass(frozen=True)
class GameStart:
    place: str
    variant: str
    engine: str = ""
    name: str = ""


@dataclass(frozen=True)
class GameEnd:
    place: str
    winners: tuple[int, ...]


@dataclass(frozen=True)
class Step:
    """One recorded action: where it is, the seat, the action as written, and the legal
    actions the engine offered that seat just before (None when not recorded)."""

    place: str
    seat: int
    action: str
    legal: tuple[str, ...] | None = None


@dataclass
class RecordedHand:
    """A recorded hand: its ``deal`` (dealer, hands, nest, scores and number, as a case
    writes a deal), its steps, and the result the engine gave (None when not recorded).
    ``broken``: a line inside it could not be read, so it is not replayed."""

    place: str
    deal: dict
    steps: list[Step] = field(default_factory=list)
    result: dict | None = None
    result_place: str = ""
    broken: bool = False


Item = GameStart | RecordedHand | GameEnd | LogError


KINDS = ("game", "deal", "action", "result", "end")


@cache
def _line_checks() -> dict:
    """A check of each kind of line: the schema's branch for that ``type`` (a line is
    checked against its own kind only, not tried against all five)."""
    from ..protocol.schema_check import SchemaCheck
    schema = json.loads((conformance_dir() / "schema" / "games.schema.json")
                        .read_text(encoding="utf-8"))
    return {kind: SchemaCheck({"$schema": schema["$schema"], "$defs": schema["$defs"],
                               "$ref": f"#/$defs/{kind}"}) for kind in KINDS}


def read_log(path: str | Path) -> Iterator[Item]:
    """The log's games, hand by hand, with an error for each line that cannot be read
    (see the module's docstring).  A file that cannot be opened at all is a
    :class:`UsageError`."""
    path = Path(path)
    try:
        stream = open(path, "rb")       # noqa: SIM115 - closed by the generator below
    except OSError as error:
        raise UsageError(_unopened(path, error)) from None
    import stat
    import os
    if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
        stream.close()
        raise UsageError(f"{path}: not a regular file (a log is a file of JSON lines)")
    return _items(path, stream)


def _unopened(path: Path, error: OSError) -> str:
    if isinstance(error, FileNotFoundError):
        return f"no such log: {path}"
    if isinstance(error, IsADirectoryError):
        return f"{path} is a folder, not a log of games"
    return f"{path}: cannot be read: {bounded.clean(error.strerror or str(error))}"


def _items(path: Path, stream) -> Iterator[Item]:
    with stream:
        first = stream.read(1 << 12)
        stream.seek(0)
        if _a_record(first):
            yield from _record_items(path)
            return
        yield from _line_items(stream)


def _a_record(start: bytes) -> bool:
    """A game record of ``rookery play --record`` (one JSON document whose format is
    ``rookery-record``), not JSON lines."""
    head = start.lstrip()
    if not head.startswith(b"{"):
        return False
    line = head.split(b"\n", 1)[0].strip()
    return line == b"{" or b'"format": "rookery-record"' in head[:200] or \
        b'"format":"rookery-record"' in head[:200]


def _lines(stream) -> Iterator[tuple[int, bytes | None]]:
    """Each line with its number; None for a line longer than :data:`MAX_LINE` (skipped
    to its end without keeping it)."""
    number = 0
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        number += 1
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            while True:             # the rest of the long line, read and dropped
                more = stream.readline(MAX_LINE)
                if not more or more.endswith(b"\n"):
                    break
            yield number, None
            continue
        yield number, line


def _line_items(stream) -> Iterator[Item]:
    checks = _line_checks()
    hand: RecordedHand | None = None
    in_game = False
    for number, raw in _lines(stream):
        place = f"line {number}"
        if raw is None:
            item: dict | str = f"a line of more than {MAX_LINE:,} bytes"
        elif not raw.strip():
            continue
        else:
            item = _parse(raw, checks)
        if isinstance(item, str):
            if hand is not None:
                hand.broken = True
            yield LogError(place, item + ("" if hand is None else
                                         f" (the hand of {hand.place} is not checked)"))
            continue
        kind = item["type"]
        if kind in ("game", "deal", "end") and hand is not None:
            yield hand
            hand = None
        if kind == "game":
            in_game = True
            yield GameStart(place, item["variant"], item.get("engine", ""),
                            item.get("id", ""))
        elif not in_game:
            yield LogError(place, f"a '{kind}' line before any 'game' line (a log opens "
                                  "each game with {\"type\": \"game\", \"variant\": ...})")
        elif kind == "deal":
            deal = {k: item[k] for k in ("dealer", "hands", "nest", "scores")}
            if "number" in item:
                deal["number"] = item["number"]
            hand = RecordedHand(place, deal)
        elif kind == "end":
            yield GameEnd(place, tuple(item["winners"]))
            in_game = False     # a game's next hand needs a new game line
        elif hand is None:
            yield LogError(place, f"a '{kind}' line outside a hand (no 'deal' line "
                                  "since the game began or the last result)")
        elif kind == "action":
            if hand.result is not None:
                yield _spoilt(hand, place, f"an action after the hand's result "
                                           f"({hand.result_place})")
            elif len(hand.steps) >= MAX_ACTIONS:
                yield _spoilt(hand, place, f"more than {MAX_ACTIONS:,} actions in a hand")
            else:
                legal = item.get("legal")
                hand.steps.append(Step(place, item["seat"], item["action"],
                                       tuple(legal) if legal is not None else None))
        elif kind == "result":
            if hand.result is not None:
                yield _spoilt(hand, place, f"a second result for the hand (the first on "
                                           f"{hand.result_place})")
            else:
                hand.result = {k: v for k, v in item.items() if k != "type"}
                hand.result_place = place
    if hand is not None:
        yield hand


def _spoilt(hand: RecordedHand, place: str, why: str) -> LogError:
    """A line that makes no sense where it stands: its hand is not replayed."""
    hand.broken = True
    return LogError(place, f"{why}; the hand of {hand.place} is not checked")


def _parse(raw: bytes, checks: dict) -> dict | str:
    """A line as an object the schema passes, or what is wrong with it."""
    try:
        value = bounded.decode(raw.rstrip(b"\r\n"), MAX_DEPTH)
    except ValueError as error:
        return f"not a JSON line: {error}"
    if not isinstance(value, dict):
        return f"not a JSON object but {type(value).__name__}"
    kind = value.get("type")
    if not isinstance(kind, str) or kind not in checks:
        return (f"type: {bounded.clean(repr(kind), 60)} is not one of "
                f"{', '.join(KINDS)}")
    errors = sorted(checks[kind].iter_errors(value), key=lambda e: list(e.path))
    if errors:
        where = "/".join(str(p) for p in errors[0].path) or "(the line)"
        return f"a '{kind}' line: {where}: {bounded.clean(errors[0].message, 160)}"
    return value


def _record_items(path: Path) -> Iterator[Item]:
    """A game record of ``rookery play --record`` as the log's items: its places are
    the record's JSON paths (``hands/3/actions/7``)."""
    from ...play.record import read_record
    try:
        record = read_record(path)
    except UsageError as error:
        yield LogError("(the record)", str(error))
        return
    yield GameStart("(the record)", record["variant"],
                    "rookery play (" + ", ".join(record["players"]) + ")",
                    f"seed {record.get('seed')}")
    for index, entry in enumerate(record["hands"]):
        where = f"hands/{index}"
        deal = {k: entry[k] for k in ("dealer", "hands", "nest", "scores", "number")}
        steps = [Step(f"{where}/actions/{i}", seat, action)
                 for i, (seat, action) in enumerate(entry["actions"])]
        result = entry.get("result")
        kept = None
        if isinstance(result, dict):
            kept = {k: result[k] for k in ("scores", "changes", "made", "nest_to",
                                          "thrown_in") if k in result}
        yield RecordedHand(where, deal, steps, kept, f"{where}/result" if kept else "")
    if record.get("finished"):
        yield GameEnd("winners", tuple(record.get("winners", ())))




def first_variant(path: str | Path) -> str | None:
    """The variant of the log's first game (None when it has no game line)."""
    for item in read_log(path):
        if isinstance(item, GameStart):
            return item.variant
    return None


__all__ = ["GameEnd", "GameStart", "LogError", "MAX_LINE", "RecordedHand", "Step",
           "first_variant", "read_log"]
