"""Stage 3: the immutable variant the engine, the checker and the docs read.

A :class:`Variant` is what a spec means once its clauses are read (see
:mod:`rookery.language.vocabulary`): plain frozen dataclasses, one per section, in the order rules
are told.  Every rule clause is also kept as a :class:`Rule` with its stable id, its
citations and rulings, so cases and docs can point at it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Span
from .formula import Compiled


@dataclass(frozen=True)
class Citation:
    source: str
    where: str


@dataclass(frozen=True)
class Source:
    """A rules document a spec declares for itself (``source ID "Title" url "..."`` or
    ``file "..."``): cited like the built-in sources of ``specs/sources.json``.  ``file``
    sources keep the path as written, relative to ``declared_in`` (the spec's file)."""

    id: str
    title: str
    kind: str        # "url" | "file"
    location: str
    declared_in: str
    span: Span | None = field(default=None, compare=False)   # where it is declared


@dataclass(frozen=True)
class Rule:
    """One clause of a spec as a citable rule: ``deck.ranks``, ``play.anytime`` ..."""

    id: str
    section: str
    key: str
    text: str
    citations: tuple[Citation, ...]
    rulings: tuple[str, ...]
    span: Span
    inherited_from: str | None = None
    option: str | None = None       # the option that states it, in a base+option variant


@dataclass(frozen=True)
class Card:
    """A distinct card of the deck.  ``color`` indexes :attr:`Deck.colors` (``None`` for
    a colorless card such as the Rook); ``rank`` is the rank label ("14", "K")."""

    code: str
    color: int | None
    rank: str | None
    points: int
    copies: int

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True)
class Color:
    name: str
    letter: str


@dataclass(frozen=True)
class Table:
    players: int
    sides: str          # "teams" | "individual" | "called"
    teams: int          # number of fixed teams (sides == "teams")
    calls: int          # cards the bidder calls (sides == "called")
    dummy: str          # "none" | "partner"
    dummy_shown: str    # "after-auction" | "after-first-lead"
    call_time: str      # "after-auction" | "before-trump" | "after-trump"


@dataclass(frozen=True)
class Deck:
    colors: tuple[Color, ...]
    ranks: tuple[str, ...]      # rank order, low to high (including ranks only added cards use)
    copies: int
    rook: str | None            # code of the Rook Bird, if the deck has one
    cards: tuple[Card, ...]     # distinct cards, in a fixed order (colors x ranks, extras, Rook)
    birds: tuple[str, ...] = ()  # codes of the other Rook-like birds (``deck: birds``)

    @property
    def size(self) -> int:
        return sum(card.copies for card in self.cards)


@dataclass(frozen=True)
class PoorHand:
    """One condition that makes a hand poor (``deal.poor-hand``): ``counters`` (fewer
    than ``number`` counters), ``points`` (counters worth fewer than ``number``) or
    ``ranks`` (every card ranked from ``low`` to ``high``)."""

    kind: str
    number: int = 0
    low: str | None = None
    high: str | None = None


@dataclass(frozen=True)
class Deal:
    hand: int
    nest: int
    nest_deal: str      # "rounds" (one card after each of the first rounds) | "last" | "first"
    poor_hand: tuple[PoorHand, ...] = ()    # any of these makes a hand poor
    poor_hand_redeal: str = "may"           # "may" (the holder's choice) | "must"
    poor_hand_dealer: str = "next"          # who deals after the throw-in: "next" | "same"


@dataclass(frozen=True)
class Bidding:
    first: str          # "left-of-dealer" | "dealer"
    opening: int | None # the dealer's automatic opening bid, if any
    minimum: int
    maximum: int | None
    step: int
    jumps: bool         # may a bid raise by more than one step?
    all_pass: str       # "redeal" | "dealer-forced" | "dealer-must-bid"
    at_maximum: str = "others-pass"     # "others-pass" | "ends-auction"
    moon: int | str | None = None       # a moon bid: None, its points when made, or "game"


@dataclass(frozen=True)
class Nest:
    discard: int
    forbid_counters: bool
    counters_unless_forced: bool
    forbid_trump: bool
    trump_unless_forced: bool
    points: str         # who scores the nest's counters: "last-trick" | "bidder" | "none"
    announce: str       # "nothing" | "points": announced once the nest is laid aside
    face_up: int = 0    # the first N cards of the nest, turned up before the auction
    shown: str = "never"    # "never" | "after-auction": the whole nest shown to everyone
    forced_burial: str = "any"  # counters laid aside when forced: "any" | "trump" | "trump-else-any"
    exchange: int | None = None     # at most this many laid-aside cards not from the nest
    burial_order: str = "forced-last"   # "forced-last" | "any": when forced cards may go
    forbid_cards: tuple[str, ...] = ()  # named cards that may not be laid aside (``forbid ROOK``)
    cards_unless_forced: bool = False   # ... unless no other card is left

    @property
    def forbids(self) -> bool:
        """Whether ``nest.forbid`` keeps any card out of the nest."""
        return self.forbid_counters or self.forbid_trump or bool(self.forbid_cards)


@dataclass(frozen=True)
class Passing:
    cards: int
    directions: tuple[str, ...]    # cycle by hand number: "left" | "right" | "none"
    bidder_sees: str               # "at-once" | "after-trump"


@dataclass(frozen=True)
class Special:
    """A card that is always trump, placed relative to another trump card."""

    code: str
    placement: str      # "above" | "below"
    anchor: str         # a card code, or "top" / "bottom"


@dataclass(frozen=True)
class Bird:
    """Where a bird of ``deck: birds`` ranks in trump (``trump: bird``): ``place`` is
    "highest" | "lowest" | "above" | "below"; ``anchor`` a rank label (above a rank of the
    trump color) or the code of the Rook or of a bird placed before it."""

    code: str
    place: str
    anchor: str | None = None


@dataclass(frozen=True)
class Trump:
    named: str          # "before-nest" | "after-taking-nest" | "after-nest"
    choices: tuple[str, ...]    # calls: color letters, "none", and "X-low" for low-card hands
    rook: str           # "highest" | "lowest" | "above" | "caller-chooses"
    rook_above: str | None      # rank label the Rook sits just above, when rook == "above"
    no_trump_rook: tuple[str, str] | None   # (color letter, rank label it sits above)
    low_card_rook: str | None   # rank label the Rook sits above in a low-card hand
    specials: tuple[Special, ...]
    rook_call: str = "after-trump"  # with rook "caller-chooses": "before-trump" | "after-trump"
    birds: tuple[Bird, ...] = ()    # the other birds' places, in the order they are placed


@dataclass(frozen=True)
class Play:
    leader: str         # "left-of-dealer" | "left-of-bidder" | "bidder" | "bidder-chooses"
    follow: str         # "color" | "any"
    anytime: tuple[str, ...]    # cards that may be played even when able to follow
    ties: str           # which of two identical cards wins: "first-played" | "last-played"
    review: str         # taken tricks a player may look at again: "none" | "last-trick" | "all-tricks"
    claim: str = "none"     # "none" | "certain": the player on lead may claim the rest


@dataclass(frozen=True)
class Scoring:
    trick_points: int
    last_trick: int
    majority: int
    all_tricks: int
    total: int | None   # the documented total, checked by rookery.language.check
    made: Compiled
    bidders: Compiled
    defenders: Compiled
    formulas: tuple[tuple[str, str], ...]   # (name, text) for docs and export
    all_points: int = 0         # bonus for a side that takes every counter of the hand
    most_cards: int = 0         # bonus for the side that takes the most cards
    doubled: tuple[str, ...] = ()   # "all-tricks" / "all-points" when they double the take
    moon_set: int | None = None     # a set moon bid's loss (None: the moon's points)


@dataclass(frozen=True)
class GameEnd:
    target: int
    winner: str         # "highest" | "bidder-goes"
    low: int | None = None      # a keeper at or below this score loses (``game.low``)
    ties: str = "play-on"       # equal top totals: "play-on" | "bidders" | "team"
    ties_team: int | None = None    # the team that wins equal top totals (ties == "team")
    win_on: str = "any-hand"    # "any-hand" | "own-bid": a side goes out only on its own bid


@dataclass(frozen=True)
class Variant:
    """A whole variant: what every phase of a hand and of a game does."""

    id: str
    title: str
    source: str | None
    extends: str | None
    path: str
    table: Table
    deck: Deck
    deal: Deal
    bidding: Bidding
    nest: Nest
    passing: Passing
    trump: Trump
    play: Play
    scoring: Scoring
    game: GameEnd
    rules: tuple[Rule, ...] = field(repr=False)
    span: Span = field(repr=False)
    sources: tuple[Source, ...] = field(default=(), repr=False)   # declared by the spec
    # the parent's file when 'extends' gives a path ("../club/base.rook"); 'extends' then
    # holds the parent's variant id
    extends_path: str | None = field(default=None, repr=False)
    options: tuple[str, ...] = ()   # the options applied to the base ``extends`` names

    def rule(self, rule_id: str) -> Rule:
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        raise KeyError(rule_id)

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(rule.id for rule in self.rules)

    def card(self, code: str) -> Card:
        for card in self.deck.cards:
            if card.code == code:
                return card
        raise KeyError(code)
