"""Hostile engine: after the deal, writes short lines nobody asked for, without end."""
import sys

from _protocol import main


def before(request):
    if request.get("cmd") == "deal":
        while True:
            sys.stdout.write('{"ok": true}\n')


main(before)
