"""A claim (``play: claim certain``), by hand and in random hands.

Rule (conformance/house/claim.rook, a ruling): the player on lead may claim the
remaining tricks when no card left in the other hands could take one of them, leading
from the strongest card down; the claim is refused otherwise.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import rookery
from house_random import played, random_hand
from rookery.engine import claim
from rookery.engine.actions import Action
from rookery.errors import IllegalAction
from rookery.resources import conformance_dir

CLAIM = rookery.load_variant(conformance_dir() / "house" / "claim.rook")
# Seat 3 bids 120, lays aside Y11 Y12 Y13 G9 G11, names green and takes the first trick.
FIRST_TRICK = ["1 pass", "2 pass", "3 bid 120", "0 pass", "3 discard Y11", "3 discard Y12",
               "3 discard Y13", "3 discard G9", "3 discard G11", "3 trump G",
               "1 play B14", "2 play G5", "3 play ROOK", "0 play B5"]


def test_the_notation():
    assert Action.parse("claim") == Action("claim") and str(Action("claim")) == "claim"


def test_a_certain_claim_takes_every_remaining_trick():
    hand = played(CLAIM, FIRST_TRICK)
    assert Action("claim") in hand.legal_actions()
    events = hand.apply("claim")
    assert events[0].kind == "claim" and events[0].rules == ("play.claim",)
    assert hand.is_over and hand.tricks_won == [0, 0, 0, 9]
    assert hand.result.changes == (0, 120)


def test_a_claim_off_lead_or_uncertain_is_refused_and_changes_nothing():
    hand = played(CLAIM, FIRST_TRICK[:-3])
    with pytest.raises(IllegalAction) as error:
        hand.apply("claim")          # seat 2 is second to play
    assert error.value.code == "claim-not-on-lead"
    hand = played(CLAIM, FIRST_TRICK[:10])
    before = hand.snapshot()
    with pytest.raises(IllegalAction) as error:
        hand.apply("claim")          # seat 1 leads B14 but holds nothing else sure
    assert (error.value.code, error.value.rule) == ("claim-not-certain", "play.claim")
    assert hand.snapshot() == before


def test_without_the_rule_there_is_no_claim():
    hand = played(rookery.load_variant("tournament"), FIRST_TRICK)
    assert Action("claim") not in hand.legal_actions()
    with pytest.raises(IllegalAction) as error:
        hand.apply("claim")
    assert error.value.code == "wrong-phase"


def _claimant_surely_wins(hand, seat: int, rng: random.Random, tries: int = 20) -> bool:
    """Play the rest out ``tries`` times, the claimant from the strongest card down and
    the others at random: the claimant's side must win every trick each time."""
    side = hand.t.team_of[seat]
    for _ in range(tries):
        probe = hand.copy()
        done = len(probe.tricks)
        while not probe.is_over:
            if probe.to_act == seat:
                card = claim.lead_order(probe, seat)[0]
                probe.apply(probe.t.play_actions[card])
            else:
                probe.apply(rng.choice([a for a in probe.legal_actions() if a.kind == "play"]))
        if any(hand.t.team_of[w] != side for *_, w in probe.tricks[done:]):
            return False
    return True


def test_random_hands_claim_only_what_is_certain():
    """200 seeded random hands in which a player claims whenever it may: every claim
    accepted survives random defence, the claimant's side then takes every remaining
    trick, the deck stays whole and the hand is scored as usual."""
    rng = random.Random(1)
    claims = 0
    deck = Counter(card.code for card in CLAIM.deck.cards)
    for seed in range(200):
        hand = random_hand(CLAIM, seed)      # may claim at random
        if hand.result.thrown_in:
            continue
        seen = Counter(hand.t.codes[c] for _, cards, _, _ in hand.tricks for c in cards) + \
            Counter(hand.t.codes[c] for c in hand.laid_aside)
        assert seen == deck, seed
        claimed = [i for i, (_, action) in enumerate(hand.history) if action.kind == "claim"]
        if not claimed:
            continue
        claims += 1
        replay = rookery.Hand(CLAIM, hand.dealer, hand.start_hands, hand.start_nest)
        for seat, action in hand.history[:claimed[0]]:
            replay.apply(action, seat)
        seat = replay.to_act
        assert _claimant_surely_wins(replay, seat, rng), seed
        done = len(replay.tricks)
        side = hand.t.team_of[seat]
        assert all(hand.t.team_of[w] == side for *_, w in hand.tricks[done:]), seed
    assert claims > 20, claims


@pytest.mark.parametrize("base", rookery.builtin_variants())
def test_claims_on_every_base_survive_random_defence(base):
    """The claim rule added to each built-in variant (duplicate cards, no trump, low card,
    special trumps, a dummy, called partners ...): 8 random hands each, every claim made
    wins all its tricks for the claimant against random defence."""
    from rookery.language.load import load_text
    variant = load_text(f"variant x\nextends {base}\nplay:\n  claim certain\n"
                        f"    ruling \"house rule\"\n")
    rng = random.Random(base)
    for seed in range(8):
        hand = random_hand(variant, seed)
        claimed = [i for i, (_, action) in enumerate(hand.history) if action.kind == "claim"]
        if not claimed:
            continue
        replay = rookery.Hand(variant, hand.dealer, hand.start_hands, hand.start_nest,
                              hand.scores_before, hand.number)
        for seat, action in hand.history[:claimed[0]]:
            replay.apply(action, seat)
        seat = replay.to_act
        for _ in range(8):
            probe = replay.copy()
            done = len(probe.tricks)
            while not probe.is_over:
                if probe.to_act == seat:
                    probe.apply(probe.t.play_actions[claim.lead_order(probe, seat)[0]])
                else:
                    probe.apply(rng.choice([a for a in probe.legal_actions()
                                            if a.kind == "play"]))
            assert all(w == seat for *_, w in probe.tricks[done:]), (base, seed)
