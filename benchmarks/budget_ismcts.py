"""The search bot's budget: CPU time a decision (``time.process_time``), the search bot
at every seat, per phase, for decisions with more than one legal action; in the play,
the decisions it searches (more than one distinct card to compare) apart from all.

    python3 benchmarks/budget_ismcts.py tournament --hands 6 --iterations 55
    python3 benchmarks/budget_ismcts.py family-double-deck --hands 6 --iterations 40

Hand ``h`` is dealt from seed ``h`` (dealer ``h`` mod the players).  The figures move
with the machine's load (``uptime``): say it beside them."""

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


def budget(variant_id: str, hands: int, iterations: int, boldness: float | None) -> None:
    import rookery
    from rookery.play.bots import make_bot

    variant = rookery.load_variant(variant_id)
    times: dict[str, list[float]] = {}
    for h in range(hands):
        rng = random.Random(h)
        hand = rookery.deal_hand(variant, rng, dealer=h % variant.table.players)
        players = [make_bot("ismcts", rng, iterations=iterations)
                   for _ in range(variant.table.players)]
        if boldness is not None:
            for player in players:
                player.boldness = boldness
        while not hand.is_over:
            legal = hand.legal_actions()
            if len(legal) == 1:
                hand.apply(legal[0])
                continue
            phase = "play" if hand.phase == "play" else \
                "auction" if hand.phase == "bidding" else "nest, trump, other"
            if phase == "play" and len(_compared(hand, legal)) > 1:
                phase = "play, searched"
            start = time.process_time()
            action = players[hand.actor].choose(hand)
            times.setdefault(phase, []).append(time.process_time() - start)
            hand.apply(action)
    print(f"{variant_id}, {iterations} iterations, {hands} hands:")
    for phase, spent in times.items():
        print(f"  {phase}: {len(spent)} decisions, mean {1000 * sum(spent) / len(spent):.1f}"
              f" ms, max {1000 * max(spent):.1f} ms")


def _compared(hand, legal) -> set:
    """The cards the search bot compares (``SearchBot.compare``): one of each set of
    equal cards and the simple bot's card; with one, it plays it without a search."""
    from rookery.play.bots import SimpleBot
    from rookery.play.rollout import distinct_cards
    return set(distinct_cards(hand, legal)) | {SimpleBot(random.Random(0)).choose(hand)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--iterations", type=int, default=55)
    parser.add_argument("--boldness", type=float, metavar="SHARE")
    args = parser.parse_args()
    budget(args.variant, args.hands, args.iterations, args.boldness)


if __name__ == "__main__":
    main()
