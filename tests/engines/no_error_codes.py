"""A correct engine that gives no error codes (hello says error_codes: false) and plays
only Tournament Rook."""
from _protocol import main


def after(request, reply):
    if request.get("cmd") == "hello":
        reply.update(error_codes=False, variants=["tournament"], name="no-codes")
    if request.get("cmd") == "apply" and reply.get("accepted") is False:
        reply["code"] = None
    return reply


main(after=after)
