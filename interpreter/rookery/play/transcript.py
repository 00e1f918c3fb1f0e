"""A readable transcript of a game: the deal, the auction, the nest, trump (named in
words), every trick with who led it and who won it, each hand's score and the game's.

The functions read the hand an event happened in (not the game's current hand: by the
time the last trick's events are read, the game may have dealt the next one)."""

from __future__ import annotations

from collections.abc import Iterator

from ..engine import Event, Hand
from ..engine.moon import high_bid
from ..engine.tables import Tables


def seat_name(t: Tables, seat: int) -> str:
    if t.team_of is not None:
        return f"seat {seat} (team {t.team_of[seat]})"
    return f"seat {seat}"


def keeper_name(t: Tables, keeper: int) -> str:
    """A score keeper: a team, or a seat when sides are not fixed teams."""
    return f"team {keeper}" if t.team_of is not None else f"seat {keeper}"


def trump_in_words(hand: Hand, call: str) -> str:
    """A trump call as a player says it: ``R`` -> "red", ``none`` -> "no trump",
    ``R-low`` -> "red, ranks reversed (low card wins)", ``circus`` -> "circus"."""
    colors = {color.letter: color.name for color in hand.variant.deck.colors}
    base, _, low = str(call).partition("-")
    if base == "none":
        return "no trump"
    if base not in colors:
        return str(call)
    return colors[base] + (", ranks reversed (the low card wins)" if low else "")


def scores_line(t: Tables, scores) -> str:
    return ", ".join(f"{keeper_name(t, k)} {s}" for k, s in enumerate(scores))


def points_taken(hand: Hand) -> list[int]:
    """The counters each score keeper (a team, or a seat when sides are not fixed teams)
    has taken in tricks so far this hand; the nest's counters are scored at the end."""
    t = hand.t
    taken = [0] * t.keepers
    for seat, points in enumerate(hand.points_won):
        taken[t.team_of[seat] if t.team_of is not None else seat] += points
    return taken


def points_line(hand: Hand) -> str:
    """The running points of each side in the hand and the bid to make:
    ``points taken: team 0 25, team 1 10; seat 2 (team 0) bid 85``."""
    t = hand.t
    line = "points taken: " + ", ".join(f"{keeper_name(t, k)} {p}"
                                        for k, p in enumerate(points_taken(hand)))
    if hand.bidder is not None and hand.high:
        line += f"; {seat_name(t, hand.bidder)} bid {high_bid(hand)}"
    return line


def describe_deal(hand: Hand, number: int, seats: tuple[int, ...] | None = None
                  ) -> Iterator[str]:
    """The deal of hand ``number`` (1 = the first): every hand and the nest, or only the
    hands of ``seats`` (a person at the table sees only their own)."""
    t = hand.t
    yield f"Hand {number}: dealer {seat_name(t, hand.dealer)}"
    for seat in range(hand.n) if seats is None else seats:
        yield f"  {seat_name(t, seat):<16} " + " ".join(dealt_hand(hand, seat))
    if hand.start_nest:
        if seats is None:
            yield f"  {'nest':<16} " + " ".join(hand.start_nest)
        else:
            yield f"  {'nest':<16} {len(hand.start_nest)} cards, face down"


def dealt_hand(hand: Hand, seat: int) -> list[str]:
    """The cards ``seat`` was dealt, sorted by color and rank."""
    t = hand.t
    cards = sorted((t.card_of[code] for code in hand.start_hands[seat]),
                   key=lambda c: (t.color_of[c] if t.color_of[c] >= 0 else 99,
                                  t.rank_index[c]))
    return [t.codes[c] for c in cards]


def describe_trick(hand: Hand, index: int) -> str:
    """Trick ``index`` (0-based) of ``hand``: who led, the cards in the order played,
    who won it and the counters in it."""
    t = hand.t
    leader, cards, seats, winner = hand.tricks[index]
    points = sum(t.points[c] for c in cards)
    played = " ".join(t.codes[c] for c in cards)
    return (f"  trick {index + 1:>2}: {seat_name(t, leader)} leads: {played:<24} "
            f"won by {seat_name(t, winner)}" + (f", {points} points" if points else ""))


def describe_event(hand: Hand, event: Event) -> Iterator[str]:
    """The lines a transcript gives for one event of ``hand``."""
    t = hand.t
    kind, seat, data = event.kind, event.seat, event.data
    if kind == "bid":
        auto = " (automatic)" if data.get("automatic") else ""
        yield f"  {seat_name(t, seat)} bids {data['amount']}{auto}"
    elif kind == "pass":
        yield f"  {seat_name(t, seat)} passes"
    elif kind == "moon":
        yield f"  {seat_name(t, seat)} shoots the moon: a bid to take every trick"
    elif kind == "forced-bid":
        yield f"  {seat_name(t, seat)} is forced to take the bid at {data['amount']}"
    elif kind == "auction-won":
        yield f"  {seat_name(t, seat)} wins the auction at {data['bid']}"
    elif kind == "thrown-in" and (data or {}).get("poor_hand"):
        yield f"  {seat_name(t, seat)} holds a poor hand: the cards are thrown in"
    elif kind == "thrown-in":
        yield "  everyone passed: the hand is thrown in"
    elif kind == "nest-taken":
        yield f"  {seat_name(t, seat)} takes the nest"
    elif kind == "nest-laid-aside":
        laid = " ".join(t.codes[c] for c in hand.laid_aside)
        yield f"  {seat_name(t, seat)} lays aside {laid}"
    elif kind == "passing" and data["direction"] != "none":
        yield f"  everyone passes {data['cards']} cards to the {data['direction']}"
    elif kind == "trump-named":
        yield f"  {seat_name(t, seat)} names trump: {trump_in_words(hand, data['trump'])}"
    elif kind == "circus-called":
        yield (f"  {seat_name(t, seat)} calls circus: {seat_name(t, data['namer'])} "
               "names trump")
    elif kind == "rook-called":
        yield f"  {seat_name(t, seat)} calls the Rook {data['rook']}"
    elif kind == "card-called":
        yield f"  {seat_name(t, seat)} calls {data['card']} as partner"
    elif kind == "partner-revealed":
        yield f"  {seat_name(t, seat)} is revealed as the bidder's partner"
    elif kind == "leader-chosen":
        yield f"  {seat_name(t, seat)} has {seat_name(t, data['leader'])} lead"
    elif kind == "claim":
        yield (f"  {seat_name(t, seat)} claims the remaining tricks: "
               + " ".join(data["cards"]))
    elif kind == "trick-won":
        yield describe_trick(hand, data["trick"] - 1)
    elif kind == "hand-scored" and not data["thrown_in"]:
        outcome = "made" if data["made"] else "set"
        yield f"  bid {data['bid']} by {seat_name(t, data['bidder'])}: {outcome}"
        for side in data["sides"]:
            seats = ", ".join(str(s) for s in side["seats"])
            yield (f"    seats {seats}: {side['counters']} in counters + {side['bonus']} bonus "
                   f"= {side['taken']} taken, scores {side['score']:+d}")
        yield "  running score: " + scores_line(t, data["scores"])
    elif kind == "game-over":
        names = " and ".join(keeper_name(t, k) for k in data["winners"])
        yield f"Game over: {names} won, " + scores_line(t, data["scores"])
    elif kind == "game-stopped":
        yield f"Game stopped: {data['reason']}, " + scores_line(t, data["scores"])
