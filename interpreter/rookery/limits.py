"""The checker's resource limits: what a spec may ask for, so that every spec ``check``
accepts can be dealt, played and finished in small time and memory.

The sources set none of these; each is a ruling of ours, far above what any Rook game
needs (the largest built-in variant deals 114 cards to 6 players).  The DSL reference
lists them (:data:`LIMITS`).
"""

from __future__ import annotations

MAX_SPEC_BYTES = 64 * 1024      # a spec file; the built-in ones are under 4 KB
MAX_NUMBER_DIGITS = 6           # a number in a spec: at most 999,999
MAX_EXTENDS = 16                # variants in an extends chain, the file itself included
MAX_NAME_CHARS = 200            # a variant's name as given (an id, or BASE+OPTION+...)
MAX_OPTIONS = 8                 # options on one base
MAX_FORMULA_CHARS = 1000        # the text of one formula clause
MIN_PLAYERS, MAX_PLAYERS = 3, 8
MAX_COLORS = 8
MAX_COPIES = 4
MAX_DECK = 250                  # cards, every copy counted
MAX_HAND = 60                   # cards dealt to one player
MAX_BIDS = 1000                 # different bids from the minimum to the maximum
MAX_HANDS = 1000                # hands in a game (rookery.engine.game stops there)

LIMITS: tuple[tuple[str, str], ...] = (
    ("spec file", f"at most {MAX_SPEC_BYTES // 1024} KB"),
    ("numbers", f"at most {MAX_NUMBER_DIGITS} digits ({10 ** MAX_NUMBER_DIGITS - 1:,})"),
    ("`extends` chain", f"at most {MAX_EXTENDS} variants, the file itself included"),
    ("options", f"at most {MAX_OPTIONS} on one base (BASE+OPTION+...)"),
    ("a formula", f"at most {MAX_FORMULA_CHARS} characters"),
    ("`players`", f"{MIN_PLAYERS} to {MAX_PLAYERS}"),
    ("`colors`", f"at most {MAX_COLORS}"),
    ("`copies`", f"at most {MAX_COPIES}"),
    ("the deck", f"at most {MAX_DECK} cards, every copy counted"),
    ("`hand`", f"at most {MAX_HAND} cards"),
    ("bids", f"at most {MAX_BIDS} different bids from the minimum to the maximum "
             "(in steps)"),
    ("`target`", f"reachable in at most {MAX_HANDS} hands at the most one hand can score "
                 f"(a game stops, with no winner, after {MAX_HANDS} hands)"),
)
