"""Broken engine: when trump is named, prints a line that is not JSON."""
from _protocol import main


def before(request):
    if request.get("cmd") == "apply" and request["action"].startswith("trump"):
        return "Trump is named!!! <state dump follows>"


main(before)
