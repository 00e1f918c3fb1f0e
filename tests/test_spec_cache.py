"""Issue 11: a parsed spec is remembered (a parent is parsed once for all the variants
that extend it), but never past a change of its file, and never when it does not parse:
its error is the same each time."""

import os

import pytest

from rookery.errors import SpecError
from rookery.language.load import load_variant
from rookery.resources import specs_dir

PARENT = (specs_dir() / "tournament.rook").read_text(encoding="utf-8").replace(
    'variant tournament "Tournament Rook (Kentucky Discard)"', 'variant house "House Rook"')


def child(folder, name: str) -> str:
    path = folder / f"{name}.rook"
    path.write_text(f'variant {name} "{name}"\nextends house\nsource wikipedia-rook\n\n'
                    'game:\n  target 500\n    ruling "a longer game"\n', encoding="utf-8")
    return str(path)


def test_a_parent_changed_on_disk_is_read_again(tmp_path):
    parent = tmp_path / "house.rook"
    parent.write_text(PARENT, encoding="utf-8")
    first = load_variant(child(tmp_path, "first"))
    assert first.table.players == 4 and first.deal.nest == 5
    changed = PARENT.replace("variant house", "# edited\nvariant house")
    parent.write_text(changed, encoding="utf-8")
    os.utime(parent, ns=(parent.stat().st_atime_ns, parent.stat().st_mtime_ns + 10**9))
    assert load_variant(child(tmp_path, "second")).rules[0].span.line \
        == first.rules[0].span.line + 1         # the edited parent: one line further down


def test_a_parent_that_does_not_parse_says_so_every_time(tmp_path):
    parent = tmp_path / "house.rook"
    parent.write_text(PARENT.replace("  players 4 ", "  players four "), encoding="utf-8")
    messages = []
    for name in ("one", "two"):
        with pytest.raises(SpecError) as error:
            load_variant(child(tmp_path, name))
        messages.append(str(error.value))
    assert messages[0] == messages[1] and "house.rook" in messages[0]
    parent.write_text(PARENT, encoding="utf-8")
    os.utime(parent, ns=(parent.stat().st_atime_ns, parent.stat().st_mtime_ns + 10**9))
    assert load_variant(child(tmp_path, "three")).id == "three"
