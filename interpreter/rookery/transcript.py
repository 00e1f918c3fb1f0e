"""A readable transcript of a game: the deal, the auction, the nest, trump, every trick
and its winner, each hand's score and the game's."""

from __future__ import annotations

from collections.abc import Iterator

from .engine import Event, Game


def seat_name(game: Game, seat: int) -> str:
    t = game.t
    if t.team_of is not None:
        return f"seat {seat} (team {t.team_of[seat]})"
    return f"seat {seat}"


def keeper_name(game: Game, keeper: int) -> str:
    return f"team {keeper}" if game.t.team_of is not None else f"seat {keeper}"


def describe_deal(game: Game) -> Iterator[str]:
    hand = game.hand
    yield f"Hand {len(game.results) + 1}: dealer {seat_name(game, hand.dealer)}"
    for seat in range(hand.n):
        yield f"  {seat_name(game, seat):<16} " + " ".join(hand.observation(seat)["hand"])
    if hand.start_nest:
        yield f"  {'nest':<16} " + " ".join(hand.start_nest)


def describe_event(game: Game, event: Event, actor: int | None, action) -> Iterator[str]:
    kind, seat, data = event
    if kind == "bid":
        auto = " (automatic)" if data.get("automatic") else ""
        yield f"  {seat_name(game, seat)} bids {data['amount']}{auto}"
    elif kind == "pass":
        yield f"  {seat_name(game, seat)} passes"
    elif kind == "forced-bid":
        yield f"  {seat_name(game, seat)} is forced to take the bid at {data['amount']}"
    elif kind == "auction-won":
        yield f"  {seat_name(game, seat)} wins the auction at {data['bid']}"
    elif kind == "thrown-in":
        yield "  everyone passed: the hand is thrown in"
    elif kind == "nest-taken":
        yield f"  {seat_name(game, seat)} takes the nest"
    elif kind == "nest-laid-aside":
        laid = " ".join(game.t.codes[c] for c in game.hand.laid_aside)
        yield f"  {seat_name(game, seat)} lays aside {laid}"
    elif kind == "passing" and data["direction"] != "none":
        yield f"  everyone passes {data['cards']} cards to the {data['direction']}"
    elif kind == "trump-named":
        yield f"  {seat_name(game, seat)} names trump: {data['trump']}"
    elif kind == "rook-called":
        yield f"  {seat_name(game, seat)} calls the Rook {data['rook']}"
    elif kind == "card-called":
        yield f"  {seat_name(game, seat)} calls {data['card']} as partner"
    elif kind == "partner-revealed":
        yield f"  {seat_name(game, seat)} is revealed as the bidder's partner"
    elif kind == "leader-chosen":
        yield f"  {seat_name(game, seat)} has {seat_name(game, data['leader'])} lead"
    elif kind == "trick-won":
        yield (f"  trick {data['trick']:>2}: {' '.join(data['cards']):<24} won by "
               f"{seat_name(game, seat)}" + (f", {data['points']} points" if data['points'] else ""))
    elif kind == "hand-scored" and not data["thrown_in"]:
        outcome = "made" if data["made"] else "set"
        yield f"  bid {data['bid']} by {seat_name(game, data['bidder'])}: {outcome}"
        for side in data["sides"]:
            seats = ", ".join(str(s) for s in side["seats"])
            yield (f"    seats {seats}: {side['counters']} in counters + {side['bonus']} bonus "
                   f"= {side['taken']} taken, scores {side['score']:+d}")
        yield "  running score: " + ", ".join(
            f"{keeper_name(game, k)} {s}" for k, s in enumerate(data["scores"]))
    elif kind == "game-over":
        names = " and ".join(keeper_name(game, k) for k in data["winners"])
        yield f"Game over: {names} won, " + ", ".join(
            f"{keeper_name(game, k)} {s}" for k, s in enumerate(data["scores"]))
    elif kind == "game-stopped":
        yield f"Game stopped: {data['reason']}, " + ", ".join(
            f"{keeper_name(game, k)} {s}" for k, s in enumerate(data["scores"]))
