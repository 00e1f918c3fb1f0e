"""Sources of one's own and ``extends`` by path (issue 8).

A spec outside the package declares its sources in its header (``source ID "Title" url
"..."`` or ``file "..."``) and cites them like the built-in ones; ``extends "../club/
base.rook"`` finds a parent by its path; an unknown ``source`` is an error even when no
clause cites it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

import rookery
from rookery.language.export import export_variant
from rookery.resources import conformance_dir

RULES_TXT = """Our club's Rook
Bidding
Bids start at 80 and go up by tens.
Scoring
A side that takes every trick scores 200.
"""

BASE = """variant club-base "Our club's Rook"
extends tournament
source club "Our club's rules" file "rules.txt"
source club

bidding:
  minimum 80                    per "Bidding"
  step 10                       per "Bids start at 80"
"""

HOUSE = """variant house "Our house"
extends "../club/base.rook"
source site "The club's web page" url "https://example.org/rook"

scoring:
  all-tricks 200                per club "Scoring"
trump:
  rook highest                  per site "Trump"
"""


@pytest.fixture
def club(tmp_path: Path, monkeypatch) -> Path:
    """A club's folder and a member's, run from the folder that holds both (a spec reads
    only under its own folder and the current one: rookery.language.reach)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "club").mkdir()
    (tmp_path / "home").mkdir()
    (tmp_path / "club" / "rules.txt").write_text(RULES_TXT, encoding="utf-8")
    (tmp_path / "club" / "base.rook").write_text(BASE, encoding="utf-8")
    (tmp_path / "home" / "house.rook").write_text(HOUSE, encoding="utf-8")
    return tmp_path


def _error(path_or_text, name: str = "spec.rook") -> rookery.SpecError:
    with pytest.raises(rookery.SpecError) as caught:
        if isinstance(path_or_text, Path):
            rookery.load_variant(path_or_text)
        else:
            rookery.load_text(path_or_text, name)
    return caught.value


def test_a_spec_cites_its_own_sources(club):
    base = rookery.load_variant(club / "club" / "base.rook")
    assert [(s.id, s.title, s.kind, s.location) for s in base.sources] == \
        [("club", "Our club's rules", "file", "rules.txt")]
    minimum = base.rule("bidding.minimum")
    assert [(c.source, c.where) for c in minimum.citations] == [("club", "Bidding")]
    assert base.bidding.minimum == 80
    # inherited rules keep the parent's default source
    assert base.rule("deck.ranks").citations[0].source == "wikipedia-rook"
    assert rookery.spec_warnings(base) == []


def test_extends_by_path_and_the_parents_sources(club):
    house = rookery.load_variant(club / "home" / "house.rook")
    assert house.extends == "club-base"
    assert Path(house.extends_path) == (club / "club" / "base.rook").resolve()
    assert house.bidding.minimum == 80 and house.scoring.all_tricks == 200
    assert {s.id for s in house.sources} == {"club", "site"}
    assert house.rule("scoring.all-tricks").citations[0].source == "club"
    assert house.rule("bidding.minimum").inherited_from == "club-base"


def test_the_export_lists_the_sources_and_fits_the_schema(club):
    exported = export_variant(rookery.load_variant(club / "home" / "house.rook"))
    assert exported["extends"] == "club-base"
    assert {s["id"]: s for s in exported["sources"]}["site"] == \
        {"id": "site", "title": "The club's web page", "url": "https://example.org/rook"}
    schema = json.loads((conformance_dir() / "schema" / "variant.schema.json")
                        .read_text(encoding="utf-8"))
    jsonschema.validate(exported, schema)
    broken = dict(exported, sources=[{"id": "x", "title": "no url nor file"}])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema)


def test_check_reads_a_chain_of_user_specs(club):
    result = subprocess.run([sys.executable, "-m", "rookery.cli", "check",
                             str(club / "home" / "house.rook")],
                            capture_output=True, text=True, timeout=120, cwd=club)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok  house ")


def test_a_missing_parent_file_names_the_line(club):
    path = club / "home" / "orphan.rook"
    path.write_text('variant orphan\nextends "../club/no-such.rook"\n', encoding="utf-8")
    error = _error(path)
    assert (error.code, error.span.line, error.span.column) == ("unknown-parent", 2, 9)
    assert error.message == "'orphan' extends \"../club/no-such.rook\": no such file"
    assert str(error).startswith(f"{path.resolve()}:2:9: error[unknown-parent]")


def test_a_circle_of_paths_names_the_line(club):
    (club / "a.rook").write_text('variant a\nextends "b.rook"\n', encoding="utf-8")
    (club / "b.rook").write_text('variant b\n\nextends "./a.rook"\n', encoding="utf-8")
    error = _error(club / "a.rook")
    assert error.code == "extends-cycle"
    assert error.message == "variants extend each other in a circle: a -> b -> a"
    assert (Path(error.span.file).name, error.span.line, error.span.column) == ("b.rook", 3, 9)


def test_an_unknown_default_source_is_an_error_without_any_citation():
    text = "variant house\nextends tournament\nsource my-club\n"
    error = _error(text)
    assert (error.code, error.span.line, error.span.column) == ("unknown-source", 3, 8)
    assert "source my-club \"Our rules\" url" in error.hint


def test_a_default_source_declared_in_the_spec_is_known():
    text = ('variant house\nextends tournament\nsource my-club "Ours" url "https://x.org"\n'
            'source my-club\nbidding:\n  minimum 75  per "Bidding"\n')
    variant = rookery.load_text(text, "house.rook")
    assert variant.rule("bidding.minimum").citations[0].source == "my-club"


def test_a_citation_of_an_undeclared_source_still_fails():
    text = 'variant house\nextends tournament\nbidding:\n  minimum 75  per my-club "Bidding"\n'
    assert _error(text).code == "unknown-source"


def test_declaring_a_built_in_id_or_one_id_twice_is_an_error():
    text = ('variant house\nextends tournament\n'
            'source wikipedia-rook "Mine" url "https://x.org"\n'
            'source mine "Mine" url "https://x.org"\nsource mine "Again" file "x.txt"\n')
    error = _error(text)
    assert [(p.code, p.span.line) for p in error.problems] == \
        [("duplicate-source", 3), ("duplicate-source", 5)]


def test_a_source_needs_url_or_file():
    text = 'variant house\nextends tournament\nsource mine "Mine" web "https://x.org"\n'
    error = _error(text)
    assert error.message == "a source is found by 'url' or 'file', not 'web'"
    assert (error.span.line, error.span.column) == (3, 20)


def test_url_and_file_stay_ordinary_words():
    """'url' and 'file' are not reserved: a value may still be spelled so."""
    text = ("variant house\nextends tournament\nplay:\n  leader file\n")
    assert _error(text).message == "'leader' does not take 'file'"


def test_the_dsl_reference_example_of_sources_loads(club):
    """The house spec of the DSL reference, beside a club spec and its notes file."""
    import re

    from rookery.docs import site

    page = site.dsl_page([rookery.load_variant("tournament")])
    example = re.search(r"```rook\n(variant house .*?)```", page, re.S).group(1)
    (club / "home" / "notes.txt").write_text("Bidding\nWe open at 80.\n", encoding="utf-8")
    path = club / "home" / "example.rook"
    path.write_text(example, encoding="utf-8")
    variant = rookery.load_variant(path)
    assert variant.extends == "club-base" and variant.bidding.minimum == 80
    assert variant.rule("bidding.minimum").citations[0].source == "house-notes"
    assert {s.id for s in variant.sources} == {"club", "house-notes", "site"}
    assert rookery.spec_warnings(variant) == []


def test_mutants_of_a_house_spec_keep_its_sources(club):
    """``rookery fuzz --spec`` and ``mutate`` reread a spec with one clause changed: the
    sources it and its parent declare are still known, so its mutants are read."""
    from rookery.conformance.mutation.mutants import mutants

    found = list(mutants(str(club / "home" / "house.rook")))
    assert found
    read = [m for m in found if m.mutant is not None]
    assert len(read) >= len(found) // 2, [m.invalid for m in found][:3]
    assert all(m.mutant.rule("scoring.all-tricks").citations[0].source == "club"
               for m in read)


def test_a_lost_declaration_line_is_one_mistake():
    """The declaration does not parse; the default source naming it is not reported as
    unknown on top."""
    text = ('variant house\nextends tournament\nsource ours "Ours" url\nsource ours\n'
            'bidding:\n  minimum 75  per "Bidding"\n')
    error = _error(text)
    assert [(p.code, p.span.line) for p in error.problems] == [("syntax-error", 3)]
