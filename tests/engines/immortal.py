"""Hostile engine: writes its pid to the file named on its command line (if any),
answers its hello, then ignores SIGTERM, SIGINT and SIGHUP and the end of its input, and never
answers again: only SIGKILL ends it."""
import json
import os
import signal
import sys
import time

for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
    signal.signal(sig, signal.SIG_IGN)
if len(sys.argv) > 1:
    with open(sys.argv[1], "w") as pid_file:
        pid_file.write(str(os.getpid()))
sys.stdin.readline()
print(json.dumps({"ok": True, "name": "immortal", "version": "1",
                  "variants": ["tournament"]}), flush=True)
while True:                 # whatever comes, or the end of the input: no answer
    time.sleep(60)
