"""Rule attribution: which rules of the spec decided what the engine decided.

Every decision a hand makes -- whose turn it is, the legal set, a refusal, a trick's
winner, the points in a trick, a hand's result, the end of the game, what a seat may
see -- comes from some clause of the spec.  These functions name that clause by its rule
id (``bidding.minimum``, ``play.follow``, ``trump.rook``), so that a report can say which
rule an engine broke rather than which symptom it showed.

The mechanisms are the engine's; the rule ids are the spec's (an explicit ``as`` id where
the spec gives one, ``section.key`` for a key left to its default).  A ``None`` rule means
the decision follows from no clause: the shape of the game itself (a card must be held
to be played, the left-hand neighbour speaks next).

The package goes by phase: :mod:`.turns` (whose turn, which phase), :mod:`.legal`
(refusals and legal sets), :mod:`.tricks`, :mod:`.scoring` (a hand's result and the
game's end) and :mod:`.views` (what a seat sees), on :mod:`.common`.
"""

from __future__ import annotations

from .common import (
    PHASE_CLAUSES,
    _PHASE_PRIORITY,
    _rule,
    _unique,
)
from .tricks import (
    bird_rule,
    beats_rule,
    trick_rules,
    seat_of_card_rule,
    points_rules,
)
from .legal import (
    refusal,
    top_bid_ends,
    code_rules,
    permit_rules,
    legal_difference_rules,
    derived_maximum,
    lower_maximum,
    TOP_STEPS,
    _top_bids_only,
    top_bid,
    anytime_card,
    CODE_CLAUSES,
)
from .turns import (
    turn_rules,
    phase_rules,
    poor_hand_rules,
    next_dealer_rules,
    wrong_phase,
    hand_rules,
    auction_rules,
    legal_rules,
)
from .scoring import (
    result_rules,
    _keepers_of_sides,
    taken_hypotheses,
    _side_with_every_counter,
    _side_with_most_cards,
    scoring_rules,
    game_rules,
    game_rules_also,
    _house_game_rules,
)
from .views import (
    visible_codes,
    SHOWN_FACTS,
    shown_facts,
    view_rules,
    hidden_codes,
    leak_rules,
    leak_zone,
    leak_zones,
    leaks_by_cause,
    _nest_shown_rule,
)

__all__ = [
    "CODE_CLAUSES",
    "PHASE_CLAUSES",
    "SHOWN_FACTS",
    "TOP_STEPS",
    "_PHASE_PRIORITY",
    "_house_game_rules",
    "_keepers_of_sides",
    "_nest_shown_rule",
    "_rule",
    "_side_with_every_counter",
    "_side_with_most_cards",
    "_top_bids_only",
    "_unique",
    "anytime_card",
    "auction_rules",
    "beats_rule",
    "bird_rule",
    "code_rules",
    "derived_maximum",
    "game_rules",
    "game_rules_also",
    "hand_rules",
    "hidden_codes",
    "leak_rules",
    "leak_zone",
    "leak_zones",
    "leaks_by_cause",
    "legal_difference_rules",
    "legal_rules",
    "lower_maximum",
    "next_dealer_rules",
    "permit_rules",
    "phase_rules",
    "points_rules",
    "poor_hand_rules",
    "refusal",
    "result_rules",
    "scoring_rules",
    "seat_of_card_rule",
    "shown_facts",
    "taken_hypotheses",
    "top_bid",
    "top_bid_ends",
    "trick_rules",
    "turn_rules",
    "view_rules",
    "visible_codes",
    "wrong_phase",
]
