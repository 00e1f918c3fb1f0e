"""1,000 random games of every built-in variant, with the invariants of every hand.

The six core variants also have their rules written out independently in
``test_random_games.py``; this module covers every spec in ``specs/`` (41 and growing)
with invariants read from each variant's compiled model:

* every card is accounted for: the tricks, the cards laid aside and the nest left over
  make up the deck (a multiset);
* the counters taken by all sides plus a nest nobody scores equal the deck's counters;
* every trick is won by a card that is a trump or of the led color (a card off both
  colors never wins);
* the score change is recomputed from the tricks: each side's take is its counters (with
  the nest where ``nest.points`` sends it), trick points and the last-trick, majority and
  all-tricks bonuses; the bidding side, found from the tricks when partners are called,
  scores its take if it reached the bid and loses the bid otherwise; other sides score
  their take; with fixed teams the running score is kept per team, else per player;
* the game ends when a score keeper reaches the target, and the winner follows
  ``game.winner``.

Random bids set almost every contract, so scores drift down; each game starts just below
the target, and in the auction a player passes or makes the lowest legal bid with even
odds.  Every other decision is uniformly random among the legal actions.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import rookery
from rookery.engine.tables import tables_for

GAMES = 1000
HAND_CAP = 400
STANDARD_FORMULAS = (("made", "taken >= bid"), ("bidders", "if made then taken else -bid"),
                     ("defenders", "taken"))


def _choose(game: rookery.Game, rng: random.Random) -> rookery.Action:
    legal = game.legal_actions()
    if game.hand.phase == "bidding":
        bids = [a for a in legal if a.kind == "bid"]
        passes = [a for a in legal if a.kind == "pass"]
        if bids and (not passes or rng.random() < 0.5):
            return bids[0]
        return passes[0] if passes else legal[0]
    return rng.choice(legal)


def _sides(variant, hand) -> list[tuple[int, ...]]:
    """The sides of a finished hand, the bidding side first, read from the tricks."""
    n = variant.table.players
    if variant.table.sides == "teams":
        sides = [tuple(s for s in range(n) if s % variant.table.teams == team)
                 for team in range(variant.table.teams)]
    elif variant.table.sides == "individual":
        sides = [(s,) for s in range(n)]
    else:
        called = {hand.t.codes[c] for c in hand.called}
        holders = {seat for _, cards, seats, _ in hand.tricks
                   for card, seat in zip(cards, seats) if hand.t.codes[card] in called}
        bidding = tuple(sorted({hand.bidder} | holders))
        others = tuple(s for s in range(n) if s not in bidding)
        sides = [bidding, others] if others else [bidding]
    sides.sort(key=lambda seats: hand.bidder not in seats)
    return sides


def _expected_changes(variant, hand) -> list[int]:
    t = tables_for(variant)
    scoring = variant.scoring
    sides = _sides(variant, hand)
    points = {code: variant.card(code).points for code in t.codes}
    won_points = Counter()
    won_tricks = Counter()
    for _, cards, _, winner in hand.tricks:
        won_points[winner] += sum(points[t.codes[c]] for c in cards)
        won_tricks[winner] += 1
    last = hand.tricks[-1][3]
    nest_cards = [t.codes[c] for c in hand.laid_aside + hand.nest]
    nest_points = sum(points[c] for c in nest_cards)
    nest_to = {"last-trick": last, "bidder": hand.bidder, "none": None}[variant.nest.points]
    tricks = [sum(won_tricks[s] for s in seats) for seats in sides]
    top = max(tricks)
    changes = [0] * (variant.table.teams if variant.table.sides == "teams" else
                     variant.table.players)
    for index, seats in enumerate(sides):
        taken = sum(won_points[s] for s in seats) + scoring.trick_points * tricks[index]
        if nest_to in seats:
            taken += nest_points
        if last in seats:
            taken += scoring.last_trick
        if tricks[index] == top and tricks.count(top) == 1:
            taken += scoring.majority
        if tricks[index] == variant.deal.hand:
            taken += scoring.all_tricks
        score = (taken if taken >= hand.high else -hand.high) if index == 0 else taken
        for seat in seats:
            keeper = seat % variant.table.teams if variant.table.sides == "teams" else seat
            changes[keeper] = score
    return changes


def _check_hand(variant, hand) -> None:
    t = tables_for(variant)
    result = hand.result
    if result.thrown_in:
        assert not hand.tricks and all(c == 0 for c in result.changes)
        return
    played = Counter(c for _, cards, _, _ in hand.tricks for c in cards)
    left = Counter(hand.laid_aside + hand.nest)
    assert played + left == Counter(t.deck), "every card in a trick or the nest"
    assert not any(hand.hands), "every card played"
    assert len(hand.tricks) == variant.deal.hand
    for _, cards, seats, winner in hand.tricks:
        ctx = hand.ctx
        led = ctx.suit_of[cards[0]]
        card = cards[seats.index(winner)]
        assert ctx.trump_key[card] >= 0 or ctx.suit_of[card] == led
    counters = sum(side.counters for side in result.sides)
    unscored = result.nest_points if result.nest_to is None else 0
    assert counters + unscored == sum(card.points * card.copies for card in variant.deck.cards)
    assert list(result.changes) == _expected_changes(variant, hand)


@pytest.mark.parametrize("variant_id", rookery.builtin_variants())
def test_random_games(variant_id: str) -> None:
    variant = rookery.load_variant(variant_id)
    play_random_games(variant, random.Random(f"all-variants/{variant_id}"), GAMES)


def play_random_games(variant, rng: random.Random, games: int) -> None:
    """``games`` random games of ``variant``, each starting just below the target, with
    the invariants of every hand and of the game's end (also used by test_options)."""
    assert variant.scoring.formulas == STANDARD_FORMULAS, \
        "this test recomputes the standard scoring; a new formula needs its own check"
    t = tables_for(variant)
    target = variant.game.target
    for game_number in range(games):
        scores = [rng.randrange(target - 60, target) for _ in range(t.keepers)]
        game = rookery.Game(variant, rng, first_dealer=game_number % t.players, scores=scores)
        hands = 0
        while not game.is_over:
            hand = game.hand
            before = list(game.scores)
            while game.hand is hand and not game.is_over:
                game.apply(_choose(game, rng))
            _check_hand(variant, hand)
            assert [b + c for b, c in zip(before, hand.result.changes)] == \
                list(hand.result.scores)
            hands += 1
            assert hands <= HAND_CAP, "the game should have ended"
        final = game.results[-1]
        assert max(final.scores) >= target
        assert all(final.scores[w] >= target for w in game.winners)
        if variant.game.winner == "highest":
            assert all(final.scores[w] == max(final.scores) for w in game.winners)
