"""Bad specs end in exact, helpful messages, never in a traceback.

``tests/malformed/`` holds one spec per mistake; its first line is a comment saying what
is wrong, and ``NAME.expected`` beside it holds the whole message ``rookery check``
prints for it (``file:line:col: error[code]: ...`` with its ``found:``, ``expected:`` and
``hint:`` lines), the path written relative to the repository root.  Folders inside
``malformed/`` hold specs that need a companion file (a circle of ``extends``); there a
``.rook`` without an ``.expected`` is such a companion.

Each spec is loaded through the Python API and through the command line.  A property
test then mutates valid specs at random and requires that every outcome is a variant or
a :class:`rookery.SpecError`.

After a deliberate change of wording, rewrite the expectations with
``python tests/test_malformed_specs.py --update`` and review the diff.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rookery
from rookery.resources import specs_dir

MALFORMED = Path(__file__).resolve().parent / "malformed"
SHOWN_AS = "tests/malformed"   # how the expectations write the folder's path
CASES = sorted(path for path in MALFORMED.rglob("*.rook")
               if path.with_suffix(".expected").exists())


def _case_id(path: Path) -> str:
    return str(path.relative_to(MALFORMED).with_suffix(""))


def _portable(message: str) -> str:
    """The message with this checkout's absolute path to the folder written relatively."""
    return message.replace(str(MALFORMED), SHOWN_AS)


def _expected(path: Path) -> str:
    return path.with_suffix(".expected").read_text(encoding="utf-8").rstrip("\n")


def _load_error(path: Path) -> rookery.SpecError:
    with pytest.raises(rookery.SpecError) as caught:
        rookery.load_variant(path)
    return caught.value


# -- the collection itself ------------------------------------------------------------------

def test_there_are_at_least_forty_bad_specs():
    assert len(CASES) >= 40


def test_every_top_level_spec_has_its_expected_message():
    missing = [p.name for p in MALFORMED.glob("*.rook") if not p.with_suffix(".expected").exists()]
    assert missing == []


def test_every_expected_message_has_its_spec():
    orphans = [p.name for p in MALFORMED.rglob("*.expected") if not p.with_suffix(".rook").exists()]
    assert orphans == []


def test_each_bad_spec_has_its_own_message():
    """Forty copies of one message would be forty tests of one mistake."""
    first_lines = [_expected(path).splitlines()[0].split(": ", 1)[1] for path in CASES]
    repeated = {line for line in first_lines if first_lines.count(line) > 1}
    assert repeated == set()


def test_the_mistakes_cover_every_stage():
    """Lexing, grammar, vocabulary, formulas, extends, citations and static checks."""
    codes = {re.search(r"error\[([a-z-]+)\]", _expected(path)).group(1) for path in CASES}
    for code in ("syntax-error", "unknown-section", "unknown-clause", "unknown-value",
                 "number-expected", "bad-color", "duplicate-color", "duplicate-rank",
                 "bad-range", "unknown-card", "formula-type", "unknown-quantity",
                 "unknown-function", "unknown-parent", "extends-cycle", "duplicate-rule",
                 "no-source", "unknown-source", "deal-mismatch", "points-mismatch",
                 "bid-unreachable", "discard-mismatch", "discard-impossible",
                 "nest-points-lost", "unranked-card", "bad-dummy", "bad-passing",
                 "missing-value", "missing-clause", "formula-expected", "values-expected",
                 "file-unreadable", "bad-teams", "bad-circus"):
        assert code in codes


def test_every_terminal_of_the_grammar_has_plain_words():
    """A terminal added to grammar/rook.lark needs words for "expected: ..." messages."""
    from rookery.language.parse import _parser
    from rookery.language.syntax_errors import _TERMINAL_WORDS

    parser = _parser()
    unworded = [t.name for t in parser.terminals
                if t.name not in _TERMINAL_WORDS and t.name not in parser.ignore_tokens]
    assert unworded == []


# -- each bad spec, through the API -------------------------------------------------------------

@pytest.mark.parametrize("path", CASES, ids=_case_id)
def test_spec_starts_with_a_comment_saying_what_is_wrong(path):
    first = path.read_bytes().decode("utf-8", errors="replace").splitlines()[0]
    assert re.fullmatch(r"# \S.{10,}", first), first


@pytest.mark.parametrize("path", CASES, ids=_case_id)
def test_message_is_exact(path):
    assert _portable(str(_load_error(path))) == _expected(path)


@pytest.mark.parametrize("path", CASES, ids=_case_id)
def test_message_has_a_place_an_expectation_and_a_hint(path):
    error = _load_error(path)
    assert error.span is not None
    assert error.span.line >= 1 and error.span.column >= 1
    assert Path(error.span.file).is_file()
    assert error.expected.strip() and error.hint.strip()
    assert error.code and error.code != "spec-error"


@pytest.mark.parametrize("path", CASES, ids=_case_id)
def test_found_text_is_on_the_line_the_message_names(path):
    """Where ``found:`` quotes the spec, the quoted text is where the position says."""
    error = _load_error(path)
    text = Path(error.span.file).read_bytes().decode("utf-8", errors="replace")
    line = text.split("\n")[error.span.line - 1]
    found = error.span.text
    if found and not found.startswith(("the end of the line after", "the byte")):
        # either the text at the position, or the whole line for a place inside it
        assert line[error.span.column - 1:].startswith(found) or \
            line.strip().startswith(found), (found, line)


# -- each bad spec, through the command line ------------------------------------------------------

def _check(*paths: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rookery.cli", "check", *map(str, paths)],
                          capture_output=True, text=True, timeout=120)


def test_command_line_prints_every_message_and_fails():
    """One run over every bad spec: each message on stderr, in order; on stdout only the
    summary line."""
    result = _check(*CASES)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout
    assert result.stdout == (f"{len(CASES)} specs checked: 0 ok, {len(CASES)} with errors, "
                             "0 warnings\n")
    assert _portable(result.stderr).rstrip("\n") == "\n".join(_expected(p) for p in CASES)


@pytest.mark.parametrize("stage", ["lex", "syntax", "vocab", "formula", "extends", "cite",
                                   "rule", "check"])
def test_command_line_exit_code_for_one_bad_spec(stage):
    """A single bad spec: exit code 1 and exactly its message (one spec per stage)."""
    path = next(p for p in CASES if _case_id(p).startswith(stage))
    result = _check(path)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert _portable(result.stderr).rstrip("\n") == _expected(path)


@pytest.mark.parametrize("command", ["play", "export"])
def test_play_and_export_refuse_a_bad_spec_with_its_message(command):
    path = MALFORMED / "check-deal-mismatch.rook"
    result = subprocess.run([sys.executable, "-m", "rookery.cli", command, str(path)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert result.stdout == ""
    assert _portable(result.stderr).rstrip("\n") == _expected(path)


def test_command_line_names_a_missing_file():
    # a usage mistake (exit 2), like an unknown variant (issue 12: one exit-code convention)
    result = _check(Path("tests/malformed/no-such-spec.rook"))
    assert result.returncode == 2
    assert result.stderr == ("error[file-not-found]: no such spec file: "
                             "tests/malformed/no-such-spec.rook\n"
                             "  expected: the path of a .rook file, or a variant id\n"
                             "  hint: check the path, or run 'rookery list'\n")


# -- what is not a mistake ---------------------------------------------------------------------

def test_byte_order_mark_and_windows_line_ends_are_read():
    """Editors on Windows write a byte-order mark and CR LF line ends; neither is an error."""
    text = (specs_dir() / "tournament.rook").read_text(encoding="utf-8")
    plain = rookery.load_text(text, str(specs_dir() / "plain.rook"))
    windows = rookery.load_text("\ufeff" + text.replace("\n", "\r\n"),
                                str(specs_dir() / "windows.rook"))
    assert windows.deck == plain.deck and windows.scoring.total == plain.scoring.total
    assert [rule.id for rule in windows.rules] == [rule.id for rule in plain.rules]


# -- random mutations of valid specs --------------------------------------------------------------

VALID = {name: (specs_dir() / f"{name}.rook").read_text(encoding="utf-8")
         for name in ("tournament", "kentucky-rook", "rook-for-three", "standard-deck",
                      "family-double-deck-6")}

# Characters and words that matter to the grammar, for insertions.
_INSERTS = list(':,."=()+-*<>!#\\{};\'\t 059aZ_\n') + [
    "..", "if ", " then ", " else ", " per ", " ruling ", " as ", '"x"', "\u2013", "\r",
    "\u201c", "\ufeff", "\x00", "ROOK", "none", "99", "0"]


@st.composite
def mutated_spec(draw):
    """A valid built-in spec with one to four characters or lines deleted, duplicated,
    swapped or inserted, or a number changed."""
    text = VALID[draw(st.sampled_from(sorted(VALID)))]
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["delete", "duplicate", "swap", "insert", "delete-line",
                                     "duplicate-line", "swap-lines", "number"]))
        if kind in ("delete-line", "duplicate-line", "swap-lines"):
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            j = draw(st.integers(0, len(lines) - 1))
            if kind == "delete-line":
                del lines[i]
            elif kind == "duplicate-line":
                lines.insert(i, lines[j])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        elif kind == "number":
            numbers = list(re.finditer(r"[0-9]+", text))
            if numbers:
                found = numbers[draw(st.integers(0, len(numbers) - 1))]
                new = draw(st.sampled_from(["0", "1", "2", "3", "6", "13", "99", "1000"]))
                text = text[:found.start()] + new + text[found.end():]
        else:
            i = draw(st.integers(0, len(text) - 2))
            if kind == "delete":
                text = text[:i] + text[i + 1:]
            elif kind == "duplicate":
                text = text[:i] + text[i] + text[i:]
            elif kind == "swap":
                text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
            else:
                text = text[:i] + draw(st.sampled_from(_INSERTS)) + text[i:]
    return text


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_spec())
def test_mutated_specs_load_or_fail_with_a_spec_error(text):
    """No input, however mangled, ends in anything but a variant or a SpecError, and every
    SpecError has a place, an expectation and a hint."""
    path = str(specs_dir() / "mutated.rook")
    try:
        variant = rookery.load_text(text, path)
    except rookery.SpecError as error:
        assert error.expected and error.hint, str(error)
        assert error.span is None or (error.span.line >= 1 and error.span.column >= 1)
    else:
        assert isinstance(variant, rookery.Variant)


@st.composite
def renumbered_spec(draw):
    """A valid built-in spec with one or two of its numbers changed: mostly specs the
    checker refuses, sometimes odd ones it accepts (a called partnership of two cards,
    six players, a nest of 13...)."""
    text = VALID[draw(st.sampled_from(sorted(VALID)))]
    for _ in range(draw(st.integers(1, 2))):
        numbers = list(re.finditer(r"(?<![A-Za-z0-9])[0-9]+", text))
        found = numbers[draw(st.integers(0, len(numbers) - 1))]
        new = draw(st.sampled_from(["0", "1", "2", "3", "4", "5", "6", "8", "10", "13", "20"]))
        text = text[:found.start()] + new + text[found.end():]
    return text


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(renumbered_spec(), st.integers(0, 2**16))
def test_a_spec_the_checker_accepts_plays_a_hand(text, seed):
    """What passes ``check`` can be played: random legal actions finish a hand without an
    error (an accepted spec that jams the engine is a check missing)."""
    import random

    try:
        variant = rookery.load_text(text, str(specs_dir() / "renumbered.rook"))
    except rookery.SpecError:
        return
    rng = random.Random(seed)
    hand = rookery.deal_hand(variant, seed=seed)
    for _ in range(2000):
        if hand.is_over:
            break
        actions = hand.legal_actions()
        assert actions, f"no legal action in phase {hand.phase}"
        hand.apply(rng.choice(actions))
    assert hand.is_over


def test_mutations_usually_fail_cleanly():
    """The property test above is not vacuous: most mutations of a spec are errors and
    the errors are many different ones."""
    codes = set()
    failures = 0
    examples = []

    @settings(max_examples=150, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(mutated_spec())
    def collect(text):
        examples.append(text)

    collect()
    for text in examples:
        try:
            rookery.load_text(text, str(specs_dir() / "mutated.rook"))
        except rookery.SpecError as error:
            failures += 1
            codes.add(error.code)
    assert failures >= len(examples) // 4
    assert len(codes) >= 5


# -- rewriting the expectations after a deliberate change --------------------------------------

def _update() -> None:
    for path in CASES + [p for p in MALFORMED.glob("*.rook") if p not in CASES]:
        try:
            rookery.load_variant(path)
        except rookery.SpecError as error:
            path.with_suffix(".expected").write_text(_portable(str(error)) + "\n",
                                                     encoding="utf-8")
        else:
            print(f"{path.name} loads without error; it is no bad spec", file=sys.stderr)


if __name__ == "__main__":
    if sys.argv[1:] == ["--update"]:
        _update()
    else:
        print(__doc__)
