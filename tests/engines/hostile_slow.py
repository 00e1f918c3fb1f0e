"""Hostile engine: correct, but waits SLOW seconds (default 0.4) before every answer:
it passes, and only a time budget keeps a run of it short."""
import os
import time

from _protocol import main

SLOW = float(os.environ.get("ROOKERY_SLOW", "0.4"))


def before(request):
    if request.get("cmd") != "quit":
        time.sleep(SLOW)


main(before)
