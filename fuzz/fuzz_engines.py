"""Every engine of ``tests/engines/`` (the broken gallery and the hostile ones) run
against a slice of the corpus: each case must get its verdict within the timeout (plus
the start-up allowance), each run must end with its reports written (console, JSON,
JUnit XML that parses), the runner's memory must stay under 200 MB, and no process an
engine started may be left running.

    python fuzz/fuzz_engines.py --budget 300 --timeout 2
"""

from __future__ import annotations

import io
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from xml.etree import ElementTree as ET

from _common import Tally, arguments, peak_memory_mb

from rich.console import Console

from rookery.conformance import load_corpus, run_cases
from rookery.conformance.corpus.report import print_report, write_json, write_junit
from rookery.conformance.corpus.runner import EngineCannotStart, start_failure_run
from rookery.conformance.protocol.subprocess_engine import SubprocessEngine, _processes

ENGINES = Path(__file__).resolve().parent.parent / "tests" / "engines"
BAD = ("late-verdict", "report-failed", "runner-over-200MB", "left-running", "traceback")
STARTUP = 5.0


def corpus_slice(per_variant: int):
    """Short Tournament and Kentucky cases, those that reach the gallery's triggers
    (a bid of 65, a discard, trump named) first."""
    cases, _ = load_corpus()
    mine = [c for c in cases if c.variant in ("tournament", "kentucky-rook")
            and len(c.steps) < 40]

    def reaches(case, word):
        return word in json.dumps([case.start, case.steps])
    out = []
    for variant in ("tournament", "kentucky-rook"):
        of = [c for c in mine if c.variant == variant]
        picked = [next((c for c in of if reaches(c, word)), None)
                  for word in ("bid 65", "discard", "trump")]
        picked = list({c.id: c for c in picked if c is not None}.values())
        ids = {c.id for c in picked}
        out += (picked + [c for c in of if c.id not in ids])[:per_variant]
    return out


def running_from(pid_file: Path) -> list[int]:
    """Processes still running that an engine started (recorded by the engine), or whose
    command names the engines' folder."""
    table = _processes()
    alive = []
    if pid_file.exists():
        for pid in map(int, pid_file.read_text().split()):
            try:
                state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if state != "Z":
                alive.append(pid)
    for pid in table:
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if str(ENGINES).encode() in command and pid != os.getpid():
            alive.append(pid)
    return alive


def main() -> int:
    args = arguments(__doc__.splitlines()[0], count=10 ** 6, budget=300.0,
                     timeout=(float, 2.0, "seconds per answer"),
                     cases=(int, 3, "cases per variant"),
                     only=(str, None, "only engines whose file name holds this"))
    tally = Tally("fuzz_engines", args.budget, args.count)
    cases = corpus_slice(args.cases)
    scripts = sorted(p for p in ENGINES.glob("*.py") if not p.name.startswith("_")
                     and (args.only is None or args.only in p.name))
    share = args.budget / max(1, len(scripts))
    with tempfile.TemporaryDirectory() as folder:
        pid_file = Path(folder) / "pids"
        env = dict(os.environ, ROOKERY_GRANDCHILD_PIDS=str(pid_file), ROOKERY_SLOW="0.3")
        for script in scripts:
            if not tally.more():
                break
            engine = SubprocessEngine([sys.executable, str(script)], timeout=args.timeout,
                                      env=env, startup=STARTUP)
            began = time.monotonic()
            try:
                run = run_cases(engine, cases, budget=share)
            except EngineCannotStart as failure:     # a failed hello: every case's verdict
                run = start_failure_run(script.name, cases, failure.failure,
                                        time.monotonic() - began)
            except Exception as error:  # noqa: BLE001 - counted
                tally.surprise("traceback", error, script.name)
                continue
            finally:
                engine.close()
            verdicts: dict[str, int] = {}
            for result in run.results:
                verdicts[result.verdict] = verdicts.get(result.verdict, 0) + 1
                if result.verdict not in ("pass", "fail", "skip") and \
                        result.seconds > args.timeout + STARTUP + 2:
                    tally.add("late-verdict", f"{script.name} {result.case.id} "
                              f"{result.seconds:.1f}s")
            try:
                print_report(run, [], Console(file=io.StringIO(), width=120))
                write_json(run, [], Path(folder) / "r.json")
                write_junit(run, [], Path(folder) / "r.xml")
                ET.parse(Path(folder) / "r.xml")
            except Exception as error:  # noqa: BLE001 - counted
                tally.surprise("report-failed", error, script.name)
            time.sleep(0.2)
            left = running_from(pid_file)
            if left:
                tally.add("left-running", f"{script.name}: {left}")
            tally.add("engine run, reports written")
            print(f"  {script.name:<28} {time.monotonic() - began:6.1f}s  "
                  + ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items())))
    peak = peak_memory_mb()
    if peak > 200:
        tally.add("runner-over-200MB", f"{peak:.0f} MB")
    return tally.summary(BAD)


if __name__ == "__main__":
    raise SystemExit(main())
