"""A user's engine that offers a bid the spec has no word for: "bid moon" (shoot the
moon), in every legal list of the auction.  Fuzz must say so, quoting it, and exit 1
(``tests/test_witnesses.py``)."""
from _protocol import main


def after(request, answer):
    reply = answer.get("state") if isinstance(answer, dict) else None
    if not isinstance(reply, dict):
        return answer
    if request.get("cmd") == "state" and reply.get("phase") == "bidding":
        reply["legal"] = list(reply["legal"]) + ["bid moon"]
    return answer


main(after=after)
