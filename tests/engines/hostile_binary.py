"""Hostile engine: answers the deal with bytes that are not UTF-8, and control bytes."""
import sys

from _protocol import main


def before(request):
    if request.get("cmd") == "deal":
        sys.stdout.buffer.write(b"\xff\xfe\x00\x1b[2J\xc3(\n")
        sys.stdout.flush()
        return ""


main(before)
