"""Hostile engine: rejects every action with a message holding a lone surrogate, an
ANSI escape sequence, a NUL and a bell, and reports a phase with the same."""
import json

from _protocol import main

NASTY = "\ud800 \x1b[31mred\x1b[0m \x00 \x07 ]]> </failure>"


def before(request):
    if request.get("cmd") == "apply":
        return json.dumps({"ok": True, "accepted": False, "code": "no" + NASTY,
                           "message": NASTY})


def after(request, reply):
    if request.get("cmd") == "state":
        reply["state"]["phase"] = NASTY
    return reply


main(before, after)
