"""A user's engine that takes a bid or a pass from whichever seat sends it: in the
auction it never checks whose turn it is, and applies the action for the seat to act.

Its legal lists are right, so only an action offered from the wrong seat shows it: fuzz
must charge the rule that gives the turn (``tests/test_witnesses.py``)."""
import json

from _protocol import main

from rookery.conformance.protocol.serve import reply_to
from rookery.conformance.protocol.session import Session

session = Session()


def before(request):
    hand = session.hand
    if request.get("cmd") == "apply" and hand is not None and hand.phase == "bidding" \
            and request.get("seat") != hand.actor:
        return json.dumps(reply_to(session, dict(request, seat=hand.actor)))
    return None


main(before=before, session=session)
