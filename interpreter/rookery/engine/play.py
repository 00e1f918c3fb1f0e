"""Trick play (``play:`` clauses): follow the led color if able, except with the cards
that may be played anytime; the highest trump wins, else the highest card of the led
color; the winner leads next."""

from __future__ import annotations

import functools

from ..errors import IllegalAction
from . import claim
from .actions import Action, Event
from .attribution import points_rules, trick_rules, wrong_phase


def first_leader(hand) -> int:
    """Who leads the first trick: the player who named trump by a Circus Rook call,
    else as ``play.leader`` says (:func:`leader_rule`)."""
    if hand.circus_namer is not None:
        return hand.circus_namer
    return leader_rule(hand.variant.play.leader, hand.n)(hand)


@functools.cache
def leader_rule(rule: str, players: int):
    """``play.leader`` as a function of a hand, where no Circus Rook call was made: the
    player left of the dealer, the bid winner, the one the bid winner chose, or the
    player left of the bid winner (``left-of-bidder``).  Made once per rule and table
    size (a playout's trump verb keeps it, ``engine/fast_auction.py``)."""
    if rule == "left-of-dealer":
        return lambda hand: (hand.dealer + 1) % players
    if rule == "bidder":
        return lambda hand: hand.bidder
    if rule == "bidder-chooses":
        return lambda hand: hand.chosen_leader
    return lambda hand: (hand.bidder + 1) % players


def start(hand) -> list[Event]:
    hand.leader = hand.to_act = first_leader(hand)
    return []


def playable(hand, seat: int) -> list[int]:
    """Distinct cards ``seat`` may play now."""
    card_of = hand.t.card_of
    return [card_of[action.value] for action in legal(hand, seat)]


def legal(hand, seat: int | None = None) -> list[Action]:
    """The ``play`` actions of the seat to act (or of ``seat``): one per distinct card
    it may play now; and ``claim`` where ``play.claim`` allows it now."""
    held = hand.hands[hand.to_act if seat is None else seat]
    t = hand.t
    if t.duplicates:
        held = dict.fromkeys(held)          # each card once
    actions = t.play_actions
    if hand.trick_cards and not hand.follow_any:
        # The cards of the led color, and those playable anytime (comprehensions: a
        # tuple's __getitem__ handed to map is a slot wrapper, slow to call).
        ctx = hand.ctx
        led = hand.led
        members = ctx.members[led]
        follow = [actions[card] for card in held if card in members]
        if follow:
            extra = ctx.anytime_off[led]
            if extra and not extra.isdisjoint(held):
                follow += [actions[card] for card in held if card in extra]
            return follow
    actions = [actions[card] for card in held]
    # A claim is made on lead only (engine/claim.py says when it is certain).
    if t.claims and seat is None and not hand.trick_cards and claim.allowed(hand):
        actions.append(claim.CLAIM)
    return actions


def apply(hand, action: Action, seat: int | None = None) -> list[Event]:
    """Play a card.  A playout hand calls this directly (``hand.DIRECT``): an action
    given for a seat or as its notation goes the checked way round."""
    if seat is not None or type(action) is not Action:
        return hand.checked_apply(action, seat)
    t = hand.t
    card = t.card_of_play.get(action)
    if card is None:
        if action.kind == "claim":
            return _lay_down(hand)
        if action.kind != "play":
            raise wrong_phase(hand, f"'{action}': it is time to play a card")
        card = hand.card(action.value)      # raises unknown-card
    seat = hand.to_act
    held = hand.hands[seat]
    if card not in held:
        raise IllegalAction("card-not-in-hand", f"seat {seat} does not hold {action.value}")
    ctx = hand.ctx
    suit = ctx.suit_of[card]
    trick = hand.trick_cards
    if trick:
        led = hand.led
        if suit != led and not hand.follow_any and card not in t.anytime and \
                not ctx.members[led].isdisjoint(held):
            raise IllegalAction("must-follow-color",
                                f"seat {seat} holds {t.variant.deck.colors[led].name} "
                                f"and must follow the led color",
                                t.rule("play", "follow"))
    else:
        led = hand.led = suit
    held.remove(card)
    trick.append(card)
    hand.trick_seats.append(seat)
    # The card's strength in this trick: as a trump, else in the led color, else none.
    key = ctx.strength[led][card]
    if key > hand.best_key or (hand.last_played_wins and key == hand.best_key):
        hand.best_key = key
        hand.best_seat = seat
    if hand.record or hand.partners:
        return _played(hand, seat, card, action)
    if len(trick) < hand.n:
        hand.to_act = t.next_seat[seat]
        return ()
    _finish_trick(hand)
    return ()


def _played(hand, seat: int, card: int, action: Action) -> list[Event]:
    """What a card played shows when the hand records, or partners are called: the
    card, a called partner revealed, and the trick won once it is complete."""
    t = hand.t
    events = [t.played_events[seat][card]] if hand.record else None
    if hand.partners and card in hand.called and seat not in hand.revealed:
        hand.revealed.add(seat)
        if events is not None:
            events.append(Event("partner-revealed", seat, {"card": action.value},
                                (t.rule("table", "sides"),)))
    if len(hand.trick_cards) < hand.n:
        hand.to_act = t.next_seat[seat]
        return events if events is not None else ()
    finished = _finish_trick(hand)
    return events + finished if events is not None else ()


def _finish_trick(hand) -> list[Event]:
    winner = hand.best_seat
    t = hand.t
    cards = tuple(hand.trick_cards)
    points_of = t.points
    points = sum([points_of[card] for card in cards])
    tricks = hand.tricks
    tricks.append((hand.leader, cards, tuple(hand.trick_seats), winner))
    hand.tricks_won[winner] += 1
    hand.points_won[winner] += points
    record = hand.record
    if record:
        rules = trick_rules(hand, hand.ctx, cards, hand.trick_seats, winner)
        hand.trick_rules.append(rules)
    hand.trick_cards = []
    hand.trick_seats = []
    hand.best_key = -2
    hand.best_seat = None
    hand.leader = hand.to_act = winner
    last = len(tricks) == t.tricks_per_hand
    if not record:
        return hand.finish_play() if last else None
    codes = t.codes
    events = [Event("trick-won", winner, {"cards": [codes[c] for c in cards],
                                          "points": points, "trick": len(hand.tricks)},
                    rules + points_rules(hand) if points else rules)]
    if last:
        events += hand.finish_play()
    return events


def _lay_down(hand) -> list[Event]:
    """A claim (``play.claim``): the claimant lays the rest of its hand down, leading its
    cards from the strongest down; the others play their first legal card, and every
    trick is the claimant's (:mod:`rookery.engine.claim` says when a claim is certain)."""
    seat, rule = claim.check(hand)
    codes = hand.t.codes
    events = [Event("claim", seat, {"cards": [codes[c] for c in claim.lead_order(hand, seat)]},
                    (rule,))]
    while not hand.is_over:
        if hand.to_act == seat:
            card = claim.lead_order(hand, seat)[0]
        else:
            card = playable(hand, hand.to_act)[0]
        events += apply(hand, hand.t.play_actions[card])
    return events if hand.record else ()
