"""``rookery mutate`` in one process, stopped: Ctrl-C or SIGTERM stops it as it stops
every other campaign (exit 130 or 143, the variants that finished reported), and a
mutant whose cases were cut short by the signal is never counted killed (issue 29,
class 6)."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from processes import cpu_seconds

import rookery
from rookery.conformance.corpus import runner as corpus_runner
from rookery.conformance.corpus.cases import load_corpus
from rookery.conformance.mutation.mutants import check_variant_corpus
from rookery.interrupts import Terminated

PACKAGE_ROOT = str(Path(rookery.__file__).resolve().parent.parent)


@pytest.mark.parametrize("stop", [KeyboardInterrupt, Terminated])
def test_a_mutant_cut_short_by_a_signal_is_not_killed_the_signal_goes_on(monkeypatch,
                                                                          stop):
    """The signal arrives during the cases of the first mutant: it goes on up
    (before, the cases left not run made the mutant "killed" and the check went on to
    the next mutant as if nothing had happened)."""
    cases = [case for case in load_corpus()[0] if case.variant == "tournament"]
    real_run = corpus_runner.Runner.run
    calls = []

    def run(self, case):
        calls.append(case.id)
        if len(calls) == len(cases) + 2:        # the baseline over, a mutant begun
            raise stop()
        return real_run(self, case)
    monkeypatch.setattr(corpus_runner.Runner, "run", run)
    with pytest.raises(stop):
        check_variant_corpus("tournament", cases)


def test_mutate_in_one_process_stops_on_sigterm(tmp_path):
    """``rookery mutate tournament`` (no -j) sent SIGTERM mid-run exits 143 at once,
    without a traceback (before: it ran to its end and exited 0).  Ctrl-C takes the
    same road (the test above)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, [PACKAGE_ROOT, os.environ.get("PYTHONPATH")])))
    run = subprocess.Popen([sys.executable, "-m", "rookery.cli", "mutate", "tournament",
                            "--no-progress", "--json", "m.json"], cwd=tmp_path, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while cpu_seconds(run.pid) < 5:     # the imports and the baseline done
            assert time.monotonic() < deadline and run.poll() is None
            time.sleep(0.1)
        run.send_signal(signal.SIGTERM)
        out, err = run.communicate(timeout=30)
    finally:
        if run.poll() is None:
            run.kill()
            run.communicate()
    assert run.returncode == 143, (out, err)
    assert b"Traceback" not in err
    assert b"every observable mutant" not in out
