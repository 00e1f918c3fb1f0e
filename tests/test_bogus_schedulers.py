"""``--executor dask://HOST:PORT`` to something that is not a Dask scheduler (issue 29,
class 8): a port that accepts and never answers, one that answers garbage, a malformed
address.  Each is a clear message and exit 2 within the connect timeout, never a hang
nor a MemoryError or ValueError traceback.  (A real scheduler: tests/test_campaigns.py.)"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest
from bogus_server import BogusServer

import rookery
from rookery import parallel
from rookery.errors import UsageError

PACKAGE_ROOT = str(Path(rookery.__file__).resolve().parent.parent)
pytest.importorskip("distributed")


@pytest.mark.parametrize("address", [
    "dask://h", "dask://h:", "dask://:8786", "dask://h:0", "dask://h:65536",
    "dask://h:99999999999999999999", "dask://h:-1", "dask://h:８７８６", "dask://h:abc",
    "dask://a b:1", "dask://h:1/path", "dask://h:1?x=1", "dask://[::1:1",
    "dask://[nothing]:1", "dask://\x1b[31mred:1", "dask://h\n:1", "dask://user@h:1",
])
def test_a_malformed_address_is_refused_with_the_form_expected(address):
    with pytest.raises(UsageError, match="expected dask://HOST:PORT"):
        parallel.workers_from(None, address)


@pytest.mark.parametrize("address, scheduler", [
    ("dask://localhost:8786", "tcp://localhost:8786"),
    ("dask://10.0.0.7:1", "tcp://10.0.0.7:1"),
    ("dask://[::1]:8786", "tcp://[::1]:8786"),
    ("dask://sched-01.example.org:08786", "tcp://sched-01.example.org:8786"),
])
def test_a_good_address_is_read(address, scheduler):
    assert parallel.workers_from(None, address).scheduler == scheduler


def _framed(*frames: bytes) -> bytes:
    body = struct.pack(f"<Q{len(frames)}Q", len(frames), *map(len, frames)) + b"".join(frames)
    return struct.pack("<Q", len(body)) + body


@pytest.mark.parametrize("answer, words", [
    (None, "said nothing within 10 s"),
    (b"\xff" * 64, "is not a Dask scheduler"),
    (b"HTTP/1.1 400 Bad Request\r\n\r\n", "is not a Dask scheduler"),
    (struct.pack("<Q", 1 << 40), "is not a Dask scheduler"),      # a 1 TB greeting
    (struct.pack("<Q", 24) + struct.pack("<QQ", 1, 1 << 40) + b"x" * 8,
     "is not a Dask scheduler"),                                    # a 1 TB frame
    (_framed(b"\x93garbage", b"more garbage"), "is not a Dask scheduler"),
    (_framed(b"\x80"), "cannot use the Dask scheduler"),   # a greeting of nothing
])
def test_what_is_not_a_scheduler_is_a_message_within_the_connect_timeout(answer, words):
    """A silent port, garbage, an endless greeting, a well-framed greeting of garbage:
    exit 2 with a word, within the connect timeout (before: a hang of 400 s and more,
    or a MemoryError or ValueError traceback)."""
    server = BogusServer(answer)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, [PACKAGE_ROOT, os.environ.get("PYTHONPATH")])))
    began = time.monotonic()
    try:
        run = subprocess.run([sys.executable, "-m", "rookery.cli", "play", "tournament",
                              "--games", "4", "--executor", f"dask://127.0.0.1:{server.port}"],
                             env=env, capture_output=True, text=True, timeout=120)
    finally:
        server.close()
    assert run.returncode == 2, run.stderr
    assert words in run.stderr and "Traceback" not in run.stderr, run.stderr
    assert time.monotonic() - began < 60
