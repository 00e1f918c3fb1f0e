"""Arguments an unlucky user types (issue 29, classes 12 and 13): a name the system
refuses for any file a command writes, and a number of workers no machine has.  Each is
a usage mistake said before any work (exit 2, the option named, a hint), never an
``OSError`` or ``OverflowError`` traceback."""

from __future__ import annotations

import pytest

from rookery.cli import build_parser, main

LONG = "a" * 300        # past NAME_MAX (255 bytes a part of a path)

# Every option a command writes a file or a folder to, with the rest of a command line
# that would otherwise start its work.
OUTPUTS = {
    ("play", "--record"): ["play", "tournament"],
    ("replay", "--to-case"): ["replay", "record.json"],
    ("conformance", "--json"): ["conformance"],
    ("conformance", "--junit"): ["conformance"],
    ("mutate", "--json"): ["mutate"],
    ("fuzz", "--cases"): ["fuzz", "--variant", "tournament", "--engine", "no-such-engine"],
    ("fuzz", "--json"): ["fuzz", "--variant", "tournament", "--engine", "no-such-engine"],
    ("fuzz", "--junit"): ["fuzz", "--variant", "tournament", "--engine", "no-such-engine"],
    ("compare", "--plots"): ["compare", "tournament", "kentucky-rook", "--games", "2"],
    ("docs", "--out"): ["docs"],
    ("conformance", "--html"): ["conformance"],
    ("fuzz", "--html"): ["fuzz", "--variant", "tournament", "--engine", "no-such-engine"],
    ("check-games", "--json"): ["check-games", "games.jsonl"],
    ("check-games", "--junit"): ["check-games", "games.jsonl"],
    ("check-games", "--cases"): ["check-games", "games.jsonl"],
    ("check-games", "--html"): ["check-games", "games.jsonl"],
}

# Every command taking -j, with the rest of a command line that would start its work.
JOBS = {
    "play": ["play", "tournament", "--games", "4"],
    "conformance": ["conformance", "--case", "tournament/*"],
    "mutate": ["mutate"],
    "fuzz": ["fuzz", "--variant", "tournament", "--engine", "no-such-engine"],
    "compare": ["compare", "tournament", "kentucky-rook", "--games", "4"],
}


def _options():
    """(command, option, help) for every option of every command that takes a value."""
    commands = build_parser()._subparsers._group_actions[0].choices
    for name, parser in commands.items():
        for action in parser._actions:
            for option in action.option_strings:
                if option.startswith("--") and action.nargs != 0:
                    yield name, option, action.help or ""


def test_the_table_names_every_option_that_writes_and_every_command_taking_j():
    writes = {(name, option) for name, option, help in _options()
              if help.startswith(("write", "save", "where to write"))}
    assert writes == set(OUTPUTS)
    assert {name for name, option, _ in _options() if option == "--jobs"} == set(JOBS)


def _run(argv, capsys) -> tuple[int, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out + err


@pytest.mark.parametrize("command, option", sorted(OUTPUTS))
def test_an_output_name_the_system_refuses_is_a_usage_mistake(command, option, tmp_path,
                                                              monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code, said = _run(OUTPUTS[command, option] + [option, LONG], capsys)
    assert code == 2, said
    assert "Traceback" not in said and "OSError" not in said
    assert f"{option} " in said and "File name too long" in said
    assert "choose a shorter name" in said
    assert LONG not in said             # the name is cut for the message
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", sorted(JOBS))
@pytest.mark.parametrize("jobs", ["99999999999999999999", "1025"])
def test_a_number_of_workers_no_machine_has_is_a_usage_mistake(command, jobs, tmp_path,
                                                               monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code, said = _run(JOBS[command] + ["-j", jobs], capsys)
    assert code == 2, said
    assert "Traceback" not in said and "OverflowError" not in said
    assert f"-j {jobs}: at most 1024 worker processes" in said
