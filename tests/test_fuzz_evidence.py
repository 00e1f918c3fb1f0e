"""Evidence that always reruns: every case ``rookery fuzz`` writes is schema-valid and
reruns with the exact command the report prints -- it fails against the engine and
passes against the oracle it names, also when that oracle is a spec with rules learned
from the engine -- and a case whose oracle changed since is refused, not trusted.
Shrinking is 1-minimal over the actions and moves fewer cards than the deal it began
with."""

import json
import os
import shlex
import sys
from pathlib import Path

import pytest

import rookery
from rookery.cli import main
from rookery.conformance.corpus.cases import load_corpus
from rookery.conformance.corpus.oracle import builtin_digest
from rookery.conformance.differential import shrink as shrinking
from rookery.conformance.differential.fuzzer import Fuzzer
from rookery.conformance.protocol.engines import InProcessEngine
from rookery.conformance.protocol.session import Session

TOURNAMENT = rookery.load_variant("tournament")

# Three rules the engine plays otherwise: the first bidder (found at once, and learned:
# every later case is decided by the spec with that rule as the engine plays it), the
# target (learned too) and the Rook's rank (found past both).
THREE_WAYS = '''variant tournament "Tournament, as a buggy engine plays it"
extends tournament

bidding:
  first dealer
    ruling "a planted bug"
game:
  target 250
    ruling "a planted bug"
trump:
  rook lowest
    ruling "a planted bug"
'''


@pytest.fixture
def mutant(tmp_path, monkeypatch):
    """The three-way mutant as a spec file, in a folder of its own that the test runs
    in, with ``rookery`` on the PATH (the rerun commands name it)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", str(Path(sys.executable).parent) + os.pathsep
                       + os.environ.get("PATH", ""))
    (tmp_path / "mutant.rook").write_text(THREE_WAYS)
    return tmp_path / "mutant.rook"


def rerun_lines(output: str) -> list[str]:
    """The ``rerun:`` commands of a fuzz report, as printed."""
    return [line.split("rerun: ", 1)[1].strip() for line in output.splitlines()
            if "rerun: " in line]


def run_as_printed(command: str) -> int:
    """A printed ``rookery ...`` command, run as the user would (in this process)."""
    words = shlex.split(command)
    assert words[0] == "rookery", command
    return main(words[1:])


def check_every_case_reruns(output: str, capsys) -> list[Path]:
    commands = rerun_lines(output)
    assert commands
    files = [Path(shlex.split(command)[-1]) for command in commands]
    # Every file is a valid case, found with its oracle, digest and all.
    cases, problems = load_corpus(files)
    assert problems == [] and len(cases) == len(files)
    for command, path in zip(commands, files):
        assert run_as_printed(command) == 1, command           # the engine fails it
        assert main(["conformance", str(path)]) == 0, path     # its oracle passes it
    capsys.readouterr()
    return files


def test_cases_found_past_learned_rules_rerun_as_printed_in_process(mutant, capsys):
    """The engine is our interpreter of the mutant (``--engine-spec``)."""
    code = main(["fuzz", "--variant", "tournament", "--engine-spec", str(mutant),
                 "--deals", "40"])
    output = capsys.readouterr().out
    assert code == 1
    files = check_every_case_reruns(output, capsys)
    oracles = {json.loads(p.read_text())["cases"][0]["oracle"]["spec"] for p in files}
    learned = sorted(o for o in oracles if o.startswith("as-engine-"))
    assert learned, "a case found after a rule was learned is decided by the learned spec"
    # With --spec that very file, as a user might pass it, the case passes too.
    for path in files:
        oracle = json.loads(path.read_text())["cases"][0]["oracle"]["spec"]
        if oracle in learned:
            assert main(["conformance", "--spec", str(path.parent / oracle),
                         str(path)]) == 0
    capsys.readouterr()


def test_cases_rerun_as_printed_against_rookery_serve_of_a_mutant(mutant, capsys):
    """The engine is ``rookery serve MUTANT``, a program over the protocol."""
    serve = f"{shlex.quote(sys.executable)} -m rookery.cli serve {mutant.name}"
    code = main(["fuzz", "--variant", "tournament", "--engine", serve, "--deals", "25"])
    output = capsys.readouterr().out
    assert code == 1 and "learned from the engine" in output
    files = check_every_case_reruns(output, capsys)
    rules = {rule for p in files for rule in json.loads(p.read_text())["cases"][0]["rules"]}
    assert {"bidding.first", "trump.rook"} <= rules
    # The seed and the deal that first showed each difference are in the case.
    for path in files:
        replay = json.loads(path.read_text())["cases"][0]["replay"]
        assert replay["seed"] == 1 and 0 <= replay["deal"] < 25


def test_a_users_spec_as_oracle_is_found_from_the_case_file(mutant, tmp_path, capsys,
                                                           monkeypatch):
    """The oracle spec is named from the case's folder: the cases rerun from anywhere."""
    mine = tmp_path / "specs" / "mine.rook"
    mine.parent.mkdir()
    mine.write_text('variant house "Our table"\nextends tournament\n\nbidding:\n'
                    '  minimum 80\n    ruling "we open at 80"\n')
    theirs = tmp_path / "theirs.rook"
    theirs.write_text('variant house "Their table"\nextends tournament\n')
    assert main(["fuzz", "--spec", str(mine), "--engine-spec", str(theirs),
                 "--deals", "20"]) == 1
    capsys.readouterr()
    written = sorted((tmp_path / "rookery-fuzz" / "house").glob("*.json"))
    assert written
    oracle = json.loads(written[0].read_text())["cases"][0]["oracle"]
    assert oracle["spec"] == os.path.join("..", "..", "specs", "mine.rook")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert main(["conformance", str(written[0])]) == 0
    capsys.readouterr()


def _case_file(tmp_path: Path, **changes) -> Path:
    """A small generated case (decided by the built-in Tournament), changed."""
    from rookery.resources import conformance_dir
    corpus, _ = load_corpus([conformance_dir() / "cases" / "tournament" / "bidding.json"])
    base = next(c for c in corpus if c.id == "tournament/bidding/001")
    raw = {"id": "tournament/fuzz-1/001", "description": "a generated case",
           "rules": list(base.rules), "tags": ["generated", "legal"], "origin": "generated",
           "oracle": {"spec": "tournament", "sha256": builtin_digest("tournament")},
           "deal": base.deal, "start": list(base.start), "steps": list(base.steps)}
    raw.update(changes)
    path = tmp_path / "case.json"
    path.write_text(json.dumps({"variant": "tournament", "cases": [raw]}))
    return path


def test_a_case_whose_oracle_changed_is_invalid_with_a_clear_message(tmp_path, capsys):
    assert main(["conformance", str(_case_file(tmp_path))]) == 0
    capsys.readouterr()
    stale = {"spec": "tournament", "sha256": "0" * 64}
    assert main(["conformance", str(_case_file(tmp_path, oracle=stale))]) == 1
    out = capsys.readouterr().out
    assert "oracle: the spec 'tournament' has changed since the case was written" in out
    # A spec file beside the case, edited after the case was written.
    spec = tmp_path / "as-engine-x.rook"
    spec.write_text('variant tournament "learned"\nextends tournament\n')
    from rookery.conformance.corpus.oracle import spec_digest
    digest = spec_digest(spec)
    path = _case_file(tmp_path, oracle={"spec": spec.name, "sha256": digest})
    assert main(["conformance", str(path)]) == 0
    spec.write_text('variant tournament "learned"\nextends tournament\n# edited\n')
    assert main(["conformance", str(path)]) == 1
    assert "oracle: the spec 'as-engine-x.rook' has changed" in capsys.readouterr().out
    spec.unlink()
    assert main(["conformance", str(path)]) == 1
    assert "oracle: no spec 'as-engine-x.rook'" in capsys.readouterr().out


def test_a_tag_that_breaks_the_pattern_is_shown_with_the_pattern_intact(tmp_path, capsys):
    """The schema message keeps its brackets (console markup is escaped), and fuzz
    writes a kind of difference as a tag the schema takes."""
    path = _case_file(tmp_path, tags=["generated", "to_act"])
    assert main(["conformance", str(path)]) == 1
    out = capsys.readouterr().out
    assert "'to_act' does not match '^[a-z0-9-]+$'" in out
    assert shrinking.tag("to_act") == "to-act" and shrinking.tag("game-over") == "game-over"


def test_shrinking_is_one_minimal_over_the_actions_and_simplifies_the_deal():
    mutant = load_variant_text(THREE_WAYS.replace("  first dealer\n    ruling "
                                                  '"a planted bug"\n', "")
                               .replace("bidding:\n", ""))
    fuzzer = Fuzzer(TOURNAMENT, InProcessEngine(Session({"tournament": mutant})), seed=2)
    fuzzer.run(20)
    found = min((d for d in fuzzer.differences if d.rules == ("trump.rook",)
                 and not d.earlier),
                key=lambda d: len(d.path))
    shrunk = shrinking.shrink_fully(fuzzer, found)
    small = shrunk.difference
    assert small.key == found.key and len(small.path) <= len(found.path)
    assert shrunk.one_minimal
    assert shrunk.moved < shrinking.moved_cards(TOURNAMENT, found.deal)
    # 1-minimal, checked independently: no single action can be the simplest instead.
    replayer = shrinking._Replayer(fuzzer, small)
    choices = replayer.choices(small)
    for index, choice in enumerate(choices):
        if choice:
            simpler = choices[:index] + [0] + choices[index + 1:]
            again = replayer.replay(small.deal, simpler)
            assert again is None or (len(replayer.choices(again)), sum(
                replayer.choices(again))) >= (len(choices), sum(choices))


def load_variant_text(text: str):
    from rookery.language.load import load_text
    return load_text(text, "mutant.rook")


def test_the_plain_deal_is_the_deck_in_order():
    deal = {"dealer": 0, "hands": [["R5"] * 9] * 4, "nest": ["R5"] * 5}
    plain = shrinking.plain_deal(TOURNAMENT, deal)
    cards = [c for held in plain["hands"] for c in held] + plain["nest"]
    assert cards == [card.code for card in TOURNAMENT.deck.cards]
    assert shrinking.moved_cards(TOURNAMENT, plain) == 0
    swapped = json.loads(json.dumps(plain))
    swapped["hands"][0][0], swapped["nest"][0] = swapped["nest"][0], swapped["hands"][0][0]
    assert shrinking.moved_cards(TOURNAMENT, swapped) == 2


def test_a_combinations_digest_is_that_of_its_files_in_order():
    from rookery.conformance.corpus.oracle import spec_digest
    from rookery.language.options import combination_files
    text = "".join(p.read_text(encoding="utf-8")
                   for p in combination_files("kentucky-rook+rook-low"))
    assert builtin_digest("kentucky-rook+rook-low") == spec_digest(None, text)
    assert builtin_digest("kentucky-rook+rook-low") != builtin_digest("kentucky-rook")


def test_a_case_fuzz_could_not_rerun_is_said_at_once(mutant, capsys, monkeypatch):
    """Each case written is read back as `rookery conformance` reads it: one it would
    refuse is reported by fuzz itself, as its own fault (here a tag the schema refuses,
    as fuzz wrote them before)."""
    monkeypatch.setattr(shrinking, "tag", lambda kind: kind)
    main(["fuzz", "--variant", "tournament", "--engine-spec", str(mutant), "--deals", "12",
          "--no-learn"])
    out = capsys.readouterr().out
    assert "rookery fuzz wrote a case that cannot be rerun" in out
    assert "'to_act' does not match '^[a-z0-9-]+$'" in out


@pytest.mark.parametrize("spec", ["a" * 5000 + ".rook", "x+" + "b" * 5000, "/dev/zero",
                                  "no-such.rook", "\x1b[2J.rook"])
def test_an_oracle_that_cannot_be_found_makes_the_case_invalid_not_a_crash(tmp_path, capsys,
                                                                          spec):
    path = _case_file(tmp_path, oracle={"spec": spec, "sha256": "0" * 64})
    assert main(["conformance", str(path)]) == 1
    out = capsys.readouterr().out
    assert "oracle: " in out and "\x1b" not in out and len(out) < 5000


def test_a_house_spec_name_no_path_can_hold_makes_the_file_invalid(tmp_path, capsys):
    path = _case_file(tmp_path)
    data = json.loads(path.read_text())
    data["spec"] = "a" * 5000 + ".rook"
    path.write_text(json.dumps(data))
    assert main(["conformance", str(path)]) == 1
    out = capsys.readouterr().out
    assert "spec: " in out and "cannot be a file" in out and len(out) < 3000
