"""Trick play in a playout, specialised once per variant (issue 21).

:mod:`rookery.engine.play` is the interpreter of the ``play:`` clauses: at every card it
reads from the hand which rules are in force (follow any card, cards playable anytime, a
tie won by the card played last, claims, duplicate cards, called partners).  Those are
fixed by the variant, so here the legal cards and the card played are closures built once
per variant from its compiled tables, with the rules that do not apply left out rather
than tested at every card.  Whatever is unusual (a card not held, a card that does not
follow, an action that is not a card, a seat given) goes to the interpreter, which says
why it refuses it in its own words.

Only a playout hand (``record=False``, no dummy) uses these (a claim is laid down by the
interpreter).  ``tests/test_engine_playout.py``
plays a playout hand and a recording hand (the interpreter) side by side on every variant.
"""

from __future__ import annotations

from . import claim, play
from .actions import Action


def play_verbs(t) -> tuple:
    """``(legal_actions, apply)`` of the play phase for a playout hand of ``t``'s
    variant."""
    follow_any, _, _, last_played_wins = t.play_rules
    play_actions = t.play_actions
    card_of_play = t.card_of_play.get
    anytime = t.anytime
    next_seat = t.next_seat
    trick_points = _trick_points(t.points, t.players)
    players = t.players
    tricks_per_hand = t.tricks_per_hand
    duplicates = t.duplicates
    claims = t.claims
    called = t.variant.table.sides == "called"
    general_apply = play.apply
    # The seats of a trick by its leader: a playout's cards go round the table in turn.
    seats_from = tuple(tuple((leader + i) % players for i in range(players))
                       for leader in range(players))

    def legal_actions(hand) -> list[Action]:
        """The cards the seat to act may play (:func:`rookery.engine.play.legal`), and a
        claim where ``play.claim`` allows it now."""
        held = hand.hands[hand.to_act]
        if duplicates:
            held = dict.fromkeys(held)          # each card once
        # (Comprehensions over the tables themselves: a tuple's ``__getitem__`` handed
        # to map is a slot wrapper, slower to call than the loop is to run.)
        if hand.trick_cards and not follow_any:
            ctx = hand.ctx
            led = hand.led
            members = ctx.members[led]
            follow = [play_actions[card] for card in held if card in members]
            if follow:
                extra = ctx.anytime_off[led]
                if extra and not extra.isdisjoint(held):
                    follow += [play_actions[card] for card in held if card in extra]
                return follow
        actions = [play_actions[card] for card in held]
        if claims and not hand.trick_cards and claim.allowed(hand):
            actions.append(claim.CLAIM)
        return actions

    def apply(hand, action: Action, seat: int | None = None):
        """Play a card (:func:`rookery.engine.play.apply`); anything it would refuse, or
        that is not a card given as an Action, goes to the interpreter."""
        card = card_of_play(action) if seat is None and type(action) is Action else None
        if card is None:
            return general_apply(hand, action, seat)
        seat = hand.to_act
        held = hand.hands[seat]
        if card not in held:
            return general_apply(hand, action)          # refuses: not held
        ctx = hand.ctx
        trick = hand.trick_cards
        if trick:
            led = hand.led
            if not follow_any and ctx.suit_of[card] != led and card not in anytime and \
                    not ctx.members[led].isdisjoint(held):
                return general_apply(hand, action)      # refuses: must follow
        else:
            led = hand.led = ctx.suit_of[card]
        held.remove(card)
        trick.append(card)
        hand.trick_seats.append(seat)
        key = ctx.strength[led][card]
        best = hand.best_key
        if key > best or (last_played_wins and key == best):
            hand.best_key = key
            hand.best_seat = seat
        if called and hand.partners and card in hand.called and seat not in hand.revealed:
            hand.revealed.add(seat)             # a called partner shows itself
        if len(trick) < players:
            hand.to_act = next_seat[seat]
            return ()
        # The trick is complete: its winner takes it and leads next.
        winner = hand.best_seat
        cards = tuple(trick)
        tricks = hand.tricks
        leader = hand.leader
        tricks.append((leader, cards, seats_from[leader], winner))
        hand.tricks_won[winner] += 1
        hand.points_won[winner] += trick_points(cards)
        # The trick's lists emptied for the next (the trick keeps tuples of its own).
        trick.clear()
        hand.trick_seats.clear()
        hand.best_key = -2
        hand.best_seat = None
        hand.leader = hand.to_act = winner
        if len(tricks) == tricks_per_hand:
            hand.finish_play()
        return ()

    return legal_actions, apply


def _trick_points(points, players: int):
    """The points of a whole trick's cards (``players`` card ids), the sum written out
    for the variant's number of players: ``sum(map(points.__getitem__, cards))`` without
    an iterator made at every trick.  Written from the player count alone (an ``int``)."""
    names = [f"card_{seat}" for seat in range(players)]
    source = (f"def trick_points(cards):\n"
              f"    {', '.join(names)}, = cards\n"
              f"    return {' + '.join(f'points[{name}]' for name in names)}\n")
    namespace = {"points": points}
    exec(compile(source, "<trick points>", "exec"), namespace)  # noqa: S102 - see above
    return namespace["trick_points"]
