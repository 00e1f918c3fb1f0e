"""The bid winner's declarations (``trump:``, ``table: sides called``, ``play: leader``):
naming trump (or no trump), calling the Rook high or low, calling a partner's card, and
choosing who leads."""

from __future__ import annotations

from ..errors import IllegalAction
from . import burial, passing
from .actions import Action, Event
from .attribution import wrong_phase

ROOK_CALLS = (Action("rook", "high"), Action("rook", "low"))
LEADER_CHOICES = (Action("leader", "self"), Action("leader", "left"))


# -- trump ---------------------------------------------------------------------------------

CIRCUS = Action("trump", "circus")


def _calls(hand) -> tuple[Action, ...]:
    if hand.circus_namer is not None:
        return tuple(a for a in hand.t.trump_actions if a != CIRCUS)
    return hand.t.trump_actions


def legal_trump(hand) -> list[Action]:
    """The calls the bid winner may name now, as a fresh list."""
    calls = hand.t.trump_actions if hand.circus_namer is None else _calls(hand)
    return list(burial.trump_choices(hand, calls))


def apply_trump(hand, action: Action, seat: int | None = None) -> list[Event]:
    """Name trump.  A playout hand calls this directly (``hand.DIRECT``): an action given
    for a seat or as its notation goes the checked way round."""
    if seat is not None or type(action) is not Action:
        return hand.checked_apply(action, seat)
    if action.kind != "trump":
        raise wrong_phase(hand, f"'{action}': trump is being named")
    t = hand.t
    calls = t.trump_actions if hand.circus_namer is None else _calls(hand)
    if action not in calls:
        raise IllegalAction("trump-not-allowed", f"'{action.value}' cannot be named trump; "
                            "choices: " + ", ".join(str(a.value) for a in legal_trump(hand)),
                            t.rule("trump", "choices"))
    if burial.applies(hand) and action not in legal_trump(hand):
        raise IllegalAction("trump-burial-unmet",
                            f"'{action.value}' cannot be named trump: the bid winner would "
                            "hold too few trump counters for the counters it must lay aside",
                            t.rule("nest", "forced-burial"))
    if action == CIRCUS:
        # Circus Rook: the player on the bid winner's left names trump instead.
        hand.circus_namer = hand.to_act = (hand.bidder + 1) % hand.n
        return [Event("circus-called", hand.bidder, {"namer": hand.circus_namer},
                      (hand.t.rule("trump", "choices"),))] if hand.record else ()
    namer = hand.to_act
    rook = hand.rook_call                   # the Rook called before trump
    hand.ctx = t.context(f"{action.value} {rook}" if rook else action.value)
    events = [Event("trump-named", namer, {"trump": action.value},
                    (t.rule("trump", "choices"),))] if hand.record else []
    if hand.hidden_received is not None:
        hand.hands[hand.bidder].extend(hand.hidden_received)
        hand.hidden_received = None
    if hand.circus_namer is not None:
        hand.phase = "circus"
        hand.given = [[] for _ in range(hand.n)]
        return events + [Event("circus-pass", None, {"first": namer})] if hand.record else ()
    after = hand.advance()
    return events + after if hand.record else ()


# -- the Circus Rook pass ------------------------------------------------------------------------

def _circus_choices(hand, seat: int) -> list[int]:
    """The cards ``seat`` may pass: its best if its side named trump, else its worst."""
    ctx = hand.ctx
    held = list(dict.fromkeys(hand.hands[seat]))

    def strength(card: int) -> int:
        key = ctx.trump_key[card]
        return key if key >= 0 else ctx.rank_key[card]

    namers = hand.t.team_of[seat] == hand.t.team_of[hand.circus_namer]
    extreme = max(map(strength, held)) if namers else min(map(strength, held))
    return [c for c in held if strength(c) == extreme]


def legal_circus(hand) -> list[Action]:
    actions = hand.t.give_actions
    return [actions[c] for c in _circus_choices(hand, hand.to_act)]


def apply_circus(hand, action: Action) -> list[Event]:
    card = passing.held_card(hand, action, "each player passes one card left")
    seat = hand.to_act
    if card not in _circus_choices(hand, seat):
        best = hand.t.team_of[seat] == hand.t.team_of[hand.circus_namer]
        raise IllegalAction("must-pass-best" if best else "must-pass-worst",
                            f"seat {seat} must pass its {'best' if best else 'worst'} card",
                            hand.t.rule("trump", "choices"))
    events = passing.give(hand, card)
    following = (seat + 1) % hand.n
    if following != hand.circus_namer:
        hand.to_act = following
        return events
    for giver, cards in enumerate(hand.given):
        hand.hands[(giver + 1) % hand.n].extend(cards)
    events.append(Event("cards-passed", None, {"direction": "left"}))
    return events + hand.advance()


# -- the Rook called high or low --------------------------------------------------------------

def legal_rook(hand) -> tuple[Action, ...]:
    return ROOK_CALLS


def apply_rook(hand, action: Action) -> list[Event]:
    if action not in ROOK_CALLS:
        raise IllegalAction("wrong-phase", f"'{action}': the bid winner calls the Rook "
                            "high or low")
    if hand.ctx is None:
        # Called before trump (``trump.rook-call before-trump``): it takes effect when
        # trump is named.
        hand.rook_call = action.value
    else:
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
        raise IllegalAction("cannot-call-own-card", f"the bid winner holds {action.value}",
                            hand.t.rule("table", "sides"))
    if card in hand.called:
        raise IllegalAction("already-called", f"{action.value} is already called",
                            hand.t.rule("table", "sides"))
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
