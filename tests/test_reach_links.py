"""Issue 29, class 9: the reach rule (``rookery.language.reach``) bypassed through symbolic
links, and reads without a bound.

Every path a spec, a case file or the language server follows has its links resolved
before the reach test: ``extends NAME`` does not follow a ``NAME.rook`` beside the spec
that links out of it (to ``/proc`` or another user's folder), a case's ``"spec":
"x.rook"`` does not follow a link to ``/etc/passwd``, and go-to-definition reads a
``file`` source only as the checker does (within reach, at most 4 MB).  Nothing of a
refused file is read, so nothing of it is quoted."""

from __future__ import annotations

import json
import os

import pytest

import rookery
from rookery.conformance.corpus.cases import load_corpus
from rookery.editor.analysis import analyse, parent_place
from rookery.editor.definition import definition
from rookery.language.lint import MAX_SOURCE_BYTES
from rookery.resources import conformance_dir
from test_spec_reach import SECRET, folders  # noqa: F401 - the fixture, shared


@pytest.fixture
def house(folders):
    """The folders of ``test_spec_reach`` (run from ``house/``, a secret in
    ``elsewhere/``), with a spec in ``elsewhere/`` too."""
    (folders / "elsewhere" / "parent.rook").write_text(
        f'variant {SECRET.lower()} "{SECRET}"\nextends tournament\n', encoding="utf-8")
    return folders


@pytest.mark.parametrize("target, why", [
    ("elsewhere/parent.rook", "outside the spec's folder and the current folder"),
    ("/proc/self/environ", "a path under /proc"),
])
def test_extends_an_id_does_not_follow_a_link_out_of_reach(house, target, why):
    (house / "house" / "club.rook").symlink_to(
        target if target.startswith("/") else house / target)
    spec = house / "house" / "mine.rook"
    spec.write_text('variant mine "Mine"\nextends club\n', encoding="utf-8")
    with pytest.raises(rookery.SpecError) as caught:
        rookery.load_variant(spec)
    error = caught.value
    assert error.code == "path-refused" and why in error.message
    assert SECRET not in str(error) and SECRET.lower() not in str(error)
    # and the language server's go-to-definition does not lead there either
    analysis = analyse(spec.read_text(encoding="utf-8"), str(spec))
    assert parent_place(analysis.spec, str(spec)) is None


def test_extends_an_id_beside_the_spec_still_works(house):
    (house / "house" / "club.rook").write_text('variant club "Club"\nextends tournament\n',
                                               encoding="utf-8")
    (house / "house" / "alias.rook").symlink_to("club.rook")     # a link within reach
    spec = house / "house" / "mine.rook"
    spec.write_text('variant mine "Mine"\nextends alias\n', encoding="utf-8")
    assert rookery.load_variant(spec).extends == "alias"


def test_a_case_s_spec_linked_to_etc_passwd_is_refused_unread(house):
    source = next(p for p in sorted((conformance_dir() / "cases").rglob("*.json"))
                  if '"spec"' in p.read_text(encoding="utf-8"))
    data = json.loads(source.read_text(encoding="utf-8"))
    data["spec"] = "x.rook"
    case = house / "house" / "case.json"
    case.write_text(json.dumps(data), encoding="utf-8")
    (house / "house" / "x.rook").symlink_to("/etc/passwd")
    cases, problems = load_corpus([case])
    said = " ".join(str(p) for p in problems)
    assert not cases and "not read" in said
    first_word = open("/etc/passwd", encoding="utf-8").read().split(":")[0]
    assert f"'{first_word}'" not in said and "root:" not in said


def _cited(spec_path):
    text = spec_path.read_text(encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if 'per club "' in row)
    column = text.splitlines()[line - 1].index('"Dealing') + 3
    return definition(analyse(text, str(spec_path)), line, column)


SPEC = ('variant mine "Mine"\nextends tournament\nsource club "Club rules" file "notes.txt"\n'
        '\nbidding:\n  minimum 60    per club "Dealing"\n')


def test_go_to_definition_reads_a_file_source_as_the_checker_does(house):
    spec = house / "house" / "mine.rook"
    spec.write_text(SPEC, encoding="utf-8")
    notes = house / "house" / "notes.txt"
    notes.write_text("Intro\n\nDealing\n", encoding="utf-8")
    place = _cited(spec)
    assert place is not None and place.path == notes.resolve() and place.line == 3
    # a link out of reach: refused, as the checker refuses it
    notes.unlink()
    notes.symlink_to(house / "elsewhere" / "secret")
    assert _cited(spec) is None
    # a file far larger than a source may be: not read whole (a sparse file, no disk)
    notes.unlink()
    with open(notes, "wb") as stream:
        stream.truncate(300 << 20)
    assert _cited(spec) is None
    # a FIFO: not opened for good
    notes.unlink()
    os.mkfifo(notes)
    assert _cited(spec) is None
    assert MAX_SOURCE_BYTES < 300 << 20
