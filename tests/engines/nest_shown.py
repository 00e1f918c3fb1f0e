"""A user's engine that shows every seat the nest once the auction is won (in its view,
under a key of its own).  Fuzz must charge ``nest.shown`` (``tests/test_witnesses.py``)."""
from _protocol import main

from rookery.conformance.protocol.session import Session

session = Session()


def after(request, answer):
    reply = answer.get("state") if isinstance(answer, dict) else None
    if not isinstance(reply, dict):
        return answer
    hand = session.hand
    if request.get("cmd") == "state" and isinstance(reply.get("view"), dict) and \
            hand is not None and hand.bidder is not None and hand.phase != "bidding":
        reply["view"]["the_nest_was"] = list(hand.start_nest)
    return answer


main(after=after, session=session)
