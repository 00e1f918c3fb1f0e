"""Broken engine: answers nothing, forever, when offered a bid of 65."""
import time

from _protocol import main


def before(request):
    if request.get("cmd") == "apply" and request["action"] == "bid 65":
        print("hang: thinking about bid 65...", flush=True, file=__import__("sys").stderr)
        while True:
            time.sleep(60)


main(before)
