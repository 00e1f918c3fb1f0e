"""Hostile engine: answers a deal with JSON nested 100,000 levels deep."""
from _protocol import main


def before(request):
    if request.get("cmd") == "deal":
        return "[" * 100_000 + "]" * 100_000


main(before)
