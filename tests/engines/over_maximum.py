"""A user's engine that lets the auction go past the maximum: its legal lists in the
auction go on to 140, and it accepts such bids.  Fuzz must charge ``bidding.maximum``
(``tests/test_witnesses.py``)."""
import json

from _protocol import main

from rookery.conformance.protocol.session import Session

session = Session()
OVER = (125, 130, 135, 140)


def before(request):
    hand = session.hand
    if request.get("cmd") == "apply" and hand is not None and hand.phase == "bidding" and \
            request.get("action") in {f"bid {b}" for b in OVER} and \
            request.get("seat") == hand.actor and hand.high < int(request["action"][4:]):
        return json.dumps({"ok": True, "accepted": True, "events": []})
    return None


def after(request, answer):
    reply = answer.get("state") if isinstance(answer, dict) else None
    if not isinstance(reply, dict):
        return answer
    hand = session.hand
    if request.get("cmd") == "state" and reply.get("phase") == "bidding" and \
            any(str(a).startswith("bid ") for a in reply.get("legal", ())):
        reply["legal"] = list(reply["legal"]) + [f"bid {b}" for b in OVER
                                                 if b > (hand.high or 0)]
    return answer


main(before=before, after=after, session=session)
