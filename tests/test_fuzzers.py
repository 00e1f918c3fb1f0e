"""The fuzzers of ``fuzz/`` on a small budget: each runs, prints its summary and finds
nothing (the full runs and their figures are in ``fuzz/README.md``)."""

import subprocess
import sys
from pathlib import Path

import pytest

FUZZ = Path(__file__).resolve().parent.parent / "fuzz"


@pytest.mark.parametrize("script, flags", [
    ("fuzz_specs.py", ["--count", "150", "--budget", "30"]),
    ("fuzz_actions.py", ["--per-variant", "150", "--budget", "30"]),
    ("fuzz_serve.py", ["--count", "300", "--budget", "20"]),
    ("fuzz_cases.py", ["--count", "300", "--budget", "60"]),
    ("fuzz_fmt.py", ["--count", "50", "--budget", "60"]),
    ("fuzz_fmt_files.py", ["--count", "5", "--budget", "60"]),
    ("fuzz_records.py", ["--count", "300", "--budget", "60"]),
    ("fuzz_full_disk.py", ["--count", "20", "--budget", "60"]),
    ("fuzz_engines.py", ["--only", "hostile_", "--cases", "1", "--budget", "60",
                         "--timeout", "1"]),
    ("fuzz_evidence.py", ["--count", "5", "--budget", "60", "--deals", "15"]),
    ("fuzz_resample.py", ["--count", "60", "--budget", "30", "--variants",
                          "tournament,standard-deck"]),
    ("fuzz_lsp.py", ["--count", "5", "--budget", "120"]),
    ("fuzz_workers.py", ["--count", "5", "--budget", "120"]),
])
def test_a_small_budget_finds_nothing(script, flags):
    done = subprocess.run([sys.executable, str(FUZZ / script), *flags, "--seed", "1"],
                          capture_output=True, text=True, timeout=300)
    name = script.removesuffix(".py")
    assert done.returncode == 0, done.stdout + done.stderr
    summary = done.stdout[done.stdout.index(f"{name}: "):]
    assert " trials in " in summary and "  ok: 0 of " in summary
    trials = int(summary.split(" trials in ")[0].rsplit(" ", 1)[1])
    assert trials >= 5


def test_a_fuzzer_counts_its_own_peak_memory_not_its_parents():
    """A fuzzer started by a large process (a long pytest run) reports its own peak:
    ``ru_maxrss`` keeps the parent's across ``exec``, ``VmHWM`` starts anew."""
    probe = ("import sys; sys.path.insert(0, 'fuzz'); from _common import peak_memory_mb; "
             "print(peak_memory_mb())")
    parent = ("import subprocess, sys; ballast = bytearray(400 << 20); "
              f"print(subprocess.run([sys.executable, '-c', {probe!r}], capture_output=True, "
              "text=True).stdout)")
    out = subprocess.run([sys.executable, "-c", parent], capture_output=True, text=True,
                         cwd=FUZZ.parent, check=True).stdout
    assert float(out) < 200
