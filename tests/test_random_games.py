"""Whole games of the six core variants driven by random legal actions.

On every hand the test checks, against rules written out here from the sources (not read
back from the engine):

* every legal-action menu: the auction's bids, the cards the bid winner may lay aside,
  the cards a player may play (follow color, the Rook played anytime), the trump colors;
* every card is accounted for: what the seats hold, the cards played to tricks and the
  cards laid aside make up the deck (a multiset: the double decks hold two of each card);
* every trick goes to the highest trump, else the highest card of the led color, the
  first played of two identical cards winning; the first trick is led by the seat the
  spec names, and passed cards reach the opponent the hand's number says;
* the counters taken by all sides, plus the nest's counters when nobody scores them,
  come to the variant's total; the score change is recomputed from the tricks (the
  bidding side makes its bid iff it took at least the bid, then scores what it took,
  else loses the bid; the other sides score what they took);
* the game ends by the spec's rule (the highest total at or over the target, or "bidder
  goes"), with equal totals at the top playing on, the deal rotating to the left.

Random play sets almost every random bid, so running scores drift downwards; each game
therefore starts just below the target (``Game(..., scores=...)``) and must end within
``HAND_CAP`` hands.  In the auction the bots pass or make the lowest legal bid with even
odds (a uniformly random amount is so often set that both sides' scores sink forever);
every other decision is uniformly random among the legal actions.  A separate test plays
single hands with uniformly random bids, jumps included.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

import rookery
from rookery.language.check import points_available

GAMES = 1000
UNIFORM_HANDS = 300
HAND_CAP = 100


@dataclass(frozen=True)
class Rules:
    """One variant's rules as the test reads them from its spec and sources."""

    players: int
    teams: bool                     # fixed partnerships (seat % 2) or each for himself
    colors: str
    ranks: tuple[str, ...]          # low to high
    rook: str | None
    rook_place: str                 # "highest" | "lowest" trump
    counters: dict[str, int]        # rank label (or the Rook's code) -> points
    total: int                      # the documented points of a hand
    nest: int
    hand: int
    min_bid: int
    max_bid: int
    jumps: bool                     # may a bid raise by more than 5?
    opening: int | None             # the dealer's automatic bid
    dealer_forced: bool             # first three pass: the dealer takes the minimum
    forbid_discard: str             # "nothing" | "counters" | "counters-unless-forced" | "trump-unless-forced"
    nest_points: str                # "last-trick" | "bidder" | "none"
    leader: str                     # "left-of-dealer" | "left-of-bidder" | "bidder" | "bidder-chooses"
    anytime: frozenset[str]
    trick_points: int = 0
    last_trick: int = 0
    all_tricks: int = 0
    passing: tuple[str, ...] = ()   # directions by hand number
    pass_cards: int = 0
    target: int = 0
    winner: str = "highest"
    copies: int = 1
    extra: tuple[str, ...] = ()

    @property
    def keepers(self) -> int:
        return 2 if self.teams else self.players

    def keeper(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def deck(self) -> Counter:
        cards = Counter()
        for letter in self.colors:
            for rank in self.ranks:
                if f"{letter}{rank}" not in self.extra and rank not in self._extra_ranks():
                    cards[f"{letter}{rank}"] += self.copies
        for code in self.extra:
            cards[code] += 1
        if self.rook:
            cards[self.rook] += self.copies
        return cards

    def _extra_ranks(self) -> set[str]:
        return {code[1:] for code in self.extra}

    def rank(self, code: str) -> str:
        return code if code == self.rook else code[1:]

    def points(self, code: str) -> int:
        return self.counters.get(self.rank(code), 0)

    def suit(self, code: str, trump: str) -> str:
        """The color a card follows as: the Rook belongs to the trump color."""
        return trump if code == self.rook else code[0]

    def strength(self, code: str, trump: str, led: str) -> int:
        """How strongly a card plays to a trick led in ``led``: any trump beats any
        card of the led color; other cards cannot win."""
        if code == self.rook:
            return 1000 + (len(self.ranks) if self.rook_place == "highest" else -1)
        index = self.ranks.index(self.rank(code))
        if code[0] == trump:
            return 1000 + index
        return index if code[0] == led else -1


WOOD = "BRYG"
RANKS_5_14 = tuple(str(r) for r in range(5, 15))
RULES = {
    # wikipedia-rook "Official rules": 41 cards, counters 5/10/14/Rook, bids 70-120, the
    # Rook highest trump and playable anytime, the left of the dealer leads, last trick
    # takes the nest, 300 wins.
    "tournament": Rules(
        players=4, teams=True, colors=WOOD, ranks=RANKS_5_14, rook="ROOK",
        rook_place="highest", counters={"5": 5, "10": 10, "14": 10, "ROOK": 20},
        total=120, nest=5, hand=9, min_bid=70, max_bid=120, jumps=True, opening=None,
        dealer_forced=False, forbid_discard="nothing", nest_points="last-trick",
        leader="left-of-dealer", anytime=frozenset({"ROOK"}), target=300),
    # kentucky-rook main rules: 45 cards with the 1 high, no counters into the nest
    # (unless every card left is one), the dealer forced at 100, the left of the bidder
    # leads, 500 wins.
    "kentucky-rook": Rules(
        players=4, teams=True, colors=WOOD, ranks=RANKS_5_14 + ("1",), rook="ROOK",
        rook_place="highest", counters={"1": 15, "14": 10, "10": 10, "5": 5, "ROOK": 20},
        total=180, nest=5, hand=10, min_bid=100, max_bid=180, jumps=True, opening=None,
        dealer_forced=True, forbid_discard="counters-unless-forced",
        nest_points="last-trick", leader="left-of-bidder", anytime=frozenset(), target=500),
    # rook-for-three: 44 cards 4-14, no Rook, the dealer's automatic 50, counters never
    # laid aside, 2 points a trick, the left of the bidder leads, 200 wins.
    "rook-for-three": Rules(
        players=3, teams=False, colors=WOOD, ranks=tuple(str(r) for r in range(4, 15)),
        rook=None, rook_place="highest", counters={"14": 10, "10": 10, "5": 5}, total=126,
        nest=5, hand=13, min_bid=50, max_bid=125, jumps=True, opening=50,
        dealer_forced=False, forbid_discard="counters", nest_points="none",
        leader="left-of-bidder", anytime=frozenset(), trick_points=2, target=200),
    # family-double-deck: two decks without 1-4 (82 cards), Rooks lowest trumps worth 25,
    # no trump laid aside unless forced, the bidder leads, the last trick takes the
    # widow, 600 wins and "bidder goes".
    "family-double-deck": Rules(
        players=4, teams=True, colors=WOOD, ranks=RANKS_5_14, rook="ROOK",
        rook_place="lowest", counters={"14": 10, "10": 10, "5": 5, "ROOK": 25}, total=250,
        nest=6, hand=19, min_bid=150, max_bid=250, jumps=True, opening=None,
        dealer_forced=False, forbid_discard="trump-unless-forced", nest_points="last-trick",
        leader="bidder", anytime=frozenset(), target=600, winner="bidder-goes", copies=2),
    # ... for six: two teams of three in alternate seats, the black and red 4 added.
    "family-double-deck-6": Rules(
        players=6, teams=True, colors=WOOD, ranks=("4",) + RANKS_5_14, rook="ROOK",
        rook_place="lowest", counters={"14": 10, "10": 10, "5": 5, "ROOK": 25}, total=250,
        nest=6, hand=13, min_bid=150, max_bid=250, jumps=True, opening=None,
        dealer_forced=False, forbid_discard="trump-unless-forced", nest_points="last-trick",
        leader="bidder", anytime=frozenset(), target=600, winner="bidder-goes", copies=2,
        extra=("B4", "R4")),
    # standard-deck-gist: 52 cards and a joker, A=15 K=10 10=10 5=5 joker=20, the last
    # trick 20, all 13 tricks 100 more, bids one step of 5 at a time, the dropped card
    # scores for the bidder, three cards passed right then left, the bidder chooses who
    # leads, the joker the lowest trump, 1000 wins.  The auction ends when three have
    # passed: a fourth player nobody bid against wins at 70.
    "standard-deck": Rules(
        players=4, teams=True, colors="SHDC",
        ranks=("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"),
        rook="JOKER", rook_place="lowest",
        counters={"A": 15, "K": 10, "10": 10, "5": 5, "JOKER": 20}, total=200, nest=1,
        hand=13, min_bid=70, max_bid=200, jumps=False, opening=None, dealer_forced=True,
        forbid_discard="nothing", nest_points="bidder", leader="bidder-chooses",
        anytime=frozenset(), last_trick=20, all_tricks=100, passing=("right", "left"),
        pass_cards=3, target=1000),
}


@pytest.fixture(scope="module", params=sorted(RULES))
def name(request):
    return request.param


def test_the_deck_and_the_points_are_the_documented_ones(name):
    rules = RULES[name]
    variant = rookery.load_variant(name)
    deck = rules.deck()
    assert sum(deck.values()) == rules.players * rules.hand + rules.nest
    hand = rookery.deal_hand(variant, seed=0)
    dealt = Counter(card for seat in range(rules.players)
                    for card in hand.observation(seat)["hand"])
    assert dealt + Counter(hand.snapshot()["nest"]) == deck
    counters = sum(rules.points(code) * count for code, count in deck.items())
    assert counters + rules.trick_points * rules.hand + rules.last_trick == rules.total
    assert points_available(variant) == rules.total


# -- watching one hand -------------------------------------------------------------------

@dataclass
class Watch:
    """What the test saw of one hand, from the deal, its own actions and the events."""

    rules: Rules
    dealer: int
    number: int
    scores_before: tuple[int, ...]
    deal: list[list[str]]
    nest: list[str]
    high: int = 0
    bidder: int | None = None
    bid: int | None = None
    trump: str | None = None
    leader: int | None = None
    thrown_in: bool = False
    given: dict[int, list[str]] = field(default_factory=dict)
    trick: list[tuple[int, str]] = field(default_factory=list)
    tricks: list[tuple[list[tuple[int, str]], int]] = field(default_factory=list)
    checked_first_play: bool = False

    @classmethod
    def start(cls, hand) -> "Watch":
        snap = hand.snapshot()
        watch = cls(RULES[hand.variant.id], snap["dealer"], snap["number"],
                    tuple(snap["scores"]), snap["hands"], snap["nest"])
        assert snap["actions"] == []
        for event in hand.opening_events:
            watch.see_event(event)
        assert watch.high == (watch.rules.opening or 0)     # the dealer's automatic bid
        return watch

    # -- legal-action menus, recomputed from the rules

    def check_menu(self, hand, actions) -> None:
        rules = self.rules
        texts = [str(a) for a in actions]
        assert len(texts) == len(set(texts)), f"duplicate legal actions: {texts}"
        phase = hand.phase
        if phase == "bidding":
            lowest = max(rules.min_bid, self.high + 5) if self.high else rules.min_bid
            if rules.jumps:
                amounts = range(lowest, rules.max_bid + 1, 5)
            else:   # "starts at 70 and increases by 5 each time": the opening bid too
                amounts = [lowest] if lowest <= rules.max_bid else []
            assert set(texts) == {f"bid {a}" for a in amounts} | {"pass"}
        elif phase == "discard":
            held = hand.observation(self.bidder)["hand"]
            assert set(texts) == {f"discard {c}" for c in self.discardable(held)}
        elif phase == "trump":
            assert set(texts) == {f"trump {letter}" for letter in rules.colors}
        elif phase == "leader":
            assert set(texts) == {"leader self", "leader left"}
        elif phase == "passing":
            held = hand.observation(hand.to_act)["hand"]
            assert set(texts) == {f"give {c}" for c in held}
        elif phase == "play":
            if not self.checked_first_play:
                self.check_before_first_trick(hand)
            held = hand.observation(hand.to_act)["hand"]
            assert set(texts) == {f"play {c}" for c in self.playable(held)}
        else:
            raise AssertionError(f"{hand.variant.id} has no phase {phase!r}")

    def discardable(self, held: list[str]) -> set[str]:
        rule = self.rules.forbid_discard
        if rule == "nothing":
            return set(held)
        if rule.startswith("counters"):
            forbidden = {c for c in held if self.rules.points(c)}
        else:
            forbidden = {c for c in held if self.rules.suit(c, self.trump) == self.trump}
        free = set(held) - forbidden
        if free or not rule.endswith("unless-forced"):
            return free
        return set(held)

    def playable(self, held: list[str]) -> set[str]:
        if not self.trick:
            return set(held)
        led = self.rules.suit(self.trick[0][1], self.trump)
        follow = {c for c in held if self.rules.suit(c, self.trump) == led}
        if not follow:
            return set(held)
        return follow | (set(held) & self.rules.anytime)

    def check_before_first_trick(self, hand) -> None:
        """Once the nest, passing and trump are done: all cards are where they should be."""
        self.checked_first_play = True
        rules = self.rules
        assert self.trump is not None
        held = [hand.observation(seat)["hand"] for seat in range(rules.players)]
        assert all(len(cards) == rules.hand for cards in held)
        aside = hand.observation(self.bidder).get("laid_aside", [])
        assert len(aside) == rules.nest
        assert Counter(c for cards in held for c in cards) + Counter(aside) == rules.deck()
        if rules.passing:
            step = 1 if rules.passing[self.number % len(rules.passing)] == "left" else -1
            for giver, cards in self.given.items():
                assert len(cards) == rules.pass_cards
                receiver = (giver + step) % rules.players
                assert not Counter(cards) - Counter(held[receiver]), \
                    f"seat {receiver} did not receive {cards} from seat {giver}"
        expected = {"left-of-dealer": (self.dealer + 1) % rules.players,
                    "left-of-bidder": (self.bidder + 1) % rules.players,
                    "bidder": self.bidder, "bidder-chooses": self.leader}[rules.leader]
        assert hand.to_act == expected

    # -- what happened

    def see_action(self, seat: int, action) -> None:
        if action.kind == "give":
            self.given.setdefault(seat, []).append(action.value)

    def see_event(self, event) -> None:
        kind, seat, data = event.kind, event.seat, event.data
        rules = self.rules
        if kind in ("bid", "forced-bid"):
            assert data["amount"] > self.high
            self.high = data["amount"]
            if kind == "forced-bid":
                assert rules.dealer_forced and seat == self.dealer
                assert data["amount"] == rules.min_bid
            if data.get("automatic"):
                assert seat == self.dealer and data["amount"] == rules.opening
        elif kind == "auction-won":
            self.bidder, self.bid = seat, data["bid"]
            assert self.bid == self.high
        elif kind == "thrown-in":
            self.thrown_in = True
        elif kind == "trump-named":
            self.trump = data["trump"]
        elif kind == "leader-chosen":
            self.leader = data["leader"]
        elif kind == "passing":
            assert data["direction"] == rules.passing[self.number % len(rules.passing)]
        elif kind == "card-played":
            self.trick.append((seat, data["card"]))
        elif kind == "trick-won":
            led = rules.suit(self.trick[0][1], self.trump)
            best, winner = -2, None
            for player, card in self.trick:     # strictly greater: the first played wins a tie
                strength = rules.strength(card, self.trump, led)
                if strength > best:
                    best, winner = strength, player
            assert seat == winner, f"trick {self.trick} (trump {self.trump}) won by {seat}"
            assert [c for _, c in self.trick] == data["cards"]
            assert [s for s, _ in self.trick] == [(self.trick[0][0] + i) % rules.players
                                                  for i in range(rules.players)]
            if self.tricks:
                assert self.trick[0][0] == self.tricks[-1][1], "the trick winner leads next"
            self.tricks.append((self.trick, seat))
            self.trick = []

    # -- the hand's outcome, recomputed

    def expected_changes(self, hand) -> tuple[int, ...]:
        rules = self.rules
        if self.thrown_in:
            for seat in range(rules.players):
                assert Counter(hand.observation(seat)["hand"]) == Counter(self.deal[seat])
            assert hand.observation(0)["nest_size"] == rules.nest
            return (0,) * rules.keepers
        assert len(self.tricks) == rules.hand and not self.trick
        for seat in range(rules.players):
            assert hand.observation(seat)["hand"] == []
        played = Counter(card for trick, _ in self.tricks for _, card in trick)
        aside = hand.observation(self.bidder)["laid_aside"]
        assert played + Counter(aside) == rules.deck(), "a card was lost or made up"
        for seat in range(rules.players):
            assert sum(1 for trick, _ in self.tricks for s, _ in trick if s == seat) == rules.hand

        side_of = rules.keeper
        sides = sorted({side_of(seat) for seat in range(rules.players)})
        counters = dict.fromkeys(sides, 0)
        tricks = dict.fromkeys(sides, 0)
        for trick, winner in self.tricks:
            counters[side_of(winner)] += sum(rules.points(card) for _, card in trick)
            tricks[side_of(winner)] += 1
        nest_points = sum(rules.points(card) for card in aside)
        if rules.forbid_discard == "counters":
            assert nest_points == 0
        last_winner = self.tricks[-1][1]
        nest_to = {"last-trick": last_winner, "bidder": self.bidder, "none": None}[rules.nest_points]
        if nest_to is not None:
            counters[side_of(nest_to)] += nest_points
        taken = {}
        for side in sides:
            taken[side] = counters[side] + rules.trick_points * tricks[side]
            if side == side_of(last_winner):
                taken[side] += rules.last_trick
            if tricks[side] == rules.hand:
                taken[side] += rules.all_tricks
        swept = any(tricks[side] == rules.hand for side in sides)
        unscored = nest_points if nest_to is None else 0
        assert sum(taken.values()) + unscored == \
            rules.total + (rules.all_tricks if swept else 0)
        changes = [0] * rules.keepers
        for side in sides:
            if side == side_of(self.bidder):
                changes[side] = taken[side] if taken[side] >= self.bid else -self.bid
            else:
                changes[side] = taken[side]
        return tuple(changes)


def expected_winners(rules: Rules, scores, bidding_keeper: int | None) -> tuple[int, ...]:
    """Who wins after a hand: nobody below the target; "bidder goes" first; else the
    highest total, equal top totals playing on."""
    if max(scores) < rules.target:
        return ()
    if rules.winner == "bidder-goes" and bidding_keeper is not None and \
            scores[bidding_keeper] >= rules.target:
        return (bidding_keeper,)
    top = max(scores)
    leaders = tuple(k for k, s in enumerate(scores) if s == top)
    return leaders if len(leaders) == 1 else ()


# -- driving -----------------------------------------------------------------------------

def choose(rng: random.Random, hand, actions, uniform_bids: bool):
    if hand.phase == "bidding" and not uniform_bids:
        bids = [a for a in actions if a.kind == "bid"]
        return rng.choice([rookery.PASS] + ([min(bids, key=lambda a: a.value)] if bids else []))
    return rng.choice(actions)


def play_hand(hand, rng, uniform_bids, on_events=None) -> Watch:
    """Play ``hand`` to its end with random legal actions, checking as it goes."""
    watch = Watch.start(hand)
    while not hand.is_over:
        actions = hand.legal_actions()
        watch.check_menu(hand, actions)
        action = choose(rng, hand, actions, uniform_bids)
        seat = hand.actor
        events = on_events(action, seat) if on_events else hand.apply(action, seat)
        watch.see_action(seat, action)
        for event in events:
            watch.see_event(event)
    return watch


def play_game(variant, rules: Rules, rng: random.Random) -> int:
    """One random game from scores just below the target; returns the hands played."""
    scores = tuple(rng.randint(rules.target - 120, rules.target - 1)
                   for _ in range(rules.keepers))
    game = rookery.Game(variant, rng.randrange(2**32), scores=scores)
    assert tuple(game.scores) == scores
    played = 0
    while True:
        hand = game.hand
        assert (hand.number, tuple(hand.scores_before)) == (played, scores)
        watch = play_hand(hand, rng, uniform_bids=False,
                          on_events=lambda action, seat: game.apply(action, seat))
        played += 1
        changes = watch.expected_changes(hand)
        assert tuple(hand.result.changes) == changes
        scores = tuple(s + c for s, c in zip(scores, changes))
        assert tuple(game.scores) == scores
        bidding = None if watch.thrown_in else rules.keeper(watch.bidder)
        winners = expected_winners(rules, scores, bidding)
        assert tuple(game.winners) == winners, f"scores {scores}"
        if winners:
            assert game.is_over and game.legal_actions() == []
            return played
        assert not game.is_over
        assert played < HAND_CAP, f"no winner after {played} hands: {scores}"
        assert game.hand is not hand
        assert game.hand.dealer == (hand.dealer + 1) % rules.players


def test_random_games(name):
    rules = RULES[name]
    variant = rookery.load_variant(name)
    rng = random.Random(f"random-games/{name}")
    hands = [play_game(variant, rules, rng) for _ in range(GAMES)]
    assert len(hands) == GAMES
    # The starting scores make most games short, but some last several hands.
    assert max(hands) > 1


def test_random_hands_with_uniform_bids(name):
    """Single hands from seeded deals, every decision uniform (jump bids included)."""
    rules = RULES[name]
    variant = rookery.load_variant(name)
    rng = random.Random(f"uniform-hands/{name}")
    for _ in range(UNIFORM_HANDS):
        scores = [rng.randint(-500, 500) for _ in range(rules.keepers)]
        hand = rookery.deal_hand(variant, seed=rng.randrange(2**32),
                                 dealer=rng.randrange(rules.players), scores=scores,
                                 number=rng.randrange(4))
        watch = play_hand(hand, rng, uniform_bids=True)
        changes = watch.expected_changes(hand)
        assert tuple(hand.result.changes) == changes
        assert tuple(hand.result.scores) == tuple(s + c for s, c in zip(scores, changes))
