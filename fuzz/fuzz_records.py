"""Hostile game records through ``rookery replay`` (and ``--to-case``): real records of
bot games mutated (keys dropped, values of the wrong type, huge numbers, cards swapped,
actions moved or cut, running scores that jump, hands after the end, final scores and
winners changed), cut short, not UTF-8, nested 100,000 deep, lone surrogates, long
variant names, a FIFO and a link to ``/dev/zero``.  Each must end in exit 0, 1 or 2 with
no traceback, no hang (10 s) and under 1 GB; a record made inconsistent on purpose must
be refused (exit 2), and never become a case.

    python fuzz/fuzz_records.py --budget 60 --count 2000
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import tempfile
from pathlib import Path

from _common import Hang, Tally, arguments, limit_memory, time_limit

import rookery
from rookery.cli import main as rookery_main
from rookery.play.bots import make_bot
from rookery.play.games import play_game

BAD = ("traceback", "hang", "inconsistent-accepted", "case-from-inconsistent")
VALUES = [None, True, -1, 0, 10 ** 30, 1.5, "", "x", [], {}, ["R5"], "9" * 5000,
          "\ud800", [[]] * 3, "tournament" + "+no-trump" * 40]
VARIANTS = ["tournament", "kentucky-rook", "rook-for-three", "family-double-deck-6"]


def games(rng: random.Random) -> list[dict]:
    """A few real records: finished games of several variants, and a game stopped at a
    hand limit."""
    out = []
    for index, name in enumerate(VARIANTS):
        variant = rookery.load_variant(name)
        players = [make_bot(rng.choice(["simple", "random"]), rng)
                   for _ in range(variant.table.players)]
        outcome = play_game(variant, players, index, rng=rng,
                            max_hands=100 if index % 2 == 0 else 3)
        out.append(json.loads(json.dumps(outcome.record)))
    return out


def inconsistent(record: dict, rng: random.Random) -> dict | None:
    """The record made inconsistent in a way the checks must refuse (None when this
    record has no room for that change)."""
    record = copy.deepcopy(record)
    hands = record["hands"]
    kind = rng.randrange(6)
    if kind == 0 and len(hands) > 1:
        hands[rng.randrange(1, len(hands))]["scores"][0] += rng.choice([-10, 5, 1000])
    elif kind == 1 and record["finished"]:
        hands.append(copy.deepcopy(rng.choice(hands)))
    elif kind == 2 and hands:
        record["scores"] = [s + rng.choice([-5, 5, 100]) for s in record["scores"]]
    elif kind == 3 and record["finished"]:
        record["winners"] = [] if rng.random() < 0.5 else [w + 1 for w in record["winners"]]
    elif kind == 4 and len(hands) > 1:
        hands[rng.randrange(1, len(hands))]["number"] += rng.choice([1, 2, 7])
    elif kind == 5 and hands:
        hand = rng.choice(hands)
        hand["dealer"] = (hand["dealer"] + 1) % len(hand["hands"])
    else:
        return None
    return record


def mutate(record: dict, rng: random.Random) -> dict:
    """One random change somewhere (the record may stay consistent, or not)."""
    record = copy.deepcopy(record)
    kind = rng.randrange(7)
    hands = record["hands"]
    if kind == 0:
        del record[rng.choice(list(record))]
    elif kind == 1:
        record[rng.choice(list(record) + ["extra"])] = rng.choice(VALUES)
    elif kind == 2 and hands:
        hand = rng.choice(hands)
        hand[rng.choice(list(hand))] = rng.choice(VALUES)
    elif kind == 3 and hands:
        hand = rng.choice(hands)
        a, b = rng.randrange(len(hand["hands"])), rng.randrange(len(hand["hands"]))
        if hand["hands"][a] and hand["hands"][b]:
            hand["hands"][a][0], hand["hands"][b][-1] = hand["hands"][b][-1], \
                hand["hands"][a][0]
    elif kind == 4 and hands:
        actions = rng.choice(hands)["actions"]
        if actions:
            i = rng.randrange(len(actions))
            step = actions.pop(i)
            if rng.random() < 0.5:
                actions.insert(rng.randrange(len(actions) + 1), step)
    elif kind == 5 and hands:
        actions = rng.choice(hands)["actions"]
        if actions:
            actions[rng.randrange(len(actions))][rng.randrange(2)] = rng.choice(VALUES)
    elif hands:
        result = rng.choice(hands).get("result") or {}
        if result:
            result[rng.choice(list(result))] = rng.choice(VALUES)
    return record


def raw(text: str, rng: random.Random) -> bytes:
    kind = rng.randrange(7)
    if kind == 0:
        return text[:rng.randrange(len(text))].encode()
    if kind == 1:
        return b'{"hands": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    if kind == 2:
        return b"\xff\xfe" + text.encode()
    if kind == 3:
        return text.replace('"dealer": 0', '"dealer": ' + "9" * 5000, 1).encode()
    if kind == 4:
        return text.replace('"title": "', '"title": "\\ud800', 1).encode()
    if kind == 5:
        return text.replace('"seed": ', '"seed": NaN, "x": ', 1).encode()
    return json.dumps({**json.loads(text), "hands": json.loads(text)["hands"][:1] * 1001}
                      ).encode()


def replay(path: Path, case: Path | None) -> tuple[int, str]:
    """``rookery replay`` in this process: its exit code and what it said on stderr."""
    err = io.StringIO()
    argv = ["replay", str(path)] + (["--hand", "1", "--to-case", str(case)] if case else [])
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = rookery_main(argv)
    return code, err.getvalue()


def main() -> int:
    args = arguments(__doc__.splitlines()[0], count=2000, budget=60.0)
    limit_memory()
    rng = random.Random(args.seed)
    tally = Tally("fuzz_records", args.budget, args.count)
    records = games(rng)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        os.mkfifo(root / "fifo.json")
        (root / "zero.json").symlink_to("/dev/zero")
        case = root / "case.json"
        while tally.more():
            record = rng.choice(records)
            target = root / "record.json"
            broken = None
            choice = rng.random()
            if choice < 0.3:
                broken = inconsistent(record, rng)
            if broken is not None:
                target.write_text(json.dumps(broken), encoding="utf-8")
            elif choice < 0.75:
                target.write_text(json.dumps(mutate(record, rng)), encoding="utf-8",
                                  errors="surrogatepass")
            elif choice < 0.97:
                target.write_bytes(raw(json.dumps(record), rng))
            else:
                target = root / rng.choice(["fifo.json", "zero.json"])
            to_case = case if rng.random() < 0.3 else None
            if case.exists():
                case.unlink()
            sample = "" if not target.is_file() else \
                target.read_bytes()[:300].decode("latin-1")
            try:
                with time_limit(10):
                    code, said = replay(target, to_case)
            except Hang as error:
                tally.surprise("hang", error, sample)
                continue
            except BaseException as error:  # noqa: BLE001 - counted (SystemExit too)
                tally.surprise("traceback", error, sample)
                continue
            if broken is not None:
                if code != 2 or "an inconsistent record" not in said:
                    tally.add("inconsistent-accepted", f"exit {code}: {said[:200]}")
                elif case.exists():
                    tally.add("case-from-inconsistent", said[:200])
                else:
                    tally.add("inconsistent, refused (exit 2)")
                continue
            tally.add({0: "replayed (exit 0)", 1: "engine disagrees (exit 1)",
                       2: "refused (exit 2)"}.get(code, f"exit {code}"))
    return tally.summary(BAD)


if __name__ == "__main__":
    raise SystemExit(main())
