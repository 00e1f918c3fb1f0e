"""Hostile engine: answers the deal with ten lines of 50 MB each."""
import sys

from _protocol import main


def before(request):
    if request.get("cmd") == "deal":
        block = b"x" * (50 << 20) + b"\n"
        for _ in range(10):
            sys.stdout.buffer.write(block)
        sys.stdout.flush()
        return '{"ok": true}'


main(before)
