"""Hostile engine: closes its stdout when dealt, and lives on (sleeping)."""
import os
import time

from _protocol import main


def before(request):
    if request.get("cmd") == "deal":
        os.close(1)
        while True:
            time.sleep(60)


main(before)
