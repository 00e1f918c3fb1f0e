"""The example engines built on the harness kits, as an author would run them:
``conformance/examples/js-tournament/engine.js`` (``node engine.js``, the JavaScript kit)
and ``conformance/examples/python-tournament/engine.py`` (``python3 engine.py``, the
Python kit, with no rookery installed).  Each agrees with the spec under ``rookery fuzz``,
and a copy of each with one rule planted wrong is caught under that rule, by fuzzing and
by the corpus.

(The JavaScript engine's corpus runs are in tests/test_js_engine.py.)"""

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "conformance" / "examples"
JS_ENGINE = EXAMPLES / "js-tournament" / "engine.js"
PY_ENGINE = EXAMPLES / "python-tournament" / "engine.py"


def py_command(engine: Path) -> str:
    """The Python example under an interpreter that cannot import rookery (isolated, no
    site-packages): the kit comes from the repository by its path, as with no install."""
    return shlex.join([sys.executable, "-I", "-S", str(engine)])


def js_command(engine: Path) -> str:
    return shlex.join(["node", str(engine)])


def rookery(*args, cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rookery.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=600)


def fuzz(engine: str, tmp_path: Path, *extra, deals: int = 30) -> tuple[int, dict, str]:
    """``rookery fuzz`` of the engine against Tournament Rook (seeded: the same deals each
    run); its exit code, its JSON report and its console."""
    report = tmp_path / "fuzz.json"
    done = rookery("fuzz", "--no-progress", "--variant", "tournament", "--engine", engine,
                   "--deals", str(deals), "--cases", str(tmp_path / "cases"), "--json", str(report),
                   *extra)
    assert report.is_file(), done.stdout[-3000:] + done.stderr[-3000:]
    return done.returncode, json.loads(report.read_text(encoding="utf-8")), done.stdout


def failed_rules(engine: str, tmp_path: Path, *topics: str) -> set[str]:
    """The rules the corpus charges failed cases to (``rookery conformance --json``), on
    the Tournament case files of ``topics``."""
    report = tmp_path / "conformance.json"
    files = [str(ROOT / "conformance" / "cases" / "tournament" / f"{t}.json") for t in topics]
    done = rookery("conformance", "--no-progress", "--engine", engine, "--variant",
                   "tournament", "--json", str(report), *files)
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr[-3000:]
    rules = json.loads(report.read_text(encoding="utf-8"))["rules"]["tournament"]
    return {rule for rule, counts in rules.items() if counts["failed"]}


def verdicts(report: dict) -> dict[str, str]:
    return {v["rule"]: v["verdict"] for v in report["verdicts"]}


def test_the_python_example_runs_without_rookery_installed():
    isolated = [sys.executable, "-I", "-S"]
    cannot = subprocess.run([*isolated, "-c", "import rookery"], capture_output=True, timeout=60)
    assert cannot.returncode != 0           # so the kit below came by its path
    requests = '{"cmd": "hello", "protocol": 1}\n{"cmd": "quit"}\n'
    done = subprocess.run([*isolated, str(PY_ENGINE)], input=requests, capture_output=True,
                          text=True, timeout=60, cwd=EXAMPLES)
    assert done.returncode == 0, done.stderr
    hello, bye = map(json.loads, done.stdout.splitlines())
    assert hello["name"] == "python-tournament" and hello["variants"] == ["tournament"]
    assert set(hello["features"]) >= {"next-hand", "batch"} and bye == {"ok": True}


def test_the_python_example_passes_every_tournament_case():
    done = rookery("conformance", "--no-progress", "--engine", py_command(PY_ENGINE),
                   "--variant", "tournament")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "python-tournament" in done.stdout
    assert " 0 failed, 0 skipped" in done.stdout


@pytest.mark.parametrize("command", [js_command(JS_ENGINE), py_command(PY_ENGINE)],
                         ids=["js", "python"])
def test_each_example_agrees_with_the_spec_under_fuzz(command, tmp_path):
    code, report, out = fuzz(command, tmp_path)
    assert code == 0, out[-3000:]
    assert report["broken_rules"] == [] and report["deviations"] == []
    assert "no deviation" in out
    ruled = verdicts(report)
    assert ruled["play.anytime"] == ruled["scoring.counters"] == "conforms"
    assert "breaks" not in ruled.values()


def planted(tmp_path: Path, engine: Path, kit: Path, wrong: str, right: str) -> Path:
    """A copy of an example with one line changed, beside a copy of its kit (in the
    same places, so that the example finds it by the same relative path)."""
    copy = tmp_path / engine.relative_to(ROOT)
    copy.parent.mkdir(parents=True)
    text = engine.read_text(encoding="utf-8")
    assert text.count(right) == 1
    copy.write_text(text.replace(right, wrong), encoding="utf-8")
    placed = tmp_path / kit.relative_to(ROOT)
    if kit.is_dir():
        shutil.copytree(kit, placed)
    else:
        placed.parent.mkdir(parents=True)
        shutil.copy(kit, placed)
    return copy


def test_a_js_example_whose_rook_must_follow_is_caught_under_play_anytime(tmp_path):
    copy = planted(tmp_path, JS_ENGINE, ROOT / "conformance" / "harness" / "js",
                   right="    if (held.includes(ROOK) && !following.includes(ROOK)) "
                         "following.push(ROOK);\n", wrong="")
    code, report, out = fuzz(js_command(copy), tmp_path, "--no-shrink", deals=10)
    assert code == 1
    assert report["broken_rules"] == ["play.anytime"], out[-3000:]
    assert verdicts(report)["play.anytime"] == "breaks"
    assert failed_rules(js_command(copy), tmp_path, "rook", "follow") == {"play.anytime"}


def test_a_python_example_that_counts_tens_as_five_is_caught_under_scoring_counters(tmp_path):
    copy = planted(tmp_path, PY_ENGINE, ROOT / "interpreter" / "rookery" / "harness.py",
                   right="{5: 5, 10: 10, 14: 10}", wrong="{5: 5, 10: 5, 14: 10}")
    code, report, out = fuzz(py_command(copy), tmp_path, "--no-shrink", deals=10)
    assert code == 1
    assert report["broken_rules"] == ["scoring.counters"], out[-3000:]
    assert verdicts(report)["scoring.counters"] == "breaks"
    # (On the whole corpus, a case of two hands is charged to what the count changes
    # further on, made or not and the game's end; fuzzing isolates the rule.)
    assert failed_rules(py_command(copy), tmp_path, "scoring") == {"scoring.counters"}


def _logged_then_checked(command: str, tmp_path: Path) -> tuple[int, dict]:
    """The example run through ``rookery fuzz`` with ``--log`` (the kit writes every
    game it plays), then that log checked with ``rookery check-games``, no protocol."""
    log = tmp_path / "games.jsonl"
    fuzz(f"{command} --log {shlex.quote(str(log))}", tmp_path, "--no-shrink", deals=12)
    assert log.is_file() and log.stat().st_size > 0
    report = tmp_path / "games.json"
    done = rookery("check-games", str(log), "--json", str(report), "--cases",
                   str(tmp_path / "game-cases"))
    assert report.is_file(), done.stdout[-3000:] + done.stderr[-3000:]
    return done.returncode, json.loads(report.read_text(encoding="utf-8"))


def test_a_log_the_python_example_writes_conforms_in_check_games(tmp_path):
    """Issue 30: a log written by the Python example engine (its kit's ``--log``): every
    hand replayed against the spec, exit 0, the rules that conform with witnesses."""
    code, report = _logged_then_checked(py_command(PY_ENGINE), tmp_path)
    assert code == 0 and report["ok"], report.get("deviations")
    assert report["games"] >= 10 and report["errors"] == []
    witnessed = [v for v in report["verdicts"] if v["verdict"] == "conforms"
                 and v.get("witnesses", 0) > 0]
    assert len(witnessed) >= 25


def test_a_log_of_the_example_with_a_planted_bug_names_its_rule(tmp_path):
    copy = planted(tmp_path, PY_ENGINE, ROOT / "interpreter" / "rookery" / "harness.py",
                   right="{5: 5, 10: 10, 14: 10}", wrong="{5: 5, 10: 5, 14: 10}")
    code, report = _logged_then_checked(py_command(copy), tmp_path)
    assert code == 1
    assert report["broken_rules"] == ["scoring.counters"], report["deviations"]
