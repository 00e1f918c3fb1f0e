"""Hands for the house-rule tests: a deal they share, and random hands: every decision uniformly random among the legal
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


# Tournament Rook's game-end deal (dealer 0): the nest's green trumps, the Rook and the
# top reds make whoever takes it the strongest hand.
HANDS = [["B5", "B6", "B7", "B8", "B9", "R5", "R6", "R7", "R8"],
         ["B10", "B11", "B12", "B13", "B14", "R9", "R10", "R11", "R12"],
         ["Y5", "Y6", "Y7", "Y8", "Y9", "G5", "G6", "G7", "G8"],
         ["Y10", "Y11", "Y12", "Y13", "Y14", "G9", "G10", "G11", "G12"]]
NEST = ["R13", "R14", "G13", "G14", "ROOK"]


def played(variant, actions) -> rookery.Hand:
    """The game-end deal of ``variant`` after ``actions`` ("SEAT ACTION" each)."""
    hand = rookery.Hand(variant, 0, HANDS, NEST)
    for entry in actions:
        seat, _, action = entry.partition(" ")
        hand.apply(action, int(seat))
    return hand
