"""A search bot for any spec: it compares its choices on determinizations, deals of the
cards it cannot see made consistently with what it has seen
(:mod:`rookery.play.resample`), each played out by a greedy player
(:mod:`rookery.play.rollout`).

In the play (the kept design, :meth:`SearchBot.compare`): every distinct card it may
play is tried on the same deals, each deal played out after it, and scored as the
hand's own scoring says (its side's score change against the others').  It plays the
simple bot's card unless another does better by more than :data:`MARGIN` a deal.
Measured against the simple bots (``benchmarks/README.md``, ``match_ismcts.py``): the
same deals for every card (paired comparisons), the greedy playout player instead of a
quick one that led at random, and the simple bot's card as the default made it strong
enough to beat them; a tree over the deals (information-set Monte Carlo tree search,
single observer, Cowling, Powley and Whitehouse 2012; :meth:`SearchBot.search`, kept
as ``flat=False``) did no better at this budget, where a tree is hardly deeper than
its root.

The auction and trump are decided from the simple bot's valuation of the hand: that was
measured the strongest; but the bot bids :data:`BOLDNESS` of the highest bid above that
valuation.  Its card play makes contracts the simple bot's play would lose (set about
half as often on the same bids), so it can afford to take more contracts and to push
the others higher (measured: 0.05 to 0.1 won more games, 0.15 bid into sets).  As bid
winner it lays cards aside so as to empty its short colors (:mod:`.laying_aside`,
``burial="voids"``), which halved its sets in Tournament against laying aside its
lowest cards as the simple bot does (``burial="valuation"``).

Two ways of bidding by playouts are kept as options and were measured weaker:
``auction="search"`` (:meth:`SearchBot.weigh_bid`: bid the lowest bid open or pass,
whichever does better on the same deals, the others bidding as the simple bot would)
bid into more sets; ``bid_by_playouts`` (:meth:`SearchBot.bid`: bid while the side
takes the bid in two deals of three and within the simple bot's valuation) bid too
seldom.  ``trump="search"`` names trump by comparing the colors on the same deals; it
did not do better than the valuation.

Nothing is written per variant: the hand's legal actions, its scoring and the variant's
tables (trick strengths, counters, sides) are all the bot reads."""

from __future__ import annotations

import math
import random
import time

from ..engine import Action, Hand
from .laying_aside import lay_aside
from .resample import determinize, knowledge
from .rollout import POLICIES, distinct_cards, greedy_action, playout

# The exploration constant of the choice (UCB1), for results scaled to about -1..1.
EXPLORATION = 0.7

DEFAULT_ITERATIONS = 55

# A playout from the auction plays a whole hand, twice as long as the mean playout of the
# play: the auction weighs its bids on this share of the playouts, for the same time.
AUCTION_SHARE = 0.5

# How much better (in units of the highest bid, a deal) an action must do on the same
# deals than the simple bot's choice to be played instead (see SearchBot.compare).
MARGIN = 0.02

# How much better (in units of the highest bid, a deal) bidding must do than passing on
# the same deals: the playouts, whose players see every card, make contracts more
# easily than players at a table (see SearchBot.weigh_bid).
BID_MARGIN = 0.1

# In the auction by valuation: how far above the simple bot's valuation of its hand the
# bot bids, a share of the highest bid (of the hand's points).  Its card play makes more
# of a contract than the simple bot's does (see SearchBot.choose).
BOLDNESS = 0.075

# In the auction: the share of deals in which the bot's side must take at least the bid.
MAKE_SHARE = 2 / 3


class Choice:
    """One decision in the tree: who made it, how it did, how often it could be made."""

    __slots__ = ("seat", "visits", "total", "available", "children")

    def __init__(self, seat: int | None):
        self.seat = seat
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.children: dict[Action, Choice] = {}


class SearchBot:
    """The search bot: ``iterations`` playouts a decision, or as many as ``think``
    seconds allow (a time budget is not deterministic; an iteration count is, under the
    bot's random generator); ``helper`` (the simple bot) makes the default choice in
    the play and the decisions outside it (see the module for the options)."""

    name = "ismcts"

    def __init__(self, rng: random.Random, helper, iterations: int | None = None,
                 think: float | None = None, bid_by_playouts: bool = False,
                 policy: str = "greedy", flat: bool = True, auction: str = "valuation",
                 trump: str = "valuation", boldness: float = BOLDNESS,
                 burial: str = "voids"):
        self.rng = rng
        self.iterations = iterations if iterations is not None or think is not None \
            else DEFAULT_ITERATIONS
        self.think = think
        self.helper = helper            # the simple bot: the auction, trump, calls
        self.bid_by_playouts = bid_by_playouts
        self.policy = POLICIES[policy]  # the player of the playouts
        self.flat = flat                # every card on the same deals, no tree
        self.auction = auction          # "search" (:meth:`weigh_bid`) or "valuation"
        self.trump = trump              # "search" (:meth:`compare`) or "valuation"
        self.boldness = boldness        # the valuation raised (a share of the highest bid)
        self.burial = burial            # "voids" (:mod:`.laying_aside`) or "valuation"

    def choose(self, hand: Hand) -> Action:
        legal = hand.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if hand.phase == "bidding":
            if self.bid_by_playouts:
                return self.bid(hand, legal)
            if self.auction == "search":
                return self.weigh_bid(hand, legal)
            return self.helper.bid_by_valuation(hand, legal, self.boldness)
        if hand.phase == "play":
            return self.compare(hand, legal) if self.flat else self.search(hand, legal)
        if legal[0].kind == "discard" and self.burial == "voids":
            return lay_aside(hand, legal, self.helper)
        if legal[0].kind == "trump" and self.trump == "search":
            return self.compare(hand, legal)
        return self.helper.choose(hand)

    def _budget(self, share: float = 1.0):
        """Whether another playout fits the budget: a callable of the playouts done."""
        if self.think is None:
            limit = max(1, int(self.iterations * share))
            return lambda done: done < limit
        deadline = time.perf_counter() + self.think * share
        return lambda done: not done or time.perf_counter() < deadline

    def bid(self, hand: Hand, legal: list[Action]) -> Action:
        """Bid on while the lowest bid open is within what the bot's side takes in
        :data:`MAKE_SHARE` of the deals played out, else pass (see the module)."""
        bids = [a for a in legal if a.kind == "bid"]
        passes = [a for a in legal if a.kind == "pass"]
        if not bids:
            return passes[0] if passes else legal[0]
        seat = hand.actor
        lowest = min(bids, key=lambda a: a.value)
        known = knowledge(hand, seat)
        taken: list[int] = []
        more = self._budget(0.5)
        tries = 0
        while more(tries):
            tries += 1
            deal = determinize(hand, seat, self.rng, known)
            if not _win_auction(deal, seat, lowest):
                continue
            playout(deal, self.rng, self.policy)
            side = next((s for s in deal.result.sides if s.bidding), None)
            if side is not None:
                taken.append(side.taken)
        if not taken:
            return self.helper.choose(hand)
        taken.sort()
        sure = taken[int(len(taken) * (1 - MAKE_SHARE))]
        # The playouts alone overrate the bid winner's side (with them alone the bot
        # was set in 33% of 91 Kentucky Rook contracts): it bids only within what the
        # simple bot's valuation of its hand allows as well.
        worth = self.helper.hand_strength(hand) * hand.t.max_bid
        if (lowest.value <= sure and lowest.value <= worth) or not passes:
            return lowest
        return passes[0]

    def weigh_bid(self, hand: Hand, legal: list[Action]) -> Action:
        """Bid the lowest bid open, or pass, whichever does better on the same deals of
        the hidden cards: each deal's auction is finished both ways, the bot going no
        higher than this bid (it weighs the next bid when its turn comes again) and
        the other seats bidding as the simple bot does from the hands of the deal; the
        hand is then played out (the nest and trump by the playout player) and scored
        by the hand's own scoring.  So a bid is made when, on these deals, taking the
        contract at it is worth more than leaving it to the others, sets counted."""
        bids = [a for a in legal if a.kind == "bid"]
        passes = [a for a in legal if a.kind == "pass"]
        if not bids or not passes:
            return self.helper.choose(hand)
        lowest = min(bids, key=lambda a: a.value)
        seat = hand.actor
        rng = self.rng
        known = knowledge(hand, seat)
        gain = 0.0
        more = self._budget(AUCTION_SHARE)
        done = 0
        while more(done):
            deal = determinize(hand, seat, rng, known)
            for first, sign in ((lowest, 1), (passes[0], -1)):
                trial = deal.playout_copy()
                trial.apply(first)
                self._finish_auction(trial, seat)
                playout(trial, rng, self.policy)
                gain += sign * reward(trial, seat)
            done += 2
        return lowest if gain > BID_MARGIN * done / 2 else passes[0]

    def _finish_auction(self, deal: Hand, seat: int) -> None:
        """The rest of an auction in a deal: ``seat`` bids no higher (it passes where it
        may), the others bid as the simple bot does."""
        while deal.phase == "bidding" and not deal.is_over:
            legal = deal.legal_actions()
            if len(legal) == 1:
                deal.apply(legal[0])
            elif deal.actor == seat:
                deal.apply(next((a for a in legal if a.kind == "pass"), legal[0]))
            else:
                deal.apply(self.helper.choose(deal))

    def compare(self, hand: Hand, legal: list[Action]) -> Action:
        """The simple bot's choice, unless another action does better by more than
        :data:`MARGIN` a deal on the same deals of the hidden cards, each played out
        after it by the playout player.  The same deals for every action make the
        comparison fair at few playouts (a deal good for the seat is good for all its
        choices); the margin keeps the simple bot's sound choice where a few deals
        cannot tell the actions apart.  Cards that are as good as each other (no card
        the seat has not seen lies between them) are tried once."""
        choices = distinct_cards(hand, legal)
        default = self.helper.choose(hand)
        if default not in choices:
            choices.append(default)
        if len(choices) == 1:
            return default
        seat = hand.actor
        rng = self.rng
        known = knowledge(hand, seat)
        totals = [0.0] * len(choices)
        more = self._budget()
        done = deals = 0
        while more(done):
            deal = determinize(hand, seat, rng, known)
            for i, action in enumerate(choices):
                trial = deal.playout_copy()
                trial.apply(action)
                playout(trial, rng, self.policy)
                totals[i] += reward(trial, seat)
            done += len(choices)
            deals += 1
        best = max(range(len(choices)), key=lambda i: (totals[i], -i))
        if totals[best] - totals[choices.index(default)] > MARGIN * deals:
            return choices[best]
        return default

    def search(self, hand: Hand, legal: list[Action]) -> Action:
        """The root decision most visited after the budget is spent."""
        seat = hand.actor
        rng = self.rng
        known = knowledge(hand, seat)
        root = Choice(None)
        more = self._budget()
        done = 0
        while more(done):
            _iterate(root, determinize(hand, seat, rng, known), rng, self.policy)
            done += 1
        visited = [(root.children[a].visits, -i, a) for i, a in enumerate(legal)
                   if a in root.children]
        return max(visited)[2] if visited else legal[0]


def _win_auction(deal: Hand, seat: int, bid: Action) -> bool:
    """Finish the auction of ``deal`` with ``seat`` bidding ``bid`` (or the lowest bid
    open) and the others passing where they may; whether ``seat`` won it."""
    for _ in range(4 * deal.n):
        if deal.phase != "bidding":
            break
        legal = deal.legal_actions()
        if deal.actor == seat:
            bids = [a for a in legal if a.kind == "bid"]
            action = bid if bid in legal else min(bids, key=lambda a: a.value) \
                if bids else legal[0]
        else:
            action = next((a for a in legal if a.kind == "pass"), legal[0])
        deal.apply(action)
    return deal.phase != "bidding" and deal.bidder == seat and not deal.is_over


def _iterate(root: Choice, deal: Hand, rng: random.Random, policy=greedy_action) -> None:
    """One iteration on one deal: select, expand, play out, credit."""
    path: list[Choice] = []
    node = root
    while not deal.is_over:
        legal = deal.legal_actions()
        if len(legal) == 1:
            deal.apply(legal[0])
            continue
        seat = deal.actor
        children = node.children
        untried = []
        for action in legal:
            child = children.get(action)
            if child is None:
                untried.append(action)
            else:
                child.available += 1
        if untried:
            # A new decision is first tried as the quick player would make it, so a
            # reply is not judged against a careless answer; the others follow.
            action = policy(deal, legal, rng)
            if action not in untried:
                action = untried[rng.randrange(len(untried))]
            child = children[action] = Choice(seat)
            child.available = 1
            deal.apply(action)
            path.append(child)
            break
        action = _select(children, legal)
        node = children[action]
        deal.apply(action)
        path.append(node)
    playout(deal, rng, policy)
    for child in path:
        child.visits += 1
        child.total += reward(deal, child.seat)


def _select(children: dict, legal: list[Action]) -> Action:
    """UCB1 over the choices available here, counting availability, not parent visits."""
    best, best_value = legal[0], -math.inf
    for action in legal:
        child = children[action]
        value = child.total / child.visits + \
            EXPLORATION * math.sqrt(math.log(child.available) / child.visits)
        if value > best_value:
            best, best_value = action, value
    return best


def reward(hand: Hand, seat: int) -> float:
    """What the finished hand is worth to ``seat``: its side's score change less the
    mean change of the others, in units of the highest bid."""
    changes = hand.result.changes
    t = hand.t
    keeper = t.team_of[seat] if t.team_of is not None else seat
    own = changes[keeper]
    others = [c for k, c in enumerate(changes) if k != keeper]
    spread = own - (sum(others) / len(others) if others else 0)
    return spread / max(1, t.max_bid)
