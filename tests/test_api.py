"""The public API: notation, legal actions, copies, snapshots and replays, what each seat
may see, seeded deals, and the errors a wrong deal gives."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import rookery
from rookery import Action

CORE = ["tournament", "kentucky-rook", "rook-for-three", "family-double-deck",
        "family-double-deck-6", "standard-deck"]


def random_hand(name: str, seed: int) -> rookery.Hand:
    variant = rookery.load_variant(name)
    rng = random.Random(seed)
    return rookery.deal_hand(variant, seed=rng.randrange(2**32),
                             dealer=rng.randrange(variant.table.players),
                             number=rng.randrange(2))


def random_steps(hand: rookery.Hand, rng: random.Random, count: int | None = None):
    """Apply random legal actions (all of them, or ``count``), yielding after each."""
    done = 0
    while not hand.is_over and (count is None or done < count):
        action = rng.choice(hand.legal_actions())
        events = hand.apply(action)
        done += 1
        yield action, events


# -- notation -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, action", [
    ("bid 75", Action("bid", 75)), ("pass", rookery.PASS), ("discard R5", Action("discard", "R5")),
    ("give G7", Action("give", "G7")), ("trump R", Action("trump", "R")),
    ("trump none", Action("trump", "none")), ("rook low", Action("rook", "low")),
    ("call R1", Action("call", "R1")), ("leader left", Action("leader", "left")),
    ("play ROOK", Action("play", "ROOK")), ("  play   S10 ", Action("play", "S10")),
])
def test_action_notation_reads_and_writes(text, action):
    assert Action.parse(text) == action
    assert str(action) == " ".join(text.split())
    assert Action.parse(str(action)) == action


@pytest.mark.parametrize("text, says", [
    ("", "is not an action"), ("jump 5", "is not an action"), ("bid", "takes one value"),
    ("bid seventy", "a bid is a whole number"), ("pass 5", "pass takes no value"),
    ("play R5 R6", "takes one value"),
])
def test_bad_notation_is_a_usage_error(text, says):
    with pytest.raises(rookery.UsageError, match=says):
        Action.parse(text)


def test_bad_notation_offered_to_a_hand_is_rejected_without_change(rejects):
    hand = random_hand("tournament", 1)
    seat = hand.to_act
    rejects(hand, f"{seat} bid seventy", "bad-action")
    rejects(hand, f"{seat} fold", "bad-action")
    rejects(hand, f"{seat} play NOPE", "wrong-phase")


@pytest.mark.parametrize("name", CORE)
def test_every_legal_action_round_trips_and_appears_once(name):
    rng = random.Random(name)
    for seed in range(15):
        hand = random_hand(name, seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            texts = [str(a) for a in legal]
            assert len(set(texts)) == len(texts), texts
            assert all(Action.parse(t) == a for t, a in zip(texts, legal))
            hand.apply(rng.choice(texts))       # the notation drives a hand as well


def test_identical_cards_are_one_legal_action(deal, run):
    hand = deal("family-double-deck", 3, {0: "R14 R14 R13 R13 B5 B5"}, None)
    run(hand, "0 bid 150", "1 pass", "2 pass", "3 pass", "0 trump R")
    discards = [str(a) for a in hand.legal_actions()]
    assert discards.count("discard B5") == 1
    run(hand, "0 discard B5")
    assert "discard B5" in [str(a) for a in hand.legal_actions()]     # the other B5
    while hand.phase == "discard":
        hand.apply(hand.legal_actions()[0])
    plays = [str(a) for a in hand.legal_actions()]
    assert plays.count("play R14") == 1 and plays.count("play R13") == 1


# -- copies, snapshots, replays ---------------------------------------------------------------

def views(hand) -> list[dict]:
    return [hand.observation(seat) for seat in range(hand.n)]


@pytest.mark.parametrize("name", CORE)
def test_a_copy_is_independent(name):
    rng = random.Random(7)
    hand = random_hand(name, 3)
    list(random_steps(hand, rng, count=rng.randrange(5, 25)))
    before = (hand.snapshot(), views(hand))
    twin = hand.copy()
    assert (twin.snapshot(), views(twin)) == before
    list(random_steps(twin, random.Random(1)))
    assert twin.is_over
    assert (hand.snapshot(), views(hand)) == before
    list(random_steps(hand, random.Random(2)))
    assert hand.is_over and twin.is_over


@pytest.mark.parametrize("name", CORE)
def test_a_snapshot_replays_to_the_same_state(name):
    rng = random.Random(name)
    variant = rookery.load_variant(name)
    for seed in range(6):
        hand = random_hand(name, seed)
        stop = rng.randrange(0, 120)
        list(random_steps(hand, rng, count=stop))
        snap = json.loads(json.dumps(hand.snapshot()))
        again = rookery.Hand.replay(variant, snap)
        assert again.snapshot() == hand.snapshot()
        assert views(again) == views(hand)
        assert again.legal_actions() == hand.legal_actions()
        # The same actions from here give the same hand.
        follow = random.Random(seed)
        while not hand.is_over:
            action = follow.choice(hand.legal_actions())
            assert again.apply(action) == hand.apply(action)
        assert again.result == hand.result


# -- what each seat may see -------------------------------------------------------------------

def card_codes(value, codes: set[str]) -> list[str]:
    """Every card code anywhere inside an observation value."""
    if isinstance(value, str):
        return [value] if value in codes else []
    if isinstance(value, dict):
        return [c for v in value.values() for c in card_codes(v, codes)]
    if isinstance(value, (list, tuple)):
        return [c for v in value for c in card_codes(v, codes)]
    return []


# Variants with a dummy (the bid winner's partner), and when its hand is laid face up.
DUMMY_SHOWN = {"display": "after-first-lead", "boston": "after-first-lead"}


@pytest.mark.parametrize("name", CORE + sorted(DUMMY_SHOWN))
def test_a_seat_sees_its_own_cards_and_the_table_never_another_hand_or_the_nest(name):
    """Checked after every action of random hands: a seat's ``hand`` is exactly what it
    holds; nothing else in its view names a card it has not seen (another seat's cards,
    the nest before it takes it, the cards laid aside by someone else, cards passed to
    it that it may not look at yet), except the dummy's hand once it is laid face up."""
    variant = rookery.load_variant(name)
    n = variant.table.players
    hides_received = variant.passing.bidder_sees == "after-trump"
    shown_when = DUMMY_SHOWN.get(name)
    for seed in range(12):
        hand = random_hand(name, 100 + seed)
        snap = hand.snapshot()
        codes = set(c for h in snap["hands"] for c in h) | set(snap["nest"])
        held = [Counter(h) for h in snap["hands"]]
        public: set[str] = set()                # played to tricks
        knows = [set() for _ in range(n)]       # cards a seat saw leave its hands
        pending: dict[int, list[str]] = {}      # passed cards not yet picked up
        bidder = None
        rng = random.Random(seed)
        while True:
            dummy = None
            if shown_when and bidder is not None and \
                    (shown_when == "after-auction" or public):
                dummy = (bidder + 2) % n
            for seat in range(n):
                view = hand.observation(seat)
                assert Counter(view["hand"]) == held[seat], (seat, hand.phase)
                rest = {k: v for k, v in view.items() if k != "hand"}
                allowed = public | knows[seat] | set(held[seat])
                if dummy is not None:
                    assert view["dummy"]["seat"] == dummy
                    assert Counter(view["dummy"]["hand"]) == held[dummy]
                    allowed |= set(held[dummy])
                else:
                    assert "dummy" not in view
                leaked = set(card_codes(rest, codes)) - allowed
                assert not leaked, f"seat {seat} sees {leaked} in {hand.phase}"
            if hand.is_over:
                break
            seat = hand.to_act                  # whose cards (the bid winner plays the dummy's)
            action = rng.choice(hand.legal_actions())
            if action.kind in ("discard", "give", "play"):
                held[seat][action.value] -= 1
                held[seat] = +held[seat]
                knows[seat].add(action.value)
            if action.kind == "give":
                directions = variant.passing.directions
                step = 1 if directions[hand.number % len(directions)] == "left" else -1
                pending.setdefault((seat + step) % n, []).append(action.value)
            for event in hand.apply(action):
                if event.kind == "auction-won":
                    bidder = event.seat
                elif event.kind == "nest-taken":
                    held[bidder] += Counter(snap["nest"])
                elif event.kind == "card-played":
                    public.add(event.data["card"])
                elif event.kind == "cards-passed":
                    for receiver, cards in pending.items():
                        if receiver != bidder or not hides_received:
                            held[receiver] += Counter(cards)
                    pending = {r: c for r, c in pending.items()
                               if r == bidder and hides_received}
                elif event.kind == "trump-named" and pending:
                    held[bidder] += Counter(pending.pop(bidder))


# -- seeded deals and bad deals ---------------------------------------------------------------

def test_a_seeded_deal_is_the_same_every_time():
    variant = rookery.load_variant("tournament")
    one = rookery.deal_hand(variant, seed=7, dealer=2).snapshot()
    assert rookery.deal_hand(variant, seed=7, dealer=2).snapshot() == one
    assert rookery.deal_hand(variant, seed=random.Random(7), dealer=2).snapshot() == one
    assert rookery.deal_hand(variant, seed=8, dealer=2).snapshot()["hands"] != one["hands"]
    assert one["dealer"] == 2
    hand = rookery.deal_hand(variant, seed=7, dealer=2)
    assert hand.to_act == 3                  # the left of the dealer speaks first


def test_a_seeded_game_is_the_same_every_time():
    variant = rookery.load_variant("kentucky-rook")

    def play(seed):
        game = rookery.Game(variant, seed)
        rng = random.Random(seed)
        moves = []
        while not game.is_over and len(moves) < 400:
            action = rng.choice(game.legal_actions())
            game.apply(action)
            moves.append(str(action))
        return moves, game.scores

    assert play(3) == play(3)


TOURNAMENT = [
    "B5 B6 B7 B8 B9 B10 B11 B12 B13".split(),
    "B14 R5 R6 R7 R8 R9 R10 R11 R12".split(),
    "R13 R14 Y5 Y6 Y7 Y8 Y9 Y10 Y11".split(),
    "Y12 Y13 Y14 G5 G6 G7 G8 G9 G10".split(),
]
TOURNAMENT_NEST = "G11 G12 G13 G14 ROOK".split()


def test_a_good_explicit_deal_is_accepted():
    variant = rookery.load_variant("tournament")
    hand = rookery.Hand(variant, 0, TOURNAMENT, TOURNAMENT_NEST, [10, 20])
    assert Counter(hand.observation(2)["hand"]) == Counter(TOURNAMENT[2])
    assert hand.snapshot()["scores"] == [10, 20]


@pytest.mark.parametrize("change, message", [
    (lambda h, n: (h[:3], n), "tournament needs 4 hands, not 3"),
    (lambda h, n: ([h[0][:8]] + h[1:], n + [h[0][8]]),
     "seat 0 holds 8 cards; tournament deals 9"),
    (lambda h, n: (h, n[:4]), "the nest holds 4 cards; tournament has a nest of 5"),
    (lambda h, n: ([h[0][:8] + ["Z9"]] + h[1:], n), "'Z9' is not a card of tournament"),
    (lambda h, n: ([h[0][:8] + ["R1"]] + h[1:], n), "'R1' is not a card of tournament"),
    (lambda h, n: ([h[0][:8] + ["B5"]] + h[1:], n),
     "the deal is not the tournament deck (too many: B5; missing: B13)"),
])
def test_a_bad_deal_is_a_usage_error_that_says_what_is_wrong(change, message):
    variant = rookery.load_variant("tournament")
    hands, nest = change([list(h) for h in TOURNAMENT], list(TOURNAMENT_NEST))
    with pytest.raises(rookery.UsageError) as info:
        rookery.Hand(variant, 0, hands, nest)
    assert str(info.value) == message


def test_a_bad_dealer_or_score_count_is_a_usage_error():
    variant = rookery.load_variant("tournament")
    with pytest.raises(rookery.UsageError, match="the dealer must be a seat from 0 to 3, not 4"):
        rookery.Hand(variant, 4, TOURNAMENT, TOURNAMENT_NEST)
    with pytest.raises(rookery.UsageError, match="2 running scores are needed, not 3"):
        rookery.Hand(variant, 0, TOURNAMENT, TOURNAMENT_NEST, [0, 0, 0])


def test_an_unknown_variant_is_a_usage_error_suggesting_the_closest():
    # issue 12: a suggestion, and where to find them all, rather than all 42 ids
    with pytest.raises(rookery.UsageError) as info:
        rookery.load_variant("no-such-rook")
    assert "unknown variant 'no-such-rook'; did you mean 'kentucky-rook'?" in str(info.value)
    assert "'rookery list' shows the built-in variants" in str(info.value)
    assert "tournament" not in str(info.value)


def test_a_finished_game_refuses_more_actions():
    variant = rookery.load_variant("rook-for-three")
    game = rookery.Game(variant, 1, scores=[199, 199, 199])
    rng = random.Random(1)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert game.observation(0)["winners"] == list(game.winners)
    with pytest.raises(rookery.IllegalAction) as info:
        game.apply("pass")
    assert info.value.code == "game-over"
