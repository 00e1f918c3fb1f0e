"""Which clauses a static check read: the basis for holding back follow-on errors.

A static check (:mod:`rookery.language.check`) reads figures of the variant: the hand, the
nest, the deck's cards, the minimum bid.  When one of those figures is not what the
author wrote (its clause was set aside for a mistake and a default or a stand-in took its
place), what the check finds about it only follows from that mistake, and is held back.

:func:`watched` wraps a variant so that every figure a check reads is noted as the rule
ids of the clauses it comes from (``deal.hand``; a deck's cards come from every clause of
``deck:`` and from ``scoring: counters``).  :func:`is_unsure` says whether one of them
was a stand-in: an entry of the unsure set is a rule id, or a whole section (a line lost
to a syntax error whose clause cannot be told).
"""

from __future__ import annotations

from typing import Any, Iterable

# The sections of a variant, as the model names its attributes.
SECTION_FIELDS = ("table", "deck", "deal", "bidding", "nest", "passing", "trump", "play",
                  "scoring", "game")

# Model fields whose clause key is not the field's name with '-' for '_'.  A tuple lists
# every clause (section.key, or a whole section) the field's value comes from.
_FROM: dict[tuple[str, str], tuple[str, ...]] = {
    ("table", "teams"): ("table.sides",),
    ("table", "calls"): ("table.sides",),
    ("deck", "cards"): ("deck", "scoring.counters"),
    ("deck", "size"): ("deck",),
    ("deck", "colors"): ("deck.colors",),
    ("deck", "ranks"): ("deck.ranks", "deck.order"),
    ("bidding", "jumps"): ("bidding.raise",),
    ("nest", "discard"): ("nest.discard", "deal.nest"),
    ("nest", "forbid_counters"): ("nest.forbid",),
    ("nest", "counters_unless_forced"): ("nest.forbid",),
    ("nest", "forbid_trump"): ("nest.forbid",),
    ("nest", "trump_unless_forced"): ("nest.forbid",),
    ("nest", "forbid_cards"): ("nest.forbid",),
    ("nest", "cards_unless_forced"): ("nest.forbid",),
    ("nest", "forbids"): ("nest.forbid",),
    ("trump", "rook_above"): ("trump.rook",),
    ("trump", "specials"): ("trump.special",),
    ("trump", "birds"): ("trump.bird",),
    ("trump", "choices"): ("trump.choices", "deck.colors"),
    ("scoring", "formulas"): ("scoring.made", "scoring.bidders", "scoring.defenders"),
    ("scoring", "doubled"): ("scoring.all-tricks", "scoring.all-points"),
    ("game", "ties_team"): ("game.ties",),
}


def clauses_of(section: str, field: str) -> tuple[str, ...]:
    """The clauses (rule ids, or whole sections) a model field's value comes from."""
    return _FROM.get((section, field), (f"{section}.{field.replace('_', '-')}",))


def is_unsure(read: Iterable[str], unsure: Iterable[str]) -> bool:
    """Whether any clause in ``read`` is, or lies in a section, that ``unsure`` names
    (a whole section read is unsure when any of its clauses is)."""
    unsure = set(unsure)
    sections = {entry.split(".")[0] for entry in unsure}
    for clause in read:
        if clause in unsure or clause.split(".")[0] in unsure:
            return True
        if "." not in clause and clause in sections:
            return True
    return False


class _Section:
    """One section of a variant (``variant.deal``), noting each field read."""

    def __init__(self, name: str, value: Any, read: set[str]):
        self._name, self._value, self._read = name, value, read

    def __getattr__(self, field: str) -> Any:
        self._read.update(clauses_of(self._name, field))
        return getattr(self._value, field)


class _Variant:
    """A variant whose sections note what is read of them in ``read``."""

    def __init__(self, variant: Any, read: set[str]):
        self._variant, self._read = variant, read

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._variant, name)
        return _Section(name, value, self._read) if name in SECTION_FIELDS else value


def watched(variant: Any) -> tuple[Any, set[str]]:
    """``variant`` as a check sees it, and the set that fills with the clauses it reads."""
    read: set[str] = set()
    return _Variant(variant, read), read
