"""The progress bars of the campaign commands, seen in a real pseudo-terminal: the bar
moves (a carriage return and an erase of the line at each refresh) and no control
sequence of its own is printed as a visible escape (``\\u001b[2K`` on the screen is
what the terminal guard made of the bar before it drew on the terminal directly)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pexpect
import pytest

import rookery

PACKAGE_ROOT = str(Path(rookery.__file__).resolve().parent.parent)
SERVE = f"{sys.executable} -m rookery.cli serve"

COMMANDS = {
    "compare -j 2": ["compare", "tournament", "kentucky-rook-low", "--games", "150",
                     "-j", "2"],
    "mutate": ["mutate", "tournament"],
    "play --games -j 2": ["play", "tournament", "--games", "60", "-j", "2"],
    "conformance": ["conformance", "--variant", "tournament"],
    "conformance -j 2": ["conformance", "--variant", "tournament", "-j", "2",
                         "--engine", SERVE],
    "fuzz": ["fuzz", "--variant", "tournament", "--engine", SERVE, "--deals", "40"],
    "fuzz -j 2": ["fuzz", "--variant", "tournament", "--engine", SERVE, "--deals", "60",
                  "-j", "2"],
}


def on_a_terminal(args: list[str], cwd: Path) -> tuple[bytes, int]:
    """What ``rookery ARGS`` writes to a terminal of 40 x 120, and its exit status."""
    env = dict(os.environ, TERM="xterm-256color", PYTHONPATH=os.pathsep.join(
        filter(None, [PACKAGE_ROOT, os.environ.get("PYTHONPATH")])))
    env.pop("NO_COLOR", None)
    env.pop("COLUMNS", None)
    child = pexpect.spawn(sys.executable, ["-m", "rookery.cli", *args], timeout=240,
                          dimensions=(40, 120), env=env, cwd=cwd)
    child.expect(pexpect.EOF)
    child.close()
    return child.before, child.exitstatus


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_progress_bar_draws_on_the_terminal_and_prints_no_escape(name, tmp_path):
    screen, status = on_a_terminal(COMMANDS[name], tmp_path)
    assert status in (0, 1), screen[-2000:]
    assert b"\r\x1b[2K" in screen          # the bar was drawn and redrawn in place
    assert b"\\u001b" not in screen and b"\\u000d" not in screen, screen[:400]
    assert b"Traceback" not in screen
    screen.decode("utf-8")                  # whole characters only


@pytest.mark.parametrize("after", [0.05, 0.25, 0.5])
def test_ctrl_c_while_the_workers_start_stops_the_run_with_no_traceback(after, tmp_path):
    """Ctrl-C on the terminal reaches the whole process group, the workers starting up
    included: they start with it held back and ignore it, and the command alone stops
    (130, its report of what ran).  Before, a worker caught half-way through its start
    printed a KeyboardInterrupt traceback over the screen."""
    env = dict(os.environ, TERM="xterm-256color", PYTHONPATH=os.pathsep.join(
        filter(None, [PACKAGE_ROOT, os.environ.get("PYTHONPATH")])))
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "rookery.cli", "conformance", "-j", "2",
                                           "--engine", SERVE], timeout=120,
                          dimensions=(40, 120), env=env, cwd=tmp_path)
    child.expect("conformance")                 # the bar: the workers are starting
    time.sleep(after)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    screen = child.before
    assert child.exitstatus == 130, screen[-2000:]
    assert b"Traceback" not in screen and b"KeyboardInterrupt" not in screen, screen[-3000:]
    assert b"interrupted by SIGINT" in screen
