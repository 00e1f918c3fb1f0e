"""``benchmarks/bench_playout.py`` works (never how fast anything is: speed is not a test).

The real baseline lives outside the repository (``../shared/bench``), so these tests hand
the script a tiny stand-in baseline, and check that a missing one is a clear message."""

import importlib.util
import random
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


def test_a_missing_baseline_is_a_clear_message(tmp_path):
    bench = load_script()
    with pytest.raises(SystemExit) as stop:
        bench.main(["--rounds", "1", "--deals", "1", "--baseline", str(tmp_path / "gone.py")])
    assert "baseline is missing" in str(stop.value) and "gone.py" in str(stop.value)
