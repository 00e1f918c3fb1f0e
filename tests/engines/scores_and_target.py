"""A user's engine with two quirks of its own (not a mutant of our spec): the side that
wins the auction scores 20 more each hand, and the game ends at 500, not 300.  Its
running totals carry the bonus from hand to hand, as a real engine's would.

Every finished hand's result differs (the bonus), so the spec's end of the game can
never be compared with the engine's: fuzz must judge the game's end from the engine's
own totals and name ``game.target`` as broken, never let it conform, and go on with a
game from the engine's totals (``tests/test_witnesses.py``)."""
from _protocol import main

TARGET = 500
BONUS = 20
game = {"before": [0, 0], "after": None}    # the bonus carried into this hand, and after


def after(request, answer):
    if request.get("cmd") == "deal":
        if request.get("next"):
            game["before"] = list(game["after"] or game["before"])
        else:
            game["before"] = [0, 0]
        game["after"] = None
    reply = answer.get("state") if isinstance(answer, dict) else None
    if request.get("cmd") != "state" or not isinstance(reply, dict):
        return answer
    before = game["before"]
    reply["scores"] = [s + b for s, b in zip(reply["scores"], before)]
    result = reply.get("result")
    if not result:
        return answer
    carried = list(before)
    if not result.get("thrown_in"):
        keeper = reply.get("bidder") % 2          # Tournament: seats 0 and 2, 1 and 3
        result["changes"][keeper] += BONUS
        carried[keeper] += BONUS
    result["scores"] = [s + c for s, c in zip(result["scores"], carried)]
    game["after"] = carried
    top = max(result["scores"])
    reply["game_over"] = {"winners": [k for k, s in enumerate(result["scores"])
                                      if s == top]} if top >= TARGET else False
    return answer


main(after=after)
