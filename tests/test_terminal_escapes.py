"""Issue 18, point 2: no control character from a spec, a case, a record or an engine
reaches the terminal.

A spec may not hold one at all (``check`` refuses it with file:line:column, expected and
hint); everything else a command prints passes through :func:`rookery.escaping.
terminal_text` (``rookery.cli.terminal``), so an ESC in a record's title or a file's
name is printed as the six characters ``\\u001b``.  (An engine's own output is escaped
by the runner before it is printed: ``tests/test_hostile_engines.py``.)"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rookery.cli import main
from rookery.cli.terminal import SafeStream
from rookery.errors import SpecError
from rookery.language.parse import parse_text

ROOT = Path(__file__).resolve().parent.parent
CONTROL = re.compile(rb"[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xa8\xa9]")
HOSTILE = "x\x1b[2J\x1b]0;pwned\x07\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\\r\x9b1A"


def rookery(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rookery.cli", *args], cwd=cwd,
                          capture_output=True, timeout=120)


def clean(done: subprocess.CompletedProcess) -> bool:
    return not CONTROL.search(done.stdout) and not CONTROL.search(done.stderr)


@pytest.mark.parametrize("text, where", [
    ('variant v "a\x1bb"\n', (1, 13)),
    ('variant v "bell\x07"\n', (1, 16)),
    ('variant v "cr\rx"\n', (1, 14)),
    ('variant v "ok"\n# a comment \x9b\n', (2, 13)),
    ('variant v "ok"\nextends tournament\x7f\n', (2, 19)),
])
def test_check_refuses_a_control_character_where_it_is(text, where):
    with pytest.raises(SpecError) as raised:
        parse_text(text, "house.rook")
    error = raised.value
    assert error.code == "control-character"
    assert (error.span.line, error.span.column) == where
    assert error.expected and error.hint
    assert not CONTROL.search(str(error).encode())


def test_tabs_and_crlf_line_ends_are_still_allowed():
    spec = parse_text('variant v "Tab\there"\r\nextends tournament\r\n', "house.rook")
    assert spec.title == "Tab\there"


def test_check_prints_no_control_character_from_a_spec_or_its_name(tmp_path):
    spec = tmp_path / f"evil{HOSTILE[:6]}.rook"
    spec.write_text(f'variant evil "{HOSTILE}"\nextends tournament\n', encoding="utf-8")
    done = rookery("check", str(spec))
    assert done.returncode == 1
    assert b"error[control-character]" in done.stderr and clean(done)
    assert b"evilx\\u001b[2J" in done.stderr       # the name, shown


def test_replay_prints_no_control_character_from_a_record(tmp_path, capsys):
    record = tmp_path / "game.json"
    assert main(["play", "tournament", "--seed", "3", "--record", str(record)]) == 0
    data = json.loads(record.read_text(encoding="utf-8"))
    data["title"] = HOSTILE
    data["players"] = [HOSTILE for _ in data["players"]]
    record.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    main(["replay", str(record)])
    out, err = capsys.readouterr()
    assert not CONTROL.search(out.encode()) and not CONTROL.search(err.encode())
    assert "\\u001b]0;pwned\\u0007" in out
    assert sys.stdout is not None and not hasattr(sys.stdout, "raw")   # put back after


def test_conformance_prints_a_case_s_markup_as_text(tmp_path):
    """A case's description holding rich markup (a closing tag with nothing open, a
    link) is printed as its characters: no MarkupError traceback, no hyperlink."""
    source = json.loads((ROOT / "conformance/cases/tournament/bidding.json").read_text())
    case = source["cases"][0]
    case["description"] = "[/bold] [link=https://evil.example]x[/link]"
    case["steps"][0]["expect"]["to_act"] = 2           # a failing case: printed in full
    (tmp_path / "cases").mkdir()
    (tmp_path / "cases" / "hostile.json").write_text(
        json.dumps({"variant": "tournament", "cases": [case]}), encoding="utf-8")
    done = rookery("conformance", str(tmp_path / "cases"), "--no-progress")
    assert done.returncode == 1, done.stderr[-500:]
    assert b"[/bold] [link=https://evil.example]x[/link]" in done.stdout and clean(done)


def test_a_terminal_keeps_rich_s_colours_and_nothing_else():
    class Screen(io.StringIO):
        def isatty(self):
            return True
    screen = Screen()
    SafeStream(screen).write("\x1b[1mbold\x1b[0m " + HOSTILE)
    assert screen.getvalue().startswith("\x1b[1mbold\x1b[0m x\\u001b[2J")
    assert "\x07" not in screen.getvalue() and "\r" not in screen.getvalue()
    pipe = io.StringIO()
    SafeStream(pipe).write("\x1b[1mbold")
    assert pipe.getvalue() == "\\u001b[1mbold"


def test_the_progress_bar_s_stream_is_the_terminal_under_every_wrapper():
    """``terminal.raw`` finds the terminal under the escaping and the write-error guard
    of the standard output, in either order, and keeps the guard: rich's bar moves the
    cursor with its own sequences there (tests/test_progress_bars.py shows it in a
    pseudo-terminal)."""
    from rookery.cli.terminal import raw
    from rookery.paths import WriteError, _GuardedStream

    class Screen(io.StringIO):
        def isatty(self):
            return True
    for wrap in (lambda s: _GuardedStream(SafeStream(s)), SafeStream,
                 lambda s: SafeStream(_GuardedStream(s))):
        screen = Screen()
        raw(wrap(screen)).write("\r\x1b[2Kgames")
        assert screen.getvalue() == "\r\x1b[2Kgames"
    assert raw(screen) is screen                # a stream with no wrapper: itself

    class Full(Screen):
        def write(self, text):
            raise OSError(28, "No space left on device")
    with pytest.raises(WriteError, match="No space left"):
        raw(_GuardedStream(SafeStream(Full()))).write("\r\x1b[2K")
