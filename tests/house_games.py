"""Random games of a house spec with the invariants every hand keeps: used by the
``test_house_*`` modules (one per house-rule mechanism).

* until the hand is over some action is legal, and every legal action applies;
* every card is accounted for at every step: the hands, the nest, the cards laid aside
  and the tricks (taken and on the table) make up the deck;
* the running scores are the sum of the hands' score changes.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import rookery
from rookery.errors import SpecError
from rookery.engine.tables import tables_for

HOUSE = Path(__file__).resolve().parent.parent / "conformance" / "house"


def house(name: str):
    """A house spec of the corpus, compiled."""
    return rookery.load_variant(str(HOUSE / f"{name}.rook"))


def refused(tmp_path, section: str, clause: str, parent: str = "tournament"):
    """The SpecError a house spec of ``parent`` with one ``clause`` gets (it is on line
    4), or an AssertionError when the spec loads."""
    spec = tmp_path / "bad.rook"
    spec.write_text(f'variant bad\nextends {parent}\n{section}:\n  {clause}\n'
                    f'    ruling "a mistake"\n')
    try:
        rookery.load_variant(str(spec))
    except SpecError as error:
        assert error.span.line == 4, error
        return error
    raise AssertionError(f"{clause!r} was accepted")


def cards_now(hand) -> Counter:
    held = Counter(c for cards in hand.hands for c in cards)
    held.update(hand.nest)
    held.update(hand.laid_aside)
    held.update(hand.trick_cards)
    for _, cards, _, _ in hand.tricks:
        held.update(cards)
    for cards in hand.given:
        held.update(cards)
    if hand.hidden_received:
        held.update(hand.hidden_received)
    return held


def play_random_games(variant, games: int, seed: int = 0, on_step=None) -> Counter:
    """Play ``games`` whole games with random choices, checking the invariants at every
    step; returns a count of the events seen (by kind)."""
    deck = Counter(tables_for(variant).deck)
    seen: Counter = Counter()
    for number in range(games):
        rng = random.Random(seed * 100_003 + number)
        game = rookery.Game(variant, rng, first_dealer=number % variant.table.players,
                            max_hands=40)
        changes = [0] * len(game.scores)
        hands = 0
        while not game.is_over:
            hand = game.hand
            legal = game.legal_actions()
            assert legal, f"game {number}: nothing legal in phase {hand.phase}"
            assert cards_now(hand) == deck, f"game {number}: cards lost in {hand.phase}"
            if on_step is not None:
                on_step(hand)
            action = rng.choice(legal)
            if hand.phase == "bidding" and any(a.kind == "pass" for a in legal) \
                    and rng.random() < 0.5:
                action = next(a for a in legal if a.kind == "pass")
            for event in game.apply(action):
                seen[event.kind] += 1
                if event.kind == "thrown-in" and (event.data or {}).get("poor_hand"):
                    seen["poor-hand"] += 1
                if event.kind == "hand-scored":
                    hands += 1
                    for keeper, change in enumerate(event.data["changes"]):
                        changes[keeper] += change
        assert list(game.scores) == changes, f"game {number}: scores drift from changes"
    return seen


def fuzz_differences(variant, deals: int) -> list:
    """``rookery fuzz`` of the interpreter of ``variant`` against itself (in process):
    the differences and the unattributed ones found in ``deals`` seeded deals."""
    from rookery.conformance.differential.fuzzer import Fuzzer
    from rookery.conformance.protocol.engines import InProcessEngine
    from rookery.conformance.protocol.session import Session
    fuzzer = Fuzzer(variant, InProcessEngine(Session({variant.id: variant})), seed=1)
    fuzzer.run(deals)
    return fuzzer.differences + fuzzer.unattributed
