"""Warnings (issue 8): a clause that cannot matter, a citation of a place its source does
not have, a source file that is not there, a clause not indented under its section.
A warning is shown by ``rookery check`` and by :func:`rookery.spec_warnings`; it never
fails the check."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import rookery
from rookery.language.lint import builtin_headings

NO_ROOK = """variant no-rook "Without the Rook"
source wikipedia-rook

table:
  players 4                     per "Official rules"
deck:
  colors black B, red R, yellow Y, green G      per "Rook playing cards"
  ranks 5..14                   per "The deal"
  rook none                     per "The deal"
deal:
  hand 9                        per "The deal"
  nest 4                        per "The deal"
bidding:
  minimum 70                    per "Bidding"
trump:
  rook highest                  per "The Rook Bird card"
scoring:
  counters 5=5, 10=10, 14=10    per "Scoring"
game:
  target 300                    per "Scoring"
"""


def _warnings(text: str, name: str = "house.rook") -> list[rookery.SpecWarning]:
    return rookery.spec_warnings(rookery.load_text(text, name))


def _codes(text: str) -> list[tuple[int, str]]:
    return [(w.span.line, w.code) for w in _warnings(text)]


def test_rook_highest_without_a_rook_cannot_matter():
    found = _warnings(NO_ROOK)
    assert [(w.span.line, w.code) for w in found] == [(16, "cannot-matter")]
    assert found[0].message == ("'rook highest' cannot matter: the deck has no Rook "
                                "(deck: rook none)")
    assert str(found[0]).startswith("house.rook:16:3: warning[cannot-matter]: ")


def test_a_clause_with_a_ruling_is_taken_as_meant():
    text = NO_ROOK.replace('rook highest                  per "The Rook Bird card"',
                           'rook highest\n    ruling "kept for the Rook decks we also use"')
    assert _codes(text) == []


@pytest.mark.parametrize("added, reason", [
    ("deal:\n  nest-deal rounds", "no card is dealt to a nest"),
    ("passing:\n  directions right", "nobody passes cards"),
    ("table:\n  dummy-shown after-auction", "there is no dummy"),
    ("table:\n  call-time before-trump", "the bid winner calls no partner"),
    ("play:\n  ties last-played", "no two cards of the deck are alike"),
    ("trump:\n  low-card-rook above 10", "no low-card hand can be called"),
    ("trump:\n  rook-call after-trump", "does not call the Rook high or low"),
    ("nest:\n  points bidder", "no card is dealt to a nest"),
])
def test_clauses_that_cannot_matter(added, reason):
    base = ("variant house\nextends regular-partnership\n" if "nest" in added
            else "variant house\nextends tournament\n") + "source wikipedia-rook\n"
    found = _warnings(base + added + '  per "Bidding"\n')
    assert [w.code for w in found] == ["cannot-matter"], [str(w) for w in found]
    assert reason in found[0].message


def test_the_same_clauses_matter_where_they_can():
    """Each pair is honest: with the Rook in the deck, a nest, a pass, a dummy, a called
    partner, two decks, the low-card call, the Rook called, the clause counts."""
    assert _codes("variant house\nextends tournament\nsource wikipedia-rook\ntrump:\n"
                  "  rook lowest  per \"Other\"\ndeal:\n  nest-deal last  per \"The deal\"\n") == []
    assert _codes("variant house\nextends family-double-deck\nsource family-double-deck\n"
                  "play:\n  ties last-played  per \"Hand Play\"\n") == []
    assert _codes("variant house\nextends low-card\nsource wikipedia-rook\ntrump:\n"
                  "  low-card-rook above 10  per \"Other\"\n") == []


def test_a_citation_of_a_place_the_source_does_not_have():
    text = NO_ROOK.replace('minimum 70                    per "Bidding"',
                           'minimum 70                    per "Biding"')
    found = [w for w in _warnings(text) if w.code == "unknown-place"]
    assert [(w.span.line, w.message) for w in found] == \
        [(14, 'wikipedia-rook has no place "Biding"')]
    assert found[0].hint.startswith('did you mean "Bidding"? wikipedia-rook\'s headings are: ')


def test_places_are_compared_without_case():
    text = NO_ROOK.replace('per "Bidding"', 'per "bidding"')
    assert "unknown-place" not in [w.code for w in _warnings(text)]


def test_every_place_the_built_in_specs_cite_is_a_heading():
    headings = builtin_headings()
    assert set(headings) == set(rookery.language.load.known_sources())
    for name in rookery.builtin_variants():
        for rule in rookery.load_variant(name).rules:
            for citation in rule.citations:
                assert citation.where in headings[citation.source], (name, rule.id)


def test_a_file_source_is_searched_for_the_place(tmp_path):
    (tmp_path / "rules.txt").write_text("House rules\nThe bidding starts at 75.\n",
                                        encoding="utf-8")
    text = ('variant house\nextends tournament\nsource ours "Ours" file "rules.txt"\n'
            'bidding:\n  minimum 75   per ours "the BIDDING starts"\n'
            '  step 5   per ours "Bids go up"\n')
    found = _warnings(text, str(tmp_path / "house.rook"))
    assert [(w.span.line, w.code) for w in found] == [(6, "unknown-place")]
    assert found[0].message == 'ours has no place "Bids go up"'


def test_a_url_source_is_not_checked_for_places():
    text = ('variant house\nextends tournament\nsource web "Web" url "https://x.org/r"\n'
            'bidding:\n  minimum 75   per web "Anything at all"\n')
    assert _codes(text) == []


def test_a_file_source_that_is_not_there(tmp_path):
    text = 'variant house\nextends tournament\nsource ours "Ours" file "missing.txt"\n'
    found = _warnings(text, str(tmp_path / "house.rook"))
    assert [(w.span.line, w.code) for w in found] == [(3, "source-file-missing")]


def test_an_unindented_clause_is_a_warning_not_silence():
    text = NO_ROOK.replace("  minimum 70", "minimum 70")
    found = [w for w in _warnings(text) if w.code == "not-indented"]
    assert [(w.span.line, w.span.column) for w in found] == [(14, 1)]
    assert found[0].message == "the clause 'minimum' is not indented under bidding:"
    # read exactly as if it were indented
    assert rookery.load_text(text, "h.rook").bidding.minimum == 70


def test_check_shows_warnings_and_passes(tmp_path):
    path = tmp_path / "no-rook.rook"
    path.write_text(NO_ROOK.replace("  minimum 70", "minimum 70"), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "rookery.cli", "check", str(path)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("ok  no-rook ")
    assert lines[1] == f"    {path}:14:1: warning[not-indented]: the clause 'minimum' is " \
                       "not indented under bidding:"
    assert lines[3].startswith(f"    {path}:16:3: warning[cannot-matter]: ")
    assert lines[-1] == "1 spec checked: 1 ok, 0 with errors, 2 warnings"
    result = subprocess.run([sys.executable, "-m", "rookery.cli", "check", "--json",
                             str(path)], capture_output=True, text=True, timeout=120)
    warnings = json.loads(result.stdout)["specs"][0]["warnings"]
    assert [w.split(": warning[")[1].split("]")[0] for w in warnings] == \
        ["not-indented", "cannot-matter"]
