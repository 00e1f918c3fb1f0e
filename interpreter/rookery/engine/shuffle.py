"""Shuffling a deck for a deal, as ``random.Random.shuffle`` does, with its loop written
out for one deck size (issue 21: the shuffle was the largest cost of dealing a playout).

``Random.shuffle`` swaps each position from the last down with one drawn below it, each
draw ``getrandbits`` of the bound's bit length, drawn again while it is out of range
(``Random._randbelow_with_getrandbits``).  :func:`shuffler` does the same draws in the
same order with the bit lengths worked out once per deck size, so a seeded deal is the
very deal it always was.  It is used only for a plain ``random.Random`` and only once a
probe has shown it gives what ``rng.shuffle`` gives on this Python; otherwise (a subclass
with its own randomness, a Python whose shuffle differs) ``rng.shuffle`` itself is used.
"""

from __future__ import annotations

import random

_SHUFFLERS: dict[int, object] = {}


def shuffler(size: int):
    """A function ``shuffle(rng, deck)`` that shuffles a list of ``size`` cards in place
    exactly as ``rng.shuffle(deck)`` would (made once per size)."""
    found = _SHUFFLERS.get(size)
    if found is None:
        found = _SHUFFLERS[size] = _checked(_unrolled(size), size)
    return found


def _unrolled(size: int):
    # Each step: the position swapped, the bound drawn below, the bits a draw takes.
    steps = tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, size)))

    def shuffle(rng, deck: list) -> None:
        if type(rng) is not random.Random:
            rng.shuffle(deck)
            return
        getrandbits = rng.getrandbits
        for i, bound, bits in steps:
            j = getrandbits(bits)
            while j >= bound:
                j = getrandbits(bits)
            deck[i], deck[j] = deck[j], deck[i]

    return shuffle


def _plain(rng, deck: list) -> None:
    rng.shuffle(deck)


def _checked(shuffle, size: int):
    """``shuffle`` if it gives what ``Random.shuffle`` gives on a few seeds here, else
    the plain ``rng.shuffle``."""
    for seed in range(3):
        ours, theirs = list(range(size)), list(range(size))
        mine, reference = random.Random(seed), random.Random(seed)
        shuffle(mine, ours)
        reference.shuffle(theirs)
        if ours != theirs or mine.getstate() != reference.getstate():
            return _plain
    return shuffle
