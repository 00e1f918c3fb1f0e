"""Broken engine: answers a pass with a JSON object that lacks 'accepted'."""
from _protocol import main


def after(request, reply):
    if request.get("cmd") == "apply" and request["action"] == "pass":
        return {"ok": True, "passed": "yes"}
    return reply


main(after=after)
