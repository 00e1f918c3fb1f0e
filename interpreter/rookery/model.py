"""Stage 3: the immutable variant the engine, the checker and the docs read.

A :class:`Variant` is what a spec means once its clauses are read (see
:mod:`rookery.vocabulary`): plain frozen dataclasses, one per section, in the order rules
are told.  Every rule clause is also kept as a :class:`Rule` with its stable id, its
citations and rulings, so cases and docs can point at it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import Span
from .formula import Compiled


@dataclass(frozen=True)
class Citation:
    source: str
    where: str


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

    @property
    def size(self) -> int:
        return sum(card.copies for card in self.cards)


@dataclass(frozen=True)
class Deal:
    hand: int
    nest: int
    nest_deal: str      # "rounds" (one card after each of the first rounds) | "last" | "first"


@dataclass(frozen=True)
class Bidding:
    first: str          # "left-of-dealer" | "dealer"
    opening: int | None # the dealer's automatic opening bid, if any
    minimum: int
    maximum: int | None
    step: int
    jumps: bool         # may a bid raise by more than one step?
    all_pass: str       # "redeal" | "dealer-forced"


@dataclass(frozen=True)
class Nest:
    discard: int
    forbid_counters: bool
    counters_unless_forced: bool
    forbid_trump: bool
    trump_unless_forced: bool
    points: str         # who scores the nest's counters: "last-trick" | "bidder" | "none"
    announce: str       # "nothing" | "points": announced once the nest is laid aside
    forced_burial: str = "any"  # counters laid aside when forced: "any" | "trump" | "trump-else-any"
    exchange: int | None = None     # at most this many laid-aside cards not from the nest


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
class Trump:
    named: str          # "before-nest" | "after-taking-nest" | "after-nest"
    choices: tuple[str, ...]    # calls: color letters, "none", and "X-low" for low-card hands
    rook: str           # "highest" | "lowest" | "above" | "caller-chooses"
    rook_above: str | None      # rank label the Rook sits just above, when rook == "above"
    no_trump_rook: tuple[str, str] | None   # (color letter, rank label it sits above)
    low_card_rook: str | None   # rank label the Rook sits above in a low-card hand
    specials: tuple[Special, ...]
    rook_call: str = "after-trump"  # with rook "caller-chooses": "before-trump" | "after-trump"


@dataclass(frozen=True)
class Play:
    leader: str         # "left-of-dealer" | "left-of-bidder" | "bidder" | "bidder-chooses"
    follow: str         # "color" | "any"
    anytime: tuple[str, ...]    # cards that may be played even when able to follow
    ties: str           # which of two identical cards wins: "first-played" | "last-played"
    review: str         # taken tricks a player may look at again: "none" | "last-trick"
    claim: str = "none"     # "none" | "certain": the player on lead may claim the rest


@dataclass(frozen=True)
class Scoring:
    trick_points: int
    last_trick: int
    majority: int
    all_tricks: int
    total: int | None   # the documented total, checked by rookery.check
    made: Compiled
    bidders: Compiled
    defenders: Compiled
    formulas: tuple[tuple[str, str], ...]   # (name, text) for docs and export
    all_points: int = 0         # bonus for a side that takes every counter of the hand
    most_cards: int = 0         # bonus for the side that takes the most cards
    doubled: tuple[str, ...] = ()   # "all-tricks" / "all-points" when they double the take


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
