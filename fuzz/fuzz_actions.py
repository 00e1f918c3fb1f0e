"""Random legal and illegal actions on every variant, the state compared before and
after each refusal: a legal action must never raise, an illegal one must raise
IllegalAction (never another error) and change nothing.

    python fuzz/fuzz_actions.py --budget 600 --per-variant 100000
"""

from __future__ import annotations

import pickle
import random

from _common import Tally, arguments, limit_memory

import rookery
from rookery import Action, IllegalAction
from rookery.engine.tables import tables_for
from rookery.language.load import builtin_variants

BAD = ("legal-action-raised", "illegal-changed-state", "illegal-raised-other",
       "illegal-accepted", "no-legal-action")
GARBAGE = [None, ("bid", 70), 70, "", " ", "bid", "bid ²", "bid ٧٠", "bid " + "9" * 5000,
           "bid -5", "play", "play R14 R13", "dance", "pass 70", "\x00", "trump \ud800",
           "discard " + "x" * 1000, b"pass", ["pass"]]


def state_of(hand) -> bytes:
    """Everything a hand holds, the shared variant and tables aside."""
    return pickle.dumps({key: value for key, value in vars(hand).items()
                         if key not in ("variant", "t")})


def is_legal(offer, legal: set) -> bool:
    """Whether ``offer`` (an Action, its notation, or garbage) is one of ``legal``."""
    if type(offer) is str:
        try:
            offer = Action.parse(offer)
        except rookery.RookeryError:
            return False
    return isinstance(offer, Action) and offer in legal


def candidates(variant) -> list:
    """Every action the variant's tables know, a few bids off the table, and garbage."""
    t = tables_for(variant)
    pool = [Action("pass"), *t.play_actions, *t.discard_actions, *t.give_actions,
            *t.call_actions, *t.trump_actions, Action("rook", "high"), Action("rook", "low"),
            Action("leader", "self"), Action("leader", "left"), Action("trump", "none"),
            Action("trump", "circus"), Action("play", "NOPE")]
    pool += list(t.bid_actions.values())
    pool += [Action("bid", n) for n in (0, 1, variant.bidding.minimum - 1,
                                        t.max_bid + variant.bidding.step, 999_999_999)]
    return pool + [str(action) for action in pool[:20]] + GARBAGE


def fuzz_variant(variant, rng: random.Random, actions: int, tally: Tally) -> None:
    pool = candidates(variant)
    n = variant.table.players
    done = 0
    while done < actions and tally.more():
        hand = rookery.deal_hand(variant, seed=rng.randrange(10 ** 9),
                                 dealer=rng.randrange(n))
        while not hand.is_over and done < actions and tally.more():
            legal = hand.legal_actions()
            if not legal:
                tally.add("no-legal-action", f"{variant.id} {hand.phase}")
                break
            legal_set = set(legal)
            actor = hand.actor if hand.has_dummy else hand.to_act
            for _ in range(3):
                offer = rng.choice(pool)
                seat = rng.choice([None, actor, rng.randrange(n), -1, n])
                if is_legal(offer, legal_set) and seat in (None, actor):
                    continue
                before = state_of(hand)
                try:
                    hand.apply(offer, seat)
                except IllegalAction:
                    if state_of(hand) != before:
                        tally.add("illegal-changed-state", f"{variant.id} {offer!r} {seat}")
                        return
                    tally.add("illegal refused")
                except Exception as error:  # noqa: BLE001 - counted
                    tally.surprise("illegal-raised-other", error, f"{variant.id} {offer!r}")
                    return
                else:
                    tally.add("illegal-accepted", f"{variant.id} {offer!r} seat {seat}")
                    return
                done += 1
            action = rng.choice(legal)
            try:
                hand.apply(str(action) if rng.random() < 0.5 else action,
                           actor if rng.random() < 0.5 else None)
            except Exception as error:  # noqa: BLE001 - counted
                tally.surprise("legal-action-raised", error, f"{variant.id} {action!r}")
                return
            tally.add("legal applied")
            done += 1


def main() -> int:
    args = arguments(__doc__.splitlines()[0], count=10 ** 9, budget=600.0,
                     per_variant=(int, 100_000, "actions per variant"),
                     variant=(str, None, "only this variant"))
    limit_memory()
    rng = random.Random(args.seed)
    tally = Tally("fuzz_actions", args.budget, args.count)
    variants = [args.variant] if args.variant else builtin_variants()
    share = args.budget / len(variants)
    for index, name in enumerate(variants):
        variant = rookery.load_variant(name)
        before = tally.trials
        stop = tally.budget
        tally.budget = min(stop, share * (index + 1))       # each variant its share
        fuzz_variant(variant, rng, args.per_variant, tally)
        tally.budget = stop
        print(f"  {name:<32} {tally.trials - before} actions")
    return tally.summary(BAD)


if __name__ == "__main__":
    raise SystemExit(main())
