"""Hostile engine: starts a grandchild that keeps stdout open (and sleeps), then dies
when offered a bid of 65: the runner must see a crash, not wait for the pipe to close,
and must end the grandchild too."""
import os
import subprocess
import sys

from _protocol import main

PID_FILE = os.environ.get("ROOKERY_GRANDCHILD_PIDS")


def before(request):
    if request.get("cmd") == "hello":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
        if PID_FILE:
            with open(PID_FILE, "a") as out:
                out.write(f"{child.pid}\n")
    if request.get("cmd") == "apply" and request["action"] == "bid 65":
        os._exit(3)


main(before)
