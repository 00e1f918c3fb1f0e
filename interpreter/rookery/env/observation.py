"""What a seat sees, as a vector of fixed length per variant (and the raw view beside it).

Everything comes from :meth:`rookery.Hand.observation` for that seat, so the vector
never holds a card the seat may not see.  Seats are counted from the observing seat
(0 is itself, 1 the next to its left, ...), so one policy can play every seat.  The
segments, in order (``C`` the number of distinct cards of the deck, ``n`` the players):

==============  =========  ==================================================================
segment         length     meaning
==============  =========  ==================================================================
hand            C          copies of each card the seat holds / copies in the deck
trick           n x C      the card each seat has played to the trick in progress
played          C          copies of each card seen played in finished tricks / copies
nest            C          nest cards the seat knows (face up, shown, or laid aside by it)
phase           P          one-hot: bidding, trump, rook, discard, passing, call, leader,
                           play, circus, redeal, done
dealer          n          one-hot, relative seat
to_act          n          one-hot, relative seat (all zero when nobody acts)
bidder          n          one-hot, relative seat of the high bidder (zero before a bid)
high_bid        1          the high bid / the highest bid possible
passed          n          1 for each seat that has passed in the auction
trump           T+1        one-hot over the variant's trump calls, the last: not named yet
tricks_won      n          tricks each seat has taken / tricks in a hand
scores          K          running scores before the hand / the target, clipped to [-1, 1],
                           the seat's own side first (K: teams, or players)
==============  =========  ==================================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.tables import tables_for
from ..language.model import Variant

PHASES = ("bidding", "trump", "rook", "discard", "passing", "call", "leader", "play",
          "circus", "redeal", "done")


@dataclass(frozen=True)
class ObservationLayout:
    """Where each segment of the vector lies: ``segments`` are (name, start, length)."""

    variant: Variant
    segments: tuple[tuple[str, int, int], ...]

    @classmethod
    def of(cls, variant: Variant) -> "ObservationLayout":
        t = tables_for(variant)
        c, n = len(t.codes), variant.table.players
        sizes = [("hand", c), ("trick", n * c), ("played", c), ("nest", c),
                 ("phase", len(PHASES)), ("dealer", n), ("to_act", n), ("bidder", n),
                 ("high_bid", 1), ("passed", n), ("trump", len(_calls(variant)) + 1),
                 ("tricks_won", n), ("scores", t.keepers)]
        segments, start = [], 0
        for name, size in sizes:
            segments.append((name, start, size))
            start += size
        return cls(variant, tuple(segments))

    @property
    def size(self) -> int:
        name, start, length = self.segments[-1]
        return start + length

    def slice(self, name: str) -> slice:
        for segment, start, length in self.segments:
            if segment == name:
                return slice(start, start + length)
        raise KeyError(name)

    def encode(self, hand, seat: int) -> list[float]:
        """The vector of what ``seat`` sees of ``hand`` now."""
        variant = self.variant
        t = tables_for(variant)
        n = variant.table.players
        view = hand.observation(seat)
        index = {code: i for i, code in enumerate(t.codes)}
        copies = [card.copies for card in variant.deck.cards]
        out = [0.0] * self.size

        def put(name: str, offset: int, value: float) -> None:
            out[self.slice(name).start + offset] = value

        def cards(name: str, codes, base: int = 0) -> None:
            for code in codes:
                i = index[code]
                out[self.slice(name).start + base + i] += 1.0 / copies[i]

        def relative(other: int | None) -> int | None:
            return None if other is None else (other - seat) % n

        cards("hand", view["hand"])
        for other, code in view["trick"]:
            cards("trick", [code], relative(other) * len(index))
        for _, trick_cards, _, _ in hand.tricks:
            cards("played", [t.codes[c] for c in trick_cards])
        known = (view.get("nest_face_up", []) if "nest_shown" not in view
                 else view["nest_shown"]) + view.get("laid_aside", [])
        cards("nest", dict.fromkeys(known))
        put("phase", PHASES.index(view["phase"]) if view["phase"] in PHASES else 0, 1.0)
        put("dealer", relative(view["dealer"]), 1.0)
        if view["actor"] is not None:
            put("to_act", relative(view["actor"]), 1.0)
        if view["bidder"] is not None:
            put("bidder", relative(view["bidder"]), 1.0)
        high = view["high_bid"]         # an amount, or "moon": above every amount
        put("high_bid", 0, 1.0 if high == "moon" else min(1.0, (high or 0) / max(1, t.max_bid)))
        for entry in view["auction"]:
            if len(entry) > 1 and str(entry[1]) == "pass":
                put("passed", relative(entry[0]), 1.0)
        calls = _calls(variant)
        trump = view["trump"]
        called = trump.split()[0] if trump else None
        put("trump", calls.index(called) if called in calls else len(calls), 1.0)
        per_hand = max(1, t.tricks_per_hand)
        for other, won in enumerate(view["tricks_won"]):
            put("tricks_won", relative(other), won / per_hand)
        keepers = t.keepers
        mine = (t.team_of[seat] if t.team_of is not None else seat) if keepers > 1 else 0
        target = max(1, abs(variant.game.target or 1))
        for keeper, score in enumerate(view["scores"]):
            put("scores", (keeper - mine) % keepers,
                max(-1.0, min(1.0, score / target)))
        return out


def _calls(variant: Variant) -> tuple[str, ...]:
    """The trump calls a view can show, in a fixed order."""
    calls = list(variant.trump.choices) + [c.letter for c in variant.deck.colors]
    return tuple(dict.fromkeys(calls))
