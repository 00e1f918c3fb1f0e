"""The house bonuses of a hand's score (``scoring: all-points``, ``most-cards``, and
``all-tricks`` or ``all-points`` written ``double``), beside the trick bonuses that
:mod:`rookery.engine.scoring` adds itself.

* ``most-cards N``: the side whose tricks hold the most cards (the nest's cards counting
  for the side ``nest.points`` credits with its counters) scores N more; nobody on a tie.
* ``all-points N``: a side that takes every counter of the deck (the nest's included)
  scores N more.
* ``double``: a side that takes every trick (``all-tricks double``) or every counter
  (``all-points double``) has its whole take (counters and bonuses) counted twice, once
  however many of them it earns.
"""

from __future__ import annotations


def house_bonuses(hand, sides, tricks: list[int], counters: list[int],
                  nest_to: int | None, nest_cards: int) -> list[tuple[int, bool]]:
    """(extra points, whether the take is doubled) for each side, in ``sides`` order."""
    rules = hand.variant.scoring
    if not (rules.most_cards or rules.all_points or rules.doubled):
        return [(0, False)] * len(sides)
    cards = [hand.n * tricks[i] + (nest_cards if nest_to in seats else 0)
             for i, seats in enumerate(sides)]
    most = max(cards)
    most_side = cards.index(most) if cards.count(most) == 1 else None
    deck_counters = sum(hand.t.points[c] for c in hand.t.deck)
    out = []
    for index in range(len(sides)):
        every_trick = tricks[index] == hand.variant.deal.hand
        every_counter = deck_counters > 0 and counters[index] == deck_counters
        extra = rules.most_cards if index == most_side else 0
        if every_counter:
            extra += rules.all_points
        double = ("all-tricks" in rules.doubled and every_trick) or \
            ("all-points" in rules.doubled and every_counter)
        out.append((extra, double))
    return out
