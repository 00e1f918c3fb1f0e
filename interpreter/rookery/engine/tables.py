"""A variant compiled into the tables the engine reads at every decision.

Cards become small ints; ranks, colors, points and the trick order under each possible
trump call are tuples computed once per variant (and once per trump call), so the play
loop never looks at the spec again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..language.model import Variant
from .actions import MOON, PASS, Action, Event

NO_TRUMP = -1


@dataclass(frozen=True)
class TrumpContext:
    """How cards behave once trump is known (the "trump call").

    ``suit_of[card]`` is the color a card follows as (the Rook and special trumps
    belong to the trump color); ``trump_key[card]`` is its strength as a trump (-1 when
    it is not trump); ``rank_key[card]`` its strength within its own color.
    """

    trump: int                  # color index, or NO_TRUMP
    suit_of: tuple[int, ...]
    trump_key: tuple[int, ...]
    rank_key: tuple[int, ...]
    call: str                   # the call as written: "R", "none", "R low"
    anytime: frozenset[int] = frozenset()       # cards that may be played anytime
    # Worked out from the above, per color (index -1: no color): the cards that follow
    # as it, the cards playable anytime that do not follow as it.
    members: tuple[frozenset[int], ...] = field(default=(), compare=False)
    anytime_off: tuple[frozenset[int], ...] = field(default=(), compare=False)

    strength: tuple[tuple[int, ...], ...] = field(default=(), compare=False)

    def __post_init__(self):
        # Per led color, and last (index -1) for a led card of no color (the Rook in no
        # trump, where the spec does not place it).
        colors = [*range(max(self.suit_of) + 1), NO_TRUMP]
        members = tuple(frozenset(c for c, s in enumerate(self.suit_of) if s == color)
                        for color in colors)
        object.__setattr__(self, "members", members)
        object.__setattr__(self, "anytime_off", tuple(self.anytime - m for m in members))
        # A card's strength in a trick, per led color: its strength as a trump, else
        # in the led color, else -1 (it cannot win).
        object.__setattr__(self, "strength", tuple(
            tuple(key if key >= 0 else rank if suit == led else -1
                  for key, rank, suit in zip(self.trump_key, self.rank_key, self.suit_of))
            for led in colors))


class Tables:
    """Everything the engine needs about one variant, precomputed."""

    def __init__(self, variant: Variant):
        self.variant = variant
        deck = variant.deck
        self.players = variant.table.players
        self.codes: tuple[str, ...] = tuple(card.code for card in deck.cards)
        self.card_of: dict[str, int] = {code: i for i, code in enumerate(self.codes)}
        self.color_of = tuple(NO_TRUMP if c.color is None else c.color for c in deck.cards)
        self.points = tuple(card.points for card in deck.cards)
        order = {rank: i for i, rank in enumerate(deck.ranks)}
        self.rank_index = tuple(order[c.rank] if c.rank is not None else -1 for c in deck.cards)
        self.deck: tuple[int, ...] = tuple(i for i, card in enumerate(deck.cards)
                                           for _ in range(card.copies))
        self.letters = tuple(color.letter for color in deck.colors)
        self.rook = self.card_of.get(deck.rook) if deck.rook else None
        self.specials = tuple(self.card_of[s.code] for s in variant.trump.specials)
        self.birds = tuple(self.card_of[code] for code in deck.birds)
        self.always_trump = frozenset(([self.rook] if self.rook is not None else [])
                                      + list(self.specials) + list(self.birds))
        self.anytime = frozenset(self.card_of[code] for code in variant.play.anytime)
        self.counters = frozenset(i for i, p in enumerate(self.points) if p)

        # Actions are shared values, built once.
        self.duplicates = any(card.copies > 1 for card in deck.cards)
        self.play_actions = tuple(Action("play", code) for code in self.codes)
        self.card_of_play = {action: card for card, action in enumerate(self.play_actions)}
        self.next_seat = tuple((seat + 1) % self.players for seat in range(self.players))
        self.point_of = self.points.__getitem__                 # card id -> its points
        self.tricks_per_hand = variant.deal.hand
        # What a hand keeps at hand of the play rules: follow any card, a dummy, the
        # last trick kept in view, a tie won by the card played last.
        self.play_rules = (variant.play.follow == "any", variant.table.dummy != "none",
                           variant.play.review != "none",
                           variant.play.ties == "last-played")
        # Events are read-only values, so the common ones are built once.
        self.played_events = tuple(tuple(Event("card-played", seat, {"card": code})
                                         for code in self.codes)
                                   for seat in range(variant.table.players))
        self.discard_actions = tuple(Action("discard", code) for code in self.codes)
        self.discard_action = self.discard_actions.__getitem__
        self.card_of_discard = {action: card for card, action in enumerate(self.discard_actions)}
        # Any card may be laid aside (``nest.forbid`` forbids nothing); else the cards
        # it forbids, per trump call (None: trump not yet named), as nest.py needs them.
        # any card may be laid aside: nothing forbidden, no limit on the nest cards kept
        self.claims = variant.play.claim != "none"     # play.claim: a claim may be legal
        self.discard_any = not variant.nest.forbids \
            and variant.nest.exchange is None
        self.discard_forbidden: dict[str | None, frozenset[int]] = {}
        self.forbidden_cards = frozenset(self.card_of[code]      # ``forbid ROOK``
                                         for code in variant.nest.forbid_cards)
        self.give_actions = tuple(Action("give", code) for code in self.codes)
        self.call_actions = tuple(Action("call", code) for code in self.codes)
        self.trump_actions = tuple(Action("trump", choice) for choice in variant.trump.choices)
        bidding = variant.bidding
        from ..language.check import maximum_bid, points_available
        self.max_bid = maximum_bid(variant)
        self.total_points = points_available(variant)
        self.bid_amounts = tuple(range(bidding.minimum, self.max_bid + 1, bidding.step))
        self.bid_actions = {amount: Action("bid", amount) for amount in self.bid_amounts}
        # The high bid once a moon bid is made: above every amount (``bidding.moon``).
        self.moon_high = self.max_bid + bidding.step
        self.raise_by = 0 if bidding.jumps else bidding.step    # each bid raises by exactly
        # The bidding menus by high bid (a forced bid's under -high - 1), as made.
        self.bid_menus: dict[int, tuple[Action, ...]] = {}
        self._contexts: dict[str, TrumpContext] = {}

        table = variant.table
        if table.sides == "teams":
            self.team_of: tuple[int, ...] | None = tuple(s % table.teams
                                                         for s in range(self.players))
        else:
            self.team_of = None
        self.keepers = table.teams if table.sides == "teams" else self.players
        # Rule attribution: the id of the clause behind each mechanism (an explicit
        # ``as`` id, or ``section.key``; a key the spec leaves to its default keeps
        # ``section.key``).
        self.rule_ids: dict[tuple[str, str], str] = {}
        for rule in variant.rules:
            self.rule_ids.setdefault((rule.section, rule.key), rule.id)
        self.all_rule_ids = frozenset(rule.id for rule in variant.rules)
        self.counters_rules = (self.rule("scoring", "counters"),)
        self.trick_rule_cache: dict[tuple, tuple[str, ...]] = {}

    def rule(self, section: str, key: str) -> str:
        """The rule id of the clause that sets ``section``'s ``key`` in this variant."""
        return self.rule_ids.get((section, key), f"{section}.{key}")

    # -- bidding -----------------------------------------------------------------------

    def bid_menu(self, high: int, forced: bool = False) -> tuple[Action, ...]:
        """Legal bidding actions over the current high bid (0 = no bid yet)."""
        key = -high - 1 if forced else high
        menu = self.bid_menus.get(key)
        if menu is None:
            b = self.variant.bidding
            lowest = max(b.minimum, high + b.step) if high else b.minimum
            amounts = [a for a in self.bid_amounts if a >= lowest]
            if not b.jumps:
                amounts = amounts[:1]       # exactly one step: the first bid is the minimum
            if forced:
                amounts = amounts[:1]
            # A moon bid (``bidding.moon``) outbids every amount, until one is made.
            moon = (MOON,) if self.variant.bidding.moon is not None and not forced and \
                high < self.moon_high else ()
            menu = tuple(self.bid_actions[a] for a in amounts) + moon + \
                (() if forced else (PASS,))
            self.bid_menus[key] = menu
        return menu

    # -- trump -------------------------------------------------------------------------

    def context(self, call: str) -> TrumpContext:
        """The trick order once ``call`` ("R", "none", "R low" ...) is made."""
        found = self._contexts.get(call)
        if found is None:
            found = self._contexts[call] = self._build_context(call)
        return found

    def _build_context(self, call: str) -> TrumpContext:
        """The trick order for a call: ``R`` (red trump), ``none`` (no trump), ``R-low``
        (red trump, ranks reversed: the Low Card call), optionally followed by the Rook
        called ``high`` or ``low`` (``R high``)."""
        parts = call.split()
        base, _, low = parts[0].partition("-")
        trump = NO_TRUMP if base == "none" else self.letters.index(base)
        rules = self.variant.trump
        rook_mode, rook_above = rules.rook, rules.rook_above
        if len(parts) > 1:
            rook_mode = "highest" if parts[1] == "high" else "lowest"
        top = len(self.variant.deck.ranks) - 1
        if low:
            strength = [top - r if r >= 0 else -1 for r in self.rank_index]
            if rules.low_card_rook is not None:
                rook_mode, rook_above = "above", rules.low_card_rook
        else:
            strength = list(self.rank_index)
        n = len(self.codes)
        ranks = self.variant.deck.ranks

        def between(label: str) -> int:
            """Doubled strength of a card sitting between ``label`` and the next rank up
            in the deck's order (the "10.5"), whichever way ranks run this hand."""
            index = ranks.index(label)
            return 2 * (top - index) - 1 if low else 2 * index + 1

        # Ranks count double so a card can sit between two ranks (the Rook as "10.5").
        rank_key = [2 * s for s in strength]
        suit_of = list(self.color_of)
        trump_key = [-1] * n
        if trump == NO_TRUMP:
            placed = rules.no_trump_rook
            if self.rook is not None and placed is not None:
                suit_of[self.rook] = self.letters.index(placed[0])
                rank_key[self.rook] = between(placed[1])
            return TrumpContext(trump, tuple(suit_of), tuple(trump_key), tuple(rank_key), call,
                            self.anytime)
        # The trump order, weakest first: the trump color's cards, then the Rook and the
        # special trumps placed as the spec says.
        order = sorted((c for c in range(n) if self.color_of[c] == trump
                        and c not in self.always_trump), key=lambda c: strength[c])
        if self.rook is not None:
            if rook_mode == "lowest":
                order.insert(0, self.rook)
            elif rook_mode == "above":
                at_strength = between(rook_above)
                at = sum(1 for c in order if 2 * strength[c] < at_strength)
                order.insert(at, self.rook)
            else:
                order.append(self.rook)
        if rules.birds:
            self._place_birds(order, strength, between)
        for special in rules.specials:
            card = self.card_of[special.code]
            if special.anchor in ("top", "bottom"):
                order.insert(len(order) if special.anchor == "top" else 0, card)
            else:
                at = order.index(self.card_of[special.anchor])
                order.insert(at + 1 if special.placement == "above" else at, card)
        for place, card in enumerate(order):
            trump_key[card] = 1000 + place
            suit_of[card] = trump
        return TrumpContext(trump, tuple(suit_of), tuple(trump_key), tuple(rank_key), call,
                            self.anytime)


    def _place_birds(self, order: list[int], strength: list[int], between) -> None:
        """Put each bird of ``deck: birds`` in the trump order (weakest first) where its
        ``trump: bird`` clause says: highest, lowest, just above a rank of the trump color
        (``between`` gives the doubled strength of that place), or next to the Rook or a
        bird placed before it."""
        for bird in self.variant.trump.birds:
            card = self.card_of[bird.code]
            if bird.place == "highest":
                order.append(card)
            elif bird.place == "lowest":
                order.insert(0, card)
            elif bird.anchor in self.card_of:
                at = order.index(self.card_of[bird.anchor])
                order.insert(at + 1 if bird.place == "above" else at, card)
            else:
                place = between(bird.anchor)
                below = [i for i, c in enumerate(order)
                         if self.color_of[c] >= 0 and 2 * strength[c] < place]
                order.insert(below[-1] + 1 if below else 0, card)


_COMPILED: dict[int, tuple[Variant, Tables]] = {}


def tables_for(variant: Variant) -> Tables:
    """The compiled tables of a variant (built once, then shared)."""
    found = _COMPILED.get(id(variant))
    if found is None or found[0] is not variant:
        found = _COMPILED[id(variant)] = (variant, Tables(variant))
    return found[1]
