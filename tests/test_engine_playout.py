"""The playout hand (``record=False``) and ``Hand.copy()`` against the recording hand.

A hand dealt with ``record=False`` keeps no events and no history (for bots and
benchmarks); every rule must still apply exactly as in a recording hand.  For every
built-in variant and house spec, over seeds, two hands from the same deal are driven with the same
random choices: at every decision they must agree on the phase, whose turn it is, the
legal set, the refusal of an illegal action or of a seat out of turn (code, message,
rule), the rules behind the turn and the legal set, and at the end on the result.  ``copy()`` must give a hand that plays on like the original and shares no
state with it.
"""

from __future__ import annotations

import random

import pytest

import rookery
from rookery.errors import UsageError

from rookery.resources import conformance_dir

# Every built-in variant, the corpus's house specs (each a house-rule mechanism: redeal,
# face-up nest, burial, exchange, claim, bonuses...) and a base with options.
VARIANTS = rookery.builtin_variants() + sorted(
    str(path) for path in (conformance_dir() / "house").glob("*.rook")) + \
    ["kentucky-rook+rook-low+no-trump"]
SEEDS = 12
PROBES = ("pass", "bid 5", "bid 75", "discard R5", "give R5", "trump R", "play ROOK",
          "play R5", "call R1", "leader left", "rook high", "play ZZ", "claim", "redeal",
          "keep")


def _refusal(hand, action: str, seat: int | None = None):
    """What refusing ``action`` looks like (on a copy: a legal probe must not change
    the hand under test)."""
    try:
        hand.copy().apply(action, seat)
    except rookery.IllegalAction as error:
        return error.code, str(error), error.rule
    return None


@pytest.mark.parametrize("name", VARIANTS, ids=lambda v: v.rsplit("/", 1)[-1])
def test_playout_hand_follows_the_same_rules(name):
    variant = rookery.load_variant(name)
    for seed in range(SEEDS):
        dealer = seed % variant.table.players
        recording = rookery.deal_hand(variant, seed, dealer, None, seed % 3)
        playout = rookery.deal_hand(variant, seed, dealer, None, seed % 3, record=False)
        rng = random.Random(seed)
        while not recording.is_over:
            assert not playout.is_over
            assert (playout.phase, playout.to_act, playout.actor) == \
                (recording.phase, recording.to_act, recording.actor)
            legal = recording.legal_actions()
            assert playout.legal_actions() == legal
            probe = PROBES[rng.randrange(len(PROBES))]
            assert _refusal(playout, probe) == _refusal(recording, probe)
            wrong_seat = (recording.actor + 1) % recording.n
            assert _refusal(playout, legal[0], wrong_seat) == \
                _refusal(recording, legal[0], wrong_seat)
            assert playout.turn_rules() == recording.turn_rules()
            assert playout.observation(recording.actor) == recording.observation(recording.actor)
            assert playout.legal_rules() == recording.legal_rules()
            action = rng.choice(legal)
            assert recording.apply(action)          # a recording hand reports events
            assert playout.apply(action) == ()      # a playout reports none
        assert playout.is_over and playout.legal_actions() == []
        assert playout.result == recording.result
        assert playout.observation(0) == recording.observation(0)
        with pytest.raises(UsageError):
            playout.snapshot()


@pytest.mark.parametrize("name", VARIANTS, ids=lambda v: v.rsplit("/", 1)[-1])
def test_copy_plays_on_like_the_original_and_shares_nothing(name):
    variant = rookery.load_variant(name)
    rng = random.Random(name)
    for seed in range(4):
        hand = rookery.deal_hand(variant, seed, seed % variant.table.players)
        while not hand.is_over:
            copy = hand.copy()
            before = [hand.observation(s) for s in range(hand.n)]
            assert copy.snapshot() == hand.snapshot()
            assert [copy.observation(s) for s in range(copy.n)] == before
            # Play the copy to its end: the original must not move.
            choices = random.Random(rng.random())
            while not copy.is_over:
                copy.apply(choices.choice(copy.legal_actions()))
            assert [hand.observation(s) for s in range(hand.n)] == before
            assert copy.result == rookery.Hand.replay(variant, copy.snapshot()).result
            hand.apply(rng.choice(hand.legal_actions()))
        assert hand.copy().result == hand.result


@pytest.mark.parametrize("name", ["tournament", "call-partner-200", "kentucky-rook"])
def test_a_playout_result_is_the_value_its_dataclass_makes(name):
    """score_hand fills its frozen results in one step: they must be the very values the
    dataclasses' own constructors make (equal, same hash, same fields)."""
    import dataclasses

    variant = rookery.load_variant(name)
    rng = random.Random(name)
    for seed in range(6):
        hand = rookery.deal_hand(variant, seed, seed % variant.table.players, record=False)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        result = hand.result
        remade = dataclasses.replace(result, sides=tuple(dataclasses.replace(side)
                                                          for side in result.sides))
        assert remade == result and hash(remade) == hash(result)
        assert vars(remade) == vars(result)
        assert [vars(side) for side in remade.sides] == [vars(side) for side in result.sides]
