"""-j N on the commands that run campaigns: the JSON report of -j 3 is the report of
-j 1, byte for byte apart from timings (conformance --engine, mutate, play --games,
compare), and a campaign runs the same on a Dask cluster (a LocalCluster started here)."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from processes import alive, children, cpu_seconds, left_running
from reports import untimed as _untimed

import rookery

from rookery.cli import main

PACKAGE_ROOT = str(Path(rookery.__file__).resolve().parent.parent)
SERVE = f"{sys.executable} -m rookery.cli serve"


def _printed(capsys, argv: list[str]) -> str:
    capsys.readouterr()
    assert main(argv) == 0
    return capsys.readouterr().out


def test_compare_reports_the_same_for_one_and_three_workers(capsys):
    argv = ["compare", "tournament", "kentucky-rook-low", "--games", "40", "--json"]
    one = _printed(capsys, argv + ["-j", "1"])
    three = _printed(capsys, argv + ["-j", "3"])
    assert one == three
    assert json.loads(one)["games"] == 40


def test_play_games_reports_the_same_for_one_and_three_workers(capsys):
    argv = ["play", "tournament", "--games", "60", "--bots", "simple,random", "--json"]
    one = _printed(capsys, argv + ["-j", "1"])
    three = _printed(capsys, argv + ["-j", "3"])
    assert one == three
    assert json.loads(one)["games"] == 60


def test_mutate_reports_the_same_for_one_and_three_workers(tmp_path, capsys):
    variants = ["standard-deck-no-low", "kentucky-rook-discard-counters",
                "standard-deck-rook-high"]
    for jobs in ("1", "3"):
        main(["mutate", *variants, "--json", str(tmp_path / f"{jobs}.json"), "-j", jobs])
    one = (tmp_path / "1.json").read_bytes()
    assert one == (tmp_path / "3.json").read_bytes()
    assert [r["variant"] for r in json.loads(one)] == variants


def test_conformance_on_an_engine_reports_the_same_for_one_and_three_engines(tmp_path):
    reports = []
    for jobs in ("1", "3"):
        path = tmp_path / f"{jobs}.json"
        assert main(["conformance", "--engine", SERVE, "--variant", "standard-deck-no-low",
                     "--variant", "four-player-180", "--variant", "rook-for-three",
                     "--json", str(path), "-j", jobs, "--no-progress"]) == 0
        reports.append(json.loads(path.read_text()))
    assert _untimed(reports[0]) == _untimed(reports[1])
    assert reports[0]["counts"]["pass"] >= 6


# An engine that says hello and dies at the first deal.
CRASHES_ON_DEALS = """import json, sys
for line in sys.stdin:
    if json.loads(line).get("cmd") == "hello":
        print(json.dumps({"ok": True, "name": "crashes", "version": "1",
                          "variants": ["four-player-180"]}), flush=True)
    else:
        sys.exit(1)
"""


def test_conformance_maxfail_is_applied_in_case_order_by_workers(tmp_path):
    """A case that fails stops a -j run where it stops a single one: the cases after
    the first failure are not run, whichever worker ran them."""
    broken = tmp_path / "engine.py"
    broken.write_text(CRASHES_ON_DEALS)
    reports = []
    for jobs in ("1", "2"):
        path = tmp_path / f"{jobs}.json"
        assert main(["conformance", "--engine", f"{sys.executable} {broken}", "--variant",
                     "four-player-180", "--json", str(path), "-j", jobs, "-x"]) == 1
        reports.append(json.loads(path.read_text()))
    assert _untimed(reports[0]) == _untimed(reports[1])
    verdicts = [case["verdict"] for case in reports[0]["cases"]]
    assert verdicts[0] == "crash" and set(verdicts[1:]) == {"not-run"} and verdicts[1:]


def test_a_campaign_runs_the_same_on_a_dask_cluster(capsys):
    import distributed
    argv = ["compare", "kentucky-rook", "kentucky-rook+rook-low", "--games", "30", "--json"]
    one = _printed(capsys, argv)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  protocol="tcp://", host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        address = cluster.scheduler_address.replace("tcp://", "dask://")
        on_cluster = _printed(capsys, argv + ["--executor", address])
    assert on_cluster == one


def test_fuzz_of_a_broken_engine_reports_the_same_for_one_and_three_workers(tmp_path):
    """An engine that breaks a rule in every deal: the rule is learned after two deals
    (by the command, from results merged in deal order) and the workers play the next
    rounds under it; the reports and the written cases of -j 1 and -j 3 are the same."""
    engine = f"{sys.executable} {Path(__file__).parent / 'engines' / 'wrong_legal.py'}"
    reports = []
    for jobs in ("1", "3"):
        folder = tmp_path / jobs
        folder.mkdir()
        assert main(["fuzz", "--variant", "tournament", "--engine", engine, "--deals", "10",
                     "-j", jobs, "--json", str(folder / "report.json"), "--cases",
                     str(folder / "cases")]) == 1
        data = _untimed(json.loads((folder / "report.json").read_text()))
        for row in data["deviations"] + data["verdicts"]:
            row.pop("case", None)           # the case's path, in each run's own folder
            (row.get("witness") or {}).pop("case", None)    # (a witness's case: the same)
        reports.append(data)
    assert reports[0] == reports[1]
    assert reports[0]["learned"] and reports[0]["deviations"]
    cases = [sorted(p.read_text() for p in (tmp_path / jobs / "cases").rglob("*.json"))
             for jobs in ("1", "3")]
    assert cases[0] == cases[1] and cases[0]


def test_fuzz_runs_the_same_on_a_dask_cluster(tmp_path):
    """``rookery fuzz --executor dask://...``: each round's deals played on the workers
    of a LocalCluster started here (two threads, each with its own served engine), the
    report that of the run in one process."""
    import distributed
    argv = ["fuzz", "--variant", "standard-deck-no-low", "--engine", SERVE, "--deals", "8",
            "--cases", str(tmp_path / "cases")]
    assert main(argv + ["--json", str(tmp_path / "one.json")]) == 0
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  protocol="tcp://", host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        address = cluster.scheduler_address.replace("tcp://", "dask://")
        assert main(argv + ["--json", str(tmp_path / "dask.json"), "--executor",
                            address]) == 0
        played = sum(prefix.state_counts["memory"] for name, prefix in
                     cluster.scheduler.task_prefixes.items() if "play_share" in name)
    one, on_cluster = (json.loads((tmp_path / f"{name}.json").read_text())
                       for name in ("one", "dask"))
    assert _untimed(on_cluster) == _untimed(one)
    assert one["deals"] == 8 and one["actions"] > 0
    assert played == 8                      # every deal played on the cluster


# An engine that says hello, writes its pid into the folder it is given, and then
# never answers a deal.
STUCK = """import json, os, sys, time
from pathlib import Path
Path(sys.argv[1], str(os.getpid())).write_text("engine")
for line in sys.stdin:
    if json.loads(line).get("cmd") == "hello":
        print(json.dumps({"ok": True, "name": "stuck", "version": "1",
                          "variants": ["tournament"]}), flush=True)
    else:
        time.sleep(600)
"""


def test_kill_9_of_a_parallel_conformance_run_leaves_no_worker_nor_engine(tmp_path):
    engine = tmp_path / "stuck.py"
    engine.write_text(STUCK)
    pids = tmp_path / "pids"
    pids.mkdir()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, [PACKAGE_ROOT, os.environ.get("PYTHONPATH")])))
    run = subprocess.Popen(
        [sys.executable, "-m", "rookery.cli", "conformance", "--variant", "tournament",
         "--timeout", "300", "-j", "2", "--engine", f"{sys.executable} {engine} {pids}"],
        cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while len(list(pids.iterdir())) < 2:
        assert time.monotonic() < deadline and run.poll() is None
        time.sleep(0.05)
    workers = children(run.pid)
    engines = [int(p.name) for p in pids.iterdir()]
    assert len(workers) >= 2 and all(alive(pid) for pid in engines)
    run.send_signal(signal.SIGKILL)
    run.wait(timeout=10)
    assert left_running(workers + engines) == []


def _stopped_by_sigterm(tmp_path, argv: list[str], cpu: float = 1.5,
                        ready=None) -> tuple[bytes, bytes, list[int]]:
    """``rookery ARGV`` with ``-j 2``, sent SIGTERM once each worker (the two busiest
    children) has spent ``cpu`` seconds, or once ``ready()`` says so: its output, and
    its workers' pids.  It exits 143 (SIGTERM, as a shell reports it), with no
    traceback, within a minute."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, [PACKAGE_ROOT, os.environ.get("PYTHONPATH")])))
    run = subprocess.Popen([sys.executable, "-m", "rookery.cli", *argv, "-j", "2"],
                           cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 240
        while True:
            workers = sorted(children(run.pid), key=cpu_seconds, reverse=True)[:2]
            if len(workers) == 2 and (ready() if ready else all(
                    cpu_seconds(pid) > cpu for pid in workers)):
                break
            assert time.monotonic() < deadline and run.poll() is None
            time.sleep(0.2)
        run.send_signal(signal.SIGTERM)
        out, err = run.communicate(timeout=60)
    finally:            # a run that failed the test is not left running (its workers
        if run.poll() is None:      # die with it)
            run.kill()
            run.communicate()
    assert run.returncode == 143, err
    assert b"Traceback" not in err
    assert left_running(workers) == []
    return out, err, workers


def test_a_stopped_parallel_comparison_reports_the_games_that_finished(tmp_path):
    """SIGTERM to ``compare -j 2``: the report of the games that finished is printed,
    and the command exits 143."""
    out, _, _ = _stopped_by_sigterm(tmp_path, ["compare", "tournament", "kentucky-rook-low",
                                               "--games", "20000", "--json"])
    report = json.loads(out)
    assert 0 < report["games"] < 20000
    assert report["stopped"] == f"interrupted after {report['games']} games"


def test_stopped_parallel_bot_games_report_the_games_that_finished(tmp_path):
    """``play --games -j 2`` stopped: the rates of the games that finished, marked so
    in the JSON, and exit 143 (not 0: part of a run is not the run)."""
    out, err, _ = _stopped_by_sigterm(tmp_path, ["play", "tournament", "--games", "20000",
                                                 "--json"])
    report = json.loads(out)
    assert 0 < report["games"] < 20000
    assert report["stopped"] == f"interrupted after {report['games']} games"
    assert f"those of the {report['games']} games that finished".encode() in err


def test_a_stopped_parallel_mutation_check_reports_the_variants_that_finished(tmp_path):
    """``mutate -j 2`` stopped: the variants that finished are reported (table and
    JSON), and the command exits 143, not 0 ("every observable mutant killed")."""
    out, _, _ = _stopped_by_sigterm(tmp_path, ["mutate", "--json", "mutate.json"])
    reports = json.loads((tmp_path / "mutate.json").read_text())
    assert 0 < len(reports) and f"the {len(reports)} variants that finished".encode() in out


# An engine in front of ``rookery serve``, passing every line both ways, that marks in
# the folder argv[1] when it has answered 100 lines: the cases it played are over.
COUNTING_ENGINE = """import os, subprocess, sys, threading
from pathlib import Path
serve = subprocess.Popen([sys.executable, "-m", "rookery.cli", "serve"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

def answers():
    for count, line in enumerate(serve.stdout, 1):
        sys.stdout.write(line)
        sys.stdout.flush()
        if count == 100:
            Path(sys.argv[1], str(os.getpid())).touch()
threading.Thread(target=answers, daemon=True).start()
for line in sys.stdin:
    serve.stdin.write(line)
    serve.stdin.flush()
serve.stdin.close()
serve.wait()
"""


def test_a_stopped_parallel_conformance_run_keeps_the_cases_that_finished(tmp_path):
    """``conformance --engine CMD -j 2`` stopped once both engines have answered 100
    lines: the cases its workers had finished are in the report, marked interrupted, the
    rest not run (as one process keeps them)."""
    engine, answered = tmp_path / "engine.py", tmp_path / "answered"
    engine.write_text(COUNTING_ENGINE)
    answered.mkdir()
    _, err, _ = _stopped_by_sigterm(
        tmp_path, ["conformance", "--engine", f"{sys.executable} {engine} {answered}",
                   "--json", "run.json"],
        ready=lambda: len(list(answered.iterdir())) == 2)
    report = json.loads((tmp_path / "run.json").read_text())
    verdicts = [case["verdict"] for case in report["cases"]]
    ran = sum(verdict != "not-run" for verdict in verdicts)
    assert report["interrupted"] == "SIGTERM" and report["ok"] is False
    assert 0 < ran < len(verdicts) and "pass" in verdicts
    assert f"interrupted by SIGTERM: {ran} of {len(verdicts)} cases run".encode() in err
