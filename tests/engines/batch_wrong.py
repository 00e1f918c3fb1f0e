"""An engine that declares the ``batch`` feature and answers batches wrongly, in the way
``ROOKERY_BATCH_FAULT`` names: ``count`` (one action fewer applied, none refused),
``state`` (the state asked for left out, from a deal's answer too), ``shape`` (``applied`` as a string) or
``lie`` (the last action of a batch said to be refused, though it was applied)."""
import os

from _protocol import main

FAULT = os.environ.get("ROOKERY_BATCH_FAULT", "count")


def after(request, reply):
    if FAULT == "state" and request.get("cmd") == "deal":
        reply.pop("state", None)
    if request.get("cmd") != "batch" or not reply.get("ok"):
        return reply
    applied = reply["applied"]
    if FAULT == "count" and applied and "rejected" not in reply:
        reply["applied"] = applied - 1
    elif FAULT == "state":
        reply.pop("state", None)
    elif FAULT == "shape":
        reply["applied"] = str(applied)
    elif FAULT == "lie" and applied and "rejected" not in reply:
        reply["applied"] = applied - 1
        reply["rejected"] = {"code": "bad-action", "message": "made up"}
    return reply


main(after=after, batch=True)
