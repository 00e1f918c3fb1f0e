"""A ``rookery`` command stopped by SIGTERM (a CI job's timeout, ``kill``) closes the
engines it started on the way out: no engine process is left running, and the exit code
is 143 (128 + SIGTERM)."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from processes import alive

import rookery

PACKAGE_ROOT = str(Path(rookery.__file__).resolve().parent.parent)

# An engine that says hello, writes its pid, and then never answers a deal.
ENGINE = '''import json, os, sys, time
open(sys.argv[1], "w").write(str(os.getpid()))
for line in sys.stdin:
    if json.loads(line).get("cmd") == "hello":
        print(json.dumps({"ok": True, "name": "stuck", "version": "1",
                          "variants": ["tournament"]}),
              flush=True)
    else:
        time.sleep(600)
'''


def test_sigterm_closes_the_engine_and_exits_143(tmp_path):
    engine = tmp_path / "stuck.py"
    engine.write_text(ENGINE)
    pid_file = tmp_path / "pid"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, [PACKAGE_ROOT, os.environ.get("PYTHONPATH")])))
    run = subprocess.Popen(
        [sys.executable, "-m", "rookery.cli", "conformance", "--variant", "tournament",
         "--timeout", "300", "--engine", f"{sys.executable} {engine} {pid_file}"],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not pid_file.exists() or not pid_file.read_text():
        assert time.monotonic() < deadline and run.poll() is None, run.communicate()
        time.sleep(0.05)
    engine_pid = int(pid_file.read_text())
    time.sleep(1.0)                           # the runner is waiting on the engine now
    run.send_signal(signal.SIGTERM)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 143, (out, err)
    assert b"Traceback" not in err
    deadline = time.monotonic() + 10
    while alive(engine_pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(engine_pid)
