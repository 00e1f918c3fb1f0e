"""The search bot's worlds keep the rules (issue 32, point 3): every deal of the hidden
cards the resampler makes (``rookery.play.resample.determinize``) is one the rules allow
given what the seat has seen, as the engine judges it (``rookery.play.possible``: the
hand's history replayed on the world's deal is legal at every step and shows the seat
what it saw), in every built-in variant and for every seat, the bid winner or not."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import rookery
from rookery.language.specs import builtin_variants
from rookery.play.bots import SimpleBot
from rookery.play.possible import impossible
from rookery.play.resample import determinize, knowledge

MOMENTS = 6         # moments of a hand at which every seat's worlds are checked


def moments(variant_id: str, seed: int):
    """Moments of hands of ``variant_id`` played by simple bots: about :data:`MOMENTS`
    a hand, spread over its course (the auction, every decision between the auction and
    the play, the play), hand after hand until one has been seen in its play."""
    variant = rookery.load_variant(variant_id)
    rng = random.Random(seed)
    bot = SimpleBot(rng)
    length = 2 * variant.deal.hand * variant.table.players
    in_play = 0
    while not in_play:
        hand = rookery.deal_hand(variant, rng, dealer=rng.randrange(variant.table.players))
        while not hand.is_over:
            if rng.random() < MOMENTS / length or hand.phase not in ("bidding", "play"):
                in_play += hand.phase == "play"
                yield hand, rng
            hand.apply(bot.choose(hand))


@pytest.mark.parametrize("variant_id", builtin_variants())
def test_every_world_is_possible_for_every_seat(variant_id):
    checked = 0
    for hand, rng in moments(variant_id, 32):
        for seat in range(hand.n):
            world = determinize(hand, seat, rng)
            assert impossible(hand, seat, world, every_step=True) is None, (
                hand.history, seat)
            checked += hand.phase == "play"
    assert checked


@pytest.mark.parametrize("variant_id", ["kentucky-rook", "call-partner-200", "boston",
                                        "standard-deck-pass-cycle", "circus-rook"])
def test_the_truth_is_a_possible_world(variant_id):
    # The checker's own soundness: the hand as it is passes, for every seat.
    for hand, _ in moments(variant_id, 3):
        for seat in range(hand.n):
            assert impossible(hand, seat, hand.playout_copy(), every_step=True) is None


def _in_play(variant_id: str, wanted):
    """The first hand of ``variant_id`` (dealt by seed, bid by simple bots) that reaches
    the play with ``wanted(hand)`` true: ``(hand, what wanted returned)``."""
    variant = rookery.load_variant(variant_id)
    bot = SimpleBot(random.Random(0))
    for seed in range(60):
        hand = rookery.deal_hand(variant, random.Random(seed), dealer=0)
        while not hand.is_over and hand.phase != "play":
            hand.apply(bot.choose(hand))
        found = hand.phase == "play" and wanted(hand)
        if found:
            return hand, found
    raise AssertionError(f"no hand of {variant_id} as wanted")


def _swap_into(world, place, card: int, holder: int) -> None:
    """Move ``card`` from seat ``holder``'s hand into ``place`` of ``world`` (``"aside"``
    or a seat), and a card of that place the other way (the counts kept)."""
    cards = world.laid_aside if place == "aside" else world.hands[place]
    out = next(c for c in cards if c != card)
    cards[cards.index(out)] = card
    held = world.hands[holder]
    held[held.index(card)] = out


def _counter_elsewhere(hand):
    """A seat other than the bid winner, and a counter held by a third seat."""
    t = hand.t
    for seat in range(hand.n):
        for holder in range(hand.n):
            if hand.bidder not in (seat, holder) and seat != holder:
                counter = next((c for c in hand.hands[holder] if t.points[c]), None)
                if counter is not None:
                    return seat, holder, counter
    return None


def test_the_checker_refuses_a_counter_laid_aside_where_the_rules_forbid_it():
    # Kentucky Rook keeps counters out of the nest (nest.forbid counters): a world with
    # one among the laid-aside cards is impossible for a seat that is not the bid winner,
    # and the resampler's worlds never have one.
    hand, (seat, holder, counter) = _in_play("kentucky-rook", _counter_elsewhere)
    world = hand.playout_copy()
    _swap_into(world, "aside", counter, holder)
    assert "laid aside" in impossible(hand, seat, world)
    rng = random.Random(4)
    known = knowledge(hand, seat)
    for _ in range(100):
        world = determinize(hand, seat, rng, known)
        assert not any(hand.t.points[c] for c in world.laid_aside)


def _called_elsewhere(hand):
    """A seat that does not know where the called card is, and the third seat holding
    it."""
    called = hand.called[0]
    holder = next((s for s in range(hand.n) if called in hand.hands[s]), None)
    seat = next((s for s in range(hand.n) if s not in (hand.bidder, holder)), None)
    return (seat, holder, called) if holder is not None and seat is not None else None


def test_the_checker_refuses_a_bid_winner_holding_its_own_called_card():
    # Call-partner 200: the bid winner may not call a card it holds (table.sides), so a
    # world giving it the called card is impossible; the resampler never deals one.
    hand, (seat, holder, called) = _in_play("call-partner-200", _called_elsewhere)
    world = hand.playout_copy()
    _swap_into(world, hand.bidder, called, holder)
    assert "call" in impossible(hand, seat, world)
    rng = random.Random(5)
    for _ in range(100):
        assert called not in determinize(hand, seat, rng).hands[hand.bidder]


def test_a_nest_announced_to_hold_points_gets_a_counter():
    # nest.announce points: the laid-aside cards hold a counter when the bid winner says
    # so, none when it says not; worlds keep what was announced.
    variant = rookery.load_variant("call-partner-200")
    bot = SimpleBot(random.Random(0))
    seen = Counter()
    for seed in range(30):
        hand = rookery.deal_hand(variant, random.Random(seed), dealer=0)
        while not hand.is_over and hand.phase != "play":
            hand.apply(bot.choose(hand))
        if hand.nest_announced is None:
            continue
        seat = next(s for s in range(hand.n) if s != hand.bidder)
        rng = random.Random(seed)
        for _ in range(20):
            world = determinize(hand, seat, rng)
            assert any(hand.t.points[c] for c in world.laid_aside) == hand.nest_announced
        seen[hand.nest_announced] += 1
        if len(seen) == 2:
            break
    assert set(seen) == {True, False}


def test_the_search_bot_plays_boston_to_the_end():
    # The dummy is face up whenever the bid winner plays its cards (point 4), so the
    # search bot searches every card of the play, the dummy's lead too.
    from rookery.play.bots import make_bot
    from rookery.play.games import play_game
    variant = rookery.load_variant("boston")
    rng = random.Random(8)
    players = [make_bot("ismcts" if s % 2 else "simple", rng, iterations=4)
               for s in range(4)]
    assert play_game(variant, players, 8, max_hands=2, rng=rng).hands >= 1


def test_a_hand_without_history_cannot_be_judged():
    from rookery.errors import UsageError
    hand = rookery.deal_hand(rookery.load_variant("tournament"), 1, record=False)
    with pytest.raises(UsageError, match="keeps none"):
        impossible(hand, 0, hand.playout_copy())


def test_the_benchmark_counts_the_worlds_it_judges():
    # benchmarks/worlds_resample.py, whose figures are in benchmarks/README.md.
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "worlds_resample.py"
    spec = importlib.util.spec_from_file_location("worlds_resample", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    bad, total, bad_other, other = module.count("rook-for-three", 1, 1)
    assert (bad, bad_other) == (0, 0) and total > other > 0
