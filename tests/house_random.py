"""Random hands for the house-rule tests: every decision uniformly random among the legal
actions, except that in the auction a player bids the lowest legal amount or passes with
even odds (so contracts stay reachable)."""

from __future__ import annotations

import random

import rookery


def random_hand(variant, seed: int) -> rookery.Hand:
    """A hand of ``variant`` dealt and played from ``seed``; asserts the legal actions
    never run out before the hand is over."""
    rng = random.Random(seed)
    hand = rookery.deal_hand(variant, seed=seed, dealer=seed % variant.table.players)
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal, (seed, hand.phase)
        bids = [a for a in legal if a.kind == "bid"]
        hand.apply(bids[0] if hand.phase == "bidding" and bids and rng.random() < 0.5
                   else rng.choice(legal))
    return hand
