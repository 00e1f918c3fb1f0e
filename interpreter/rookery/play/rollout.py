"""The greedy player of the search bot's playouts: cheap, and good enough that a
playout says something about a card.

A playout is played on a determinization, a deal in which every card's place is fixed,
so this player may look at every hand: it plays as a careful player would who guessed
the cards right.  Random playouts are weak in trick-taking games (a side's counters go
to whoever happens to throw the higher card); this player follows the plain club rules
and costs a few times a random card.

- Leading: the bid winner's side draws trump with a trump no opponent can beat; else a
  card no opponent can beat (none holds a higher card of its color, and none void in
  it holds a trump), counters first; else its cheapest card outside trump.
- Following: counters onto a trick its side is sure to win; the card that wins the
  trick for sure with the most counters (a trump only when the trick holds counters);
  else its cheapest card.

Nothing is written per variant: trick strengths, counters, follow rules and sides come
from the hand's tables."""

from __future__ import annotations

import random

from ..engine import Action, Hand


def _same_side(hand: Hand, seat: int, other: int) -> bool:
    """Whether two seats are on one side in this (fully dealt) hand."""
    t = hand.t
    if t.team_of is not None:
        return t.team_of[seat] == t.team_of[other]
    bidding = {hand.bidder, *hand.partners} if hand.bidder is not None else set()
    return (seat in bidding) == (other in bidding)


def _cheap(ctx, points, card: int) -> tuple:
    """The order in which a player throws cards away: no counters, no trump, low."""
    return (points[card], ctx.trump_key[card] >= 0, ctx.rank_key[card])


def _playable(hand: Hand, seat: int, led: int) -> list[int]:
    """The cards ``seat`` may play to a trick of the led color (the follow rule)."""
    held = hand.hands[seat]
    if hand.follow_any:
        return held
    ctx = hand.ctx
    follows = [c for c in held if c in ctx.members[led]]
    if not follows:
        return held
    anytime = ctx.anytime_off[led]
    return follows + [c for c in held if c in anytime] if anytime else follows


def _best_after(hand: Hand, seat: int, led: int, strength) -> int:
    """The strongest card an opponent of ``seat`` still to play to this trick can put
    on it (-2 when none can play a card of strength)."""
    t = hand.t
    best = -2
    later = hand.n - len(hand.trick_cards) - 1
    other = seat
    for _ in range(later):
        other = t.next_seat[other]
        if _same_side(hand, seat, other):
            continue
        for c in _playable(hand, other, led):
            if strength[c] > best:
                best = strength[c]
    return best


def greedy_play(hand: Hand, legal: list[Action], rng: random.Random) -> Action:
    """The card the greedy player plays (see the module)."""
    t = hand.t
    card_of = t.card_of_play
    cards = [card_of.get(a) for a in legal]
    if None in cards:                    # a claim: every trick is sure
        return legal[cards.index(None)]
    seat = hand.to_act
    if not hand.trick_cards:
        return t.play_actions[_lead(hand, seat, cards)]
    ctx = hand.ctx
    points = t.points
    led = hand.led
    strength = ctx.strength[led]
    best_key = hand.best_key
    above = _best_after(hand, seat, led, strength)
    # Of two equal cards the first played wins, unless the spec says the last does.
    tie = 1 if hand.last_played_wins else 0
    if _same_side(hand, seat, hand.best_seat) and best_key >= above + tie:
        # The side has the trick: counters onto it, trumps kept.
        return t.play_actions[max(cards, key=lambda c: (ctx.trump_key[c] < 0, points[c],
                                                         -ctx.rank_key[c]))]
    sure = [c for c in cards if strength[c] + tie > best_key and strength[c] >= above + tie]
    if sure:
        on_table = any(points[c] for c in hand.trick_cards)
        plain = [c for c in sure if ctx.trump_key[c] < 0]
        if plain:
            return t.play_actions[max(plain, key=lambda c: (points[c], -strength[c]))]
        if on_table or any(points[c] for c in cards):
            return t.play_actions[min(sure, key=strength.__getitem__)]
    return t.play_actions[min(cards, key=lambda c: _cheap(ctx, points, c))]


def _lead(hand: Hand, seat: int, cards: list[int]) -> int:
    """The card the greedy player leads (see the module)."""
    t, ctx = hand.t, hand.ctx
    points = t.points
    trump_key, suit_of, rank_key = ctx.trump_key, ctx.suit_of, ctx.rank_key
    opponents = [s for s in range(hand.n) if not _same_side(hand, seat, s)]
    top_trump = -1
    top_rank: dict[int, int] = {}
    colors: list[set[int]] = []
    for s in opponents:
        held_colors = set()
        for c in hand.hands[s]:
            if trump_key[c] >= 0:
                top_trump = max(top_trump, trump_key[c])
            else:
                suit = suit_of[c]
                held_colors.add(suit)
                if rank_key[c] > top_rank.get(suit, -1):
                    top_rank[suit] = rank_key[c]
        colors.append(held_colors)
    trumps = [c for c in cards if trump_key[c] >= 0]
    edge = 0 if hand.last_played_wins else 1      # the card led wins a tie
    bidding = hand.bidder is not None and _same_side(hand, seat, hand.bidder)
    if bidding and trumps and top_trump >= 0:
        high = max(trumps, key=trump_key.__getitem__)
        if trump_key[high] + edge > top_trump:
            return high
    ruffers = [held for s, held in zip(opponents, colors)
               if any(trump_key[c] >= 0 for c in hand.hands[s])]
    bosses = [c for c in cards if trump_key[c] < 0
              and rank_key[c] + edge > top_rank.get(suit_of[c], -1)
              and all(suit_of[c] in held for held in ruffers)]
    if bosses:
        return max(bosses, key=lambda c: (points[c], rank_key[c]))
    plain = [c for c in cards if trump_key[c] < 0] or cards
    return min(plain, key=lambda c: _cheap(ctx, points, c))


# -- the quick player: lighter still (the first measured) ------------------------------

def quick_action(hand: Hand, legal: list[Action], rng: random.Random) -> Action:
    """A fast, plausible choice for a playout: in play, win a trick worth it with the
    cheapest card that wins, give counters to a partner's trick, else throw the
    cheapest card, and lead at random; out of play, keep long colors (name the longest
    as trump, lay aside and give away the cheapest cards)."""
    kind = legal[0].kind
    t = hand.t
    if kind == "play":
        ctx = hand.ctx
        card_of = t.card_of_play
        cards = [card_of.get(a) for a in legal]
        if None in cards:                # a claim: every trick is sure
            return legal[cards.index(None)]
        if not hand.trick_cards:
            return legal[rng.randrange(len(legal))]
        strength = ctx.strength[hand.led]
        points = t.points
        seat = hand.to_act
        if _same_side(hand, seat, hand.best_seat):
            # Counters onto the partner's trick, trumps kept.
            pick = max(cards, key=lambda c: (ctx.trump_key[c] < 0, points[c],
                                             -ctx.rank_key[c]))
            return t.play_actions[pick]
        best = hand.best_key
        winners = [c for c in cards if strength[c] > best]
        if winners and (len(hand.trick_cards) == hand.n - 1 or
                        any(points[c] for c in hand.trick_cards) or
                        ctx.trump_key[min(winners, key=strength.__getitem__)] < 0):
            return t.play_actions[min(winners, key=strength.__getitem__)]
        return t.play_actions[min(cards, key=lambda c: (points[c], ctx.trump_key[c] >= 0,
                                                        ctx.rank_key[c]))]
    if kind == "trump":
        held = hand.hands[hand.to_act]
        longest = {a: sum(1 for c in held if t.letters[t.color_of[c]] == a.value)
                   if a.value in t.letters else -1 for a in legal}
        return max(legal, key=longest.__getitem__)
    if kind in ("discard", "give"):
        seat = hand.bidder if kind == "discard" else hand.to_act
        held = hand.hands[seat]
        length = [0] * (len(t.letters) + 1)
        for c in held:
            length[t.color_of[c]] += 1
        return min(legal, key=lambda a: _keep(t, t.card_of[a.value], length))
    return legal[rng.randrange(len(legal))]


def _keep(t, card: int, length: list[int]) -> tuple:
    """How much a player wants to keep ``card``: trumps-to-be (long colors), the Rook,
    counters and high ranks."""
    special = card in t.always_trump
    return (special, t.points[card] > 0, length[t.color_of[card]], t.rank_index[card])


def greedy_action(hand: Hand, legal: list[Action], rng: random.Random) -> Action:
    """The greedy player: :func:`greedy_play` in the play, :func:`quick_action` before."""
    if legal[0].kind == "play":
        return greedy_play(hand, legal, rng)
    return quick_action(hand, legal, rng)


# The players a playout may be played by, by name.
POLICIES = {"greedy": greedy_action, "quick": quick_action}


def playout(hand: Hand, rng: random.Random, policy=greedy_action) -> None:
    """Play ``hand`` out with ``policy`` at every seat."""
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(legal[0] if len(legal) == 1 else policy(hand, legal, rng))


def distinct_cards(hand: Hand, legal: list[Action]) -> list[Action]:
    """``legal`` less the cards as good as a lower one the acting seat holds: of two
    cards of one color (or both trumps) with the same counters and no card between
    them that the seat has not seen (in another hand, the nest or aside), only the
    lower is kept.  Other actions are all kept."""
    t = hand.t
    ctx = hand.ctx
    card_of = t.card_of_play
    if ctx is None or not any(card_of.get(a) is not None for a in legal):
        return list(legal)
    seat = hand.to_act
    seen = set(hand.hands[seat])
    seen.update(c for _, cards, _, _ in hand.tricks for c in cards)
    seen.update(hand.trick_cards)
    if seat == hand.bidder:
        seen.update(hand.laid_aside)

    def group(card: int) -> tuple:
        key = ctx.trump_key[card]
        return (-1, key) if key >= 0 else (ctx.suit_of[card], ctx.rank_key[card])

    unseen: dict[int, list[int]] = {}
    for c in t.deck:
        if c not in seen:
            g, k = group(c)
            unseen.setdefault(g, []).append(k)
    kept: list[Action] = []
    last: dict[int, tuple] = {}         # per group: the key and counters of the last kept
    plays = sorted((a for a in legal if card_of.get(a) is not None),
                   key=lambda a: group(card_of[a]))
    for action in plays:
        card = card_of[action]
        g, k = group(card)
        before = last.get(g)
        if before is not None and before[1] == t.points[card] and \
                not any(before[0] < u < k for u in unseen.get(g, ())):
            continue
        last[g] = (k, t.points[card])
        kept.append(action)
    return [a for a in legal if card_of.get(a) is None] + \
        sorted(kept, key=legal.index)
