"""A second reader as a habit: every ruling of every built-in variant says what its source
says and why the spec reads it so (``rookery.language.rulings``); the corpus starts every case
from a position a game can reach."""

from __future__ import annotations

import pytest

import rookery
from rookery.conformance.corpus.cases import load_corpus
from rookery.language.load import builtin_variants
from rookery.language.rulings import rulings, weak_reason

VARIANTS = [rookery.load_variant(name) for name in builtin_variants()]


def test_every_ruling_gives_its_reason():
    weak = [f"{r.variant} {r.rule.id}: {'; '.join(weak_reason(r.text, r.rule))}\n"
            f"    ruling \"{r.text}\""
            for r in rulings(VARIANTS) if weak_reason(r.text, r.rule)]
    assert not weak, "rulings that do not say why (rookery/rulings.py):\n" + "\n".join(weak)


def _rule(text: str, key: str = "minimum", section: str = "bidding"):
    spec = (f'variant t "t"\nextends tournament\n\n{section}:\n  {key} {text}'
            f'   ruling "x"\n')
    return rookery.load_text(spec, "t.rook").rule(f"{section}.{key}")


@pytest.mark.parametrize("ruling, lack", [
    ("", "only 0 words"),
    ("not stated: as in the partnership games", "only 7 words"),
    # a restatement of the clause, however long, is no reason
    ("the minimum bid is 90 and the lowest bid is 90 as the minimum", "repeats the rule"),
    ("bids start at 90 because higher openings felt better to our family at home",
     "does not say what the source says"),
    ("the source gives 90 for the lowest bid of the four player game here",
     "gives no ground"),
])
def test_a_weak_ruling_is_named_for_what_it_lacks(ruling, lack):
    lacks = weak_reason(ruling, _rule("90"))
    assert any(lack in item for item in lacks), lacks


def test_a_reasoned_ruling_passes():
    ruling = ("the source gives no lowest bid; we take 90, since the official minimum of 70 "
              "would let a side bid below half the points")
    assert weak_reason(ruling, _rule("90")) == []


def test_inherited_rulings_are_listed_once_under_the_variant_that_makes_them():
    found = rulings(VARIANTS)
    assert all(r.rule.inherited_from is None for r in found)
    keys = [(r.variant, r.rule.id, r.text) for r in found]
    assert len(keys) == len(set(keys))
    assert any(r.variant == "call-partner-200" and r.rule.id == "table.call-time"
               for r in found)
    assert not any(r.variant == "call-partner-200-six" and r.rule.id == "table.call-time"
                   for r in found)


def test_no_case_starts_from_a_score_the_game_would_have_ended_on():
    """A running score at or over the target ends the game with the hand that reaches
    it (or at or below a low score, ``game.low``), so no hand is dealt from such a
    position; with ``game: win-on own-bid`` a side past the target as defenders plays on."""
    cases, _ = load_corpus()
    games = {v.id: v.game for v in VARIANTS}
    for case in cases:   # a house variant's cases name its spec; a base with options
        if case.variant not in games:  # (kentucky-rook+rook-low) has its own target
            games[case.variant] = rookery.load_variant(case.spec_file or case.variant).game
    over = [case.id for case in cases if case.deal.get("scores") and (
        (max(case.deal["scores"]) >= games[case.variant].target
         and games[case.variant].win_on != "own-bid")
        or (games[case.variant].low is not None
            and min(case.deal["scores"]) <= games[case.variant].low))]
    assert not over, over
