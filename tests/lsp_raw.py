"""A client of ``rookery lsp`` that speaks raw bytes over stdio, for what an editor's
client library would never send: wrong framing, bodies that are not messages, requests
that do not fit their method (the tests of the language server's wire, and its fuzzer)."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path


def frame(message) -> bytes:
    """A message (or raw bytes) framed as the protocol frames it."""
    body = message if isinstance(message, bytes) else json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class RawClient:
    """``rookery lsp`` in a process: :meth:`send` writes bytes or messages,
    :meth:`answer` waits for the answer to a request id; every message the server sent
    is in :attr:`received`."""

    def __init__(self, cwd: Path, env: dict | None = None):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "rookery", "lsp"], cwd=cwd, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.received: list[dict] = []
        self._arrived: queue.SimpleQueue = queue.SimpleQueue()
        self._errors: list[bytes] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=lambda: self._errors.append(self.process.stderr.read()),
                         daemon=True).start()

    def _read(self) -> None:
        out = self.process.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self._arrived.put(None)
                    return
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
                elif line == b"\r\n":
                    break
            message = json.loads(out.read(length))
            self.received.append(message)
            self._arrived.put(message)

    def send(self, *messages) -> None:
        """Each of ``messages`` framed (a bytes one is sent as it is, unframed); a
        server that ended before reading them all is left to :meth:`end`."""
        data = b"".join(m if isinstance(m, bytes) else frame(m) for m in messages)
        try:
            self.process.stdin.write(data)
            self.process.stdin.flush()
        except BrokenPipeError:
            pass

    def request(self, number: int, method: str, params=None) -> dict:
        message = {"jsonrpc": "2.0", "id": number, "method": method}
        if params is not None:
            message["params"] = params
        return message

    def answer(self, number, seconds: float = 60) -> dict:
        """The server's answer to the request ``number`` (fails after ``seconds``)."""
        deadline = time.monotonic() + seconds
        while True:
            found = [m for m in self.received if m.get("id") == number
                     and "method" not in m]
            if found:
                return found[0]
            left = deadline - time.monotonic()
            assert left > 0, f"no answer to request {number} in {seconds}s"
            try:
                if self._arrived.get(timeout=left) is None:
                    raise AssertionError(f"the server ended without answering {number}")
            except queue.Empty:
                pass

    def initialize(self) -> None:
        self.send(self.request(1, "initialize", {"capabilities": {}}),
                  {"jsonrpc": "2.0", "method": "initialized", "params": {}})
        assert "result" in self.answer(1)

    def end(self, seconds: float = 60) -> tuple[int, bytes]:
        """Wait for the server to end: its exit code and what it wrote on stderr."""
        try:
            code = self.process.wait(timeout=seconds)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
        for _ in range(100):
            if self._errors:
                break
            time.sleep(0.05)
        return code, b"".join(self._errors)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
