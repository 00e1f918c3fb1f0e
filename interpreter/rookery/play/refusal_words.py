"""A refused action told to the person at the table in a player's words.

The engine refuses an action with a stable code and a message for engines and logs
(``card-not-in-hand: seat 0 does not hold G5``).  At the table the person hears what a
player across the table would say: "you don't hold G5; it was played in trick 1", "you
must follow red: you hold R5 R9", "the high bid is 75: bid 80 or more".  Only what the
person may know is said: where a card went when it was played or laid aside by them,
never which other player holds it.
"""

from __future__ import annotations

from ..engine import Action, Hand
from ..engine.codes import CATALOGUE
from ..errors import IllegalAction


def in_players_words(hand: Hand, seat: int, action: Action, error: IllegalAction) -> str:
    """What the person at ``seat`` hears when ``action`` is refused with ``error``."""
    said = _SAID.get(error.code)
    words = said(hand, seat, action) if said else None
    if words:
        return words
    meaning = CATALOGUE[error.code].meaning if error.code in CATALOGUE else error.message
    return f"not allowed: {meaning}"


def _not_held(hand: Hand, seat: int, action: Action) -> str:
    """``card-not-in-hand``: where the card went, when the person saw it go."""
    code = str(action.value)
    t = hand.t
    card = t.card_of.get(code)
    said = f"you don't hold {code}"
    for number, (_, cards, seats, _) in enumerate(hand.tricks, 1):
        if card in cards:
            if seats[cards.index(card)] == seat:
                return f"{said}; you played it in trick {number}"
            return f"{said}; it was played in trick {number}"
    if card in hand.trick_cards:
        return f"{said}; it was played to this trick"
    if seat == hand.bidder and card in hand.laid_aside:
        return f"{said}; you laid it aside in the nest"
    return said


def _must_follow(hand: Hand, seat: int, action: Action) -> str | None:
    """``must-follow-color``: the color led and the cards of it the person holds."""
    ctx = hand.ctx
    if ctx is None or hand.led < 0:
        return None
    t = hand.t
    held = [c for c in hand.hands[hand.to_act] if ctx.suit_of[c] == hand.led]
    if not held:
        return None
    trump = ctx.trump_key[held[0]] >= 0
    color = t.color_of[held[0]]
    name = "trump" if trump or color < 0 else hand.variant.deck.colors[color].name
    codes = " ".join(t.codes[c] for c in held)
    return f"you must follow {name}, the color led: you hold {codes}"


def _too_low(hand: Hand, seat: int, action: Action) -> str:
    b = hand.variant.bidding
    if hand.high and action.value <= hand.high:
        return (f"the high bid is {hand.high}: bid more ({hand.high + b.step} or above), "
                "or pass")
    return f"the lowest bid is {b.minimum}"


_SAID = {
    "card-not-in-hand": _not_held,
    "must-follow-color": _must_follow,
    "bid-too-low": _too_low,
    "bid-too-high": lambda hand, seat, action: f"the highest bid is {hand.t.max_bid}",
    "bid-not-multiple": lambda hand, seat, action: (
        f"bids go in steps of {hand.variant.bidding.step} from "
        f"{hand.variant.bidding.minimum}"),
    "bid-jump": lambda hand, seat, action: (
        f"each bid raises the last by exactly {hand.variant.bidding.step}: bid "
        f"{hand.high + hand.variant.bidding.step if hand.high else hand.variant.bidding.minimum}"
        " or pass"),
    "not-your-turn": lambda hand, seat, action: "it is not your turn",
}
