"""``rookery serve``: our interpreter behind the engine protocol (JSON lines on
stdin/stdout), for every built-in variant and any spec files given.

A request that cannot be served gets ``{"ok": false, "error": CODE, "message": ...}``;
a rejected action is a normal answer (``accepted: false`` with its rule's error code).
"""

from __future__ import annotations

import traceback

from ...errors import RookeryError
from ...language.load import builtin_variants, load_variant
from ... import bounded
from .session import Session, SessionError
from .wire import encode


def _int(request: dict, key: str, default=None, required: bool = True):
    value = request.get(key, default)
    if value is None and not required:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise SessionError("bad-request", f"'{key}' must be a whole number")
    return value


def answer(session: Session, request) -> dict:
    """The answer to one request (a dict already decoded from its line)."""
    if not isinstance(request, dict):
        raise SessionError("bad-request", "a request is a JSON object")
    cmd = request.get("cmd")
    if cmd == "hello":
        return session.hello()
    if cmd == "deal":
        hands, nest = request.get("hands"), request.get("nest", [])
        if not isinstance(hands, list) or not isinstance(nest, list):
            raise SessionError("bad-request", "a deal needs 'hands' (a list of lists of "
                               "cards) and 'nest'")
        look = _state_arguments(request)
        if request.get("next") is True:
            session.deal_next(hands, nest)
        else:
            variant = request.get("variant")
            if not isinstance(variant, str):
                raise SessionError("bad-request", "a deal needs a 'variant'")
            session.deal(variant, _int(request, "dealer"), hands, nest,
                         request.get("scores"), _int(request, "number", 0))
        if look is None:
            return {"ok": True}
        return {"ok": True, "state": session.state(look["seat"])}
    if cmd == "apply":
        action = request.get("action")
        if not isinstance(action, str):
            raise SessionError("bad-request", "'action' must be a string like 'bid 70'")
        return session.apply(_int(request, "seat"), action)
    if cmd == "state":
        return {"ok": True, "state": session.state(_int(request, "seat", required=False))}
    if cmd == "batch":
        return session.batch(*_batch(request))
    if cmd == "quit":
        return {"ok": True}
    raise SessionError("unknown-command", f"unknown cmd {cmd!r}; commands: hello, deal, "
                       "apply, batch, state, quit")


def _batch(request: dict) -> tuple[list[tuple[int, str]], dict | None]:
    """A ``batch`` request's actions and its ``state`` arguments, checked as a whole
    before any action is offered."""
    actions = request.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
        raise SessionError("bad-request", "'actions' must be a list of {\"seat\": S, "
                           "\"action\": A}")
    pairs = []
    for item in actions:
        if not isinstance(item.get("action"), str):
            raise SessionError("bad-request", "'action' must be a string like 'bid 70'")
        pairs.append((_int(item, "seat"), item["action"]))
    return pairs, _state_arguments(request)


def _state_arguments(request: dict) -> dict | None:
    """The ``state`` a ``batch`` or ``deal`` request asks to be answered with (the
    ``batch`` feature): ``{"seat": S or None}``, or None when it asks for none."""
    state = request.get("state")
    if state is None:
        return None
    if not isinstance(state, dict):
        raise SessionError("bad-request", "'state' must be {} or {\"seat\": S}")
    return {"seat": _int(state, "seat", required=False)}


MAX_REQUEST = 1 << 20      # bytes in one request line


def _lines(stdin):
    """The request lines as bytes, each cut at MAX_REQUEST (``None`` for one cut short:
    the rest of it is read and dropped).  Reads the binary stream under a text one, so
    that no locale can make a byte that is not UTF-8 end the server."""
    stream = getattr(stdin, "buffer", stdin)

    def readline() -> bytes:
        line = stream.readline(MAX_REQUEST + 1)
        return line.encode("utf-8", "surrogatepass") if isinstance(line, str) else line

    while line := readline():
        if len(line) > MAX_REQUEST and not line.endswith(b"\n"):
            while (rest := readline()) and not rest.endswith(b"\n"):
                pass
            yield None
            continue
        yield line


def read_request(line: bytes | None):
    """The request on one line, or the error answer for a line that is not one."""
    if line is None:
        return None, _bad(f"a request line is at most {MAX_REQUEST} bytes")
    if not line.strip():
        return None, _bad("an empty line is not a request; send one JSON object a line")
    try:
        return bounded.loads(line), None
    except UnicodeDecodeError:
        return None, _bad("the line is not UTF-8 text")
    except ValueError as error:
        return None, _bad(f"not JSON: {bounded.clean(str(error), 120)}")


def _bad(message: str) -> dict:
    return {"ok": False, "error": "bad-request", "message": message}


def serve(stdin, stdout, specs: list[str] | tuple = ()) -> int:
    """Answer requests line by line until ``quit`` or the end of the input.  Every line
    gets one answer: blank lines, lines that are not UTF-8, too long or too deeply nested
    get a ``bad-request``."""
    variants = None
    if specs:
        variants = {name: load_variant(name) for name in builtin_variants()}
        for path in specs:
            variant = load_variant(path)
            variants[variant.id] = variant
    session = Session(variants)
    write, flush = _writer(stdout)
    for line in _lines(stdin):
        request, reply = read_request(line)
        if reply is None:
            reply = reply_to(session, request)
        write(encode(reply))
        flush()
        if isinstance(request, dict) and request.get("cmd") == "quit":
            break
    return 0


def _writer(stdout):
    """``write(text)`` and ``flush()`` for the answers: straight to the bytes under a
    text stream when there are some (the answers are ASCII), else to the stream."""
    raw = getattr(stdout, "buffer", None)
    if raw is None:
        return (lambda text: stdout.write(text + "\n")), stdout.flush
    stdout.flush()
    return (lambda text: raw.write(text.encode("ascii") + b"\n")), raw.flush


def reply_to(session: Session, request) -> dict:
    try:
        return answer(session, request)
    except SessionError as error:
        return {"ok": False, "error": error.code, "message": error.message}
    except RookeryError as error:
        return {"ok": False, "error": "bad-request", "message": str(error)}
    except Exception as error:  # noqa: BLE001 - a bug answers, the server goes on
        last = traceback.format_exception(error)[-1].strip()
        return {"ok": False, "error": "internal-error", "message": last}
