"""What a seat sees, as a vector of fixed length per variant (and the raw view beside it).

Everything comes from :meth:`rookery.Hand.observation` for that seat (the Rook's call,
said aloud by the bid winner before trump, from the hand's ``rook_call``), so the vector
never holds a card the seat may not see.  Seats are counted from the observing seat (0
is itself, 1 the next to its left, ...), so one policy can play every seat.  The
segments, in order, are :data:`SEGMENTS` (``docs/environments.md`` lists them, made by
:func:`markdown`).

:meth:`ObservationLayout.state` is the whole table for a centralized critic: every
seat's cards, the nest, the cards laid aside, then seat 0's observation.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..engine import nest as nest_rules
from ..engine.tables import tables_for
from ..language.model import Variant

PHASES = ("bidding", "trump", "rook", "discard", "passing", "call", "leader", "play",
          "circus", "redeal", "done")

# The hand number is divided by this (and clipped to 1): games rarely run longer.
HAND_SCALE = 100

# (segment, length, meaning): C the distinct cards of the deck, n the players, P the
# phases, T the variant's trump calls, K the score keepers (teams, or players).
SEGMENTS: tuple[tuple[str, str, str], ...] = (
    ("hand", "C", "copies of each card the seat holds / copies in the deck"),
    ("trick", "n x C", "the card each seat has played to the trick in progress"),
    ("played", "C", "copies of each card seen played in finished tricks / copies"),
    ("nest", "C", "nest cards the seat knows (face up, shown, or laid aside by it)"),
    ("dummy", "C", "the dummy's cards once they are exposed (zero before, or with no "
                   "dummy)"),
    ("called", "C", "the card the bid winner called to name a partner"),
    ("partners", "n", "1 for each seat known to be a called partner, relative seat"),
    ("phase", "P", "one-hot: " + ", ".join(PHASES)),
    ("dealer", "n", "one-hot, relative seat"),
    ("to_act", "n", "one-hot, relative seat (all zero when nobody acts)"),
    ("bidder", "n", "one-hot, relative seat of the high bidder (zero before a bid)"),
    ("high_bid", "1", "the high bid / the highest bid possible"),
    ("passed", "n", "1 for each seat that has passed in the auction"),
    ("trump", "T+1", "one-hot over the variant's trump calls, the last: not named yet"),
    ("rook", "2", "the Rook called high, called low (both zero: not called)"),
    ("nest_points", "2", "the nest announced with counters, without (both zero: no "
                         "announcement)"),
    ("tricks_won", "n", "tricks each seat has taken / tricks in a hand"),
    ("hand_number", "1", f"the hand's number in the game (0 first) / {HAND_SCALE}, "
                         "clipped to 1"),
    ("scores", "K", "running scores before the hand / the target, clipped to [-1, 1], "
                    "the seat's own side first"),
)


@dataclass(frozen=True)
class ObservationLayout:
    """Where each segment of the vector lies: ``segments`` are (name, start, length)."""

    variant: Variant
    segments: tuple[tuple[str, int, int], ...]
    # Looked up once: where each segment starts, each card's position and share.
    starts: dict = field(compare=False, repr=False, default_factory=dict)
    position: dict = field(compare=False, repr=False, default_factory=dict)
    share: tuple = field(compare=False, repr=False, default=())
    fixed: dict = field(compare=False, repr=False, default_factory=dict)

    @classmethod
    def of(cls, variant: Variant) -> "ObservationLayout":
        t = tables_for(variant)
        c, n = len(t.codes), variant.table.players
        length = {"C": c, "n x C": n * c, "n": n, "P": len(PHASES), "1": 1, "2": 2,
                  "T+1": len(_calls(variant)) + 1, "K": t.keepers}
        segments, start = [], 0
        for name, size, _ in SEGMENTS:
            segments.append((name, start, length[size]))
            start += length[size]
        fixed = {"t": t, "calls": {call: i for i, call in enumerate(_calls(variant))},
                 "target": max(1, abs(variant.game.target or 1)),
                 "per_hand": max(1, t.tricks_per_hand),
                 "phase_at": {phase: i for i, phase in enumerate(PHASES)},
                 "dummy": variant.table.dummy == "partner"}
        return cls(variant, tuple(segments),
                   {name: begin for name, begin, _ in segments},
                   {code: i for i, code in enumerate(t.codes)},
                   tuple(1.0 / card.copies for card in variant.deck.cards), fixed)

    @property
    def size(self) -> int:
        name, start, length = self.segments[-1]
        return start + length

    @property
    def state_size(self) -> int:
        n, c = self.variant.table.players, len(self.position)
        return (n + 2) * c + self.size

    def slice(self, name: str) -> slice:
        for segment, start, length in self.segments:
            if segment == name:
                return slice(start, start + length)
        raise KeyError(name)

    def encode(self, hand, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The vector of what ``seat`` sees of ``hand`` now (written into ``out`` if
        given).  It is read from the hand's own fields, with no view made: the tests hold
        it equal to :meth:`encode_view` of the seat's view at every state of random
        hands of every variant, so it shows nothing the view does not."""
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out[:] = 0
        at, share, fixed = self.starts, self.share, self.fixed
        c, n = len(share), hand.n

        def cards(name: str, ids, base: int = 0) -> None:
            begin = at[name] + base
            for card in ids:
                out[begin + card] += share[card]

        cards("hand", hand.hands[seat])
        for other, card in zip(hand.trick_seats, hand.trick_cards):
            out[at["trick"] + ((other - seat) % n) * c + card] = share[card]
        for trick in hand.tricks:
            cards("played", trick[1])
        known = hand._start[1] if nest_rules.nest_shown(hand) else nest_rules.face_up(hand)
        if seat == hand.bidder and hand.laid_aside:
            known = tuple(known) + tuple(hand.laid_aside)
        for card in set(known):
            out[at["nest"] + card] = share[card]
        if fixed["dummy"]:
            view = hand.observation(seat)
            if "dummy" in view:
                cards("dummy", [hand.t.codes.index(code) for code in view["dummy"]["hand"]])
        if hand.called:
            cards("called", hand.called)
            for other in set(hand.revealed) | ({seat} if seat in hand.partners else set()):
                out[at["partners"] + (other - seat) % n] = 1.0
        out[at["phase"] + fixed["phase_at"].get(hand.phase, 0)] = 1.0
        out[at["dealer"] + (hand.dealer - seat) % n] = 1.0
        if hand.actor is not None:
            out[at["to_act"] + (hand.actor - seat) % n] = 1.0
        if hand.bidder is not None:
            out[at["bidder"] + (hand.bidder - seat) % n] = 1.0
        out[at["high_bid"]] = min(1.0, (hand.high or 0) / max(1, fixed["t"].max_bid))
        for other, entry in hand.auction:
            if str(entry) == "pass":
                out[at["passed"] + (other - seat) % n] = 1.0
        words = hand.ctx.call.split() if hand.ctx is not None else ()
        out[at["trump"] + fixed["calls"].get(words[0] if words else None, len(fixed["calls"]))] = 1
        rook = words[1] if len(words) > 1 else hand.rook_call
        if rook in ("high", "low"):
            out[at["rook"] + (rook == "low")] = 1.0
        if hand.nest_announced is not None:
            out[at["nest_points"] + (not hand.nest_announced)] = 1.0
        for other, won in enumerate(hand.tricks_won):
            out[at["tricks_won"] + (other - seat) % n] = won / fixed["per_hand"]
        out[at["hand_number"]] = min(1.0, hand.number / HAND_SCALE)
        t = fixed["t"]
        keepers = t.keepers
        mine = (t.team_of[seat] if t.team_of is not None else seat) if keepers > 1 else 0
        for keeper, score in enumerate(hand.scores_before):
            out[at["scores"] + (keeper - mine) % keepers] = \
                max(-1.0, min(1.0, score / fixed["target"]))
        return out

    def encode_view(self, hand, seat: int, view: dict) -> np.ndarray:
        """:meth:`encode` from ``view``, the hand's observation for ``seat``: the
        reference the quicker :meth:`encode` is held to."""
        variant = self.variant
        t = tables_for(variant)
        n = variant.table.players
        at, index, share = self.starts, self.position, self.share
        out = np.zeros(self.size, dtype=np.float32)

        def cards(name: str, codes, base: int = 0) -> None:
            begin = at[name] + base
            for i in map(index.__getitem__, codes):
                out[begin + i] += share[i]

        def relative(other: int) -> int:
            return (other - seat) % n

        cards("hand", view["hand"])
        for other, code in view["trick"]:
            cards("trick", [code], relative(other) * len(index))
        for _, trick_cards, _, _ in hand.tricks:
            cards("played", [t.codes[c] for c in trick_cards])
        known = (view.get("nest_face_up", []) if "nest_shown" not in view
                 else view["nest_shown"]) + view.get("laid_aside", [])
        cards("nest", dict.fromkeys(known))
        if "dummy" in view:
            cards("dummy", view["dummy"]["hand"])
        cards("called", view.get("called", ()))
        for other in view.get("partners_known", ()):
            out[at["partners"] + relative(other)] = 1.0
        out[at["phase"] + (PHASES.index(view["phase"]) if view["phase"] in PHASES
                           else 0)] = 1.0
        out[at["dealer"] + relative(view["dealer"])] = 1.0
        if view["actor"] is not None:
            out[at["to_act"] + relative(view["actor"])] = 1.0
        if view["bidder"] is not None:
            out[at["bidder"] + relative(view["bidder"])] = 1.0
        high = view["high_bid"]         # an amount, or "moon": above every amount
        out[at["high_bid"]] = 1.0 if high == "moon" else \
            min(1.0, (high or 0) / max(1, t.max_bid))
        for entry in view["auction"]:
            if len(entry) > 1 and str(entry[1]) == "pass":
                out[at["passed"] + relative(entry[0])] = 1.0
        calls = _calls(variant)
        words = (view["trump"] or "").split()
        called = words[0] if words else None
        out[at["trump"] + (calls.index(called) if called in calls else len(calls))] = 1.0
        rook = words[1] if len(words) > 1 else hand.rook_call
        if rook in ("high", "low"):
            out[at["rook"] + ("high", "low").index(rook)] = 1.0
        if "nest_has_points" in view:
            out[at["nest_points"] + (0 if view["nest_has_points"] else 1)] = 1.0
        per_hand = max(1, t.tricks_per_hand)
        for other, won in enumerate(view["tricks_won"]):
            out[at["tricks_won"] + relative(other)] = won / per_hand
        out[at["hand_number"]] = min(1.0, hand.number / HAND_SCALE)
        keepers = t.keepers
        mine = (t.team_of[seat] if t.team_of is not None else seat) if keepers > 1 else 0
        target = max(1, abs(variant.game.target or 1))
        for keeper, score in enumerate(view["scores"]):
            out[at["scores"] + (keeper - mine) % keepers] = max(-1.0, min(1.0, score / target))
        return out

    def state(self, hand) -> np.ndarray:
        """The whole table, hidden cards too (for a centralized critic, never for a
        seat's policy): each seat's cards (seat 0 first), the nest as it lies, the cards
        laid aside, then seat 0's observation."""
        n, c = self.variant.table.players, len(self.position)
        out = np.zeros(self.state_size, dtype=np.float32)
        share = self.share
        for seat, held in enumerate(hand.hands):
            for card in held:
                out[seat * c + card] += share[card]
        for offset, cards in ((n * c, hand.nest), ((n + 1) * c, hand.laid_aside)):
            for card in cards:
                out[offset + card] += share[card]
        out[(n + 2) * c:] = self.encode(hand, 0)
        return out


def _calls(variant: Variant) -> tuple[str, ...]:
    """The trump calls a view can show, in a fixed order."""
    calls = list(variant.trump.choices) + [c.letter for c in variant.deck.colors]
    return tuple(dict.fromkeys(calls))


def markdown(variant: Variant) -> str:
    """The segments as a Markdown table, with where each lies in ``variant``'s vector
    (``docs/environments.md`` holds it for Tournament; a test keeps it current)."""
    layout = ObservationLayout.of(variant)
    rows = ["| segment | length | in " + variant.id + " | meaning |",
            "|---|---|---|---|"]
    for (name, size, meaning), (_, start, length) in zip(SEGMENTS, layout.segments):
        rows.append(f"| `{name}` | {size} | {start}..{start + length - 1} | {meaning} |")
    return "\n".join(rows) + (f"\n\n{variant.id}: {layout.size} numbers; the state "
                              f"(`state()`) {layout.state_size}.\n")
