"""Hostile engine: starts a child in a session of its own (so killing the engine's
process group does not reach it), then hangs when offered a bid of 65."""
import os
import subprocess
import sys
import time

from _protocol import main

PID_FILE = os.environ.get("ROOKERY_GRANDCHILD_PIDS")


def before(request):
    if request.get("cmd") == "hello":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"],
                                 start_new_session=True, stdout=subprocess.DEVNULL)
        if PID_FILE:
            with open(PID_FILE, "a") as out:
                out.write(f"{child.pid}\n")
    if request.get("cmd") == "apply" and request["action"] == "bid 65":
        while True:
            time.sleep(60)


main(before)
