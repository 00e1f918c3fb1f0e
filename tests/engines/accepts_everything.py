"""Wrong answers: every action is 'accepted' (a legal one is also applied)."""
from _protocol import main


def after(request, reply):
    if request.get("cmd") == "apply" and reply.get("accepted") is False:
        return {"ok": True, "accepted": True, "events": []}
    return reply


main(after=after)
