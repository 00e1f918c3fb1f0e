"""``benchmarks/bench_playout.py`` works (never how fast anything is: speed is not a test).

The real baseline lives outside the repository (``../shared/bench``), so these tests hand
the script a tiny stand-in baseline, and check that a missing one is a clear message."""

import importlib.util
import random
import re
import sys
from pathlib import Path

import pytest

import rookery

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_playout.py"

STAND_IN = '''
class Hand:
    """Three actions and done: enough to be timed."""
    def __init__(self):
        self.left = 3
        self.done = False
    def legal_actions(self):
        return [("pass",)]
    def apply(self, action):
        self.left -= 1
        self.done = self.left == 0
        self.score_delta = (0, 0) if self.done else None

def new_hand(rng):
    rng.random()
    return Hand()
'''


def load_script():
    spec = importlib.util.spec_from_file_location("bench_playout", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_rookery_playout_ends_and_counts_its_actions():
    bench = load_script()
    variant = rookery.load_variant("tournament")
    counts = [bench.rookery_deal(rookery, variant, random.Random(seed)) for seed in range(5)]
    # A hand that is not thrown in: bids and passes, 5 discards, trump, 36 plays.
    assert all(c >= 4 for c in counts) and any(c >= 4 + 5 + 1 + 36 for c in counts)


def test_the_report_gives_both_engines_the_ratio_and_other_variants(tmp_path, capsys):
    baseline = tmp_path / "stand_in.py"
    baseline.write_text(STAND_IN)
    bench = load_script()
    assert bench.main(["--rounds", "2", "--deals", "3", "--variants", "kentucky-rook,nosuch",
                       "--baseline", str(baseline)]) == 0
    out = capsys.readouterr().out
    assert "handwritten tournament" in out and "rookery tournament" in out
    assert "RATIO rookery / handwritten" in out
    assert "ONE action" in out                       # the granularity note
    rows = {line.split()[0]: line for line in out.splitlines() if line.strip()}
    assert float(rows["kentucky-rook"].split()[1]) > 0
    assert "failed: unknown variant" in rows["nosuch"]
    stand_in_row = next(line for line in out.splitlines() if line.startswith("handwritten"))
    assert stand_in_row.split()[3] == "3.0"          # actions per deal of the stand-in


def test_the_phases_report_gives_each_phase_of_both_engines(tmp_path, capsys):
    baseline = tmp_path / "stand_in.py"
    baseline.write_text(STAND_IN)
    bench = load_script()
    assert bench.main(["--phases", "--rounds", "2", "--deals", "3",
                       "--baseline", str(baseline)]) == 0
    rows = {line.split()[0]: line.split()[1:] for line in capsys.readouterr().out.splitlines()
            if line.strip()}
    for phase in ("deal", "bidding", "discard", "trump", "play", "score", "total"):
        handwritten, ours, difference = map(float, rows[phase])
        assert difference == pytest.approx(ours - handwritten, abs=0.11)
    assert float(rows["play"][1]) > 0 and float(rows["decisions"][1]) == 0  # stand-in's
    assert float(rows["decisions"][0]) > 0


def test_a_missing_baseline_is_a_clear_message(tmp_path):
    bench = load_script()
    with pytest.raises(SystemExit) as stop:
        bench.main(["--rounds", "1", "--deals", "1", "--baseline", str(tmp_path / "gone.py")])
    assert "baseline is missing" in str(stop.value) and "gone.py" in str(stop.value)


# -- benchmarks/bench_tools.py and bench_all.py: every figure of issue 11 ------------------

TOOLS = SCRIPT.parent / "bench_tools.py"
ALL = SCRIPT.parent / "bench_all.py"
TINY = ["--rounds", "2", "--deals", "3", "--hands", "5", "--growth-deals", "20",
        "--cases", "3", "--sample", "3"]
ROWS = ["playouts, Tournament", "conformance command, whole", "serve / in-process, wall",
        "serve / in-process, CPU",
        "rookery --help", "loading all 42 specs, warm", "Hand.copy()",
        "memory per Hand, fresh", "memory per Hand, finished", "growth over 20 deals",
        "corpus, per case: all / 100"]


def load(path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module          # (its dataclasses look themselves up there)
    spec.loader.exec_module(module)
    return module


def ratios_of(line: str) -> list[float]:
    """The three numbers of the ratio column (min / median / max) of one row: its third
    "a / b / c" (the figure's, its peer's, the ratio's)."""
    number = r"(-?[0-9.e+]+|inf)"
    triples = re.findall(rf"{number} / {number} / {number}", line)
    assert len(triples) == 3, line
    return [float(value) for value in triples[2]]


def test_every_figure_of_the_issue_is_printed_with_its_peer_and_ratio(tmp_path, capsys):
    baseline = tmp_path / "stand_in.py"
    baseline.write_text(STAND_IN)
    cases = sorted((Path(__file__).resolve().parent.parent / "conformance" / "cases"
                    / "tournament").glob("*.json"))[:1]
    tools = load(TOOLS)
    assert tools.main([*TINY, "--baseline", str(baseline), "--corpus", *map(str, cases)]) == 0
    out = capsys.readouterr().out
    rows = {row: next((line for line in out.splitlines() if line.startswith(row)), None)
            for row in ROWS}
    assert all(rows.values()), [row for row, line in rows.items() if line is None]
    for row, line in rows.items():
        low, middle, high = ratios_of(line)
        assert 0 <= low <= middle <= high, line
    # the stand-in hand weighs far less than ours: the memory ratio says so
    assert ratios_of(rows["memory per Hand, fresh"])[0] > 1
    # the corpus is per case alike whatever its size: no ratio is absurd
    assert 0.2 < ratios_of(rows["corpus, per case: all / 100"])[1] < 5


def test_a_missing_baseline_skips_only_the_figures_that_need_it(tmp_path, capsys):
    tools = load(TOOLS)
    assert tools.main(["--only", "playouts,specs", "--rounds", "1",
                       "--baseline", str(tmp_path / "gone.py")]) == 0
    out = capsys.readouterr().out
    assert "playouts" in out and "skipped: bench_playout: the hand-written baseline is " \
        "missing" in out
    assert "loading all 42 specs, warm" in out


def test_bench_all_adds_the_per_decision_cost_of_every_variant(tmp_path, capsys):
    baseline = tmp_path / "stand_in.py"
    baseline.write_text(STAND_IN)
    everything = load(ALL)
    assert everything.main(["--rounds", "1", "--deals", "1", "--baseline", str(baseline),
                            "--tools", "--only", "help"]) == 0
    out = capsys.readouterr().out
    assert "rookery --help" in out
    assert "per-decision cost / Tournament's:" in out
    listed = [line.split()[0] for line in out.splitlines()
              if line.split() and line.split()[0] in rookery.builtin_variants()]
    assert sorted(listed) == sorted(rookery.builtin_variants())
