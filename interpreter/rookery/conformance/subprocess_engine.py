"""An engine in another process, spoken to over the JSON-lines protocol
(``conformance/schema/protocol.schema.json``, ``docs/protocol.md``).

Every request waits at most ``timeout`` seconds for its one answer line.  What can go
wrong has a verdict, in the spirit of Bowtie and toml-test: the process ends
(``crash``), says nothing in time (``timeout``), writes a line that is not a JSON object
(``garbage``), or answers with the wrong shape (``protocol-error``).  The failure carries
the last lines the engine wrote to stdout and stderr; the runner then restarts it.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import threading
from collections import deque
from functools import cache

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from .cases import schema
from .engines import DealRefused, EngineFailure, EngineInfo, Outcome, Unsupported

KEEP_LINES = 10
_EOF = object()


@cache
def response_validator(kind: str) -> Draft202012Validator:
    """The protocol schema's answer to one request (``hello``, ``apply``, ``state``...)."""
    return Draft202012Validator({"$ref": f"#/$defs/{kind}_response",
                                 "$defs": schema("protocol")["$defs"]})


class SubprocessEngine:
    """``command`` (a list, as for ``subprocess``) started on demand, restarted after a
    failure, asked to quit at the end."""

    def __init__(self, command: list[str], timeout: float = 10.0, cwd=None, env=None):
        self.command = list(command)
        self.timeout = timeout
        self.cwd = cwd
        self.env = env
        self.label = " ".join(command)
        self.process: subprocess.Popen | None = None
        self.lines: queue.Queue = queue.Queue()
        self.stdout_tail: deque[str] = deque(maxlen=KEEP_LINES)
        self.stderr_tail: deque[str] = deque(maxlen=KEEP_LINES)

    # -- the process ------------------------------------------------------------------------

    def _launch(self) -> None:
        try:
            self.process = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True, encoding="utf-8", errors="replace",
                bufsize=1, cwd=self.cwd, env=self.env, start_new_session=True)
        except OSError as error:
            self.process = None
            raise EngineFailure("crash", f"cannot start {self.label}: {error}") from None
        self.lines = queue.Queue()
        self.stdout_tail = deque(maxlen=KEEP_LINES)
        self.stderr_tail = deque(maxlen=KEEP_LINES)
        threading.Thread(target=self._read_stdout, args=(self.process, self.lines),
                         daemon=True).start()
        threading.Thread(target=self._read_stderr, args=(self.process, self.stderr_tail),
                         daemon=True).start()

    @staticmethod
    def _read_stdout(process, lines: queue.Queue) -> None:
        try:
            for line in process.stdout:
                lines.put(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        lines.put(_EOF)

    @staticmethod
    def _read_stderr(process, tail: deque) -> None:
        try:
            for line in process.stderr:
                tail.append(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass

    def _kill(self) -> None:
        process, self.process = self.process, None
        if process is None:
            return
        if process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                process.kill()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for stream in (process.stdin, process.stdout, process.stderr):
            try:
                stream.close()
            except (OSError, ValueError):
                pass

    def output(self) -> list[str]:
        """The last lines the engine wrote, stdout first, each marked with its stream."""
        return ([f"stdout: {line}" for line in self.stdout_tail]
                + [f"stderr: {line}" for line in self.stderr_tail])

    def _fail(self, verdict: str, message: str) -> EngineFailure:
        process = self.process
        if process is not None and verdict == "crash":
            try:
                code = process.wait(timeout=1)
                message += f" (exit status {code})"
            except subprocess.TimeoutExpired:
                pass
        if process is not None:
            self._kill()
        return EngineFailure(verdict, message, self.output())

    # -- one request, one answer ---------------------------------------------------------------

    def request(self, message: dict, kind: str) -> dict:
        """Send ``message``; return the answer once it has the shape of a ``kind`` answer
        (or of an error answer)."""
        if self.process is None:
            self._launch()
        line = json.dumps(message)
        if not self.lines.empty():
            extra = self.lines.get_nowait()
            if extra is _EOF:
                raise self._fail("crash", f"the engine ended before {message['cmd']}")
            self.stdout_tail.append(extra)
            raise self._fail("protocol-error", "the engine wrote a line nobody asked for "
                             f"(before {message['cmd']}): one request, one answer line")
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise self._fail("crash", f"the engine closed its input before {message['cmd']}")
        try:
            answer_line = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            raise self._fail("timeout", f"no answer to {line} within {self.timeout:g}s") \
                from None
        if answer_line is _EOF:
            raise self._fail("crash", f"the engine ended while answering {line}")
        self.stdout_tail.append(answer_line)
        try:
            answer = json.loads(answer_line)
        except ValueError:
            raise self._fail("garbage", f"the answer to {line} is not JSON") from None
        if not isinstance(answer, dict):
            raise self._fail("garbage", f"the answer to {line} is not a JSON object")
        if answer.get("ok") is False:
            errors = list(response_validator("error").iter_errors(answer))
        else:
            errors = list(response_validator(kind).iter_errors(answer))
        if errors:
            error = best_match(errors)
            where = "/".join(str(p) for p in error.absolute_path) or "the answer"
            raise self._fail("protocol-error", f"bad answer to {message['cmd']}: {where}: "
                             f"{error.message}")
        return answer

    # -- the runner's verbs --------------------------------------------------------------------

    def start(self) -> EngineInfo:
        if self.process is None:
            self._launch()
        answer = self.request({"cmd": "hello", "protocol": 1}, "hello")
        if not answer.get("ok"):
            raise self._fail("protocol-error", f"hello refused: {answer.get('error')}")
        return EngineInfo(answer["name"], answer["version"], frozenset(answer["variants"]),
                          tuple(answer.get("features", ())), answer.get("error_codes", True))

    def deal(self, variant: str, deal: dict) -> None:
        answer = self.request({"cmd": "deal", "variant": variant, "dealer": deal["dealer"],
                               "hands": deal["hands"], "nest": deal["nest"],
                               "scores": deal.get("scores"), "number": deal.get("number", 0)},
                              "ok")
        if answer.get("ok"):
            return
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

    def restart(self) -> None:
        self._kill()

    def close(self) -> None:
        """Ask the engine to quit; kill it if it does not within the timeout."""
        process = self.process
        if process is None:
            return
        try:
            process.stdin.write(json.dumps({"cmd": "quit"}) + "\n")
            process.stdin.flush()
            process.wait(timeout=min(self.timeout, 5))
        except (OSError, ValueError, subprocess.TimeoutExpired):
            pass
        self._kill()
