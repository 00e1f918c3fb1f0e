"""Trick play (``play:`` clauses): follow the led color if able, except with the cards
that may be played anytime; the highest trump wins, else the highest card of the led
color; the winner leads next."""

from __future__ import annotations

from ..errors import IllegalAction
from . import claim
from .actions import Action, Event
from .attribution import points_rules, trick_rules


def first_leader(hand) -> int:
    """Who leads the first trick (``play.leader``)."""
    rule = hand.variant.play.leader
    n = hand.n
    if hand.circus_namer is not None:
        return hand.circus_namer
    if rule == "left-of-dealer":
        return (hand.dealer + 1) % n
    if rule == "bidder":
        return hand.bidder
    if rule == "bidder-chooses":
        return hand.chosen_leader
    return (hand.bidder + 1) % n


def start(hand) -> list[Event]:
    hand.leader = hand.to_act = first_leader(hand)
    return []


def playable(hand, seat: int) -> list[int]:
    """Distinct cards ``seat`` may play now."""
    held = hand.hands[seat]
    if hand.t.duplicates:
        held = list(dict.fromkeys(held))
    if not hand.trick_cards or hand.follow_any:
        return list(held)
    suit_of = hand.ctx.suit_of
    led = hand.led
    follow = [c for c in held if suit_of[c] == led]
    if not follow:
        return list(held)
    anytime = hand.t.anytime
    if anytime:
        follow += [c for c in held if c in anytime and suit_of[c] != led]
    return follow


def legal(hand) -> list[Action]:
    actions = hand.t.play_actions
    legal = [actions[c] for c in playable(hand, hand.to_act)]
    if hand.variant.play.claim != "none" and claim.allowed(hand):
        legal.append(claim.CLAIM)
    return legal


def apply(hand, action: Action) -> list[Event]:
    if action.kind == "claim":
        return claim.apply(hand, action)
    if action.kind != "play":
        raise IllegalAction("wrong-phase", f"'{action}': it is time to play a card")
    seat = hand.to_act
    card = hand.t.card_of.get(action.value) if type(action.value) is str else None
    if card is None:
        card = hand.card(action.value)      # raises unknown-card
    held = hand.hands[seat]
    if card not in held:
        raise IllegalAction("card-not-in-hand", f"seat {seat} does not hold {action.value}")
    ctx = hand.ctx
    suit = ctx.suit_of[card]
    trick = hand.trick_cards
    if trick:
        led = hand.led
        if suit != led and not hand.follow_any and card not in hand.t.anytime and \
                any(ctx.suit_of[c] == led for c in held):
            raise IllegalAction("must-follow-color",
                                f"seat {seat} holds {hand.t.variant.deck.colors[led].name} "
                                f"and must follow the led color",
                                hand.t.rule("play", "follow"))
    else:
        led = hand.led = suit
    held.remove(card)
    trick.append(card)
    hand.trick_seats.append(seat)
    key = ctx.trump_key[card]
    if key < 0:
        key = ctx.rank_key[card] if suit == led else -1
    if key > hand.best_key or (hand.last_played_wins and key == hand.best_key):
        hand.best_key, hand.best_seat = key, seat
    events = [hand.t.played_events[seat][card]]
    if hand.partners and card in hand.called and seat not in hand.revealed:
        hand.revealed.add(seat)
        events.append(Event("partner-revealed", seat, {"card": action.value},
                            (hand.t.rule("table", "sides"),)))
    if len(trick) < hand.n:
        hand.to_act = (seat + 1) % hand.n
        return events
    return events + _finish_trick(hand)


def _finish_trick(hand) -> list[Event]:
    winner = hand.best_seat
    cards = tuple(hand.trick_cards)
    points = sum(hand.t.points[c] for c in cards)
    hand.tricks.append((hand.leader, cards, tuple(hand.trick_seats), winner))
    hand.tricks_won[winner] += 1
    hand.points_won[winner] += points
    rules = trick_rules(hand, hand.ctx, cards, hand.trick_seats, winner)
    hand.trick_rules.append(rules)
    hand.trick_cards = []
    hand.trick_seats = []
    hand.best_key, hand.best_seat = -2, None
    hand.leader = hand.to_act = winner
    codes = hand.t.codes
    events = [Event("trick-won", winner, {"cards": [codes[c] for c in cards],
                                          "points": points, "trick": len(hand.tricks)},
                    rules + points_rules(hand) if points else rules)]
    if len(hand.tricks) == hand.variant.deal.hand:
        events += hand.finish_play()
    return events
