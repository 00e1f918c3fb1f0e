#!/usr/bin/env python3
"""A small, independent Tournament Rook (Kentucky Discard) engine in plain Python, checked
by rookery through its Python harness kit (``rookery.harness``): the kit speaks the
protocol of docs/protocol.md, this file only plays the rules.

Written for this example from the rules text (the encyclopedia article's "Official rules",
source id wikipedia-rook) and the rulings of specs/tournament.rook; it does not use
rookery's engine.  Run it as it is: ``python3 engine.py`` (no install needed, see the end).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

# -- The deck ("The deal"): four colors of 5..14 and the Rook Bird card: 41 cards. ---------
COLORS = ("B", "R", "Y", "G")
RANKS = range(5, 15)
ROOK = "ROOK"
DECK = tuple(f"{color}{rank}" for color in COLORS for rank in RANKS) + (ROOK,)

# -- The table ("Official rules"): four players, partners opposite (team = seat % 2). ----
PLAYERS, TEAMS = 4, 2


def team_of(seat: int) -> int:
    return seat % TEAMS


def left_of(seat: int) -> int:
    return (seat + 1) % PLAYERS


# -- Bidding ("Bidding"): 70 to 120 in fives, any raise; a pass is final. -----------------
MIN_BID, MAX_BID, BID_STEP = 70, 120, 5
# -- The nest: the bid winner lays five cards aside; the last trick takes them. -----------
NEST_SIZE = 5
# -- The game goes to 300 ("Scoring"). -----------------------------------------------------
TARGET = 300


def points(card: str) -> int:
    """Counters: each 5 is 5 points, each 10 and 14 is 10, the Rook 20."""
    if card == ROOK:
        return 20
    return {5: 5, 10: 10, 14: 10}.get(rank(card), 0)


def rank(card: str) -> int:
    return int(card[1:])


def color(card: str, trump: str | None) -> str | None:
    """The Rook is a card of the trump color (ruling on ``play.anytime``), of none before
    trump is named."""
    return trump if card == ROOK else card[0]


def strength(card: str, led: str | None, trump: str | None) -> int:
    """The Rook is the highest trump; then trumps by rank; then the led color by rank; any
    other card cannot take the trick."""
    if card == ROOK:
        return 1000
    if color(card, trump) == trump:
        return 100 + rank(card)
    return rank(card) if color(card, trump) == led else -1


def in_order(cards) -> list[str]:
    return sorted(cards, key=lambda c: 1000 if c == ROOK else COLORS.index(c[0]) * 100 + rank(c))


class TournamentHand:
    """One hand, from the deal to the score, in the terms the harness kit reads."""

    def __init__(self, deal):
        self.dealer = deal.dealer
        self.hands = [list(cards) for cards in deal.hands]
        self.nest = list(deal.nest)
        self.scores_before = list(deal.scores)
        self.phase = "bidding"
        self.to_act = left_of(deal.dealer)      # bidding starts left of the dealer
        self.high_bid = None
        self.bidder = None
        self.passed = [False] * PLAYERS
        self.laid_aside: list[str] = []
        self.trump = None
        self.trick: list[tuple[int, str]] = []
        self.tricks_won = [0] * PLAYERS
        self.last_trick = None
        self.taken = [0] * TEAMS
        self.result = None

    # -- what is legal ---------------------------------------------------------------------
    def legal(self) -> list[str]:
        if self.phase == "bidding":
            lowest = MIN_BID if self.high_bid is None else self.high_bid + BID_STEP
            return ["pass"] + [f"bid {amount}" for amount in range(lowest, MAX_BID + 1, BID_STEP)]
        if self.phase == "discard":
            return [f"discard {card}" for card in self.hands[self.bidder]]
        if self.phase == "trump":
            return [f"trump {c}" for c in COLORS]
        if self.phase == "play":
            return [f"play {card}" for card in self.playable(self.to_act)]
        return []

    def apply(self, seat: int, action):
        """The kit has refused unreadable actions, a finished hand and another seat's
        turn; the phase's own rules are checked here."""
        kinds = {"bidding": ("bid", "pass"), "discard": ("discard",), "trump": ("trump",),
                 "play": ("play",)}[self.phase]
        if action.kind not in kinds:
            raise Refused(Code.WRONG_PHASE, f"{action.kind}: the {self.phase} is on")
        if action.kind in ("discard", "play"):
            if action.value not in DECK:
                raise Refused(Code.UNKNOWN_CARD, f"{action.value} is not a Tournament card")
            if action.value not in self.hands[seat]:
                raise Refused(Code.CARD_NOT_IN_HAND, f"seat {seat} does not hold {action.value}")
        return getattr(self, f"_{self.phase}")(seat, action)

    # -- bidding -----------------------------------------------------------------------------
    def _bidding(self, seat: int, action):
        if action.kind == "pass":
            self.passed[seat] = True                # "a player that has passed may not bid again"
        else:
            amount = action.value
            if amount < MIN_BID or (self.high_bid is not None and amount <= self.high_bid):
                raise Refused(Code.BID_TOO_LOW, f"the bid must be at least {MIN_BID} "
                              "and higher than the last")
            if amount > MAX_BID:
                raise Refused(Code.BID_TOO_HIGH, f"the maximum bid is {MAX_BID}")
            if (amount - MIN_BID) % BID_STEP:
                raise Refused(Code.BID_NOT_MULTIPLE, f"bids go in steps of {BID_STEP}")
            self.high_bid, self.bidder = amount, seat
        standing = [s for s in range(PLAYERS) if not self.passed[s]]
        if not standing:                            # all pass: the hand is thrown in
            self._end(made=None, changes=[0] * TEAMS, nest_to=None, thrown_in=True)
        elif standing == [self.bidder]:             # the bid winner takes the nest at once
            self.hands[self.bidder] += self.nest
            self.phase, self.to_act = "discard", self.bidder
        else:
            self.to_act = next(s for s in (left_of(seat + i) for i in range(PLAYERS))
                               if not self.passed[s])

    # -- the nest and trump ------------------------------------------------------------------
    def _discard(self, seat: int, action):
        """Any five cards, counters and the Rook included (ruling on ``nest.forbid``)."""
        self.hands[seat].remove(action.value)
        self.laid_aside.append(action.value)
        if len(self.laid_aside) == NEST_SIZE:
            self.phase = "trump"

    def _trump(self, seat: int, action):
        if action.value not in COLORS:
            raise Refused(Code.TRUMP_NOT_ALLOWED, f"trump is one of {', '.join(COLORS)}")
        self.trump = action.value
        self.phase, self.to_act = "play", left_of(self.dealer)   # left of the dealer leads

    # -- the play ----------------------------------------------------------------------------
    def playable(self, seat: int) -> list[str]:
        """Follow the led color if able; the Rook may be played at any time."""
        held = self.hands[seat]
        if not self.trick:
            return list(held)
        led = color(self.trick[0][1], self.trump)
        following = [c for c in held if color(c, self.trump) == led or c == ROOK]
        return following if any(color(c, self.trump) == led for c in held) else list(held)

    def _play(self, seat: int, action):
        card = action.value
        if card not in self.playable(seat):
            raise Refused(Code.MUST_FOLLOW_COLOR, f"seat {seat} must follow the led color")
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < PLAYERS:
            self.to_act = left_of(seat)
            return
        led = color(self.trick[0][1], self.trump)
        winner = max(self.trick, key=lambda played: strength(played[1], led, self.trump))[0]
        cards = [card for _, card in self.trick]
        self.last_trick = {"winner": winner, "points": sum(map(points, cards)), "cards": cards}
        self.tricks_won[winner] += 1
        self.taken[team_of(winner)] += self.last_trick["points"]
        self.trick, self.to_act = [], winner
        if not any(self.hands):                     # the last trick takes the nest
            self.taken[team_of(winner)] += sum(map(points, self.laid_aside))
            self._score(winner)

    # -- scoring -----------------------------------------------------------------------------
    def _score(self, nest_to: int):
        """The bidding team scores what it took if it made its bid, else loses the bid;
        the other team scores what it took."""
        bidders = team_of(self.bidder)
        made = self.taken[bidders] >= self.high_bid
        changes = [-self.high_bid if team == bidders and not made else taken
                   for team, taken in enumerate(self.taken)]
        self._end(made=made, changes=changes, nest_to=nest_to, thrown_in=False)

    def _end(self, made, changes, nest_to, thrown_in):
        self.phase, self.to_act = "done", None
        self.result = Result(made=made, changes=changes, nest_to=nest_to, thrown_in=thrown_in,
                             scores=[s + c for s, c in zip(self.scores_before, changes)],
                             taken=list(self.taken))

    def game_over(self):
        """Over 300, the higher total wins; equal totals play on (ruling on ``game.winner``)."""
        if self.result is None or max(self.result.scores) < TARGET:
            return None
        best = max(self.result.scores)
        leaders = [team for team, score in enumerate(self.result.scores) if score == best]
        return leaders if len(leaders) == 1 else None

    # -- what a seat sees ------------------------------------------------------------------
    def view(self, seat: int) -> dict:
        """Its own cards, the bidding, trump, the trick on the table, and for the bid
        winner the cards it laid aside: never another hand, the nest or an earlier trick."""
        return {"hand": in_order(self.hands[seat]), "high_bid": self.high_bid,
                "bidder": self.bidder, "trump": self.trump, "trick": [list(p) for p in self.trick],
                "laid_aside": list(self.laid_aside) if seat == self.bidder else []}


# -- The protocol: the kit's, told what this engine plays. -----------------------------------
def load_kit():
    """``rookery.harness`` where rookery is installed; else the kit's single file, from
    this repository (interpreter/rookery/harness.py), loaded by its path."""
    try:
        from rookery import harness
        return harness
    except ImportError:
        path = Path(__file__).resolve().parents[3] / "interpreter" / "rookery" / "harness.py"
        spec = importlib.util.spec_from_file_location("rookery_harness", path)
        kit = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = kit            # dataclasses look their module up
        spec.loader.exec_module(kit)
        return kit


harness = load_kit()
Refused, Code, Result = harness.Refused, harness.Code, harness.Result
ENGINE = harness.Engine(name="python-tournament", version="1.0.0", variants=["tournament"],
                        start=TournamentHand, deck=DECK, seats=PLAYERS, keepers=TEAMS)

if __name__ == "__main__":
    # ``--log FILE``: every game played is also written to FILE, as rookery check-games
    # reads it
    LOG = sys.argv[sys.argv.index("--log") + 1] if "--log" in sys.argv[:-1] else None
    harness.serve(ENGINE, log=LOG)
