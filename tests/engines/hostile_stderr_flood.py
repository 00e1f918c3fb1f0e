"""Hostile engine: plays correctly but writes 2 MB to stderr with every answer (its
stderr must be drained and only its last lines kept)."""
import sys

from _protocol import main

BLOCK = ("debug " * 1000 + "\n") * 340


def before(request):
    sys.stderr.write(BLOCK)
    sys.stderr.flush()


main(before)
