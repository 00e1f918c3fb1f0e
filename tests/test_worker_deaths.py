"""A worker process that dies in a ``-j N`` campaign (killed for its memory, or by an
engine that kills its parent) loses nothing but itself (issue 29, class 7): its items
are run again on a new pool, the finished results are kept, an item that kills its
worker each time is reported lost (a conformance case: a crash), and stderr says what
happened; never a BrokenProcessPool traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import rookery
from rookery import parallel

PACKAGE_ROOT = str(Path(rookery.__file__).resolve().parent.parent)


def _dies_once(item: tuple) -> int:
    """Item ``(n, marker)``: the worker running item 3 kills itself the first time."""
    number, marker = item
    if number == 3 and not os.path.exists(marker):
        Path(marker).write_text("died")
        os.kill(os.getpid(), signal.SIGKILL)
    return number * 10


def _always_dies(number: int) -> int:
    if number == 3:
        os.kill(os.getpid(), signal.SIGKILL)
    return number * 10


def test_the_items_of_a_dead_worker_are_run_again(tmp_path, capfd):
    marker = str(tmp_path / "died")
    items = [(n, marker) for n in range(8)]
    assert parallel.map_in_order(_dies_once, items, parallel.Workers(2)) == \
        [n * 10 for n in range(8)]
    assert "rookery: a worker process died" in capfd.readouterr().err


def test_an_item_that_kills_its_worker_each_time_is_lost_the_rest_kept(capfd):
    results = parallel.map_in_order(_always_dies, range(6), parallel.Workers(2),
                                    lost=lambda item, why: f"lost {item}: {why}")
    assert results[:3] + results[4:] == [0, 10, 20, 40, 50]
    assert results[3].startswith("lost 3: the worker process running it died each time")
    assert "item 4 of 6 killed its worker each time" in capfd.readouterr().err
    with pytest.raises(parallel.WorkerLost) as stop:
        parallel.map_in_order(_always_dies, range(6), parallel.Workers(2))
    assert stop.value.index == 3 and {0: 0, 1: 10, 2: 20}.items() <= \
        stop.value.finished.items()


# An engine in front of ``rookery serve`` that kills the worker running it (its parent)
# at its sixth line, once (the marker file argv[1] says it has).
KILLER = """import os, signal, subprocess, sys, threading
from pathlib import Path
marker = Path(sys.argv[1])
serve = subprocess.Popen([sys.executable, "-m", "rookery.cli", "serve"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

def answers():
    for line in serve.stdout:
        sys.stdout.write(line)
        sys.stdout.flush()
threading.Thread(target=answers, daemon=True).start()
for count, line in enumerate(sys.stdin, 1):
    if count == 6 and not marker.exists():
        marker.write_text("killed")
        os.kill(os.getppid(), signal.SIGKILL)
    serve.stdin.write(line)
    serve.stdin.flush()
"""


def _run_with_killer(tmp_path, argv: list[str]) -> subprocess.CompletedProcess:
    (tmp_path / "killer.py").write_text(KILLER)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, [PACKAGE_ROOT, os.environ.get("PYTHONPATH")])))
    engine = f"{sys.executable} {tmp_path / 'killer.py'} {tmp_path / 'marker'}"
    run = subprocess.run([sys.executable, "-m", "rookery.cli", *argv, "-j", "2",
                          "--no-progress", "--engine", engine], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=400)
    assert (tmp_path / "marker").exists()           # a worker was killed
    assert "Traceback" not in run.stderr, run.stderr
    assert "rookery: a worker process died" in run.stderr
    return run


def test_conformance_j2_keeps_every_case_when_an_engine_kills_its_worker(tmp_path):
    """Before: a BrokenProcessPool traceback, exit 1, no report."""
    run = _run_with_killer(tmp_path, ["conformance", "--variant", "tournament", "--rule",
                                      "play.follow", "--json", "report.json"])
    report = json.loads((tmp_path / "report.json").read_text())
    assert run.returncode == 0, run.stderr
    verdicts = [case["verdict"] for case in report["cases"]]
    assert report["ok"] and verdicts and set(verdicts) == {"pass"}, verdicts


def test_fuzz_j2_plays_every_deal_when_an_engine_kills_its_worker(tmp_path):
    run = _run_with_killer(tmp_path, ["fuzz", "--variant", "tournament", "--deals", "4",
                                      "--json", "fuzz.json"])
    report = json.loads((tmp_path / "fuzz.json").read_text())
    assert run.returncode == 0, run.stderr
    assert report["ok"] and report["deals"] == 4


def test_fuzz_j2_tells_a_deal_whose_engine_kills_its_worker_each_time(tmp_path):
    """A deal lost each time it is played is an engine failure in the report (exit 1,
    the JSON written, the other deals kept), not a stopped campaign."""
    (tmp_path / "always.py").write_text(KILLER.replace(
        "if count == 6 and not marker.exists():", "if count == 6:"))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, [PACKAGE_ROOT, os.environ.get("PYTHONPATH")])))
    engine = f"{sys.executable} {tmp_path / 'always.py'} {tmp_path / 'marker'}"
    run = subprocess.run([sys.executable, "-m", "rookery.cli", "fuzz", "--variant",
                          "tournament", "--deals", "2", "--json", "fuzz.json", "-j", "2",
                          "--no-progress", "--no-shrink", "--engine", engine], cwd=tmp_path,
                         env=env, capture_output=True, text=True, timeout=600)
    assert "Traceback" not in run.stderr, run.stderr
    assert run.returncode == 1, run.stderr
    report = json.loads((tmp_path / "fuzz.json").read_text())
    failures = [d for d in report["deviations"] if d["kind"] == "engine-failure"]
    assert failures and "worker process" in failures[0]["minimal"]["detail"]


# Loaded by every Python process of the run below (the runner and its spawned workers)
# through PYTHONPATH: the work function ROOKERY_KILL_ITEM names ("module.function:word")
# kills the worker running it on an item whose repr holds the word, each time.  The
# wrapper keeps the function's name, so the runner pickles it by reference as usual.
SITE = '''import os
if os.environ.get("ROOKERY_KILL_ITEM"):
    import importlib, signal
    target, word = os.environ["ROOKERY_KILL_ITEM"].split(":", 1)
    module_name, name = target.rsplit(".", 1)
    module = importlib.import_module(module_name)
    original = getattr(module, name)

    def dying(item, _original=original):
        if word in repr(item):
            os.kill(os.getpid(), signal.SIGKILL)
        return _original(item)
    dying.__module__, dying.__qualname__ = original.__module__, original.__qualname__
    setattr(module, name, dying)
'''


def _run_killing(tmp_path, target: str, argv: list[str]) -> subprocess.CompletedProcess:
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(SITE)
    env = dict(os.environ, ROOKERY_KILL_ITEM=target, PYTHONPATH=os.pathsep.join(
        filter(None, [str(site), PACKAGE_ROOT, os.environ.get("PYTHONPATH")])))
    run = subprocess.run([sys.executable, "-m", "rookery.cli", *argv, "-j", "2"],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert "Traceback" not in run.stderr, run.stderr
    return run


def test_compare_j2_reports_the_games_before_a_batch_that_kills_its_worker(tmp_path):
    """Before: the campaign stopped with WorkerLost and no report.  Now the games of
    each spec before the lost batch are the report, which says why it stops (exit 1)."""
    run = _run_killing(tmp_path, "rookery.play.tally.play_games:first=26",
                       ["compare", "tournament", "tournament+rook-low", "--games", "60",
                        "--json", "--no-progress"])
    assert run.returncode == 1, run.stderr
    report = json.loads(run.stdout)
    assert report["games"] == 25 and "killed the worker" in report["stopped"], report
    assert "rookery: item" in run.stderr and "killed the worker" in run.stderr
    # what happened to the workers is in the report too, not only on stderr
    assert any("a worker process died" in said for said in report["workers"])


def test_play_games_j2_reports_the_chunks_before_one_that_kills_its_worker(tmp_path):
    run = _run_killing(tmp_path, "rookery.play.games.play_bot_games:first_seed=26",
                       ["play", "tournament", "--games", "60", "--json"])
    assert run.returncode == 1, run.stderr
    report = json.loads(run.stdout)
    assert report["games"] == 25 and "killed the worker" in report["stopped"], report
    assert any("a worker process died" in said for said in report["workers"])


def test_mutate_j2_reports_a_variant_that_kills_its_worker_as_lost(tmp_path):
    """The other variant's mutants are checked and reported; the lost one says so (in
    the table and the JSON), and the run exits 1."""
    run = _run_killing(tmp_path, "rookery.cli.mutate.mutate_variant:'regular-partnership'",
                       ["mutate", "regular-partnership", "one-high-partnership", "--json",
                        "mutate.json", "--no-progress"])
    assert run.returncode == 1, run.stderr
    reports = {r["variant"]: r for r in json.loads((tmp_path / "mutate.json").read_text())}
    assert "lost" in reports["regular-partnership"]
    assert "lost" not in reports["one-high-partnership"]
    assert reports["one-high-partnership"]["killed"] > 0
    assert "lost: regular-partnership" in run.stdout
