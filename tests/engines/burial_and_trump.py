"""An engine of another flow: Tournament Rook in which the bid winner lays its cards
aside and names trump as one act.  While it lays cards aside it may also name trump, at
any point of the burial (its state lists the trump calls beside the cards); the call
takes effect once the last card is laid aside.  The spec names trump after the burial,
so the only rule this engine breaks is ``trump.named``: a fuzzing run must play each
hand on to its end and give the scoring rules their verdicts."""
import json

from _protocol import main

from rookery.conformance.protocol.session import Session

session = Session()
named = {}          # the trump called during the burial: seat, action


def before(request):
    hand = session.hand
    if request.get("cmd") == "deal":
        named.clear()
    if request.get("cmd") != "apply" or hand is None or hand.phase != "discard" or named:
        return None
    action = str(request.get("action"))
    calls = [str(call) for call in hand.t.trump_actions]
    if request.get("seat") == hand.bidder and action in calls:
        named["call"] = (hand.bidder, action)
        return json.dumps({"ok": True, "accepted": True, "events": []})
    return None


def after(request, reply):
    hand = session.hand
    if hand is None:
        return reply
    if request.get("cmd") == "apply" and reply.get("accepted") and named and \
            hand.phase == "trump":
        session.apply(*named.pop("call"))       # the burial is done: the call holds
    state = reply.get("state")
    if request.get("cmd") == "state" and isinstance(state, dict) and \
            hand.phase == "discard" and not named and "legal" in state:
        state["legal"] = state["legal"] + [str(call) for call in hand.t.trump_actions]
    return reply


main(before=before, after=after, session=session)
