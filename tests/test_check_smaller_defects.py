"""The smaller defects of issue 19, each as a user meets it at the command line.

Every option that cannot apply is named; a house spec named without ``.rook`` is told to
add it; an option that replaces a house rule is warned of; ``check --json`` writes only
JSON; a name that is no spec is a usage mistake, not a spec "checked"; a misspelt place
of a house source gets a "did you mean".
"""

from __future__ import annotations

import json

import pytest

from rookery.cli import main

GRANDPA = """\
variant grandpa "Grandpa's Rook"
extends kentucky-rook
source kentucky-rook

trump:
  rook lowest                   ruling "grandpa always played the Rook lowest"
"""


@pytest.fixture
def folder(tmp_path, monkeypatch):
    (tmp_path / "grandpa.rook").write_text(GRANDPA, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_every_option_that_cannot_apply_is_named(folder, capsys):
    """grandpa's deck (Kentucky Rook's) has no 2s: neither red-two nor black-two applies."""
    code, out, err = run(capsys, "check", "grandpa.rook+red-two+black-two")
    assert code == 1
    assert "option red-two cannot apply to grandpa: it needs the card R2" in err
    assert "option black-two cannot apply to grandpa: it needs the card B2" in err
    assert err.count("error[option-cannot-apply]") == 2


def test_a_house_spec_named_without_its_suffix_gets_the_hint(folder, capsys):
    code, out, err = run(capsys, "check", "grandpa+no-trump")
    assert code == 2
    assert "unknown variant 'grandpa'" in err
    assert "grandpa.rook+OPTION" in err and "with its '.rook'" in err
    assert out == ""                          # nothing was checked


def test_an_option_replacing_a_house_rule_is_warned_of_at_the_house_line(folder, capsys):
    code, out, err = run(capsys, "check", "grandpa.rook+rook-high")
    assert code == 0
    assert "grandpa.rook:6:3: warning[option-overrides]: option rook-high replaces this " \
           "house rule, 'rook lowest', with 'rook highest'" in out
    assert out.splitlines()[-1] == "1 spec checked: 1 ok, 0 with errors, 1 warning"


def test_an_option_stating_the_house_rule_again_is_not_warned_of(folder, capsys):
    code, out, err = run(capsys, "check", "grandpa.rook+rook-low")
    assert code == 0 and "option-overrides" not in out
    code, out, err = run(capsys, "check", "kentucky-rook+rook-high")
    assert code == 0 and "option-overrides" not in out     # a built-in base's own rule


def test_check_json_writes_only_json(folder, capsys):
    (folder / "broken.rook").write_text(GRANDPA.replace("lowest", "lowst"), encoding="utf-8")
    code, out, err = run(capsys, "check", "--json", "broken.rook", "grandpa.rook+red-two")
    assert code == 1 and err == ""
    data = json.loads(out)
    assert [spec["ok"] for spec in data["specs"]] == [False, False]
    assert data["specs"][0]["errors"][0]["code"] == "unknown-value"


def test_a_name_that_is_no_spec_is_not_counted_as_checked(folder, capsys):
    code, out, err = run(capsys, "check", "no-such-variant")
    assert code == 2 and "unknown variant 'no-such-variant'" in err
    assert "checked" not in out
    code, out, err = run(capsys, "check", "grandpa.rook", "no-such-variant")
    assert code == 2
    assert out.splitlines()[-1] == "1 spec checked: 1 ok, 0 with errors, 0 warnings"
    code, out, err = run(capsys, "check", "--json", "no-such-variant")
    data = json.loads(out)
    assert (code, err, data["checked"], data["specs"]) == (2, "", 0, [])
    assert data["not_specs"][0]["spec"] == "no-such-variant"


def test_a_misspelt_place_of_a_house_source_gets_a_did_you_mean(folder, capsys):
    (folder / "rules.txt").write_text("Our rules\n\nPlay\nThe Rook is lowest.\n",
                                      encoding="utf-8")
    (folder / "club.rook").write_text(
        'variant club "Club"\nextends kentucky-rook\nsource club "Our rules" file '
        '"rules.txt"\nsource club\n\ntrump:\n  rook lowest                   per "Pley"\n',
        encoding="utf-8")
    code, out, err = run(capsys, "check", "club.rook")
    assert code == 0
    assert 'warning[unknown-place]: club has no place "Pley"' in out
    assert 'hint: did you mean "Play"?' in out
