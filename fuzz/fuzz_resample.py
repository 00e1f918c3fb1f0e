"""The resampler of the search bot (``rookery.play.resample``) against what a seat has seen.

Hands are played by simple bots (so players show voids as real players do); at every
decision a seat (the one to act, and another at random) has its hidden cards dealt again,
and each deal is checked here, independently of how the resampler reasons:

- the seat's view is unchanged (``observation(seat)`` of the deal equals the true one),
  its own cards are the same cards in the same order;
- every place holds as many cards as it does in truth, and the cards are the same cards;
- the history still holds: every card played off the led color, by a seat that had to
  follow, was played by a seat that held none of that color then (its hand in the deal
  plus the cards it played from that trick on);
- cards known to be somewhere are there: the face-up nest cards and the shown nest (in
  the nest, or with the bid winner or laid aside once taken), the cards the seat passed
  (with the seat it passed them to, unless played);
- the partners of a called card are the seats holding it in the deal (or who showed it);
- the rules allow the deal: the hand's history replayed on it is legal at every step and
  shows the seat what it saw (``rookery.play.possible``: cards the rules keep out of the
  nest, a called card, what the bid winner announced, a poor hand ...).

    python3 fuzz/fuzz_resample.py --count 100000 --variants tournament,kentucky-rook
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from pathlib import Path

try:
    import rookery
except ImportError:             # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "interpreter"))
    import rookery

from rookery.play.bots import SimpleBot
from rookery.play.possible import impossible
from rookery.play.resample import GIVING, determinize, knowledge

FAMILIES = ("tournament", "kentucky-rook", "rook-for-three", "family-double-deck",
            "call-partner", "standard-deck")


def places(hand) -> dict:
    """Every place cards lie in a hand, by name."""
    found = {("hand", s): list(held) for s, held in enumerate(hand.hands)}
    found[("nest",)] = list(hand.nest)
    found[("aside",)] = list(hand.laid_aside)
    for s, cards in enumerate(hand.given if hand.phase in GIVING else ()):
        found[("giving", s)] = list(cards)
    found[("received",)] = list(hand.hidden_received or ())
    return found


def played_by(hand) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    tricks = [(cards, seats) for _, cards, seats, _ in hand.tricks]
    if hand.trick_cards:
        tricks.append((tuple(hand.trick_cards), tuple(hand.trick_seats)))
    return tricks


def problems(hand, seat: int, deal, view: dict | None = None) -> list[str]:
    """What is wrong with ``deal`` as a deal of ``hand``'s hidden cards for ``seat``
    (``view``: the seat's true view, when already known)."""
    found = []
    t = hand.t
    if deal.observation(seat) != (view or hand.observation(seat)):
        found.append("the seat's view changed")
    if deal.hands[seat] != hand.hands[seat]:
        found.append("the seat's own cards changed")
    truth, dealt = places(hand), places(deal)
    for place, cards in truth.items():
        if len(dealt[place]) != len(cards):
            found.append(f"{place} holds {len(dealt[place])} cards, not {len(cards)}")
    if Counter(c for cards in dealt.values() for c in cards) != \
            Counter(c for cards in truth.values() for c in cards):
        found.append("the cards are not the same cards")
    # The history: a card played off the led color, where the rules make players follow.
    ctx = hand.ctx
    tricks = played_by(hand)
    if ctx is not None and not hand.follow_any:
        for i, (cards, seats) in enumerate(tricks):
            led = ctx.suit_of[cards[0]]
            for card, who in zip(cards[1:], seats[1:]):
                if ctx.suit_of[card] == led or card in t.anytime:
                    continue
                later = [c for cs, ss in tricks[i:] for c, s in zip(cs, ss) if s == who]
                held = deal.hands[who] + later
                if not ctx.members[led].isdisjoint(held):
                    found.append(f"seat {who} played {t.codes[card]} off the led color "
                                 "but holds that color in the deal")
    # Cards whose place is known (cards of which the deck has one copy).
    once = {c for c, k in Counter(t.deck).items() if k == 1}
    played = {c for cs, _ in tricks for c in cs}
    nest_known = list(hand._start[1][:hand.variant.nest.face_up])
    if hand.variant.nest.shown == "after-auction" and hand.bidder is not None and \
            hand.phase != "bidding":
        nest_known = list(hand._start[1])
    for card in nest_known:
        if card not in once or card in played:
            continue
        if hand.nest:
            if card not in deal.nest:
                found.append(f"the face-up {t.codes[card]} left the nest")
        elif card not in deal.hands[hand.bidder] and card not in deal.laid_aside:
            found.append(f"the nest's {t.codes[card]} is not with the bid winner")
    if hand.given and hand.phase not in GIVING and seat < len(hand.given):
        holders = [s for s in range(hand.n) if s != seat]
        for card in hand.given[seat]:
            if card in once and card not in played:
                where = [s for s in holders if card in deal.hands[s]]
                truly = [s for s in holders if card in hand.hands[s]]
                if where != truly and card not in (deal.hidden_received or ()):
                    found.append(f"the passed {t.codes[card]} moved")
    if deal.called and len(deal.called) == deal.variant.table.calls:
        holders = frozenset(s for s in range(deal.n) if s != deal.bidder and (
            s in deal.revealed or any(c in deal.hands[s] for c in deal.called)))
        if deal.partners != holders:
            found.append("the partners are not the holders of the called card")
    why = impossible(hand, seat, deal) if hand.record else None
    if why is not None:
        found.append(f"the rules forbid the deal: {why}")
    return found


def _spec_path(name: str) -> str:
    """A built-in variant id, or a spec file of the repository (a house rule)."""
    path = Path(__file__).resolve().parent.parent / name
    return str(path) if name.endswith(".rook") and path.exists() else name


def campaign(variant_id: str, count: int, rng: random.Random, budget: float) -> dict:
    """Deal ``count`` samples over hands of ``variant_id`` and check each."""
    variant = rookery.load_variant(_spec_path(variant_id))
    bot = SimpleBot(rng)
    samples = failures = states = hands = 0
    first: list[str] = []
    stop = time.monotonic() + budget
    while samples < count and time.monotonic() < stop:
        hand = rookery.deal_hand(variant, rng, dealer=rng.randrange(variant.table.players))
        hands += 1
        while not hand.is_over and samples < count:
            seat = hand.actor
            for who in {seat, rng.randrange(hand.n)}:
                known = knowledge(hand, who)
                view = hand.observation(who)
                states += 1
                for _ in range(3):
                    deal = determinize(hand, who, rng, known)
                    samples += 1
                    wrong = problems(hand, who, deal, view)
                    if wrong:
                        failures += 1
                        if len(first) < 5:
                            first.append(f"{hand!r} seat {who}: {'; '.join(wrong)}")
            hand.apply(bot.choose(hand))
    return {"variant": variant_id, "samples": samples, "states": states, "hands": hands,
            "failures": failures, "first": first}


def main() -> int:
    from _common import arguments
    args = arguments(__doc__.splitlines()[0], count=100_000, budget=3600.0,
                     variants=(str, ",".join(FAMILIES), "variants, comma-separated"))
    rng = random.Random(args.seed)
    start = time.monotonic()
    total = bad = 0
    for variant_id in args.variants.split(","):
        left = args.budget - (time.monotonic() - start)
        result = campaign(variant_id, args.count, rng, left)
        total += result["samples"]
        bad += result["failures"]
        print(f"{variant_id}: {result['samples']:,} samples at {result['states']:,} "
              f"moments of {result['hands']:,} hands; {result['failures']} inconsistent")
        for line in result["first"]:
            print("   ", line)
    elapsed = time.monotonic() - start
    print(f"fuzz_resample: {total} trials in {elapsed:.0f} s")
    print(f"  ok: 0 of {total} inconsistent" if not bad else f"  inconsistent: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main())
