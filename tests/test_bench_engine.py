"""``benchmarks/bench_engine.py`` runs and prints each of its figures (never how fast
anything is: speed is not a test)."""

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_engine.py"


def load_script():
    spec = importlib.util.spec_from_file_location("bench_engine", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_figure_is_printed(tmp_path, capsys):
    missing = tmp_path / "no-baseline.py"
    assert load_script().main(["--rounds", "1", "--deals", "10", "--growth", "40",
                               "--baseline", str(missing)]) == 0
    out = capsys.readouterr().out
    assert "no hand-written baseline" in out
    assert "copy / playout:" in out
    assert "fresh" in out and "finished" in out
    assert "playouts: memory held after 40 deals less after 4:" in out
    assert "recording hands: memory held after 40 deals" in out
    # One row per built-in variant, and the verdict on flatness.
    import rookery
    for name in rookery.builtin_variants():
        assert f"\n{name} " in out
    assert "Highest median ratio to Tournament:" in out
