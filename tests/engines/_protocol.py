"""The shared loop of the deliberately broken engines: our interpreter over the protocol
(as ``rookery serve``), with a hook that breaks it in one chosen way.

``variants`` (variant id -> compiled variant) replaces the built-in variants: an
engine that plays a rule otherwise plays a spec mutant.  ``session``: the session to
answer from, for hooks that read or change its hand (another flow of the phases).

``before(request)`` runs first and may crash, hang, or return a raw line to write
instead of the answer; ``after(request, reply)`` may change a correct answer.

Each breaks one request (an ``apply``, a ``state``...) of the protocol's base, so its
hello does not declare the ``batch`` feature (which would send its actions in
``batch`` requests) unless ``batch=True``.
"""

import json
import sys

from rookery.conformance.protocol.serve import reply_to
from rookery.conformance.protocol.session import Session


def main(before=None, after=None, batch=False, variants=None, session=None):
    session = session or Session(variants)
    for line in sys.stdin:
        request = json.loads(line)
        raw = before(request) if before else None
        if raw is None:
            reply = reply_to(session, request)
            if request.get("cmd") == "hello" and not batch:
                reply["features"] = [f for f in reply["features"] if f != "batch"]
            if after:
                reply = after(request, reply)
            raw = json.dumps(reply)
        sys.stdout.write(raw + "\n")
        sys.stdout.flush()
        if request.get("cmd") == "quit":
            return
