"""The search bot's card play alone, paired: each hand is dealt, bid, and its nest and
trump chosen by simple bots; from the first card it is played twice, once by simple
bots at every seat and once with the bid winner's side (or the defenders') played by
the search bot.  Prints how many more points that side takes a hand with the search bot,
with a 95% confidence interval: far steadier than whole games' win rates, since both
plays of a hand share its cards, its contract and its trump.

    python3 benchmarks/duel_ismcts.py tournament --hands 60 --iterations 55
    python3 benchmarks/duel_ismcts.py family-double-deck --hands 30 --iterations 40 --side defenders

Hand ``h`` is dealt from seed ``h`` (dealer ``h`` mod the players); a hand thrown in
is left out."""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

try:
    import rookery  # noqa: F401
except ImportError:             # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "interpreter"))


def duel(variant_id: str, hands: int, iterations: int, side: str, policy: str,
         tree: bool) -> None:
    import rookery
    from rookery.play.bots import SimpleBot
    from rookery.play.ismcts import SearchBot
    from rookery.play.rollout import _same_side

    variant = rookery.load_variant(variant_id)
    gains: list[float] = []
    start = time.process_time()
    for h in range(hands):
        hand = rookery.deal_hand(variant, random.Random(h), dealer=h % variant.table.players)
        bot = SimpleBot(random.Random(h))
        while hand.phase != "play" and not hand.is_over:
            hand.apply(bot.choose(hand))
        if hand.is_over:
            continue
        bidding = side == "bidder"
        searched = {s for s in range(hand.n) if _same_side(hand, s, hand.bidder) == bidding}
        taken = []
        for search in (False, True):
            play = hand.copy()
            rng = random.Random(1000 + h)
            players = [SearchBot(rng, SimpleBot(rng), iterations, policy=policy,
                                 flat=not tree) if search and s in searched
                       else SimpleBot(rng) for s in range(play.n)]
            while not play.is_over:
                play.apply(players[play.actor].choose(play))
            taken.append(next(x.taken for x in play.result.sides if x.bidding == bidding))
        gains.append(taken[1] - taken[0])
    n = len(gains)
    if n < 2:
        print(f"{variant_id}: {n} hands played; too few to say")
        return
    mean = sum(gains) / n
    half = 1.96 * math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1) / n)
    print(f"{variant_id}, the {side} searched ({iterations} iterations, {policy} playouts"
          f"{', a tree' if tree else ''}): {n} hands, its side takes {mean:+.1f} points a "
          f"hand more than the simple bots (95% CI {mean - half:+.1f}..{mean + half:+.1f}); "
          f"{time.process_time() - start:.0f} CPU s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--iterations", type=int, default=55)
    parser.add_argument("--side", choices=("bidder", "defenders"), default="bidder")
    parser.add_argument("--policy", choices=("greedy", "quick"), default="greedy")
    parser.add_argument("--tree", action="store_true")
    args = parser.parse_args()
    duel(args.variant, args.hands, args.iterations, args.side, args.policy, args.tree)


if __name__ == "__main__":
    main()
