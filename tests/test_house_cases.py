"""Cases for a house spec: a case file names the spec that decides its cases
(``"spec"``, relative to the file); the corpus checks the cases' rule ids against it,
plays it in-process, and ``rookery mutate`` mutates it."""

import copy
import json
import subprocess
import sys
from pathlib import Path

from _conformance_fixtures import BIDDING

from rookery.conformance import load_corpus

CLUB = '''variant club "Our club"
extends tournament

bidding:
  minimum 60
    ruling "our club opens at 60"
'''


def club_corpus(root: Path, spec_name="../../club.rook", variant="club") -> Path:
    """A spec at ``root/club.rook`` and one case at ``root/cases/club/bidding.json``:
    Tournament's first fixture, with the club's lower minimum."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "club.rook").write_text(CLUB)
    case = copy.deepcopy(BIDDING)
    case["id"] = "club/bidding/001"
    case["steps"][0]["expect"]["legal_excludes"] = ["bid 55"]
    case["steps"][0]["expect"]["legal_includes"] = ["bid 60", "bid 65", "pass"]
    case["steps"][1] = {"seat": 1, "do": "bid 55", "reject": "bid-too-low"}
    folder = root / "cases" / "club"
    folder.mkdir(parents=True)
    (folder / "bidding.json").write_text(json.dumps(
        {"variant": variant, "spec": spec_name, "cases": [case]}))
    return root / "cases"


def rookery(*args, cwd):
    return subprocess.run([sys.executable, "-m", "rookery", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=600)


def test_a_house_case_is_read_with_its_spec(tmp_path):
    cases, problems = load_corpus([club_corpus(tmp_path)])
    assert problems == []
    assert [c.spec_file for c in cases] == [str((tmp_path / "club.rook").resolve())]


def test_the_rules_are_checked_against_the_house_spec(tmp_path):
    folder = club_corpus(tmp_path)
    path = folder / "club" / "bidding.json"
    data = json.loads(path.read_text())
    data["cases"][0]["rules"] = ["bidding.nonsense"]
    path.write_text(json.dumps(data))
    cases, problems = load_corpus([folder])
    assert cases == []
    assert [p.message for p in problems] == ["club has no rule bidding.nonsense"]


def test_a_missing_spec_or_another_variant_is_a_problem(tmp_path):
    cases, problems = load_corpus([club_corpus(tmp_path / "a", spec_name="nowhere.rook")])
    assert cases == [] and "no such spec file 'nowhere.rook'" in problems[0].message
    cases, problems = load_corpus([club_corpus(tmp_path / "b", variant="other")])
    assert cases == [] and "is variant 'club', but the file's variant is 'other'" \
        in problems[0].message


def test_the_house_spec_plays_the_cases(tmp_path):
    run = rookery("conformance", club_corpus(tmp_path), cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 cases, 1 passed" in run.stdout


def test_a_changed_house_spec_fails_its_case(tmp_path):
    folder = club_corpus(tmp_path)
    (tmp_path / "club.rook").write_text(CLUB.replace("minimum 60", "minimum 65"))
    run = rookery("conformance", folder, cwd=tmp_path)
    assert run.returncode == 1
    assert "FAIL bidding.minimum" in run.stdout


def test_mutate_mutates_the_house_spec(tmp_path):
    run = rookery("mutate", "--cases", club_corpus(tmp_path), cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    row = next(line for line in run.stdout.splitlines() if "club" in line)
    cells = [cell.strip() for cell in row.strip("│ ").split("│")]
    assert cells[:2] == ["club", "1"] and cells[-1] == "100%"
