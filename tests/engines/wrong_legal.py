"""Wrong answers: never lists the Rook among the legal plays (but accepts it)."""
from _protocol import main


def after(request, reply):
    if request.get("cmd") == "state" and reply.get("ok"):
        reply["state"]["legal"] = [a for a in reply["state"]["legal"] if a != "play ROOK"]
    return reply


main(after=after)
