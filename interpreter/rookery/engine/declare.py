"""The bid winner's declarations (``trump:``, ``table: sides called``, ``play: leader``):
naming trump (or no trump), calling the Rook high or low, calling a partner's card, and
choosing who leads."""

from __future__ import annotations

from ..errors import IllegalAction
from .actions import Action, Event

ROOK_CALLS = (Action("rook", "high"), Action("rook", "low"))
LEADER_CHOICES = (Action("leader", "self"), Action("leader", "left"))


# -- trump ---------------------------------------------------------------------------------

def legal_trump(hand) -> tuple[Action, ...]:
    return hand.t.trump_actions


def apply_trump(hand, action: Action) -> list[Event]:
    if action.kind != "trump":
        raise IllegalAction("wrong-phase", f"'{action}': the bid winner is naming trump")
    if action not in hand.t.trump_actions:
        raise IllegalAction("trump-not-allowed", f"'{action.value}' cannot be named trump; "
                            "choices: " + ", ".join(str(a.value) for a in hand.t.trump_actions))
    hand.ctx = hand.t.context(str(action.value))
    events = [Event("trump-named", hand.bidder, {"trump": action.value})]
    if hand.hidden_received is not None:
        hand.hands[hand.bidder].extend(hand.hidden_received)
        hand.hidden_received = None
    return events + hand.advance()


# -- the Rook called high or low --------------------------------------------------------------

def legal_rook(hand) -> tuple[Action, ...]:
    return ROOK_CALLS


def apply_rook(hand, action: Action) -> list[Event]:
    if action not in ROOK_CALLS:
        raise IllegalAction("wrong-phase", f"'{action}': the bid winner calls the Rook "
                            "high or low")
    hand.ctx = hand.t.context(f"{hand.ctx.call.split()[0]} {action.value}")
    return [Event("rook-called", hand.bidder, {"rook": action.value})] + hand.advance()


# -- calling a partner's card ------------------------------------------------------------------

def legal_call(hand) -> list[Action]:
    held = set(hand.hands[hand.bidder])
    actions = hand.t.call_actions
    return [actions[c] for c in range(len(actions))
            if c not in held and c not in hand.called]


def apply_call(hand, action: Action) -> list[Event]:
    if action.kind != "call":
        raise IllegalAction("wrong-phase", f"'{action}': the bid winner calls a card")
    card = hand.card(action.value)
    if card in hand.hands[hand.bidder]:
        raise IllegalAction("cannot-call-own-card", f"the bid winner holds {action.value}")
    if card in hand.called:
        raise IllegalAction("already-called", f"{action.value} is already called")
    hand.called.append(card)
    events = [Event("card-called", hand.bidder, {"card": action.value})]
    if len(hand.called) == hand.variant.table.calls:
        hand.partners = frozenset(seat for seat in range(hand.n) if seat != hand.bidder
                                  and any(c in hand.hands[seat] for c in hand.called))
        events += hand.advance()
    return events


# -- who leads --------------------------------------------------------------------------------

def legal_leader(hand) -> tuple[Action, ...]:
    return LEADER_CHOICES


def apply_leader(hand, action: Action) -> list[Event]:
    if action not in LEADER_CHOICES:
        raise IllegalAction("wrong-phase", f"'{action}': the bid winner chooses who leads "
                            "(leader self or leader left)")
    hand.chosen_leader = hand.bidder if action.value == "self" else (hand.bidder + 1) % hand.n
    return [Event("leader-chosen", hand.bidder, {"leader": hand.chosen_leader})] + hand.advance()
