"""A user's engine whose view of a seat shows every seat's hand (a table drawn face
up).  Fuzz must give it one row, under the view rule, never "(no rule)"
(``tests/test_witnesses.py``)."""
from _protocol import main

from rookery.conformance.protocol.session import Session

session = Session()


def after(request, answer):
    reply = answer.get("state") if isinstance(answer, dict) else None
    if not isinstance(reply, dict):
        return answer
    hand = session.hand
    if request.get("cmd") == "state" and isinstance(reply.get("view"), dict) and \
            hand is not None:
        reply["view"]["table"] = [[hand.t.codes[c] for c in held] for held in hand.hands]
    return answer


main(after=after, session=session)
