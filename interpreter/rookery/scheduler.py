"""The Dask scheduler of ``--executor dask://HOST:PORT``, checked before Dask is given it.

Dask's client trusts what it connects to: once the connection is made it waits for the
scheduler's greeting with no time limit (a port that accepts and never answers hangs the
run for ever), and takes the greeting's first 8 bytes as the size of a buffer to
allocate (garbage there is a MemoryError, or gigabytes).  So the address is read
strictly (:func:`scheduler_address`), then the greeting is fetched here first
(:func:`probe`): within :data:`CONNECT_SECONDS`, at most :data:`MAX_GREETING` bytes,
framed as Dask frames its messages.  Anything else is a :class:`UsageError` that says
what was found, and the client itself is started under the same time limit.

This module is the foundation's: it imports nothing of the package above it."""

from __future__ import annotations

import ipaddress
import re
import socket
import struct
import threading
import time

from .errors import UsageError

CONNECT_SECONDS = 10.0          # to connect and be greeted, and to start the client
MAX_GREETING = 1 << 20          # bytes: a scheduler's greeting is a few hundred
_MAX_FRAMES = 64
_HOST = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]{0,252}[A-Za-z0-9])?")
EXAMPLE = "dask://127.0.0.1:8786"


def scheduler_address(executor: str, prefix: str = "dask://") -> str:
    """``dask://HOST:PORT`` as Dask's ``tcp://HOST:PORT``: a host name, an IPv4 address
    or an IPv6 one in brackets, and a port from 1 to 65535; anything else (a path, a
    query, a missing port) is refused with the form expected."""
    host, colon, port = executor[len(prefix):].rpartition(":")
    why = None
    if not executor.startswith(prefix) or not colon or not host:
        why = "a host and a port are needed"
    elif not (port.isascii() and port.isdigit() and len(port) <= 5
              and 0 < int(port) < 65536):
        why = "the port is a number from 1 to 65535"
    elif host.startswith("[") and host.endswith("]"):
        try:
            ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            why = "the brackets hold no IPv6 address"
    elif not _HOST.fullmatch(host):
        why = "the host is a name or an IP address (letters, digits, '.', '-')"
    if why:
        raise UsageError(f"--executor {executor!r}: {why}; expected dask://HOST:PORT, the "
                         f"address of a Dask distributed scheduler (e.g. {EXAMPLE})")
    return f"tcp://{host}:{int(port)}"


def probe(address: str, seconds: float = CONNECT_SECONDS) -> None:
    """Connect to the scheduler at ``address`` (``tcp://HOST:PORT``) and read its
    greeting, within ``seconds`` in all; a :class:`UsageError` when nothing answers
    there, or something that is not a Dask scheduler."""
    host, port = address.removeprefix("tcp://").rsplit(":", 1)
    host = host.strip("[]")
    deadline = time.monotonic() + seconds
    where = f"the Dask scheduler at {address}"
    try:
        with socket.create_connection((host, int(port)), timeout=seconds) as connection:
            size = struct.unpack("<Q", _read(connection, 8, deadline))[0]
            if not 16 <= size <= MAX_GREETING:
                raise _NotDask(f"its first message would be {size:,} bytes long")
            _check_frames(_read(connection, size, deadline))
    except _Silent:
        raise UsageError(f"--executor: {where} accepted the connection but said nothing "
                         f"within {seconds:g} s: is it a Dask scheduler?") from None
    except _NotDask as error:
        raise UsageError(f"--executor: what answers at {address} is not a Dask "
                         f"scheduler ({error})") from None
    except (OSError, UnicodeError, ValueError) as error:
        raise UsageError(f"--executor: cannot reach {where}: "
                         f"{getattr(error, 'strerror', None) or error}") from None


class _Silent(Exception):
    pass


class _NotDask(Exception):
    pass


def _read(connection: socket.socket, size: int, deadline: float) -> bytes:
    """Exactly ``size`` bytes before ``deadline``."""
    data = bytearray()
    while len(data) < size:
        left = deadline - time.monotonic()
        if left <= 0:
            raise _Silent()
        connection.settimeout(left)
        try:
            chunk = connection.recv(min(size - len(data), 65536))
        except TimeoutError:
            raise _Silent() from None
        if not chunk:
            raise _NotDask(f"it closed the connection after {len(data)} bytes")
        data += chunk
    return bytes(data)


def _check_frames(message: bytes) -> None:
    """A message as Dask frames it: a count of frames, their lengths, then the frames,
    which fill the message exactly (no buffer announced to follow it)."""
    count = struct.unpack_from("<Q", message)[0]
    if not 1 <= count <= _MAX_FRAMES or 8 * (1 + count) > len(message):
        raise _NotDask(f"its first message announces {count:,} frames")
    lengths = struct.unpack_from(f"<{count}Q", message, 8)
    start = 8 * (1 + count)
    if start + sum(lengths) != len(message):
        raise _NotDask("its first message's frames do not fill it")
    frames = []
    for length in lengths:
        frames.append(message[start:start + length])
        start += length
    if not isinstance(_greeting(frames), dict):
        raise _NotDask("its first message is not a greeting")


def _greeting(frames: list[bytes]):
    """The frames read as Dask reads a message (its log of a failure silenced: the
    failure is said as a :class:`UsageError`)."""
    import logging

    from distributed.protocol.core import loads
    log = logging.getLogger("distributed.protocol.core")
    level = log.level
    log.setLevel(logging.CRITICAL + 1)
    try:
        return loads(frames, deserialize=False)
    except Exception as error:  # noqa: BLE001 - whatever garbage makes it raise
        raise _NotDask(f"its first message does not read: {type(error).__name__}") \
            from None
    finally:
        log.setLevel(level)


def started_client(address: str, seconds: float = CONNECT_SECONDS):
    """A ``distributed.Client`` of ``address``, started within ``seconds`` (its own
    wait for the scheduler has no limit once connected); any failure is a
    :class:`UsageError`."""
    from distributed import Client
    outcome: list = []

    def start() -> None:
        try:
            outcome.append(Client(address, timeout=seconds))
        except BaseException as error:  # noqa: BLE001 - said in the waiting thread
            outcome.append(error)
    thread = threading.Thread(target=start, name="rookery-dask-client", daemon=True)
    thread.start()
    thread.join(seconds + 5)
    if not outcome:
        raise UsageError(f"--executor: the Dask scheduler at {address} did not finish "
                         f"greeting the client within {seconds + 5:g} s")
    if isinstance(outcome[0], BaseException):
        error = outcome[0]
        raise UsageError(f"--executor: cannot use the Dask scheduler at {address}: "
                         f"{type(error).__name__}: {str(error)[:200]}") from None
    return outcome[0]
