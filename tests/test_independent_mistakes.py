"""Every mistake once, and nothing that only follows from another (issue 19).

A catalogue of 30 mistakes, each a one-line edit of ``specs/tournament.rook`` whose fix
does not depend on any other's: a typo in a key or a value, a number a static check
refuses, a syntax slip, a citation of an unknown source.  Each was chosen so that its
error reads no clause another mistake breaks: the deck's lines are left alone (every card
the other clauses name is read against them), and of the figures the deal check adds up
only the hand is changed.  Any set of them, in one file, must be reported as exactly one
error at each mistake's line, with the code the mistake calls for, in line order.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rookery
from rookery.resources import specs_dir

TOURNAMENT = (specs_dir() / "tournament.rook").read_text(encoding="utf-8")

# (line, what the line holds, what the mistake writes instead, the error's code)
CATALOGUE = [
    (7, 'per "Official rules"', 'per wikipedia-rok "Official rules"', "unknown-source"),
    (8, "sides teams 2", "sides teams 3", "bad-teams"),
    (9, 'ruling "the source says two', 'ruling the source says two', "syntax-error"),
    (18, "hand 9 ", "hand 11", "deal-mismatch"),
    (21, "nest-deal rounds", "nest-deal roundz", "unknown-value"),
    (24, "first left-of-dealer", "first left-of-dealr", "unknown-value"),
    (25, "minimum 70", "minimun 70", "unknown-clause"),
    (26, "maximum 120", "maximum 12O", "number-expected"),
    (27, "step 5", "stepp 5", "unknown-clause"),
    (28, "raise jumps", "raise jump", "unknown-value"),
    (30, "pass final", "pass finall", "unknown-value"),
    (31, "all-pass redeal", "all-pass redeel", "unknown-value"),
    (35, "discard 5", "discard 4", "discard-mismatch"),
    (36, "forbid nothing", "forbid nothin", "unknown-value"),
    (38, "points last-trick", "points last-trik", "unknown-value"),
    (41, "named after-nest", "named after-nets", "unknown-value"),
    (42, "choices colors", "choices colours", "unknown-value"),
    (43, "rook highest", "rook hihgest", "unknown-value"),
    (46, "leader left-of-dealer", "leader biddr", "unknown-value"),
    (47, "follow color", "follow colour", "unknown-value"),
    (48, "anytime ROOK", "anytime R99", "unknown-card"),
    (50, "ties first-played", "ties first", "unknown-value"),
    (52, "review none", "review nothing", "unknown-value"),
    (56, "counters 5=5", "counters Z5=5", "unknown-card"),
    (57, "total 120", "totl 120", "unknown-clause"),
    (58, "taken >= bid", "taken => bid", "syntax-error"),
    (59, "then taken else -bid", "then taken -bid", "syntax-error"),
    (60, "defenders: taken", "defenders: takn", "unknown-quantity"),
    (64, "target 300 ", "target -300", "number-out-of-range"),
    (65, "winner highest", "winner highst", "unknown-value"),
]


def with_mistakes(chosen) -> str:
    """tournament.rook with each chosen mistake written on its line."""
    lines = TOURNAMENT.split("\n")
    for line, old, new, _ in chosen:
        assert old in lines[line - 1], (line, old)
        lines[line - 1] = lines[line - 1].replace(old, new, 1)
    return "\n".join(lines)


def reported(text: str) -> list[tuple[int, str]]:
    with pytest.raises(rookery.SpecError) as caught:
        rookery.load_text(text, "tournament-mistakes.rook")
    return [(p.span.line if p.span else 0, p.code) for p in caught.value.problems]


def test_the_catalogue_holds_thirty_mistakes_on_thirty_lines():
    assert len(CATALOGUE) == 30
    assert len({line for line, *_ in CATALOGUE}) == 30
    assert rookery.load_text(with_mistakes([]), "tournament.rook").id == "tournament"


@pytest.mark.parametrize("mistake", CATALOGUE, ids=lambda m: f"line{m[0]}")
def test_each_mistake_alone_is_one_error_at_its_line(mistake):
    assert reported(with_mistakes([mistake])) == [(mistake[0], mistake[3])]


def test_two_hundred_combinations_report_each_mistake_once():
    """200 random sets of one to six mistakes (seeded, so a failure replays)."""
    chance = random.Random(19)
    for _ in range(200):
        chosen = sorted(chance.sample(CATALOGUE, chance.randint(1, 6)))
        expected = [(line, code) for line, _, _, code in chosen]
        assert reported(with_mistakes(chosen)) == expected, [m[:3] for m in chosen]


FIVE = [(25, "minimum 70", "minimun 70"), (46, "leader left-of-dealer", "leader biddr"),
        (56, "counters 5=5", "counters Z5=5"), (18, "hand 9 ", "hand 11"),
        (64, "target 300 ", "target -300")]


def test_the_five_mistake_copy_of_tournament_reports_five_errors_in_line_order(tmp_path):
    """The copy of issue 19: each of the five was reported alone, two of them together."""
    path = tmp_path / "tournament.rook"
    path.write_text(with_mistakes([(*m, "") for m in FIVE]), encoding="utf-8")
    with pytest.raises(rookery.SpecError) as caught:
        rookery.load_variant(path)
    problems = caught.value.problems
    assert [(p.span.line, p.code) for p in problems] == [
        (18, "deal-mismatch"), (25, "unknown-clause"), (46, "unknown-value"),
        (56, "unknown-card"), (64, "number-out-of-range")]
    assert {Path(p.span.file) for p in problems} == {path.resolve()}


def test_every_figure_a_check_can_read_comes_from_clauses_of_the_language():
    """What a static check reads is known by the clauses each figure comes from: each
    field of each section of the model names clauses the vocabulary has."""
    import dataclasses

    from rookery.language.reading import SECTION_FIELDS, clauses_of
    from rookery.language.vocabulary import SECTIONS

    variant = rookery.load_variant("tournament")
    for section in SECTION_FIELDS:
        for field in dataclasses.fields(getattr(variant, section)):
            for clause in clauses_of(section, field.name):
                name, _, key = clause.partition(".")
                assert name in SECTIONS and (not key or key in SECTIONS[name]), \
                    (section, field.name, clause)


def test_a_check_that_raises_instead_of_yielding_is_read_as_its_last_error(monkeypatch):
    """Checks yield each inconsistency; one written to raise its first still reports it,
    and the checks after it still run."""
    from rookery.errors import SpecError
    from rookery.language import check

    variant = rookery.load_variant("tournament")

    def raising(v):
        if v.deal.hand == 9:
            raise SpecError("a check that raises", None, code="raised")

    def yielding(v):
        yield SpecError("a check that yields", None, code="yielded")

    monkeypatch.setattr(check, "_CHECKS", (raising, yielding) + check._CHECKS)
    assert [e.code for e in check.check_problems(variant)] == ["raised", "yielded"]
    # the raising check read deal.hand: unsure, its error only follows from another
    assert [e.code for e in check.check_problems(variant, frozenset({"deal.hand"}))] == \
        ["yielded"]


# The hidden pair of issue 31: a value a static check refuses in one clause (a minimum
# above the stated maximum) and a typo in another (the most-cards bonus, which the points
# of a hand add up), on a line of its own after the defenders' ruling (line 62).
HIDDEN_PAIR = [(25, "minimum 70", "minimum 122", "bid-unreachable")]
MOST_CARDS_LINE = 62


def with_the_hidden_pair(chosen, typo: str) -> str:
    """tournament.rook with the chosen mistakes, the minimum 122, and ``typo`` (a most-cards
    clause with a slip) written as line 62."""
    lines = with_mistakes(sorted([*chosen, *HIDDEN_PAIR])).split("\n")
    lines.insert(MOST_CARDS_LINE - 1, f"  {typo}")
    return "\n".join(lines)


@pytest.mark.parametrize("typo, code", [("most-cards 1O", "number-expected"),
                                        ("most-crds 10", "unknown-clause")])
def test_a_typo_among_the_bonuses_does_not_hide_a_minimum_above_the_maximum(typo, code):
    """The minimum is checked against the stated maximum alone: the points of a hand,
    which the misspelt bonus makes unsure, are not read for it."""
    assert reported(with_the_hidden_pair([], typo)) == [(25, "bid-unreachable"),
                                                         (MOST_CARDS_LINE, code)]


def test_the_hidden_pair_with_other_mistakes_reports_each_mistake_once():
    """60 random sets of the catalogue's mistakes with the pair: every mistake once.  The
    catalogue's mistakes of the minimum's own line and of the maximum (which the minimum
    is checked against) are left out."""
    chance = random.Random(31)
    others = [m for m in CATALOGUE if m[0] not in (25, 26)]
    for _ in range(60):
        chosen = chance.sample(others, chance.randint(1, 5))
        typo, code = chance.choice([("most-cards 1O", "number-expected"),
                                    ("most-crds 10", "unknown-clause")])
        expected = sorted([(line + (line >= MOST_CARDS_LINE), code_)
                           for line, _, _, code_ in [*chosen, *HIDDEN_PAIR]]
                          + [(MOST_CARDS_LINE, code)])
        assert reported(with_the_hidden_pair(chosen, typo)) == expected, \
            [m[:3] for m in chosen]
