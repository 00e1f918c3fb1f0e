"""An engine with one planted mistake of refusal code: a bid off the step that is above
the high bid but below the lowest raise (103 over 100 with step 5) is refused with
``bid-too-low``, where the spec's order of checks says ``bid-not-multiple``."""
from _protocol import main

STATE = {"high": 0, "step": 5}


def after(request, reply):
    state = reply.get("state")
    if isinstance(state, dict) and isinstance(state.get("high_bid"), int):
        STATE["high"] = state["high_bid"]
    if request.get("cmd") == "deal":
        STATE["high"] = 0
    if request.get("cmd") == "apply" and reply.get("accepted") is False and \
            reply.get("code") == "bid-not-multiple":
        amount = int(str(request.get("action")).split()[1])
        if STATE["high"] and STATE["high"] < amount < STATE["high"] + STATE["step"]:
            reply = dict(reply, code="bid-too-low", message="a bid must be higher")
    return reply


main(after=after)
