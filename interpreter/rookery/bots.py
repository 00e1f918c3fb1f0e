"""Players for demonstrations and tests: a uniformly random one and a simple, sensible
one.  Bots only read a hand's legal actions and what the acting seat may see."""

from __future__ import annotations

import random

from .engine import Action, Hand


class RandomBot:
    """Picks a uniformly random legal action."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, hand: Hand) -> Action:
        return self.rng.choice(hand.legal_actions())


class SimpleBot:
    """Bids on the strength of its longest color, lays aside and passes its weakest
    cards, names its longest color, and in play wins tricks cheaply or throws low."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, hand: Hand) -> Action:
        legal = hand.legal_actions()
        if len(legal) == 1:
            return legal[0]
        kind = legal[0].kind
        if hand.phase == "bidding":
            return self._bid(hand, legal)
        if kind in ("discard", "give"):
            return min(legal, key=lambda a: self._value(hand, a.value))
        if kind == "trump":
            return max(legal, key=lambda a: self._color_strength(hand, a.value))
        if kind == "play":
            return self._play(hand, legal)
        return self.rng.choice(legal)

    def _held(self, hand: Hand) -> list[int]:
        return hand.hands[hand.actor]

    def _value(self, hand: Hand, code: str) -> float:
        t = hand.t
        card = t.card_of[code]
        trumpish = card in t.always_trump or (hand.ctx is not None and hand.ctx.trump_key[card] >= 0)
        return t.points[card] * 2 + t.rank_index[card] + (50 if trumpish else 0)

    def _color_strength(self, hand: Hand, letter) -> float:
        t = hand.t
        if letter not in t.letters:
            return -1
        color = t.letters.index(letter)
        cards = [c for c in self._held(hand) if t.color_of[c] == color]
        return len(cards) * 10 + sum(t.rank_index[c] for c in cards)

    def _bid(self, hand: Hand, legal: list[Action]) -> Action:
        t = hand.t
        held = self._held(hand)
        best = max(range(len(t.letters)),
                   key=lambda c: sum(1 for card in held if t.color_of[card] == c))
        length = sum(1 for card in held if t.color_of[card] == best)
        high = sum(1 for card in held if t.rank_index[card] >= len(hand.variant.deck.ranks) - 2)
        share = length / max(1, len(held)) + high / max(1, 2 * len(held))
        worth = hand.variant.bidding.minimum + share * (t.max_bid - hand.variant.bidding.minimum) \
            * 0.6 + self.rng.uniform(-5, 10)
        bids = [a for a in legal if a.kind == "bid" and a.value <= worth]
        if bids:
            return bids[0]
        return next((a for a in legal if a.kind == "pass"), legal[0])

    def _play(self, hand: Hand, legal: list[Action]) -> Action:
        t, ctx = hand.t, hand.ctx
        seat = hand.to_act

        def strength(card: int) -> int:
            key = ctx.trump_key[card]
            if key >= 0:
                return key
            if hand.trick_cards and ctx.suit_of[card] != hand.led:
                return -1
            return ctx.rank_key[card]

        cards = [t.card_of[a.value] for a in legal]
        if not hand.trick_cards:
            return t.play_actions[max(cards, key=lambda c: (strength(c), -t.points[c]))]
        partner_winning = t.team_of is not None and hand.best_seat is not None and \
            t.team_of[hand.best_seat] == t.team_of[seat]
        winners = [c for c in cards if strength(c) > hand.best_key]
        if winners and not partner_winning:
            return t.play_actions[min(winners, key=strength)]
        if partner_winning:
            return t.play_actions[max(cards, key=lambda c: (t.points[c], -strength(c)))]
        return t.play_actions[min(cards, key=lambda c: (t.points[c], strength(c)))]
