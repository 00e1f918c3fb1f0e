"""Engines written to break the runner (``tests/engines/hostile_*.py``): each gets its
verdict within its timeout, the run goes on and its reports are written, its memory
stays small, and no process the engine started is left running.  Every test here failed
before the runner bounded what an engine can do (issue 10)."""

import json
import os
import subprocess
import sys
import time
from io import StringIO
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from _conformance_fixtures import (BIDDING, FIRST_TRICK, KENTUCKY_OPENING, small_corpus,
                                   write_corpus)
from rich.console import Console

from rookery.conformance import run_cases
from rookery.conformance.corpus.report import print_report, write_json, write_junit
from rookery.conformance.protocol.subprocess_engine import (
    MAX_PENDING,
    SubprocessEngine,
    engine_processes,
)

ENGINES = Path(__file__).parent / "engines"
TIMEOUT = 2.0


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return small_corpus(tmp_path_factory)


def engine(script: str, env=None, timeout=TIMEOUT, **kw) -> SubprocessEngine:
    return SubprocessEngine([sys.executable, str(ENGINES / script)], timeout=timeout,
                            env=dict(os.environ, **(env or {})), **kw)


def run(eng, cases, **kw):
    try:
        return run_cases(eng, cases, **kw)
    finally:
        eng.close()


def verdicts(result):
    return {r.case.id: r.verdict for r in result.results}


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_an_engine_that_stops_reading_cannot_block_a_write():
    eng = engine("hostile_stops_reading.py")
    eng.start()
    began = time.monotonic()
    huge = {"cmd": "deal", "variant": "x" * (4 << 20)}       # more than a pipe holds
    with pytest.raises(Exception) as failure:
        eng.request(huge, "ok")
    assert failure.value.verdict == "timeout"
    assert "stopped reading its input" in failure.value.message
    assert time.monotonic() - began < TIMEOUT + 1
    eng.close()


def test_a_grandchild_holding_stdout_open_is_a_crash_and_is_ended(corpus, tmp_path):
    pids = tmp_path / "pids"
    began = time.monotonic()
    result = run(engine("hostile_grandchild.py", {"ROOKERY_GRANDCHILD_PIDS": str(pids)}),
                 corpus)
    first = {r.case.id: r for r in result.results}["tournament/fixture/001"]
    assert first.verdict == "crash" and "exit status 3" in first.message
    assert first.seconds < TIMEOUT
    assert verdicts(result)["tournament/fixture/002"] == "pass"
    assert time.monotonic() - began < 3 * TIMEOUT
    grandchildren = [int(line) for line in pids.read_text().split()]
    assert len(grandchildren) >= 2
    time.sleep(0.2)
    assert not any(alive(pid) for pid in grandchildren)


def test_a_child_in_a_session_of_its_own_is_ended_too(corpus, tmp_path):
    pids = tmp_path / "pids"
    result = run(engine("hostile_setsid_child.py", {"ROOKERY_GRANDCHILD_PIDS": str(pids)}),
                 corpus)
    assert verdicts(result)["tournament/fixture/001"] == "timeout"
    time.sleep(0.2)
    assert not any(alive(int(pid)) for pid in pids.read_text().split())


def test_json_nested_100000_deep_is_garbage_not_a_crash(corpus):
    # A generous timeout: the point is the verdict, and a loaded machine may take a
    # while to write and read 200,000 brackets.
    result = run(engine("hostile_deep_json.py", timeout=10.0), corpus)
    assert set(verdicts(result).values()) == {"garbage"}
    assert "nested more than" in result.results[0].message
    assert all(len(line) < 400 for line in result.results[0].output)


def test_lone_surrogates_and_control_characters_reach_no_report(corpus, tmp_path):
    result = run(engine("hostile_surrogate.py"), corpus)
    assert set(verdicts(result).values()) <= {"fail", "protocol-error"}
    console = Console(file=StringIO(), width=200, force_terminal=False)
    print_report(result, [], console)
    shown = console.file.getvalue()
    assert "\x1b" not in shown and "\x00" not in shown and "\\ud800" in shown
    write_json(result, [], tmp_path / "r.json")
    write_junit(result, [], tmp_path / "r.xml")
    json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    ET.parse(tmp_path / "r.xml")          # valid XML: no control characters in it


def test_ten_lines_of_50_mb_are_a_flood_with_a_small_runner(tmp_path):
    """The whole command, in a process of its own, to measure its memory."""
    cases_dir = write_corpus(tmp_path, [BIDDING, FIRST_TRICK])
    report = tmp_path / "report.json"
    # The runner in a process of its own whose only children are the runner (and the
    # engines it waits for): their peak memory is measured apart from this test's.
    measure = ("import resource, subprocess, sys; "
               "done = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
               "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN)"
               ".ru_maxrss, len(done.stdout), 'FLOOD' in done.stdout)")
    began = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", measure, sys.executable, "-m", "rookery.cli", "conformance",
         str(cases_dir), "--engine", f"{sys.executable} {ENGINES / 'hostile_flood.py'}",
         "--timeout", str(TIMEOUT), "--json", str(report)],
        capture_output=True, text=True, timeout=120)
    assert time.monotonic() - began < 30
    code, peak_kb, printed, flood_shown = done.stdout.split()
    assert (code, flood_shown) == ("1", "True"), done.stderr
    assert int(printed) < 20_000
    assert int(peak_kb) < 200 * 1024
    data = json.loads(report.read_text())
    assert data["counts"] == {"flood": 2}
    assert report.stat().st_size < 100_000


def test_unasked_lines_without_end_are_kept_to_a_few(corpus):
    """The extra lines are a protocol error at the next request; meanwhile the reader
    keeps at most MAX_PENDING of them (then marks a flood and stops reading)."""
    eng = engine("hostile_line_flood.py")
    eng.start()
    eng.deal("tournament", BIDDING["deal"])
    time.sleep(0.5)
    assert eng.lines.qsize() <= MAX_PENDING + 1
    eng.close()
    result = run(engine("hostile_line_flood.py"), corpus)
    assert set(verdicts(result).values()) == {"protocol-error"}


def test_a_flood_on_stderr_is_drained_and_only_its_tail_kept(corpus):
    result = run(engine("hostile_stderr_flood.py"), corpus)
    assert set(verdicts(result).values()) == {"pass"}


def test_bytes_that_are_not_utf8_are_garbage_shown_escaped(corpus):
    # a generous timeout: the verdict is the point and the garbage comes at once (an
    # engine restarted after each garbage answer once went unheard for 10 s: its hello
    # answer was read by the killed engine's reader, the race the test below holds)
    result = run(engine("hostile_binary.py", timeout=30.0), corpus)
    assert set(verdicts(result).values()) == {"garbage"}, \
        [(r.case.id, r.verdict, r.message) for r in result.results]
    shown = "\n".join(result.results[0].output)
    assert "\\xff" in shown and "\x1b" not in shown and "\x00" not in shown


def test_an_engine_that_closes_stdout_and_lives_on_is_a_crash(corpus):
    result = run(engine("hostile_closes_stdout.py"), corpus)
    assert set(verdicts(result).values()) == {"crash"}
    assert all(r.seconds < TIMEOUT for r in result.results)


def test_start_up_is_not_counted_against_the_hello(corpus):
    result = run(engine("hostile_slow_start.py", timeout=1.0, startup=5.0), corpus)
    assert set(verdicts(result).values()) == {"pass"}


def test_a_budget_ends_a_slow_engine_run_and_writes_its_reports(tmp_path):
    cases_dir = write_corpus(tmp_path, [BIDDING, FIRST_TRICK], [KENTUCKY_OPENING])
    report, junit = tmp_path / "report.json", tmp_path / "report.xml"
    began = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "rookery.cli", "conformance", str(cases_dir), "--engine",
         f"{sys.executable} {ENGINES / 'hostile_slow.py'}", "--timeout", "1",
         "--budget", "3", "--json", str(report), "--junit", str(junit)],
        capture_output=True, text=True, timeout=120)
    assert time.monotonic() - began < 3 + 1 + 5        # budget, one answer, start-up
    assert done.returncode == 1
    data = json.loads(report.read_text())
    assert data["counts"].get("not-run", 0) >= 1
    assert "not run (budget spent)" in done.stdout
    assert data["rules"]["tournament"]["play.follow"]["failed"] == 0    # not blamed
    ET.parse(junit)


def test_engine_processes_finds_descendants():
    child = subprocess.Popen([sys.executable, "-c", "import subprocess, sys, time; "
                              "subprocess.Popen([sys.executable, '-c', "
                              "'import time; time.sleep(30)']); time.sleep(30)"],
                             start_new_session=True)
    try:
        deadline = time.monotonic() + 10
        while len(engine_processes(child.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(engine_processes(child.pid)) == 2
    finally:
        for pid in engine_processes(child.pid):
            os.kill(pid, 9)
        child.wait()


def test_a_restarted_engine_s_answers_are_not_read_by_the_last_one_s_reader(monkeypatch):
    """A reader thread slow to be scheduled (as on a loaded machine) is still blocked on
    the pipe of an engine the runner has just killed when the next engine starts.  Had
    the runner closed that pipe itself, the next engine's pipe could take its descriptor
    number and the old reader would take the new engine's hello answer: a timeout after
    13 s, once in four runs under load.  Each reader closes its own pipe, so every hello
    of twelve restarts is answered."""
    from rookery.conformance.protocol import subprocess_engine

    def starved(stream):
        fd = stream.fileno()
        while True:
            time.sleep(0.2)                 # the thread waits its turn for the CPU
            try:
                chunk = os.read(fd, subprocess_engine.CHUNK)
            except (OSError, ValueError):
                return
            if not chunk:
                return
            yield chunk
    monkeypatch.setattr(subprocess_engine, "_chunks", starved)
    eng = SubprocessEngine([sys.executable, str(ENGINES / "chatty.py")], timeout=2.0,
                           startup=2.0)
    try:
        for _ in range(12):
            assert eng.start().name == "rookery"
            eng.restart()
    finally:
        eng.close()
