"""Differential play's campaign: the deals it makes and how it steers them, on top of
the lockstep comparison (:mod:`rookery.conformance.diagnosis.lockstep`).

Deals are random, or stacked (one side holds the high cards), with the running scores
now and then near the target; auctions follow a style (all pass, one bid, a contest);
choices go to the least exercised category of action.  Every ``adapt_every`` deals, a
rule the engine clearly plays otherwise is learned (:mod:`.adapt`), so it hides no other.
"""

from __future__ import annotations

import random

from ...engine.actions import Action
from ...engine.deal import deal_hand
from ...engine.tables import tables_for
from ...language.model import Variant
from ..diagnosis.lockstep import Difference, Lockstep, _deal_dict


class Fuzzer(Lockstep):
    """Differential play of ``engine`` against the oracle ``variant``.

    With ``spec_ref`` (the spec's id or path), a rule the engine clearly breaks is
    learned as the engine plays it, so that it hides no other."""

    def __init__(self, variant: Variant, engine, seed: int = 0, *,
                 spec_ref: str | None = None, adapt_every: int = 10, **options):
        super().__init__(variant, engine, seed, **options)
        self.spec_ref = spec_ref
        self.adapt_every = adapt_every
        self.adaptation = None
        self.oracles: dict[tuple, Variant] = {(): variant}

    def run(self, deals: int, first: int = 0) -> list[Difference]:
        """Play ``deals`` deals (numbered from ``first``); returns every difference."""
        for number in range(first, first + deals):
            self.play_deal(number)
            if self.spec_ref and (number + 1 - first) % self.adapt_every == 0:
                self.adapt()
        self.finish()
        return self.differences

    def learned(self) -> tuple:
        return tuple(sorted(self.adaptation.learned.items())) if self.adaptation else ()

    def oracle_for(self, difference: Difference) -> Variant:
        """The oracle a difference was found under (the spec, or the spec with the
        rules learned by then)."""
        return self.oracles.get(difference.learned, self.variant)

    def adapt(self) -> None:
        """Learn, as the engine plays it, each rule named in at least two deals and no
        other rule at once (see :mod:`rookery.conformance.differential.adapt`)."""
        from .adapt import Adaptation, learn
        deals: dict[str, set[int]] = {}
        for difference in self.differences:
            if len(difference.rules) == 1 and difference.learned == self.learned():
                deals.setdefault(difference.rules[0], set()).add(difference.deal_number)
        for rule, numbers in sorted(deals.items()):
            if len(numbers) < 2:
                continue
            if self.adaptation is None:
                try:
                    self.adaptation = Adaptation(self.spec_ref)
                except Exception:  # noqa: BLE001 - a spec we cannot take apart is not adapted
                    self.spec_ref = None
                    return
            if rule in self.adaptation.tried:
                continue
            ours = [d for d in self.differences if d.rules == (rule,)]
            variant = learn(self, self.adaptation, rule, ours)
            if variant is not None:
                self.variant = variant
                self.t = tables_for(variant)
                self.oracles[self.learned()] = variant

    def make_deal(self, rng: random.Random) -> dict:
        """A random deal of the spec's deck; now and then the running scores sit near the
        target (to reach the end of the game) or the hand number cycles the passing."""
        v = self.variant
        dealer = rng.randrange(v.table.players)
        keepers = self.t.keepers
        scores = [0] * keepers
        # Now and then one side holds the high cards and plays its strongest while the
        # others play their weakest: a side that takes every trick (the all-tricks bonus).
        self._slam = rng.random() < 0.15
        # How this deal's auction goes: everyone passes (a throw-in), one seat takes it
        # at the lowest bid, a contest of small raises, or choices steered like the rest.
        self._auction = rng.choices(("all-pass", "one-bid", "contest", "steered"),
                                    (1, 4, 3, 2))[0]
        self._auction_seat = rng.randrange(v.table.players)

        game_seen = self.coverage.rules[self.t.rule("game", "winner")]
        if rng.random() < (0.45 if game_seen < 3 else 0.35):
            # Near the target, often on both sides at once (who wins when both reach
            # it), sometimes level (the tie rule).
            target, top = v.game.target, max(self.t.max_bid, 5)
            low = max(0, (target - top // 2) // 5)
            scores = [5 * rng.randrange(low, max(low + 1, target // 5))
                      for _ in range(keepers)]
            if keepers > 1 and rng.random() < 0.3:
                scores[1] = scores[0]               # equal totals: the tie rules
            elif keepers > 1 and rng.random() < 0.7:
                # The side that takes the bid starts behind: both may reach the target
                # with the defenders ahead (who wins then is the winner rule).
                seat = self._auction_seat
                keeper = self.t.team_of[seat] if self.t.team_of is not None else seat
                scores.sort(reverse=True)
                scores.insert(keeper, scores.pop())
                if self._auction == "steered":
                    self._auction = "one-bid"       # a bid the side may well make
        elif rng.random() < 0.3:
            scores = [5 * rng.randrange(-20, 40) for _ in range(keepers)]
        hand = deal_hand(v, rng, dealer, scores, rng.randrange(4))
        deal = _deal_dict(hand)
        if self._slam:
            self._auction = "one-bid"
            deal["hands"] = self._stacked(deal["hands"])
        return deal

    def _stacked(self, hands: list[list[str]]) -> list[list[str]]:
        """The same cards, the highest ranks to the side of the seat that will take the
        bid: a side able to take every trick."""
        t = self.t
        seat = self._auction_seat
        if t.team_of is not None:
            ours = [s for s in range(len(hands)) if t.team_of[s] == t.team_of[seat]]
        else:
            ours = [seat]
        cards = sorted((c for held in hands for c in held),
                       key=lambda code: t.rank_index[t.card_of[code]], reverse=True)
        out = [[] for _ in hands]
        order = ours + [s for s in range(len(hands)) if s not in ours]
        for owner in order:
            size = len(hands[owner])
            out[owner], cards = cards[:size], cards[size:]
        return out

    # -- steering ----------------------------------------------------------------------------

    def _steer(self, rng, hand, ordered: list[Action]) -> Action:
        """This deal's auction style in the auction, the strongest card for a stacked
        side, else the least exercised category (three times in four) or uniform."""
        auction = self._auction_choice(rng, hand, ordered) if hand.phase == "bidding" \
            else None
        if auction is not None:
            return auction
        if getattr(self, "_slam", False) and hand.phase == "play" and hand.bidder is not None:
            return self._slam_choice(hand, ordered)
        if rng.random() < 0.75:
            counts = {a: self.coverage.categories[self._category(hand, a)] for a in ordered}
            low = min(counts.values())
            return rng.choice([a for a in ordered if counts[a] == low])
        return rng.choice(ordered)

    def _chosen(self, hand, action: Action) -> None:
        self.coverage.categories[self._category(hand, action)] += 1

    def _category(self, hand, action: Action) -> str:
        t = self.t
        kind = action.kind
        if kind == "bid":
            b = hand.variant.bidding
            lowest = max(b.minimum, hand.high + b.step) if hand.high else b.minimum
            return "bid-lowest" if action.value == lowest else \
                "bid-top" if action.value == t.max_bid else "bid-jump"
        if kind in ("play", "discard"):
            card = t.card_of[action.value]
            ctx = hand.ctx
            parts = [kind]
            if card in t.always_trump:
                parts.append("rook" if card == t.rook else "special")
            elif ctx is not None and ctx.trump_key[card] >= 0:
                parts.append("trump")
            if kind == "play" and hand.trick_cards and ctx is not None:
                parts.append("follow" if ctx.suit_of[card] == hand.led else "off")
            if t.points[card]:
                parts.append("counter")
            return "-".join(parts)
        return str(action)

    def _slam_choice(self, hand, ordered: list[Action]) -> Action:
        """The bidding side's strongest card, the other sides' weakest."""
        ctx = hand.ctx
        t = self.t

        def strength(action: Action) -> int:
            card = t.card_of[action.value]
            key = ctx.trump_key[card]
            return key if key >= 0 else ctx.rank_key[card]

        team = t.team_of
        ours = (team[hand.to_act] == team[hand.bidder]) if team is not None else \
            hand.to_act == hand.bidder or hand.to_act in hand.partners
        plays = [a for a in ordered if a.kind == "play"]    # not a claim (play: claim)
        return (max if ours else min)(plays, key=strength)

    def _auction_choice(self, rng, hand, ordered: list[Action]) -> Action | None:
        """The bid or pass this deal's auction style calls for (None: steer as usual)."""
        style = self._auction
        passes = [a for a in ordered if a.kind == "pass"]
        bids = [a for a in ordered if a.kind == "bid"]
        if style == "steered" or not (passes and bids):
            return None
        if style == "all-pass":
            return passes[0]
        if style == "one-bid":
            mine = hand.to_act == self._auction_seat and hand.bidder is None
            return bids[0] if mine or (hand.bidder is None and rng.random() < 0.15) \
                else passes[0]
        return bids[0] if rng.random() < 0.45 else passes[0]


__all__ = ["Fuzzer"]
