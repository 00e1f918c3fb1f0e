"""Issue 10: specs that ``check`` used to accept or choke on end in a SpecError, fast:
5,000-digit numbers, an extends chain 965 deep, formulas of 60 KB, 10,000 players."""

import time
from pathlib import Path

import pytest

import rookery
from rookery.limits import MAX_EXTENDS
from rookery.resources import specs_dir

TOURNAMENT = (specs_dir() / "tournament.rook").read_text(encoding="utf-8")


def refused(text: str) -> rookery.SpecError:
    with pytest.raises(rookery.SpecError) as error:
        rookery.load_text(text)
    return error.value


def test_ten_thousand_players():
    assert refused(TOURNAMENT.replace("players 4", "players 10000")).code == \
        "number-out-of-range"


def test_a_number_past_pythons_int_limit():
    assert refused(TOURNAMENT.replace("target 300", "target " + "7" * 5000)).code == \
        "number-too-large"


def test_a_target_of_a_billion_never_reached():
    assert refused(TOURNAMENT.replace("target 300", "target 999999")).code == \
        "target-unreachable"


@pytest.mark.parametrize("body", ["max(" + ", ".join(["taken"] * 9000) + ")",
                                  " + ".join(["taken"] * 9000),
                                  "(" * 30 + "taken" + ")" * 30 + " + 1" * 12000])
def test_a_60kb_formula_fails_within_a_second_or_two(body):
    text = TOURNAMENT.replace("scoring:\n", f"scoring:\n  bidders: {body[:60000]}\n", 1)
    began = time.monotonic()
    refused(text)
    assert time.monotonic() - began < 3


def test_an_extends_chain_of_965(tmp_path):
    (tmp_path / "link-965.rook").write_text(TOURNAMENT.replace("variant tournament",
                                                               "variant link-965"))
    for i in range(965):
        (tmp_path / f"link-{i:03d}.rook").write_text(
            f'variant link-{i:03d} "A link"\nextends link-{i + 1:03d}\n'
            'source wikipedia-rook\n')
    with pytest.raises(rookery.SpecError) as error:
        rookery.load_variant(tmp_path / "link-000.rook")
    assert error.value.code == "extends-too-deep"
    assert f"longer than {MAX_EXTENDS}" in error.value.message


def test_a_spec_of_a_megabyte(tmp_path):
    path = Path(tmp_path / "big.rook")
    path.write_text(TOURNAMENT + "# padding\n" * 100_000)
    with pytest.raises(rookery.SpecError) as error:
        rookery.load_variant(path)
    assert error.value.code == "spec-too-large"
