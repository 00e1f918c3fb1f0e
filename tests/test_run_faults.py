"""Issue 18, points 6 and 7: runs stopped from outside, and engines that fail their hello.

Point 6: ``rookery fuzz`` and ``rookery conformance --engine`` stopped by SIGINT or
SIGTERM at a random moment of their run (20 seeds) write valid JSON and JUnit reports
marked interrupted and every case found so far, and leave no engine behind; after a
``kill -9`` of the runner (which runs no clean-up at all) an engine that ignores EOF
and SIGTERM dies too (its parent-death signal).

Point 7: an engine that answers its hello with garbage, the wrong types, or ends while
answering gets that verdict in the console, JSON and JUnit reports, and exit 1.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from xml.etree import ElementTree

import pytest

import rookery
from rookery.cli import main
from processes import alive as _alive

ENGINES = Path(__file__).parent / "engines"
FUZZ = Path(__file__).resolve().parent.parent / "fuzz"
PACKAGE_ROOT = str(Path(rookery.__file__).resolve().parent.parent)
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(
    filter(None, [PACKAGE_ROOT, os.environ.get("PYTHONPATH")])), COLUMNS="160")

def _gone(pids: list[int], within: float = 10.0) -> list[int]:
    """The pids still alive after ``within`` seconds."""
    deadline = time.monotonic() + within
    while any(map(_alive, pids)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return [pid for pid in pids if _alive(pid)]


def _wait_for(path: Path, process: subprocess.Popen, within: float = 60.0) -> None:
    deadline = time.monotonic() + within
    while not (path.exists() and path.read_text().strip()):
        assert time.monotonic() < deadline and process.poll() is None, \
            process.communicate()
        time.sleep(0.02)


def test_a_run_that_ended_before_its_signal_counts_as_whole(tmp_path, monkeypatch):
    """The harness's judgement of a conformance run the signal came too late for: a
    whole report (no case left unrun, not marked interrupted) with the run's own exit
    (0 or 1: it had exited before the signal was sent) or the signal's (it saw the
    signal while writing its reports) is kept work; anything else is not."""
    monkeypatch.syspath_prepend(str(FUZZ))
    import fuzz_signals
    report = tmp_path / "report.json"
    whole = {"cases": [{"verdict": "fail"}, {"verdict": "pass"}]}
    report.write_text(json.dumps(whole))
    for code in (0, 1, 128 + signal.SIGTERM, -signal.SIGTERM):
        assert fuzz_signals._finished_first(report, code, signal.SIGTERM), code
    for code in (2, 128 + signal.SIGINT):
        assert not fuzz_signals._finished_first(report, code, signal.SIGTERM), code
    for broken in ({**whole, "interrupted": "SIGTERM"}, {"cases": []},
                   {"cases": [{"verdict": "pass"}, {"verdict": "not-run"}]}):
        report.write_text(json.dumps(broken))
        assert not fuzz_signals._finished_first(report, 1, signal.SIGTERM), broken
    report.write_text("{not json")
    assert not fuzz_signals._finished_first(report, 1, signal.SIGTERM)


def test_interrupting_a_run_at_a_random_moment_keeps_its_work():
    """20 seeds of ``fuzz/fuzz_signals.py``: fuzz and conformance by turns, stopped by
    SIGINT, SIGTERM or SIGKILL at a random moment of their play, four at a time."""
    done = subprocess.run([sys.executable, str(FUZZ / "fuzz_signals.py"), "--count", "20",
                           "--seed", "0", "--jobs", "4"], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "fuzz_signals: 20 trials" in done.stdout and "  ok: 0 of " in done.stdout
    kept = sum(int(line.rsplit(" ", 1)[1]) for line in done.stdout.splitlines()
               if " kept " in line)
    killed = sum(int(line.rsplit(" ", 1)[1]) for line in done.stdout.splitlines()
                 if "killed, nothing left" in line)
    assert (kept, killed) == (14, 6), done.stdout
    assert re.search(r"fuzz SIG\w+: reports and [1-9]\d* cases kept", done.stdout), \
        done.stdout             # some runs were stopped with cases found


@pytest.mark.parametrize("command", [["conformance", "--variant", "tournament"],
                                     ["fuzz", "--variant", "tournament", "--deals", "50"]])
def test_after_kill_9_of_the_runner_no_engine_is_left(tmp_path, command):
    pids = tmp_path / "pid"
    engine = f"{sys.executable} {ENGINES / 'immortal.py'} {pids}"
    run = subprocess.Popen([sys.executable, "-m", "rookery.cli", *command, "--engine",
                            engine, "--timeout", "300"], cwd=tmp_path, env=ENV,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _wait_for(pids, run)
    engine_pid = int(pids.read_text())
    time.sleep(0.5)                         # the runner waits on the engine's answer
    run.kill()
    run.wait(timeout=30)
    assert _gone([engine_pid]) == []


# -- point 7: a failed hello ---------------------------------------------------------------

HELLO = {"garbage": "garbage", "wrong-type": "protocol-error", "crash": "crash"}


@pytest.mark.parametrize("mode", list(HELLO))
def test_a_failed_hello_is_a_verdict_in_every_conformance_report(tmp_path, capsys, mode):
    report, junit = tmp_path / "report.json", tmp_path / "junit.xml"
    engine = f"{sys.executable} {ENGINES / 'bad_hello.py'} {mode}"
    code = main(["conformance", "--engine", engine, "--case", "tournament/follow/*",
                 "--timeout", "10", "--json", str(report), "--junit", str(junit)])
    out = capsys.readouterr().out
    verdict = HELLO[mode]
    assert code == 1 and verdict.upper() in out and "failed its hello" in out
    data = json.loads(report.read_text())
    assert set(data["counts"]) == {verdict} and data["ok"] is False
    assert all("failed its hello" in case["message"] for case in data["cases"])
    errors = list(ElementTree.parse(junit).getroot().iter("error"))
    assert errors and {e.get("type") for e in errors} == {verdict}


@pytest.mark.parametrize("mode", list(HELLO))
def test_a_failed_hello_is_a_verdict_in_every_fuzz_report(tmp_path, capsys, mode):
    report, junit = tmp_path / "report.json", tmp_path / "junit.xml"
    engine = f"{sys.executable} {ENGINES / 'bad_hello.py'} {mode}"
    code = main(["fuzz", "--variant", "tournament", "--engine", engine, "--deals", "5",
                 "--cases", str(tmp_path / "cases"), "--json", str(report), "--junit",
                 str(junit)])
    out = capsys.readouterr().out
    verdict = HELLO[mode]
    assert code == 1 and f"{verdict.upper()}: the engine failed its hello" in out
    data = json.loads(report.read_text())
    assert data["engine_failure"]["verdict"] == verdict and data["ok"] is False
    assert data["deals"] == 0 and not (tmp_path / "cases").exists()
    hello = ElementTree.parse(junit).getroot().find("testcase[@name='hello']/error")
    assert hello is not None and hello.get("type") == verdict


# -- stopped before any engine ran ----------------------------------------------------------

def _signal_in(monkeypatch, module, name: str, signum: int) -> None:
    """``module.name`` sends ``signum`` to this process before doing its work."""
    real = getattr(module, name)

    def stopped(*args, **kwargs):
        os.kill(os.getpid(), signum)
        time.sleep(0.1)             # the signal lands here, in Python code
        return real(*args, **kwargs)
    monkeypatch.setattr(module, name, stopped)


def test_fuzz_stopped_while_reading_its_spec_says_so_in_its_reports(tmp_path, capsys,
                                                                     monkeypatch):
    from rookery.cli import fuzz
    _signal_in(monkeypatch, fuzz, "_oracle", signal.SIGTERM)
    report, junit = tmp_path / "report.json", tmp_path / "junit.xml"
    code = main(["fuzz", "--variant", "tournament", "--engine", "never-started",
                 "--json", str(report), "--junit", str(junit)])
    assert code == 143
    assert "interrupted by SIGTERM before the engine started" in capsys.readouterr().err
    assert json.loads(report.read_text())["interrupted"] == "SIGTERM"
    error = ElementTree.parse(junit).getroot().find(".//error")
    assert error.get("type") == "interrupted" and "after 0 of 200 deals" in \
        error.get("message")


def test_conformance_stopped_while_reading_its_corpus_says_so(tmp_path, capsys,
                                                              monkeypatch):
    from rookery.conformance.corpus import cases
    _signal_in(monkeypatch, cases, "load_corpus", signal.SIGINT)
    report, junit = tmp_path / "report.json", tmp_path / "junit.xml"
    code = main(["conformance", "--variant", "tournament", "--json", str(report),
                 "--junit", str(junit)])
    assert code == 130
    assert "rookery: interrupted by SIGINT: 0 of 0 cases run" in capsys.readouterr().err
    data = json.loads(report.read_text())
    assert data["interrupted"] == "SIGINT" and data["ok"] is False and data["cases"] == []
    assert ElementTree.parse(junit).getroot().find(".//error").get("type") == "interrupted"
