"""Players for demonstrations, tests and the human seat's opponents: a random one that
bids with restraint, and a sensible one that bids from hand strength and plays like a
careful club player.  Both are generic over variants: they read the variant's tables
(colors, ranks, counters, the trump order once trump is named), never a variant id.

Bots read a hand's legal actions and what the acting seat may see (its own cards, the
cards played so far, the auction, who is known to be a partner)."""

from __future__ import annotations

import random

from ..engine import Action, Hand

BOTS = ("simple", "random", "ismcts")


def make_bot(name: str, rng: random.Random, iterations: int | None = None,
             think: float | None = None):
    """The bot called ``name`` (one of :data:`BOTS`); the search bot (``ismcts``) thinks
    ``iterations`` playouts or ``think`` seconds a decision."""
    if name == "ismcts":
        from .ismcts import SearchBot
        return SearchBot(rng, SimpleBot(rng), iterations, think)
    return {"simple": SimpleBot, "random": RandomBot}[name](rng)


class RandomBot:
    """Plays a uniformly random legal card, but bids with restraint: in the auction it
    passes or makes the lowest bid the rules allow, with even odds, so contracts stay
    near the minimum and a game between random bots still reaches its target (bidding
    120 of 120 on a random hand sets the bidders hand after hand and the scores only
    fall)."""

    name = "random"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, hand: Hand) -> Action:
        legal = hand.legal_actions()
        if hand.phase == "bidding":
            bids = [a for a in legal if a.kind == "bid"]
            lowest = [min(bids, key=lambda a: a.value)] if bids else []
            passes = [a for a in legal if a.kind == "pass"]
            if lowest or passes:
                return self.rng.choice(lowest + passes)
        return self.rng.choice(legal)


def _teammates(hand: Hand, seat: int, other: int) -> bool:
    """Whether ``seat`` knows ``other`` to be on its side (``table: sides``): fixed teams
    are known to all; a called partner only to the bid winner once revealed, and to the
    partner itself, who holds the called card."""
    t = hand.t
    if seat == other:
        return True
    if t.team_of is not None:
        return t.team_of[seat] == t.team_of[other]
    if hand.variant.table.sides == "individual" or hand.bidder is None:
        return False
    if seat == hand.bidder:
        return other in hand.revealed
    if seat in hand.partners:
        return other == hand.bidder or other in hand.revealed
    # A defender knows the bid winner and the revealed partners are the other side; the
    # rest are on its own side once every called card has been seen.
    if other == hand.bidder or other in hand.revealed:
        return False
    return len(hand.revealed) >= len(hand.called)


class SimpleBot:
    """A sensible player.

    Bidding: values its hand (long, high cards in its best color as trump, the Rook and
    special trumps, high cards elsewhere) as the share of the counters its side can
    expect, and bids up to that share of the points, never beyond.
    Nest and passing: lays aside and gives away its weakest cards, keeping its trump
    color.  Trump: names its strongest color.
    Play: the bid winner's side draws trump while the opponents may hold some; it leads
    its sure winners, otherwise a low card; following, it wins a trick cheaply, trumps in
    only when the trick holds counters, and puts counters on a trick its partner is
    winning, else throws its cheapest card."""

    name = "simple"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, hand: Hand) -> Action:
        legal = hand.legal_actions()
        if len(legal) == 1:
            return legal[0]
        kind = legal[0].kind
        if hand.phase == "bidding":
            return self.bid_by_valuation(hand, legal)
        if kind in ("discard", "give"):
            return min(legal, key=lambda a: self._keep_value(hand, a.value))
        if kind == "trump":
            return max(legal, key=lambda a: self._color_strength(hand, a.value))
        if kind == "play":
            return self._play(hand, legal)
        if kind == "rook":
            return Action("rook", "high")
        return self.rng.choice(legal)

    # -- reading the hand -------------------------------------------------------------

    def _held(self, hand: Hand) -> list[int]:
        return hand.hands[hand.to_act]

    def best_color(self, hand: Hand) -> int:
        t = hand.t
        return max(range(len(t.letters)),
                   key=lambda c: self._color_strength(hand, t.letters[c]))

    def _color_strength(self, hand: Hand, letter) -> float:
        """How good ``letter`` is as trump for the acting seat: length counts most."""
        t = hand.t
        if letter not in t.letters:
            return -1
        color = t.letters.index(letter)
        cards = [c for c in self._held(hand) if t.color_of[c] == color]
        return len(cards) * 10 + sum(t.rank_index[c] for c in cards) + \
            sum(t.points[c] for c in cards) / 10

    def is_trump(self, hand: Hand, card: int, trump_color: int | None = None) -> bool:
        t = hand.t
        if card in t.always_trump:
            return True
        if hand.ctx is not None:
            return hand.ctx.trump_key[card] >= 0
        return trump_color is not None and t.color_of[card] == trump_color

    def _keep_value(self, hand: Hand, code: str) -> float:
        """How much the acting seat wants to keep a card (lowest goes first)."""
        t = hand.t
        card = t.card_of[code]
        trump = self.is_trump(hand, card, self.best_color(hand))
        return t.rank_index[card] + (100 if trump else 0) - t.points[card] / 5

    def hand_strength(self, hand: Hand) -> float:
        """The share (0 to 1) of the hand's points the acting seat's side can expect to
        take if it names its best color: trumps and the Rook win tricks, the top two
        ranks of another color win one each, the rest win none."""
        t = hand.t
        held = self._held(hand)
        top = len(hand.variant.deck.ranks) - 1
        trump = self.best_color(hand)
        winners = 0.0
        for card in held:
            rank = t.rank_index[card]
            if card in t.always_trump:
                winners += 1.0
            elif t.color_of[card] == trump:
                winners += 0.6 + 0.4 * rank / max(1, top)
            elif rank == top:
                winners += 0.8
            elif rank == top - 1:
                winners += 0.35
        own = min(1.0, winners / max(1, hand.variant.deal.hand))
        # The partners' share of the other tricks is unseen: count it as an even share.
        n = hand.n
        table = hand.variant.table
        side = n // table.teams if table.sides == "teams" else \
            1 + table.calls if table.sides == "called" else 1
        return own + (1 - own) * (side - 1) / max(1, n - 1)

    def bid_by_valuation(self, hand: Hand, legal: list[Action],
                         boldness: float = 0.0) -> Action:
        """The lowest bid open within the hand's worth (its strength, raised by
        ``boldness``, a share of the highest bid, times the highest bid), else pass;
        where no pass is allowed, the lowest bid."""
        bids = [a for a in legal if a.kind == "bid"]
        passes = [a for a in legal if a.kind == "pass"]
        if not bids:
            return passes[0] if passes else legal[0]
        worth = (self.hand_strength(hand) + boldness) * hand.t.max_bid
        within = [a for a in bids if a.value <= worth]
        if within:
            return min(within, key=lambda a: a.value)
        return passes[0] if passes else min(bids, key=lambda a: a.value)

    # -- play -------------------------------------------------------------------------

    def _play(self, hand: Hand, legal: list[Action]) -> Action:
        t, ctx = hand.t, hand.ctx
        seat = hand.to_act
        if any(a.kind == "claim" for a in legal):
            return next(a for a in legal if a.kind == "claim")   # every trick is sure
        cards = [t.card_of[a.value] for a in legal]

        def strength(card: int) -> int:
            key = ctx.trump_key[card]
            if key >= 0:
                return key
            if hand.trick_cards and ctx.suit_of[card] != hand.led:
                return -1
            return ctx.rank_key[card]

        def cheap(card: int):
            return (t.points[card], ctx.trump_key[card] >= 0, ctx.rank_key[card])

        if not hand.trick_cards:
            return t.play_actions[self._lead(hand, seat, cards)]
        partner_winning = hand.best_seat is not None and \
            _teammates(hand, seat, hand.best_seat)
        last = len(hand.trick_cards) == hand.n - 1
        if partner_winning and (last or hand.best_key >= 1000 or
                                self._is_boss(hand, hand.trick_cards[
                                    hand.trick_seats.index(hand.best_seat)])):
            # Follow with counters onto the partner's trick, trumps kept for later.
            return t.play_actions[max(cards, key=lambda c: (
                ctx.trump_key[c] < 0, t.points[c], -ctx.rank_key[c]))]
        winners = [c for c in cards if strength(c) > hand.best_key]
        plain = [c for c in winners if ctx.trump_key[c] < 0]
        on_table = sum(t.points[c] for c in hand.trick_cards)
        if plain and not partner_winning:
            sure = [c for c in plain if last or self._is_boss(hand, c)]
            if sure:
                return t.play_actions[max(sure, key=lambda c: (t.points[c], -strength(c)))]
            return t.play_actions[min(plain, key=strength)]
        if winners and not partner_winning and (on_table or last or
                                                 any(t.points[c] for c in cards)):
            # Trump in only for counters, with the lowest trump that wins.
            return t.play_actions[min(winners, key=strength)]
        return t.play_actions[min(cards, key=cheap)]

    def _lead(self, hand: Hand, seat: int, cards: list[int]) -> int:
        t, ctx = hand.t, hand.ctx
        trumps = [c for c in cards if ctx.trump_key[c] >= 0]
        # The bid winner draws trump (a partner only with length in it) while the
        # opponents may still hold some.
        draws = seat == hand.bidder or (hand.bidder is not None and len(trumps) >= 3
                                        and _teammates(hand, seat, hand.bidder))
        if draws and trumps and self._trumps_out(hand, seat) > 0:
            return max(trumps, key=lambda c: ctx.trump_key[c])
        bosses = [c for c in cards if ctx.trump_key[c] < 0 and self._is_boss(hand, c)]
        if bosses:
            return max(bosses, key=lambda c: (t.points[c], ctx.rank_key[c]))
        plain = [c for c in cards if ctx.trump_key[c] < 0] or cards
        return min(plain, key=lambda c: (t.points[c], ctx.trump_key[c], ctx.rank_key[c]))

    def _seen(self, hand: Hand, seat: int) -> list[int]:
        """Cards the seat has seen leave play, and its own."""
        seen = [c for _, cards, _, _ in hand.tricks for c in cards]
        return seen + list(hand.trick_cards) + list(hand.hands[seat])

    def _trumps_out(self, hand: Hand, seat: int) -> int:
        """Trumps the seat has not seen: the opponents may hold them."""
        ctx = hand.ctx
        seen = self._seen(hand, seat)
        total = sum(1 for c in hand.t.deck if ctx.trump_key[c] >= 0)
        return total - sum(1 for c in seen if ctx.trump_key[c] >= 0)

    def _is_boss(self, hand: Hand, card: int) -> bool:
        """No unseen card of the same color ranks above ``card``."""
        ctx = hand.ctx
        suit = ctx.suit_of[card]
        if ctx.trump_key[card] >= 0:
            return False
        unseen = list(hand.t.deck)
        for c in self._seen(hand, hand.to_act):
            if c in unseen:
                unseen.remove(c)
        return not any(ctx.suit_of[c] == suit and ctx.trump_key[c] < 0
                       and ctx.rank_key[c] > ctx.rank_key[card] for c in unseen)
