"""Worker deaths and bogus schedulers (issue 29, classes 7 and 8).

Two kinds of trial, in turn:

- a campaign of 4 to 12 items on 2 worker processes (``rookery.parallel``) where some
  items kill their worker (SIGKILL, SIGSEGV-like ``os._exit``, or an exception) once,
  and at most one each time it runs: every result must come back in order, the item
  that kills its worker each time given to ``lost``, nothing else raised;
- ``--executor dask://...`` towards a local server that is silent, closes at once,
  trickles bytes, sends random bytes, a random length or random Dask-like frames, or
  towards a malformed address: a UsageError within 30 s, nothing else.

    python fuzz/fuzz_workers.py --budget 300 --count 200 --seed 7
"""

from __future__ import annotations

import os
import random
import signal
import struct
import sys
import tempfile
import time
from pathlib import Path

from _common import Tally, arguments, counted

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from bogus_server import BogusServer  # noqa: E402

from rookery import parallel
from rookery.errors import UsageError

BAD = ("wrong-result", "raised", "traceback", "hang", "over-1GB", "accepted")


def dying_item(item: tuple):
    """``(n, how, marker)``: the item ``n`` dies ``how`` (once: while ``marker`` does not
    exist yet; or "always"), else returns ``n * 7``."""
    number, how, marker, always = item
    if how == "raise":
        raise ValueError("a mistake of the work")
    if how and (always or not os.path.exists(marker)):
        Path(marker).write_text("x")
        if how == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        os._exit(139)
    return number * 7


def campaign_trial(rng: random.Random, tally: Tally, folder: str) -> None:
    count = rng.randrange(4, 13)
    always = rng.randrange(count) if rng.random() < 0.3 else None
    items = []
    for number in range(count):
        how = rng.choice(["", "", "", "kill", "exit"]) if number != always else \
            rng.choice(["kill", "exit"])
        if rng.random() < 0.05:
            how = "raise"
        items.append((number, how, os.path.join(folder, f"{rng.random()}-{number}"),
                      number == always))
    sample = repr([(n, h, a) for n, h, _, a in items])
    with counted(tally, sample, 300):
        try:
            results = parallel.map_in_order(dying_item, items, parallel.Workers(2),
                                            lost=lambda item, why: ("lost", item[0]))
        except ValueError:
            if any(h == "raise" for _, h, _, _ in items):
                tally.add("work-mistake-raised")
                return
            raise
        expected = [("lost", n) if a else n * 7 for n, _, _, a in items]
        if any(h == "raise" for _, h, _, _ in items):
            tally.add("wrong-result", "a mistake of the work was not raised: " + sample)
        elif results != expected:
            tally.add("wrong-result", f"{results} != {expected}: {sample}")
        else:
            tally.add("campaign-kept" if always is None else "campaign-kept-one-lost")


def answer_for(kind: str, rng: random.Random):
    """What a bogus server of ``kind`` does with each connection (None: nothing)."""
    if kind == "silent":
        return None
    if kind == "close":
        return lambda connection: connection.close()
    if kind == "trickle":
        def trickle(connection) -> None:
            for byte in b"\x10" + b"\x00" * 30:
                connection.sendall(bytes([byte]))
                time.sleep(1)
        return trickle
    if kind == "random-bytes":
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    if kind == "random-length":
        return struct.pack("<Q", rng.choice([0, 1, 15, 17, 1 << 20, 1 << 40, 2**64 - 1,
                                             rng.randrange(2**64)]))
    frames = [bytes(rng.randrange(256) for _ in range(rng.randrange(0, 30)))
              for _ in range(rng.randrange(1, 4))]
    count = len(frames) if rng.random() < 0.7 else rng.randrange(2**64)
    lengths = [len(f) if rng.random() < 0.8 else rng.randrange(2**40) for f in frames]
    body = struct.pack("<Q", count) + struct.pack(f"<{len(lengths)}Q", *lengths) + \
        b"".join(frames)
    return struct.pack("<Q", len(body)) + body


def malformed(rng: random.Random) -> str:
    host = rng.choice(["h", "", "a b", "\x1b[31mred", "[::1", "[x]", "h/x", "é", "h\n",
                       "user@h", "h" * 300, "127.0.0.1", "[::1]"])
    port = rng.choice(["", "0", "65536", "-1", "abc", "８７", "99999999999999999999",
                       "1/x", "1?q", "1 ", "8786"])
    text = f"dask://{host}:{port}" if rng.random() < 0.9 else f"dask://{host}"
    return text


def scheduler_trial(rng: random.Random, tally: Tally) -> None:
    kind = rng.choice(["silent", "close", "trickle", "random-bytes", "random-length",
                       "dask-like", "malformed"])
    server = BogusServer(answer_for(kind, rng)) if kind != "malformed" else None
    address = malformed(rng) if server is None else f"dask://127.0.0.1:{server.port}"
    began = time.monotonic()
    with counted(tally, f"{kind} {address!r}", 60):
        try:
            workers = parallel.workers_from(None, address)
            with parallel.Campaign(workers) as campaign:
                campaign.map_in_order(abs, [1, 2])
            tally.add("accepted", f"{kind}: {address!r} was taken")
        except UsageError:
            seconds = time.monotonic() - began
            tally.add(f"refused-{kind}" if seconds < 30 else "hang",
                      "" if seconds < 30 else f"{kind}: {seconds:.0f}s")
        finally:
            if server is not None:
                server.close()


def main() -> int:
    args = arguments(__doc__.splitlines()[0], count=60, budget=120.0)
    rng = random.Random(args.seed)
    tally = Tally("fuzz_workers", args.budget, args.count)
    with tempfile.TemporaryDirectory() as folder:
        while tally.more():
            if rng.random() < 0.5:
                campaign_trial(rng, tally, folder)
            else:
                scheduler_trial(rng, tally)
    return tally.summary(BAD)


if __name__ == "__main__":
    sys.exit(main())
