"""The figures a player quotes about a variant (players, hand size, points in a hand, bids,
target ...) and the inherited rulings that quote a parent's figure the child changed.

A ruling is prose: a child that extends a parent inherits the parent's rulings word for
word.  When the child changes a figure (a total of 200 where the parent has 180), a
ruling that reasons from the parent's figure ("no bid can exceed the 180 points of a
hand") no longer speaks of this variant.  :func:`stale_rulings` finds each such ruling,
so that ``rookery check`` can warn at the child's clause and a rules page can show the
ruling as the parent's, with the parent's figure named as the parent's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .points import maximum_bid, points_available
from .model import Rule, Variant

# Number words a ruling may use for a small figure ("three of the four have passed").
WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
         "fourteen fifteen sixteen seventeen eighteen nineteen twenty").split()


@dataclass(frozen=True)
class Figure:
    """One figure of a variant: what it is called, its value, the clause that sets it."""

    name: str
    value: int
    rule_id: str


def figures(v: Variant) -> tuple[Figure, ...]:
    """The figures of ``v`` a ruling may reason from."""
    found = [Figure("number of players", v.table.players, "table.players"),
             Figure("deck", v.deck.size, "deck.ranks"),
             Figure("hand size", v.deal.hand, "deal.hand"),
             Figure("nest", v.deal.nest, "deal.nest"),
             Figure("total", points_available(v), "scoring.total"),
             Figure("lowest bid", v.bidding.minimum, "bidding.minimum"),
             Figure("highest bid", maximum_bid(v), "bidding.maximum"),
             Figure("bidding step", v.bidding.step, "bidding.step"),
             Figure("target", v.game.target, "game.target")]
    if v.bidding.opening is not None:
        found.append(Figure("opening bid", v.bidding.opening, "bidding.opening"))
    return tuple(found)


@dataclass(frozen=True)
class StaleRuling:
    """An inherited ``rule`` whose ruling quotes ``figure`` at the parent's value
    (``was``) where this variant's is ``now``."""

    rule: Rule
    figure: Figure
    was: int
    now: int

    def message(self) -> str:
        return (f"the inherited ruling of {self.rule.id} speaks of {self.was}; your "
                f"{self.figure.name} is {self.now}: restate it")


def quoted_numbers(text: str) -> set[int]:
    """The figures a text quotes: numbers above twenty written in digits (a total, a
    target, a bid, a deck's size), and small numbers written as words ("three of the
    four"), or in digits when they count what a figure counts ("5 cards", "a 5-card
    nest", "4 players", "a nest of 5").  Other small numbers in digits are left out: in a
    ruling they are ranks and seats ("the 14", "seat 0") far more often than counts."""
    found = {int(n) for n in re.findall(r"(?<![\w.])\d+(?![\w])", text) if int(n) > 20}
    lowered = text.lower()
    found |= {int(n) for n in re.findall(
        r"(?<![\w.])(\d+)(?:\s+|-)(?:cards?|players?|people|tricks?)\b", lowered)}
    found |= {int(n) for n in re.findall(r"\b(?:nest|hand|widow) of (\d+)\b", lowered)}
    # "four suits", "two colors": a count of something no figure counts
    found |= {n for n, word in enumerate(WORDS)
              if re.search(rf"\b{word}\b(?! (?:suits|colors|colours|decks|ranks)\b)", lowered)}
    return found


# Words that say which figure a number is: "the 200 points of a hand", "the hand's 200
# points" are the points a hand holds, whatever other figure shares the number.
_NAMED = ((re.compile(r"(?<![\w.])(\d+)(?:\s+|-)points? (?:of|in) (?:a|the|each|one) hand\b"),
           "total"),
          (re.compile(r"\bhand'?s (\d+) points\b"), "total"))


def named_figures(text: str) -> set[tuple[str, int]]:
    """The figures a text names by their words, as (figure name, number): "no bid can
    exceed the 200 points of a hand" -> {("total", 200)}."""
    lowered = text.lower()
    return {(name, int(n)) for pattern, name in _NAMED for n in pattern.findall(lowered)}


def stale_rulings(child: Variant, parent: Variant) -> list[StaleRuling]:
    """Every inherited ruling of ``child`` quoting a figure of ``parent`` that ``child``
    changed, when that number is none of ``child``'s own figures (a number the child
    still has may be what the ruling speaks of) unless the ruling's words name the
    figure ("the 200 points of a hand" is the total, even where the highest bid is still
    200), and the ruling does not quote the child's own value as well (then it speaks of
    both)."""
    mine = figures(child)
    kept = {f.value for f in mine}
    changed = [(old, new) for old, new in zip(figures(parent), mine)
               if old.name == new.name and old.value != new.value]
    found = []
    for rule in child.rules:
        if rule.inherited_from is None or not rule.rulings:
            continue
        quoted = set().union(*(quoted_numbers(r) for r in rule.rulings))
        named = set().union(*(named_figures(r) for r in rule.rulings))
        said: set[int] = set()     # a number once, under the first figure it was
        for old, new in changed:
            if old.value in kept and (old.name, old.value) not in named:
                continue
            if old.value in quoted and new.value not in quoted and old.value not in said:
                said.add(old.value)
                found.append(StaleRuling(rule, new, old.value, new.value))
    return found


def changed_clause(child: Variant, stale: StaleRuling) -> Rule | None:
    """The child's own clause that changed the figure a stale ruling quotes, if it
    states one (the figure may also follow from other clauses)."""
    for rule in child.rules:
        if rule.id == stale.figure.rule_id and rule.inherited_from is None:
            return rule
    return None
