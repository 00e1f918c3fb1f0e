"""A whole game (``game:`` clauses): hands in turn, the deal rotating to the left, running
scores carried from hand to hand, until a score keeper reaches the target.

When several keepers reach the target in the same hand, ``game.winner`` decides:
``highest`` (the highest total wins; equal totals on different sides play on, a ruling)
or ``bidder-goes`` (the bidding side wins if it reached the target).  The house rules of
the end (a low score that loses, equal totals, going out only on one's own bid) are in
:mod:`rookery.engine.game_end`.

A game stops, with no winner, after :data:`MAX_HANDS` hands (a ruling of ours: the
sources set no limit, but ``check`` only proves that the target can be reached, not
that bots or people will reach it); the last event then says so (``game-stopped``).
"""

from __future__ import annotations

import random

from ..errors import IllegalAction
from ..limits import MAX_HANDS
from ..language.model import Variant
from . import game_end
from .actions import Action, Event
from .deal import deal_hand
from .hand import Hand
from .redeal import next_dealer
from .scoring import HandResult
from .tables import tables_for




class Game:
    """A game of ``variant`` from a seed (or a Random); ``first_dealer`` deals hand 0.

    ``game.hand`` is the hand in progress; :meth:`apply` drives it and deals the next
    hand when one ends, until :attr:`is_over`.
    """

    def __init__(self, variant: Variant, seed: int | random.Random | None = None,
                 first_dealer: int = 0, scores=None, hand: Hand | None = None,
                 max_hands: int = MAX_HANDS):
        self.variant = variant
        self.max_hands = max_hands
        self.stopped = False            # ended by max_hands, with no winner
        self.t = tables_for(variant)
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.scores: tuple[int, ...] = tuple(scores) if scores else (0,) * self.t.keepers
        self.results: list[HandResult] = []
        self.winners: tuple[int, ...] = ()
        self.deals_itself = hand is None
        # Hands thrown in as they were dealt that the game ended itself, in order (a
        # caller that records every hand reads and clears this list).
        self.dealt_over: list[Hand] = []
        self.hand = hand or deal_hand(variant, self.rng, first_dealer, self.scores, 0)
        self.scores = self.hand.scores_before
        if self.hand.is_over:       # thrown in as it was dealt (deal.poor-hand-redeal must)
            if self.deals_itself:
                self.dealt_over.append(self.hand)
            self._end_of_hand()
            self._thrown_in_at_deal()

    @property
    def is_over(self) -> bool:
        return bool(self.winners) or self.stopped

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else self.hand.to_act

    @property
    def actor(self) -> int | None:
        return None if self.is_over else self.hand.actor

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over else self.hand.legal_actions()

    def observation(self, seat: int) -> dict:
        obs = self.hand.observation(seat)
        obs["game_scores"] = list(self.scores)
        obs["hands_played"] = len(self.results)
        if self.is_over:
            obs["winners"] = list(self.winners)
        return obs

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        if self.is_over:
            raise IllegalAction("game-over", "the game is over")
        events = self.hand.apply(action, seat)
        if self.hand.is_over:
            events += self._end_of_hand()
            events += self._thrown_in_at_deal()
        return events

    def _thrown_in_at_deal(self) -> list[Event]:
        """Hands the game deals that are thrown in at once (``deal.poor-hand-redeal
        must``) end as they are dealt.  A game given its hands one by one (a conformance
        session) ends each itself."""
        events: list[Event] = []
        while self.deals_itself and self.hand.is_over and not self.is_over:
            self.dealt_over.append(self.hand)
            events += self.hand.opening_events + self._end_of_hand()
        return events

    def _end_of_hand(self) -> list[Event]:
        result = self.hand.result
        self.results.append(result)
        self.scores = result.scores
        winners, keys = game_end.decide(self.variant, result, self.t.team_of)
        if winners:
            self.winners = winners
            return [Event("game-over", None, {"winners": list(winners),
                                              "scores": list(self.scores)},
                          tuple(self.t.rule(*key.split(".")) if "." in key
                                else self.t.rule("game", key) for key in keys))]
        if len(self.results) >= self.max_hands:
            self.stopped = True
            return [Event("game-stopped", None, {"hands": len(self.results),
                                                 "scores": list(self.scores),
                                                 "reason": f"no winner after the limit of "
                                                 f"{self.max_hands} hands"})]
        dealer = next_dealer(self.hand)
        # The hand after this one in the game: a game taken up at hand N (an explicit
        # deal's ``number``) goes on with N + 1, as the passing cycle counts it.
        number = self.hand.number + 1
        self.hand = deal_hand(self.variant, self.rng, dealer, self.scores, number)
        return [Event("new-hand", dealer, {"hand": number, "dealer": dealer})]


def game_winners(variant: Variant, result: HandResult, team_of) -> tuple[int, ...]:
    """The score keepers who win after this hand (empty while the game goes on)."""
    return game_end.decide(variant, result, team_of)[0]
