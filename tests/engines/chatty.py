"""Broken engine: answers a deal with two lines (the answer, then a debug line)."""
from _protocol import main


def before(request):
    if request.get("cmd") == "deal":
        return '{"ok": true}\n[debug] dealt the cards'


main(before)
