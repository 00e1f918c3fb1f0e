"""How many of the search bot's worlds the rules forbid, per built-in variant (issue 32):
hands played by simple bots; at about 30% of their moments every seat has its hidden
cards dealt again (``rookery.play.resample.determinize``) and each world is judged by
replaying the hand's history on it (``rookery.play.possible.impossible``).  One row a
variant, for every seat and for the seats other than the bid winner.

    python3 benchmarks/worlds_resample.py --hands 3 --worlds 2

Hand ``h`` of a variant is dealt from one generator seeded 32 (the simple bots and the
resampler draw from it too)."""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

try:
    import rookery  # noqa: F401
except ImportError:             # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "interpreter"))


def count(variant_id: str, hands: int, worlds: int) -> tuple[int, int, int, int]:
    """(impossible, worlds, impossible for other seats, worlds for other seats)."""
    import rookery
    from rookery.play.bots import SimpleBot
    from rookery.play.possible import impossible
    from rookery.play.resample import determinize, knowledge

    variant = rookery.load_variant(variant_id)
    rng = random.Random(32)
    bot = SimpleBot(rng)
    bad = total = bad_other = other = 0
    for _ in range(hands):
        hand = rookery.deal_hand(variant, rng, dealer=rng.randrange(variant.table.players))
        while not hand.is_over:
            if rng.random() < 0.3:
                for seat in range(hand.n):
                    known = knowledge(hand, seat)
                    not_bidder = hand.bidder is not None and seat != hand.bidder
                    for _ in range(worlds):
                        wrong = impossible(hand, seat, determinize(hand, seat, rng, known))
                        bad += wrong is not None
                        total += 1
                        if not_bidder:
                            bad_other += wrong is not None
                            other += 1
            hand.apply(bot.choose(hand))
    return bad, total, bad_other, other


def main() -> None:
    from rookery.language.specs import builtin_variants
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--worlds", type=int, default=2)
    args = parser.parse_args()
    start = time.monotonic()
    sums = [0, 0, 0, 0]
    print("| variant | every seat | seats other than the bid winner |")
    print("|---|---:|---:|")
    variants = builtin_variants()
    for variant_id in variants:
        found = count(variant_id, args.hands, args.worlds)
        sums = [a + b for a, b in zip(sums, found)]
        bad, total, bad_other, other = found
        print(f"| {variant_id} | {bad} of {total} | {bad_other} of {other} |", flush=True)
    print(f"| all {len(variants)} | {sums[0]} of {sums[1]} | {sums[2]} of {sums[3]} |")
    print(f"{time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main()
