"""An engine that lays a forced burial aside in another order: the house rules of
``conformance/house/burial.rook`` (counters go to the nest only when forced, and then
trump counters), but a bid winner holding fewer cards without points than it has to lay
aside may lay the counters it is forced to bury first, before its plain cards.  Our
interpreter takes the plain cards first.  A burial is one act: the same cards go aside
by the same rule, so a fuzzing run must blame no rule and play every hand to its end."""
import json
from pathlib import Path

from _protocol import main

from rookery import load_variant
from rookery.conformance.protocol.session import Session

variant = load_variant(Path(__file__).resolve().parents[2] / "conformance" / "house" /
                       "burial.rook")
session = Session({variant.id: variant})


def counters_first(hand) -> list[int]:
    """The counters this engine lets go first: those the bid winner must bury anyway
    (trump counters, or any when it has too few of them)."""
    if hand is None or hand.phase != "discard" or hand.ctx is None:
        return []
    t = hand.t
    held = hand.hands[hand.bidder]
    plain = [card for card in held if not t.points[card]]
    if not plain or hand.discards_left <= len(plain):
        return []
    counters = [card for card in held if t.points[card]]
    trump = [card for card in counters if card in t.always_trump or hand.ctx.trump_key[card] >= 0]
    buried = [card for card in hand.laid_aside if t.points[card]]
    must = hand.discards_left - len(plain) + len(buried)
    enough = len(trump) + sum(1 for card in buried if card in t.always_trump or
                              hand.ctx.trump_key[card] >= 0) >= must
    return trump if enough else counters


def before(request):
    hand = session.hand
    if request.get("cmd") != "apply" or request.get("seat") != getattr(hand, "bidder", None):
        return None
    kind, _, code = str(request.get("action")).partition(" ")
    first = {hand.t.codes[card]: card for card in counters_first(hand)}
    if kind != "discard" or code not in first:
        return None
    # laid aside now; plain cards are still to come, so the burial goes on
    hand.hands[hand.bidder].remove(first[code])
    hand.laid_aside.append(first[code])
    hand.discards_left -= 1
    return json.dumps({"ok": True, "accepted": True, "events": []})


def after(request, reply):
    state = reply.get("state")
    if request.get("cmd") == "state" and isinstance(state, dict) and "legal" in state:
        extra = [f"discard {session.hand.t.codes[card]}"
                 for card in counters_first(session.hand)]
        state["legal"] = state["legal"] + [a for a in extra if a not in state["legal"]]
    return reply


main(before=before, after=after, session=session)
