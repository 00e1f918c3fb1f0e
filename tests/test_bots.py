"""The bots (issue 12): a sensible bot that bids from hand strength and plays like a club
player, and a random bot whose games still end; both generic over variants."""

from __future__ import annotations

import random

import pytest

import rookery
from rookery.play.bots import RandomBot, SimpleBot
from rookery.play.games import play_game, rates


def games(variant_id: str, bots: list[str], count: int):
    from rookery.play.bots import make_bot
    variant = rookery.load_variant(variant_id)
    seats = [bots[s % len(bots)] for s in range(variant.table.players)]
    outcomes = []
    for seed in range(count):
        rng = random.Random(seed)
        outcomes.append(play_game(variant, [make_bot(b, rng) for b in seats], seed, rng=rng))
    return variant, seats, outcomes


@pytest.mark.parametrize("variant_id", rookery.builtin_variants())
def test_games_between_sensible_bots_end_in_every_variant(variant_id):
    _, _, outcomes = games(variant_id, ["simple"], 2)
    assert all(o.winners for o in outcomes), [o.hands for o in outcomes]
    # they bid: hands are played, not all thrown in (a minimum bid of 70 of 100 points
    # leaves many weak deals unbid)
    assert sum(len(o.contracts) for o in outcomes) >= sum(o.hands for o in outcomes) / 4


@pytest.mark.parametrize("variant_id", ["tournament", "kentucky-rook", "rook-for-three",
                                        "call-partner"])
def test_games_between_random_bots_end(variant_id):
    _, _, outcomes = games(variant_id, ["random"], 5)
    assert all(o.winners for o in outcomes)


def test_random_bots_bid_with_restraint():
    variant = rookery.load_variant("tournament")
    bot = RandomBot(random.Random(1))
    for seed in range(30):
        hand = rookery.deal_hand(variant, seed)
        while hand.phase == "bidding":
            legal = hand.legal_actions()
            action = bot.choose(hand)
            bids = [a.value for a in legal if a.kind == "bid"]
            assert action.kind == "pass" or action.value == min(bids)
            hand.apply(action)


def test_the_sensible_bot_beats_the_random_one_and_is_seldom_set():
    variant, seats, outcomes = games("tournament", ["simple", "random"], 30)
    table = {r.bot: r for r in rates(variant, seats, outcomes)}
    assert table["simple"].win_rate >= 0.9
    assert table["simple"].set_rate < 0.3 < table["random"].set_rate


def decisions(variant_id: str, seeds: int):
    """Every card the sensible bot plays in ``seeds`` games, with the hand before it."""
    variant = rookery.load_variant(variant_id)
    for seed in range(seeds):
        rng = random.Random(seed)
        game = rookery.Game(variant, rng)
        bot = SimpleBot(rng)
        while not game.is_over:
            hand = game.hand
            action = bot.choose(hand)
            if hand.phase == "play":
                yield hand.copy(), action
            game.apply(action)


def test_last_to_play_on_a_partners_trick_it_gives_counters_and_keeps_its_trumps():
    seen = 0
    for hand, action in decisions("tournament", 10):
        ctx, t = hand.ctx, hand.t
        if len(hand.trick_cards) != hand.n - 1 or \
                t.team_of[hand.best_seat] != t.team_of[hand.to_act]:
            continue
        legal = [t.card_of[a.value] for a in hand.legal_actions()]
        plain = [c for c in legal if ctx.trump_key[c] < 0]
        card = t.card_of[action.value]
        if plain:
            seen += 1
            assert ctx.trump_key[card] < 0, "a trump wasted on the partner's trick"
            assert t.points[card] == max(t.points[c] for c in plain)
    assert seen > 20


def test_the_bid_winner_draws_trump_while_the_opponents_may_hold_some():
    seen = 0
    for hand, action in decisions("tournament", 10):
        ctx, t = hand.ctx, hand.t
        if hand.trick_cards or hand.to_act != hand.bidder:
            continue
        held = hand.hands[hand.to_act]
        trumps = [c for c in held if ctx.trump_key[c] >= 0]
        played = [c for _, cards, _, _ in hand.tricks for c in cards]
        out = sum(1 for c in t.deck if ctx.trump_key[c] >= 0) - \
            sum(1 for c in played + held if ctx.trump_key[c] >= 0)
        if trumps and out > 0:
            seen += 1
            assert t.card_of[action.value] == max(trumps, key=lambda c: ctx.trump_key[c])
    assert seen > 10


def test_the_bot_bids_more_on_a_stronger_hand():
    variant = rookery.load_variant("tournament")
    bot = SimpleBot(random.Random(0))
    strong = ["R14", "R13", "R12", "R11", "R10", "ROOK", "B14", "G14", "Y14"]
    weak = ["B5", "B6", "G5", "G6", "Y5", "Y6", "R5", "B7", "G7"]
    rest = [c for c in (t for t in rookery.engine.tables.tables_for(variant).codes)
            if c not in strong + weak]
    hands = [rest[0:9], strong, weak, rest[9:18]]
    hand = rookery.Hand(variant, 0, hands, rest[18:23])
    assert hand.to_act == 1
    strong_share = bot.hand_strength(hand)
    assert strong_share > 0.7
    assert bot.choose(hand) == rookery.Action("bid", 70)     # the lowest bid it can make
    hand.apply("bid 70")
    weak_share = bot.hand_strength(hand)
    assert weak_share < strong_share and weak_share * 120 < 75
    assert bot.choose(hand) == rookery.PASS                   # seat 2, the weak hand


def test_the_players_name_no_variant():
    """Bots and the human seat are generic: no variant id appears in their code."""
    import re
    from pathlib import Path
    package = Path(rookery.__file__).parent / "play"
    for name in ("bots.py", "games.py", "table.py", "transcript.py"):
        text = (package / name).read_text(encoding="utf-8")
        for variant_id in rookery.builtin_variants():
            assert not re.search(rf"[\"']{re.escape(variant_id)}[\"']", text), \
                (name, variant_id)
