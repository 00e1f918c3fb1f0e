"""The language server's side of the wire (stdin and stdout), made safe for any client.

- :class:`FramedInput`: the messages read with bounds.  A header line is at most
  :data:`MAX_HEADER` bytes and a message at most :data:`MAX_MESSAGE` (a spec is at most
  64 KB, its text escaped in JSON at most six times that); a stream framed beyond them
  ends the session with a word on stderr, as end-of-input does, instead of the server
  reading ``Content-Length: 10^12`` bytes into memory.  A body that is not JSON (or
  nested deeper than :data:`rookery.bounded.MAX_DEPTH`) is answered with a parse error.
- :class:`RookProtocol`: every request is answered, an error where it must: a request
  whose parameters do not fit its method gets "invalid params" (pygls only logs it), one
  that is not a request at all "invalid request", one after ``shutdown`` "invalid
  request" too.
- :class:`KeptOpenOutput`: ``exit`` closes the server's writer; the standard output
  stays open (the command line flushes it as it ends), so a clean session ends with
  exit code 0.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import Any, BinaryIO

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException, JsonRpcInvalidRequest, JsonRpcParseError
from pygls.protocol import LanguageServerProtocol

from ..bounded import too_deep

MAX_HEADER = 1024               # bytes of one header line ("Content-Length: 123\r\n")
MAX_MESSAGE = 4 << 20           # bytes of one message's body
_EMPTY = b"{}"                  # what the loop reads in place of an unreadable body


def say(text: str) -> None:
    """A word for whoever reads the server's stderr (an editor's log)."""
    try:
        sys.stderr.write(f"rookery lsp: {text}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


class FramedInput:
    """The client's byte stream as pygls's reading loop reads it (``readline``, then
    ``read(Content-Length)``), within bounds; an empty read ends the session."""

    def __init__(self, stream: BinaryIO, protocol: "RookProtocol"):
        self.stream = stream
        self.protocol = protocol
        self.ended = False

    def readline(self) -> bytes:
        if self.ended:
            return b""
        line = self.stream.readline(MAX_HEADER + 1)
        if len(line) > MAX_HEADER:
            return self._end(f"a header line longer than {MAX_HEADER} bytes: the stream "
                             "is not framed as the protocol says; the session ends")
        return line

    def read(self, size: int) -> bytes:
        if self.ended:
            return b""
        if size > MAX_MESSAGE:
            return self._end(f"a message of {size} bytes (at most {MAX_MESSAGE}); the "
                             "session ends")
        body = self.stream.read(size)
        if len(body) < size:
            return self._end("the input ended inside a message")
        try:
            text = body.decode("utf-8")
            if too_deep(text):
                raise ValueError("nested too deep")
            json.loads(text)
        except ValueError as error:     # JSONDecodeError and UnicodeDecodeError too
            self.protocol.answer(None, JsonRpcParseError(
                message=f"Parse Error: the message is not JSON the server reads ({error})"))
            return _EMPTY
        return body

    def _end(self, why: str) -> bytes:
        say(why)
        self.ended = True
        return b""


class KeptOpenOutput:
    """The standard output under pygls's writer, which ``exit`` closes: flushed, never
    closed."""

    def __init__(self, stream: BinaryIO):
        self.stream = stream

    def write(self, data: bytes) -> int:
        return self.stream.write(data)

    def flush(self) -> None:
        self.stream.flush()

    def close(self) -> None:
        try:
            self.stream.flush()
        except (OSError, ValueError):
            pass


@dataclass(frozen=True)
class Unreadable:
    """A message pygls could not make into its type: answered with ``error`` if it is a
    request (it has a method and an id)."""

    message_id: Any
    is_request: bool
    error: JsonRpcException


def _message_id(data: dict) -> int | str | None:
    """The id to answer with: the message's own, or null where it is not an id."""
    value = data.get("id")
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return None
    return value


class RookProtocol(LanguageServerProtocol):
    """pygls's protocol, with every request answered."""

    ended_by_exit = False

    def structure_message(self, data: dict[str, Any]):
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            return Unreadable(_message_id(data), "id" in data and "method" in data, error)

    def handle_message(self, message) -> None:
        if isinstance(message, Unreadable):
            if message.is_request:
                self.answer(message.message_id, message.error)
            return
        if not hasattr(message, "jsonrpc"):     # JSON, but not a JSON-RPC message
            if isinstance(message, dict) and "id" in message:
                self.answer(_message_id(message), JsonRpcInvalidRequest())
            return
        method = getattr(message, "method", "")
        if method == lsp.EXIT:
            self.ended_by_exit = True
        if self._shutdown and method != lsp.EXIT and hasattr(message, "id") \
                and hasattr(message, "method"):
            self.answer(message.id, JsonRpcInvalidRequest(
                message="Invalid Request: the server is shut down (only exit is taken)"))
            return
        super().handle_message(message)

    def answer(self, message_id, error: JsonRpcException) -> None:
        """An error answer to the request ``message_id`` (null: one whose id is
        unknown)."""
        self._send_response(message_id, None, error.to_response_error())
