"""The language server's wire and requests (issue 29, classes 2 and 10): sessions of
``rookery lsp`` fed random framing and messages.

A session: initialize, then 5 to 30 messages drawn from: documents opened and changed
(built-in specs cut, with lines doubled, dropped or broken, sometimes 64 KB of them),
requests of every method the server offers with good, wrong or missing parameters, on
opened and unopened URIs (a FIFO, ``/dev/zero``, a missing file), unknown methods,
bodies that are not JSON or not messages, and notifications; then, with some chance, a
framing mistake (a length of 10^12, a header line with no end, a negative length).
What must hold: every request sent before a framing mistake is answered exactly once;
after shutdown and exit the server ends with 0, after a framing mistake or the end of
its input it ends (1) within 30 s; no traceback on stderr; the server stays under 1 GB.

    python fuzz/fuzz_lsp.py --budget 300 --count 100 --seed 7
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

from _common import Tally, arguments

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from lsp_raw import RawClient, frame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SPECS = sorted((ROOT / "specs").glob("*.rook"))
BAD = ("unanswered", "answered-twice", "traceback", "did-not-end", "wrong-exit",
       "over-1GB")
METHODS = ["textDocument/hover", "textDocument/completion", "textDocument/definition",
           "textDocument/documentSymbol", "textDocument/formatting"]


PEAKS: list[int] = []


def _peak_kb(pid: int) -> int:
    """The server's peak resident memory so far (VmHWM), in KB."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def spec_text(rng: random.Random) -> str:
    lines = rng.choice(SPECS).read_text(encoding="utf-8").split("\n")
    for _ in range(rng.randrange(6)):
        i = rng.randrange(len(lines))
        change = rng.randrange(4)
        if change == 0:
            lines.insert(i, lines[i])
        elif change == 1:
            del lines[i]
        elif change == 2:
            lines[i] += rng.choice([",,", " {", " ==", " \"", " per", " 9" * 7])
        else:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
    text = "\n".join(lines)
    if rng.random() < 0.1:
        text = (text + "\n") * (64 * 1024 // max(len(text), 1))
    return text


def params(rng: random.Random, uris: list[str], method: str):
    uri = rng.choice(uris)
    position = {"line": rng.randrange(-2, 60), "character": rng.randrange(-2, 90)}
    good = {"textDocument": {"uri": uri}, "position": position}
    if method.endswith("documentSymbol"):
        good = {"textDocument": {"uri": uri}}
    if method.endswith("formatting"):
        good = {"textDocument": {"uri": uri}, "options": {"tabSize": 2,
                                                          "insertSpaces": True}}
    return rng.choice([good, good, good, {}, None, [], {"textDocument": 5},
                       {"textDocument": {"uri": None}, "position": "x"},
                       dict(good, position={"line": 10 ** 20, "character": 0})])


def session(rng: random.Random, tally: Tally, folder: Path) -> None:
    fifo = folder / f"pipe-{rng.random()}.rook"
    os.mkfifo(fifo)
    opened = [(folder / f"doc{n}.rook").as_uri() for n in range(3)]
    unopened = [fifo.as_uri(), "file:///dev/zero", (folder / "missing.rook").as_uri(),
                "untitled:x", "file:///etc/passwd"]
    client = RawClient(folder)
    asked: list = []
    broken = False
    sample: list[str] = []
    try:
        client.initialize()
        versions = {uri: 0 for uri in opened}
        messages = []
        for uri in opened:
            versions[uri] += 1
            messages.append({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
                "textDocument": {"uri": uri, "languageId": "rook", "version": 1,
                                 "text": spec_text(rng)}}})
        for _ in range(rng.randrange(5, 31)):
            kind = rng.randrange(10)
            if kind < 3:
                uri = rng.choice(opened)
                versions[uri] += 1
                messages.append({"jsonrpc": "2.0", "method": "textDocument/didChange",
                                 "params": {"textDocument": {"uri": uri,
                                                             "version": versions[uri]},
                                            "contentChanges": [{"text": spec_text(rng)}]}})
            elif kind < 8:
                method = rng.choice(METHODS + ["no/such"])
                number = rng.choice([len(asked) + 2, f"id-{len(asked)}"])
                message = {"jsonrpc": "2.0", "id": number, "method": method}
                p = params(rng, opened + unopened, method)
                if p is not None:
                    message["params"] = p
                messages.append(message)
                asked.append(number)
            elif kind == 8:
                messages.append(rng.choice([b"not json", b"[1, 2]", b"5", b"[" * 100_000,
                                            b'{"jsonrpc": "2.0", "method": 5}',
                                            b"\xff\xfe"]))
            else:
                messages.append({"jsonrpc": "2.0", "method": "$/cancelRequest",
                                 "params": {"id": rng.choice([1, "x", None])}})
        data = b"".join(m if isinstance(m, bytes) and m.startswith(b"Content-Length")
                        else frame(m) for m in messages)
        sample.append(f"{len(messages)} messages, {len(asked)} requests")
        client.send(data)
        for number in asked:
            client.answer(number, seconds=120)
        PEAKS.append(_peak_kb(client.process.pid))
        if PEAKS[-1] > 1 << 20:
            tally.add("over-1GB", f"{PEAKS[-1]} KB: {sample}")
        if rng.random() < 0.3:
            broken = True
            client.send(rng.choice([b"Content-Length: 1000000000000\r\n\r\n{",
                                    b"Content-Length: 1" + b"2" * 100_000,
                                    b"Content-Length: -5\r\n\r\n{}" + b"x" * 2000]))
            if rng.random() < 0.5:
                client.process.stdin.close()
        else:
            client.send(client.request("bye", "shutdown"),
                        {"jsonrpc": "2.0", "method": "exit"})
        code, err = client.end(seconds=30)
    except AssertionError as error:
        tally.add("unanswered", f"{error}: {sample}")
        return
    except Exception as error:  # noqa: BLE001 - counted
        tally.surprise("did-not-end", error, repr(sample))
        return
    finally:
        client.close()
        fifo.unlink()
    answers = [m.get("id") for m in client.received if "method" not in m]
    twice = [n for n in asked if answers.count(n) > 1]
    if twice:
        tally.add("answered-twice", f"{twice}: {sample}")
    elif b"Traceback" in err:
        tally.add("traceback", err.decode(errors="replace")[-600:])
    elif broken and client.process.returncode not in (0, 1):
        tally.add("wrong-exit", f"{code} after a framing mistake")
    elif not broken and code != 0:
        tally.add("wrong-exit", f"{code} after shutdown and exit: {err[-300:]!r}")
    else:
        tally.add("session-ended-framing" if broken else "session-clean")


def main() -> int:
    args = arguments(__doc__.splitlines()[0], count=40, budget=120.0)
    rng = random.Random(args.seed)
    tally = Tally("fuzz_lsp", args.budget, args.count)
    with tempfile.TemporaryDirectory() as folder:
        while tally.more():
            session(rng, tally, Path(folder))
    code = tally.summary(BAD)
    print(f"  server peak memory {max(PEAKS, default=0) / 1024:.0f} MB")
    return code


if __name__ == "__main__":
    sys.exit(main())
