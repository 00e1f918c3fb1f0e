"""Issue 18, points 8, 10 and 12: what a spec someone hands you may make rookery read, and
the names and words that used to end in a traceback or in seconds of CPU.

8. A spec reads only regular files under its own folder or the current folder's tree
   (``rookery.language.reach``); ``extends "/etc/passwd"`` and ``source x "t" file
   "/proc/self/environ"`` are refused where they are written, quoting nothing of the file;
   ``--allow-root DIR`` (``load_variant(..., allow_roots=[DIR])``) names another root.
10. A name longer than the file system takes, or 40 options, is a message, not
    ``OSError: File name too long``.
12. An unknown 60,000-letter clause is not measured against every key.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

import rookery
from rookery.errors import UsageError
from rookery.language.hints import near_in_spelling

SECRET = "TOP-SECRET-WORD"


def _error(path: Path) -> rookery.SpecError:
    with pytest.raises(rookery.SpecError) as caught:
        rookery.load_variant(path)
    return caught.value


@pytest.fixture
def folders(tmp_path, monkeypatch):
    """``club/base.rook``, ``house/`` beside it and, outside both, ``elsewhere/secret``;
    run from ``house/``."""
    for name in ("club", "house", "elsewhere"):
        (tmp_path / name).mkdir()
    (tmp_path / "club" / "base.rook").write_text('variant base "Base"\nextends tournament\n',
                                                 encoding="utf-8")
    (tmp_path / "elsewhere" / "secret").write_text(f"{SECRET} and more\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path / "house")
    return tmp_path


@pytest.mark.parametrize("written, why", [
    ("/etc/passwd", "an absolute path"),
    ("../elsewhere/secret", "outside the spec's folder and the current folder"),
    ("/proc/self/environ", "a path under /proc"),
    ("~/.bashrc", "an absolute path"),
])
def test_extends_outside_the_allowed_folders_is_refused_unread(folders, written, why):
    spec = folders / "house" / "mine.rook"
    spec.write_text(f'variant mine "Mine"\nextends "{written}"\n', encoding="utf-8")
    error = _error(spec)
    assert error.code == "path-refused" and why in error.message
    assert (error.span.line, error.span.column) == (2, 9)
    assert "root" not in str(error).split("found:")[1].split("\n")[0]   # nothing of it
    assert SECRET not in str(error) and error.expected and error.hint


def test_a_source_file_under_proc_is_refused_and_its_words_never_probed(folders):
    spec = folders / "house" / "mine.rook"
    spec.write_text('variant mine "Mine"\nextends tournament\n'
                    'source x "t" file "/proc/self/environ"\n\n'
                    'bidding:\n  minimum 60 per x "HOME=/root"\n', encoding="utf-8")
    error = _error(spec)
    assert error.code == "path-refused" and "/proc" in error.message
    assert (error.span.line, error.span.column) == (3, 8)


def test_a_symbolic_link_out_of_the_folder_is_refused(folders):
    (folders / "house" / "rules.txt").symlink_to(folders / "elsewhere" / "secret")
    spec = folders / "house" / "mine.rook"
    spec.write_text('variant mine "Mine"\nextends tournament\n'
                    'source x "t" file "rules.txt"\n\n'
                    f'bidding:\n  minimum 60 per x "{SECRET}"\n', encoding="utf-8")
    assert _error(spec).code == "path-refused"


def test_a_sibling_folder_is_read_when_run_from_the_common_folder(folders, monkeypatch):
    spec = folders / "house" / "mine.rook"
    spec.write_text('variant mine "Mine"\nextends "../club/base.rook"\n', encoding="utf-8")
    assert _error(spec).code == "path-refused"          # run from house/: club/ is outside
    monkeypatch.chdir(folders)                           # their common folder
    assert rookery.load_variant(spec).extends == "base"


def test_allow_root_names_another_folder(folders):
    spec = folders / "house" / "mine.rook"
    spec.write_text('variant mine "Mine"\nextends "../club/base.rook"\n', encoding="utf-8")
    assert rookery.load_variant(spec, allow_roots=[folders / "club"]).extends == "base"
    done = subprocess.run([sys.executable, "-m", "rookery.cli", "check", str(spec)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "path-refused" in done.stderr
    done = subprocess.run([sys.executable, "-m", "rookery.cli", "check", str(spec),
                           "--allow-root", str(folders / "club")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_a_fifo_beside_the_spec_is_not_read(folders):
    import os
    os.mkfifo(folders / "house" / "rules.txt")
    spec = folders / "house" / "mine.rook"
    spec.write_text('variant mine "Mine"\nextends tournament\n'
                    'source x "t" file "rules.txt"\n\n'
                    'bidding:\n  minimum 60 per x "Bidding"\n', encoding="utf-8")
    started = time.monotonic()
    variant = rookery.load_variant(spec)
    codes = {w.code for w in rookery.spec_warnings(variant)}
    assert "source-file-missing" in codes and time.monotonic() - started < 30


# -- 10: names the file system does not take ---------------------------------------------------

def test_extends_three_hundred_letters_is_an_unknown_parent(tmp_path):
    spec = tmp_path / "long.rook"
    spec.write_text(f'variant long "L"\nextends {"a" * 300}\n', encoding="utf-8")
    assert _error(spec).code == "unknown-parent"
    spec.write_text(f'variant long "L"\nextends "{"b" * 300}.rook"\n', encoding="utf-8")
    assert _error(spec).code == "unknown-parent"


def test_forty_options_or_a_long_id_are_usage_mistakes():
    with pytest.raises(UsageError, match="at most 8 options"):
        rookery.load_variant("tournament" + "+rook-low" * 40)
    with pytest.raises(UsageError, match=r"\(300 characters\)"):
        rookery.load_variant("a" * 300)
    done = subprocess.run([sys.executable, "-m", "rookery.cli", "check", "x" * 300,
                           "tournament" + "+rook-low" * 40],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr


# -- 12: did you mean, on a very long word ---------------------------------------------------

def test_a_very_long_unknown_word_is_not_measured_against_every_key():
    started = time.process_time()
    assert near_in_spelling("x" * 60_000, ["minimum", "maximum", "step"] * 10) == []
    assert time.process_time() - started < 0.5
    assert near_in_spelling("minimun", ["minimum", "maximum"]) == ["minimum"]


def test_check_answers_a_sixty_thousand_letter_clause_at_once(tmp_path):
    spec = tmp_path / "slow.rook"
    spec.write_text('variant slow "S"\nextends tournament\n\nbidding:\n  '
                    + "x" * 60_000 + " 5\n", encoding="utf-8")
    started = time.process_time()
    assert _error(spec).code == "unknown-clause"
    assert time.process_time() - started < 3


@pytest.mark.parametrize("written", ["/etc/passwd", "../../../../../../proc/self/environ",
                                     "~/.bashrc", "../../../../../../../../etc/passwd"])
def test_a_case_file_names_no_spec_outside_its_reach(tmp_path, monkeypatch, written):
    """A case file is handed around like a spec: the spec it names (``"spec"``) is read
    only beside it, in the current folder's tree, in the corpus or under --allow-root,
    and a refused one is said without a word of the file."""
    import json

    from rookery.conformance.corpus.cases import load_corpus
    from rookery.resources import conformance_dir

    house = next(p for p in sorted((conformance_dir() / "cases").rglob("*.json"))
                 if '"spec"' in p.read_text(encoding="utf-8"))
    data = json.loads(house.read_text(encoding="utf-8"))
    data["spec"] = written
    case = tmp_path / "case.json"
    case.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    cases, problems = load_corpus([case])
    assert not cases
    said = " ".join(str(p) for p in problems)
    assert "not read" in said and "root:" not in said and "PATH=" not in said
    # the corpus's own house cases still find their specs, wherever rookery runs
    assert load_corpus([house])[0]
