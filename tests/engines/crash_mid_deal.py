"""Broken engine: plays correctly until a card is laid aside into the nest, then dies."""
import os
import sys

from _protocol import main


def before(request):
    if request.get("cmd") == "apply" and request["action"].startswith("discard"):
        sys.stderr.write("crash_mid_deal: index out of range in discard\n")
        sys.stderr.flush()
        os._exit(1)


main(before)
