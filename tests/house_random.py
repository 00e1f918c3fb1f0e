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
# Seat 3 bids 120, lays aside Y11 Y12 Y13 G9 G11, names green and wins all nine tricks.
SWEEP = ["1 pass", "2 pass", "3 bid 120", "0 pass", "3 discard Y11", "3 discard Y12",
         "3 discard Y13", "3 discard G9", "3 discard G11", "3 trump G",
         "1 play B14", "2 play G5", "3 play ROOK", "0 play B5", "3 play G14", "0 play B6",
         "1 play B10", "2 play G6", "3 play G13", "0 play B7", "1 play B11", "2 play G7",
         "3 play G12", "0 play B8", "1 play B12", "2 play G8", "3 play G10", "0 play B9",
         "1 play B13", "2 play Y5", "3 play R14", "0 play R5", "1 play R9", "2 play Y6",
         "3 play R13", "0 play R6", "1 play R10", "2 play Y7", "3 play Y14", "0 play R7",
         "1 play R11", "2 play Y8", "3 play Y10", "0 play R8", "1 play R12", "2 play Y9"]


def played(variant, actions, scores=None) -> rookery.Hand:
    """The game-end deal of ``variant`` after ``actions`` ("SEAT ACTION" each)."""
    hand = rookery.Hand(variant, 0, HANDS, NEST, scores)
    for entry in actions:
        seat, _, action = entry.partition(" ")
        hand.apply(action, int(seat))
    return hand
