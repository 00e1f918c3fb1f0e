"""An engine in another process, spoken to over the JSON-lines protocol
(``conformance/schema/protocol.schema.json``, ``docs/protocol.md``).

A checker must survive the engines it checks, so everything the engine can do to us is
bounded (the limits are the module's constants):

* every write waits at most ``timeout`` seconds (an engine that stops reading its input
  cannot block us: the pipe is written without blocking);
* every answer waits at most ``timeout`` seconds; the hello waits ``startup`` seconds
  more, for the engine to start;
* an answer line is at most :data:`MAX_LINE` bytes, at most :data:`MAX_PENDING` lines
  wait unread, and JSON deeper than :data:`~rookery.bounded.MAX_DEPTH` is
  refused before it is decoded;
* only the last :data:`KEEP_LINES` lines of each stream are kept, each cut to a short
  excerpt with control characters and lone surrogates escaped;
* after a failure, and at the end, the engine's whole session is killed (its process
  group and any descendant that made a group of its own), so nothing is left running
  and no grandchild keeps a pipe open;
* the engine dies with the runner: on Linux it is started with a parent-death signal
  (``prctl(PR_SET_PDEATHSIG, SIGKILL)``), so even a ``kill -9`` of the runner, which
  runs no clean-up, leaves no engine behind; every engine ended is waited for (reaped).

What can go wrong has a verdict, in the spirit of Bowtie and toml-test: the process ends
(``crash``), says nothing in time or stops reading (``timeout``), writes too much
(``flood``), writes a line that is not a JSON object (``garbage``), or answers with the
wrong shape (``protocol-error``).  The failure carries the last lines the engine wrote;
the runner then restarts it.
"""

from __future__ import annotations

import atexit
import errno
import json
import os
import queue
import select
import signal
import subprocess
import threading
import time
import weakref
from collections import deque
from functools import cache

from . import answer_check
from ... import bounded
from ...parallel import die_with_parent
from .schema_check import schema
from .engines import (
    Batched,
    DealRefused,
    EngineFailure,
    EngineInfo,
    EngineNotLaunched,
    Outcome,
    Unsupported,
)
from .schema_check import SchemaCheck
from .wire import encode

KEEP_LINES = 10             # lines of stdout and of stderr shown with a verdict
MAX_LINE = 1 << 20          # bytes in one answer line
MAX_PENDING = 8             # answer lines written and not yet read
STDERR_LINE = 4096          # bytes of one stderr line kept (the rest is read and dropped)
CHUNK = 1 << 16
EXIT_GRACE = 0.2            # seconds to wait for a last line once the engine has ended
NOT_RUN = "not-run"         # the run's budget ran out (see runner.NOT_RUN)

_EOF = object()
_FLOOD = object()
_live: weakref.WeakSet = weakref.WeakSet()


def _shown(message: dict) -> str:
    """A request as a verdict's message shows it (worded only when one is given)."""
    return bounded.clean(json.dumps(message), 120)


@cache
def response_validator(kind: str) -> SchemaCheck:
    """The protocol schema's answer to one request (``hello``, ``apply``, ``state``...)."""
    return SchemaCheck({"$ref": f"#/$defs/{kind}_response",
                                 "$defs": schema("protocol")["$defs"]})


def _processes() -> dict[int, tuple[int, int, int]]:
    """pid -> (parent pid, session, start time) of every process (Linux ``/proc``;
    empty elsewhere)."""
    out = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return out
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
            # after "pid (name)": state ppid pgrp session ... starttime (the 20th)
            out[int(entry)] = (int(fields[1]), int(fields[3]), int(fields[19]))
        except (OSError, IndexError, ValueError):
            continue
    return out


def engine_processes(pid: int) -> dict[int, int]:
    """The engine ``pid`` and every process it started (its descendants, and the rest
    of its session: it was started in a session of its own), each with its start time
    (so that a pid used again by then is not taken for it)."""
    table = _processes()
    found = {pid} | {other for other, (_, session, _) in table.items() if session == pid}
    grew = True
    while grew:
        children = {other for other, (parent, _, _) in table.items()
                    if parent in found and other not in found}
        found |= children
        grew = bool(children)
    return {member: table[member][2] for member in found if member in table}


def kill_processes(members: dict[int, int]) -> None:
    """Kill each process of ``members`` that is still the one found (same start time)."""
    now = _processes()
    for member, started in members.items():
        if member in now and now[member][2] == started:
            try:
                os.kill(member, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


def kill_session(pid: int) -> None:
    """Kill the engine ``pid``, its process group and everything it started."""
    members = engine_processes(pid)
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    kill_processes(members)


PR_SET_PDEATHSIG = 1        # linux/prctl.h


def die_with_parent():
    """A ``preexec_fn`` that makes the engine receive SIGKILL when the runner's thread
    that started it ends, however it ends (``kill -9`` included); None where the C
    library has no ``prctl`` (not Linux), where only the clean-up at exit remains."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        prctl = libc.prctl
    except (OSError, AttributeError):
        return None
    parent = os.getpid()

    def arm() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:      # the runner died before the signal was armed
            os._exit(1)
    return arm


class SubprocessEngine:
    """``command`` (a list, as for ``subprocess``) started on demand, restarted after a
    failure, asked to quit at the end."""

    def __init__(self, command: list[str], timeout: float = 10.0, cwd=None, env=None,
                 startup: float = 10.0):
        self.command = list(command)
        self.timeout = timeout
        self.startup = startup
        self.cwd = cwd
        self.env = env
        self.label = " ".join(command)
        self.deadline: float | None = None      # time.monotonic() when the budget ends
        self.process: subprocess.Popen | None = None
        self.lines: queue.SimpleQueue = queue.SimpleQueue()
        self.stdout_tail: deque[bytes] = deque(maxlen=KEEP_LINES)
        self.stderr_tail: deque[str] = deque(maxlen=KEEP_LINES)

    def set_deadline(self, deadline: float | None) -> None:
        """No request waits past ``deadline`` (``time.monotonic()``): the case in progress
        then gets the verdict ``not-run``."""
        self.deadline = deadline

    # -- the process ------------------------------------------------------------------------

    def _launch(self) -> None:
        # In its own session (closed as a group), and killed by the parent-death signal
        # if the process that started it dies without closing it (kill -9).
        try:
            self.process = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, bufsize=0, cwd=self.cwd, env=self.env,
                start_new_session=True, preexec_fn=die_with_parent())
        except (OSError, ValueError, subprocess.SubprocessError) as error:
            self.process = None
            raise EngineNotLaunched(f"cannot start {self.label}: "
                                    f"{bounded.clean(str(error))}") from None
        _live.add(self)
        os.set_blocking(self.process.stdin.fileno(), False)
        self.lines = queue.SimpleQueue()
        self.stdout_tail = deque(maxlen=KEEP_LINES)
        self.stderr_tail = deque(maxlen=KEEP_LINES)
        threading.Thread(target=_owning, args=(_read_stdout, self.process.stdout,
                                               self.lines), daemon=True).start()
        self.stderr_reader = threading.Thread(
            target=_owning, args=(_read_stderr, self.process.stderr, self.stderr_tail),
            daemon=True)
        self.stderr_reader.start()

    def _kill(self) -> None:
        process, self.process = self.process, None
        if process is None:
            return
        _live.discard(self)
        kill_session(process.pid)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        # Only stdin is closed here.  The readers of stdout and stderr close their own
        # pipe when they reach its end (the engine is dead): closed from here, a pipe's
        # descriptor number could go to the next engine's pipe while its old reader is
        # still blocked on it, and that reader would take the next engine's answers
        # (a restarted engine's hello lost, a timeout after 13 s, seen under load).
        try:
            process.stdin.close()
        except (OSError, ValueError):
            pass

    def output(self) -> list[str]:
        """The last lines the engine wrote, stdout first, each marked with its stream."""
        return ([f"stdout: {bounded.clean(line.decode('utf-8', 'backslashreplace'))}"
                 for line in self.stdout_tail]
                + [f"stderr: {line}" for line in list(self.stderr_tail)])

    def _fail(self, verdict: str, message: str) -> EngineFailure:
        process = self.process
        if process is not None and verdict == "crash":
            try:
                code = process.wait(timeout=1)
                message += f" (exit status {code})"
                # What it said last on stderr belongs to the verdict: let the reader
                # reach the end of the stream (bounded: a descendant may hold it open).
                self.stderr_reader.join(timeout=1)
            except subprocess.TimeoutExpired:
                pass
        if process is not None:
            self._kill()
        return EngineFailure(verdict, message, self.output())

    def _wait_for(self, what: str) -> float:
        """Seconds left for ``what``, the budget's deadline included."""
        if self.deadline is None:
            return self.timeout
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise self._fail(NOT_RUN, f"the run's time budget ran out before {what}")
        return min(self.timeout, left)

    # -- one request, one answer ---------------------------------------------------------------

    def _write(self, data: bytes, cmd: str) -> None:
        """Write without blocking for longer than the timeout."""
        fd = self.process.stdin.fileno()
        until = time.monotonic() + self._wait_for(cmd)
        view = memoryview(data)
        ready = [fd]            # a pipe with room takes the request at once: no select
        while view:
            left = until - time.monotonic()
            if left <= 0:
                raise self._fail("timeout", f"the engine stopped reading its input: "
                                 f"{cmd} not written within {self.timeout:g}s")
            try:
                if not ready:
                    _, ready, _ = select.select([], [fd], [], left)
                if ready:
                    view = view[os.write(fd, view):]
            except BlockingIOError:
                ready = []
                continue
            except OSError as error:
                if error.errno == errno.EINTR:
                    continue
                raise self._fail("crash", f"the engine closed its input before {cmd}") \
                    from None

    def _read(self, message: dict, cmd: str, extra: float = 0.0):
        """The next line, or a verdict: the engine ended, flooded, or stayed silent."""
        until = time.monotonic() + self._wait_for(cmd) + extra
        while True:
            left = until - time.monotonic()
            if left <= 0:
                if self.deadline is not None and time.monotonic() >= self.deadline:
                    raise self._fail(NOT_RUN, "the run's time budget ran out while the "
                                     f"engine was answering {cmd}")
                raise self._fail("timeout", f"no answer to {_shown(message)} within "
                                 f"{self.timeout + extra:g}s")
            try:
                line = self.lines.get(timeout=min(left, 0.1))
                break
            except queue.Empty:
                pass
            if self.process.poll() is not None:
                # Ended: a last line may still be on its way; a grandchild holding the
                # pipe open must not make us wait for an end of file.
                try:
                    line = self.lines.get(timeout=EXIT_GRACE)
                    break
                except queue.Empty:
                    raise self._fail("crash", f"the engine ended while answering "
                                     f"{_shown(message)}") from None
        if line is _EOF:
            raise self._fail("crash", "the engine ended while answering "
                             f"{_shown(message)}")
        if line is _FLOOD:
            raise self._fail("flood", f"the engine wrote more than {MAX_LINE} bytes in a "
                             f"line, or {MAX_PENDING} lines nobody asked for "
                             f"(answering {_shown(message)})")
        self.stdout_tail.append(line)       # cleaned only if it is ever shown
        return line

    def request(self, message: dict, kind: str, extra: float = 0.0) -> dict:
        """Send ``message``; return the answer once it has the shape of a ``kind`` answer
        (or of an error answer)."""
        if self.process is None:
            self._launch()
        cmd = message["cmd"]
        line = encode(message)
        if not self.lines.empty():
            extra_line = self.lines.get_nowait()
            if extra_line is _EOF or self.process.poll() is not None:
                raise self._fail("crash", f"the engine ended before {cmd}")
            if extra_line is _FLOOD:
                raise self._fail("flood", f"the engine wrote too much before {cmd}")
            self.stdout_tail.append(extra_line)
            raise self._fail("protocol-error", "the engine wrote a line nobody asked for "
                             f"(before {cmd}): one request, one answer line")
        self._write((line + "\n").encode("utf-8"), cmd)
        answer_line = self._read(message, cmd, extra)
        try:
            answer = bounded.loads(answer_line)
        except ValueError as error:
            raise self._fail("garbage", f"the answer to {_shown(message)} is not JSON "
                             f"({bounded.clean(str(error), 80)})") from None
        if not isinstance(answer, dict):
            raise self._fail("garbage", f"the answer to {_shown(message)} is not a JSON "
                             "object")
        if not bounded.plain(answer_line):
            answer = bounded.cleaned(answer)
        fits = answer_check.BY_KIND.get(kind)
        if fits is not None and fits(answer):       # sure: the schema would pass it
            return answer
        if answer.get("ok") is False:
            errors = list(response_validator("error").iter_errors(answer))
        else:
            errors = list(response_validator(kind).iter_errors(answer))
        if errors:
            from jsonschema.exceptions import best_match
            error = best_match(errors)
            where = "/".join(str(p) for p in error.absolute_path) or "the answer"
            raise self._fail("protocol-error", f"bad answer to {cmd}: {where}: "
                             f"{bounded.clean(error.message)}")
        return answer

    # -- the runner's verbs --------------------------------------------------------------------

    def start(self) -> EngineInfo:
        if self.process is None:
            self._launch()
        answer = self.request({"cmd": "hello", "protocol": 1}, "hello", extra=self.startup)
        if not answer.get("ok"):
            raise self._fail("protocol-error", f"hello refused: {answer.get('error')}")
        return EngineInfo(answer["name"], answer["version"], frozenset(answer["variants"]),
                          tuple(answer.get("features", ())), answer.get("error_codes", True))

    def deal(self, variant: str, deal: dict, state: dict | None = None) -> dict | None:
        """Deal; with ``state`` (an engine with the ``batch`` feature), the state the
        deal leaves comes with the answer, and is returned."""
        if deal.get("next"):
            request = {"cmd": "deal", "variant": variant, "next": True,
                       "hands": deal["hands"], "nest": deal["nest"]}
        else:
            request = {"cmd": "deal", "variant": variant, "dealer": deal["dealer"],
                       "hands": deal["hands"], "nest": deal["nest"],
                       "scores": deal.get("scores"), "number": deal.get("number", 0)}
        if state is not None:
            request["state"] = state
        answer = self.request(request, "ok" if state is None else "deal")
        if answer.get("ok"):
            if state is None:
                return None
            if "state" not in answer:
                raise self._fail("protocol-error", "bad answer to deal: no 'state', "
                                 "which the deal asked for")
            return answer["state"]
        if answer["error"] == "unsupported-variant":
            raise Unsupported(answer.get("message", variant))
        raise DealRefused(answer["error"], answer.get("message", ""), self.output())

    def apply(self, seat: int, action: str) -> Outcome:
        answer = self.request({"cmd": "apply", "seat": seat, "action": action}, "apply")
        if not answer.get("ok"):
            raise self._fail("error", f"the engine answered {seat} {action} with an error: "
                             f"{answer['error']} {answer.get('message', '')}".rstrip())
        if answer["accepted"]:
            return Outcome(True, events=tuple(answer.get("events", ())))
        return Outcome(False, answer.get("code"), answer.get("message", ""))

    def state(self, seat: int | None = None) -> dict:
        message = {"cmd": "state"} if seat is None else {"cmd": "state", "seat": seat}
        answer = self.request(message, "state")
        if not answer.get("ok"):
            raise self._fail("error", f"the engine answered state with an error: "
                             f"{answer['error']} {answer.get('message', '')}".rstrip())
        return answer["state"]

    def batch(self, actions: list[tuple[int, str]], state: dict | None = None) -> Batched:
        """Several actions in one request (the ``batch`` feature), and the state after
        them when ``state`` is given; an answer that does not add up is a
        ``protocol-error``."""
        message = {"cmd": "batch", "actions": [{"seat": seat, "action": action}
                                                for seat, action in actions]}
        if state is not None:
            message["state"] = state
        answer = self.request(message, "batch")
        if not answer.get("ok"):
            raise self._fail("error", f"the engine answered a batch of {len(actions)} "
                             f"action(s) with an error: {answer['error']} "
                             f"{answer.get('message', '')}".rstrip())
        applied, rejected = answer["applied"], answer.get("rejected")
        wrong = None
        if applied > len(actions):
            wrong = f"applied {applied} of {len(actions)} actions"
        elif rejected is None and applied < len(actions):
            wrong = (f"applied {applied} of {len(actions)} actions, and refused none "
                     "(the first one refused stops a batch, and is 'rejected')")
        elif rejected is not None and applied == len(actions):
            wrong = f"applied all {applied} actions, yet one is 'rejected'"
        elif state is not None and "state" not in answer:
            wrong = "no 'state', which the batch asked for"
        if wrong:
            raise self._fail("protocol-error", f"bad answer to batch: {wrong}")
        return Batched(applied, rejected and Outcome(False, rejected.get("code"),
                                                     rejected.get("message", "")),
                       answer.get("state"))

    def restart(self) -> None:
        self._kill()

    def close(self) -> None:
        """Ask the engine to quit; kill it (and whatever it started) if it does not
        within the timeout."""
        process = self.process
        if process is None:
            return
        started = engine_processes(process.pid)     # before it ends and they lose it
        try:
            os.write(process.stdin.fileno(), (json.dumps({"cmd": "quit"}) + "\n").encode())
            process.wait(timeout=min(self.timeout, 5))
        except (OSError, ValueError, subprocess.TimeoutExpired):
            pass
        self._kill()
        kill_processes(started)


def _chunks(stream):
    """What the engine writes to ``stream``, as it comes, until it is closed."""
    fd = stream.fileno()
    try:
        while chunk := os.read(fd, CHUNK):
            yield chunk
    except (OSError, ValueError):
        return


def _owning(read, stream, *args) -> None:
    """A reader thread: ``read(stream, *args)``, then the stream closed by this thread
    and no other, so that its descriptor is never reused while it reads."""
    try:
        read(stream, *args)
    finally:
        try:
            stream.close()
        except (OSError, ValueError):
            pass


def _read_stdout(stream, lines: queue.SimpleQueue) -> None:
    """Split the engine's stdout into lines of at most MAX_LINE bytes; a longer line,
    or more than MAX_PENDING unread lines, ends the reading with a flood mark."""
    partial = b""
    for chunk in _chunks(stream):
        partial += chunk
        while b"\n" in partial:
            line, partial = partial.split(b"\n", 1)
            if lines.qsize() >= MAX_PENDING:
                lines.put(_FLOOD)
                return
            lines.put(line.rstrip(b"\r"))
        if len(partial) > MAX_LINE:
            lines.put(_FLOOD)
            return
    lines.put(_EOF)


def _read_stderr(stream, tail: deque) -> None:
    """Keep the last lines of stderr, each cut short; read (and drop) all the rest so
    that the engine never blocks on a full pipe."""
    partial = b""
    for chunk in _chunks(stream):
        partial += chunk
        *whole, partial = partial.split(b"\n")
        for line in whole[-KEEP_LINES:]:
            tail.append(bounded.clean(line[:STDERR_LINE].decode("utf-8", "backslashreplace")))
        partial = partial[-STDERR_LINE:]
    if partial:
        tail.append(bounded.clean(partial.decode("utf-8", "backslashreplace")))


@atexit.register
def _kill_all() -> None:
    """At exit, no engine (nor anything it started) is left running."""
    for engine in list(_live):
        engine._kill()
