"""The rules a spec leaves at the rules language's default: a clause it does not write
still rules every hand (no bonus for all the points, the nest face down, play on at a
tie).  Each has the id ``section.key`` and is told with the default's meaning in words:
a conformance verdict is given for it (:mod:`rookery.conformance.differential.verdicts`)
and a variant page gives it an anchor (:mod:`rookery.docs.page_rules`)."""

from __future__ import annotations

from .model import Variant
from .vocabulary import SECTIONS

# The clauses whose default rules a hand of every spec (with a nest: ``nest``), and the
# condition for it to apply.  The others (a dummy, passing, circus, birds ...) change
# nothing while left out: what they would rule does not exist in the spec.
SILENT = {
    "table.sides": None, "bidding.first": None, "bidding.step": None,
    "bidding.raise": None, "bidding.pass": None, "bidding.all-pass": None,
    "bidding.at-maximum": "maximum", "deal.poor-hand": None, "deal.nest-deal": "nest",
    "nest.face-up": "nest", "nest.shown": "nest", "nest.points": "nest",
    "nest.forbid": "nest", "trump.named": None, "trump.choices": None,
    "trump.rook": "rook", "play.leader": None, "play.follow": None, "play.claim": None,
    "scoring.made": None, "scoring.bidders": None, "scoring.defenders": None,
    "scoring.last-trick": None, "scoring.majority": None, "scoring.all-tricks": None,
    "scoring.all-points": None, "scoring.most-cards": None, "game.winner": None,
    "game.ties": None, "game.win-on": None, "game.low": None,
}


def default_words(rule: str) -> str:
    """What a clause left out means, in words: ``play on at a tie`` and the like."""
    section, _, key = rule.partition(".")
    entry = SECTIONS[section][key]
    return f"{entry.meaning}: {entry.default} (the rules language's default)"


def spec_rules(variant: Variant) -> list[tuple[str, str]]:
    """Every rule of the spec, in its order: (rule id, "") for each clause, then
    (``section.key``, the default in words) for each clause it leaves at the default
    that still rules a hand of it."""
    out = [(rule, "") for rule in variant.rule_ids]
    written = {(r.section, r.key) for r in variant.rules}
    facts = {"nest": variant.deal.nest > 0, "maximum": variant.bidding.maximum is not None,
             "rook": variant.deck.rook is not None}
    for rule, needs in SILENT.items():
        section, _, key = rule.partition(".")
        if (section, key) in written or (needs is not None and not facts[needs]):
            continue
        out.append((rule, default_words(rule)))
    return out


__all__ = ["SILENT", "default_words", "spec_rules"]
