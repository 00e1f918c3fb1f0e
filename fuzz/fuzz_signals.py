"""Runs stopped from outside: ``rookery fuzz`` and ``rookery conformance --engine``
against a broken engine (it leaves an action out of every legal list), sent SIGINT or SIGTERM at a
random moment of their play, or killed with SIGKILL.  After a signal, the JSON and JUnit
reports must be valid and marked interrupted, every deviation found must have its case
file (which the corpus reader accepts), the exit code must be 130 or 143 with no
traceback; after any of them, no engine may be left running.  Every other fuzz run plays
with ``-j 2`` (two worker processes, each with its own engine): no worker may be left
either, and the deals that had finished are kept as in one process.

    python fuzz/fuzz_signals.py --count 40 --jobs 4

Every run of ``--count`` is played to its end (``--budget`` is not used: a run takes a
few seconds); seeds alternate fuzz and conformance, and SIGINT, SIGTERM and SIGKILL.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from xml.etree import ElementTree

from _common import Tally, arguments

import rookery

# whether a process still runs, the processes it started: the tests' helpers, shared
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from processes import children, left_running  # noqa: E402
from rookery.conformance.corpus.cases import load_corpus

BAD = ("traceback", "wrong-exit", "report-missing", "report-not-interrupted",
       "case-missing", "case-invalid", "left-running")
ENGINES = Path(__file__).resolve().parent.parent / "tests" / "engines"
PACKAGE_ROOT = str(Path(rookery.__file__).resolve().parent.parent)
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(
    filter(None, [PACKAGE_ROOT, os.environ.get("PYTHONPATH")])), COLUMNS="160")

# An engine that notes its pid, then plays as our interpreter but leaves the last action
# out of every legal list it gives: a deviation at the first decision of every deal.
NOTED = '''import os, sys
with open(sys.argv[1], "a") as pids:
    pids.write(f"{os.getpid()}\\n")
from _protocol import main


def after(request, reply):
    if request.get("cmd") == "state" and reply.get("ok") and reply["state"]["legal"]:
        reply["state"]["legal"] = reply["state"]["legal"][:-1]
        with open(sys.argv[1] + ".played", "a") as played:
            played.write("state\\n")
    return reply


main(after=after)
'''


def _finished_first(report: Path, code: int, signum: int) -> bool:
    """Whether a conformance run ended before the signal reached it: its JSON report
    whole (every case run, not marked interrupted), and its exit its own (0 or 1: it
    had exited before the signal was sent, which then reached nothing) or the signal's
    (the command saw it while writing the reports: 128 + the signal; or exiting:
    killed)."""
    try:
        data = json.loads(report.read_text())
    except (OSError, ValueError):
        return False
    return code in (0, 1, 128 + signum, -signum) and not data.get("interrupted") and \
        bool(data.get("cases")) and \
        all(case.get("verdict") != "not-run" for case in data["cases"])


def trial(seed: int, folder: Path) -> list[tuple[str, str]]:
    """One run stopped at a random moment: the outcomes (kind, detail) it gave."""
    rng = random.Random(seed)
    fuzz = seed % 2 == 0
    signum = (signal.SIGINT, signal.SIGTERM, signal.SIGKILL)[seed // 2 % 3]
    engines = folder / "engines"
    engines.mkdir()
    shutil.copy(ENGINES / "_protocol.py", engines / "_protocol.py")
    (engines / "noted.py").write_text(NOTED)
    pids = folder / "pids"
    engine = f"{sys.executable} {engines / 'noted.py'} {pids}"
    report, junit, cases = folder / "report.json", folder / "junit.xml", folder / "cases"
    # every other fuzz run plays its deals in two worker processes, each with its engine
    jobs = ["-j", "2"] if seed % 4 == 2 else []
    argv = (["fuzz", "--variant", "tournament", "--deals", "100000", "--seed", str(seed),
             "--cases", str(cases), *jobs] if fuzz else
            ["conformance", "--variant", "tournament", "--no-progress"])
    run = subprocess.Popen([sys.executable, "-m", "rookery.cli", *argv, "--engine", engine,
                            "--timeout", "20", "--json", str(report), "--junit",
                            str(junit)], cwd=folder, env=ENV, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    # the moment: once the engine runs (conformance), or once it has shown its first
    # legal list, a deviation (fuzz); then a random wait
    started = folder / ("pids.played" if fuzz else "pids")
    deadline = time.monotonic() + 60
    while not (started.exists() and started.read_text().strip()) and run.poll() is None \
            and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(rng.uniform(0.0, 1.5))
    workers = children(run.pid)         # its engine, and its worker processes with -j
    run.send_signal(signum)
    out, err = run.communicate(timeout=120)
    what = f"{'fuzz' if fuzz else 'conformance'}{' -j 2' if jobs else ''} " \
        f"{signal.Signals(signum).name}"
    found = [("left-running", what)] if left_running(
        [int(p) for p in (pids.read_text().split() if pids.exists() else [])] + workers,
        10) else []                     # (no engine noted: stopped before it started)
    if signum == signal.SIGKILL:
        return found + [(f"{what}: killed, nothing left", "")]
    name = signal.Signals(signum).name
    if "Traceback" in err:
        return found + [("traceback", f"{what}: {err[-600:]}")]
    if not fuzz and _finished_first(report, run.returncode, signum):
        # the run had ended before the signal (its last case done, its reports whole,
        # not marked interrupted): the signal found it writing them or exiting
        return found + [(f"{what}: reports kept", "")]
    if run.returncode != 128 + signum or f"rookery: interrupted by {name}" not in err:
        return found + [("wrong-exit", f"{what}: exit {run.returncode}: {err[-300:]}")]
    try:
        data = json.loads(report.read_text())
        errors = list(ElementTree.parse(junit).getroot().iter("error"))
    except (OSError, ValueError, ElementTree.ParseError) as error:
        return found + [("report-missing", f"{what}: {error}")]
    if data.get("interrupted") != name or data.get("ok") is not False or not any(
            e.get("type") == "interrupted" for e in errors):
        return found + [("report-not-interrupted", what)]
    if fuzz:
        written = [d.get("case") for d in data["deviations"]]
        if not all(written) or not all((folder / path).is_file() for path in written):
            return found + [("case-missing", f"{what}: {written}")]
        if written:
            # every deviation's case reads back whole; the witness cases written beside
            # them (``<variant>/witnesses/``) must read too, but are not deviations
            cases_read, problems = load_corpus([folder / path for path in written])
            problems += load_corpus([cases])[1]
            if problems or len(cases_read) != len(written):
                return found + [("case-invalid",
                                 f"{what}: {len(cases_read)} of {len(written)} read, "
                                 f"{problems[:2]}")]
        return found + [(f"{what}: reports and {len(written)} cases kept", "")]
    return found + [(f"{what}: reports kept", "")]


def main() -> int:
    args = arguments(__doc__.splitlines()[0], count=20, budget=120.0,
                     jobs=(int, 4, "runs at a time"))
    tally = Tally("fuzz_signals", args.budget, args.count)
    with tempfile.TemporaryDirectory() as root, ThreadPoolExecutor(args.jobs) as pool:
        pending = []
        for seed in range(args.seed, args.seed + args.count):
            folder = Path(root) / f"seed-{seed}"
            folder.mkdir()
            pending.append(pool.submit(trial, seed, folder))
        for future in pending:         # --count runs, each to its end
            for outcome, detail in future.result():
                tally.add(outcome, detail)
    return tally.summary(BAD)


if __name__ == "__main__":
    raise SystemExit(main())
