"""A user's engine with two quirks of its own (not a mutant of our spec): the side that
wins the auction scores 20 more each hand, and the game ends at 500, not 300.

Every finished hand's result differs (the bonus), so the spec's end of the game can
never be compared with the engine's: fuzz must judge the game's end from the engine's
own totals and name ``game.target`` as broken, never let it conform
(``tests/test_witnesses.py``)."""
from _protocol import main

TARGET = 500


def after(request, answer):
    reply = answer.get("state") if isinstance(answer, dict) else None
    if not isinstance(reply, dict):
        return answer
    result = reply.get("result") if isinstance(reply, dict) else None
    if request.get("cmd") != "state" or not result or result.get("thrown_in"):
        return answer
    bidder = reply.get("bidder")
    keeper = bidder % 2                     # Tournament: seats 0 and 2, 1 and 3
    result["changes"][keeper] += 20
    result["scores"][keeper] += 20
    top = max(result["scores"])
    reply["game_over"] = {"winners": [k for k, s in enumerate(result["scores"])
                                      if s == top]} if top >= TARGET else False
    return answer


main(after=after)
