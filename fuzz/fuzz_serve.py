"""Garbage to ``rookery serve``: random bytes, broken and deeply nested JSON, requests
with wrong types, and good requests in between.  Every line must get exactly one JSON
answer, none an ``internal-error``, and the server must end normally.

    python fuzz/fuzz_serve.py --budget 60 --count 3000
"""

from __future__ import annotations

import io
import json
import random

from _common import Tally, arguments, limit_memory

from rookery import deal_hand, load_variant
from rookery.conformance.protocol.serve import serve

BAD = ("no-answer", "internal-error", "not-json-answer", "server-died")


def good_deal(rng: random.Random) -> dict:
    variant = rng.choice(["tournament", "kentucky-rook", "rook-for-three"])
    hand = deal_hand(load_variant(variant), seed=rng.randrange(1000), dealer=0)
    return {"cmd": "deal", "variant": variant, "dealer": 0,
            "hands": [list(h) for h in hand.start_hands], "nest": list(hand.start_nest)}


def garbage_line(rng: random.Random) -> bytes:
    kind = rng.randrange(12)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 80))).replace(b"\n", b"")
    if kind == 1:
        return b"[" * rng.choice([10, 100, 1000, 100_000])
    if kind == 2:
        return b"{" * 5000 + b"}" * 5000
    if kind == 3:
        return b""
    if kind == 4:
        return json.dumps({"cmd": rng.choice(["apply", "state", "deal", "hello", "x", 5,
                                              None])}).encode()
    if kind == 5:
        return json.dumps({"cmd": "apply", "seat": rng.choice([0, -1, 10 ** 30, "1", None,
                                                               1.5, True]),
                           "action": rng.choice(["bid 70", "pass", "bid ²", 70, None,
                                                 "play ROOK", "\ud800", "x" * 10_000])}).encode()
    if kind == 6:
        return json.dumps({"cmd": "state", "seat": rng.choice([0, 9, -1, "0", None, []])}
                          ).encode()
    if kind == 7:
        return json.dumps({"cmd": "deal", "variant": rng.choice(["tournament", 5, None]),
                           "dealer": rng.choice([0, 99, -1, "0"]),
                           "hands": rng.choice([[], [[]], None, [["R5"] * 9] * 4, "x"]),
                           "nest": rng.choice([[], None, ["ROOK"]]),
                           "scores": rng.choice([None, [None, None], [1.5, 2], "x", [0, 0]]),
                           "number": rng.choice([0, -1, 1.5, "2", 10 ** 40])}).encode()
    if kind == 8:
        return ("9" * rng.choice([10, 5000])).encode()
    if kind == 9:
        return '"\\ud800"'.encode()
    if kind == 10:
        return json.dumps(good_deal(rng)).encode()
    return json.dumps({"cmd": "apply", "seat": rng.randrange(4),
                       "action": rng.choice(["bid 70", "pass", "bid 75", "play R5"])}).encode()


def main() -> int:
    args = arguments(__doc__.splitlines()[0], count=3000, budget=60.0)
    limit_memory()
    rng = random.Random(args.seed)
    tally = Tally("fuzz_serve", args.budget, args.count)
    while tally.more():
        lines = [garbage_line(rng) for _ in range(rng.randrange(1, 30))]
        stdin = io.TextIOWrapper(io.BytesIO(b"\n".join(lines) + b"\n"), encoding="ascii",
                                 errors="strict")
        out = io.StringIO()
        try:
            serve(stdin, out)
        except Exception as error:  # noqa: BLE001 - counted
            tally.surprise("server-died", error, repr(lines)[:300])
            continue
        answers = out.getvalue().splitlines()
        if len(answers) != len(lines):
            tally.add("no-answer", f"{len(lines)} lines, {len(answers)} answers")
            continue
        for line, answer in zip(lines, answers):
            try:
                reply = json.loads(answer)
            except ValueError:
                tally.add("not-json-answer", answer[:200])
                continue
            if reply.get("error") == "internal-error":
                tally.add("internal-error", f"{line[:200]!r} -> {reply}")
            else:
                tally.add("answered")
    return tally.summary(BAD)


if __name__ == "__main__":
    raise SystemExit(main())
