"""``rookery fmt`` against hostile and unlucky input (issue 29, classes 3, 4 and 11): the
editor filter gives back the very bytes through a pipe; comments are never dropped, cut
or moved, and the safety check proves it; fmt formats regular files inside the folder it
was given, bounded, and rewrites them in place unless they changed since read."""

from __future__ import annotations

import os
import resource
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from rookery.cli import main
from rookery.editor import layout
from rookery.editor.fmt import format_spec
from rookery.editor.safety import FormatUnsafe
from rookery.limits import MAX_SPEC_BYTES

LS, PS = "\u2028", "\u2029"

# In canonical form, with a line and a paragraph separator in the title, a citation,
# a ruling and comments: fmt - must give these bytes back unchanged.
FORMATTED = f"""\
# a comment{LS}holding a line separator
variant sep "Title{LS}with separators{PS}"
extends tournament

deal:
  nest 5                        per "The deal{PS}"  # trailing{PS}comment
    ruling "kept{LS}as it is"
  # hand 9{LS}commented out
"""

TIDY = """\
variant v "V"
extends tournament

scoring:
  game: 300
"""


def _filter(data: bytes) -> subprocess.CompletedProcess:
    """``rookery fmt -`` with ``data`` on stdin and stdout a real pipe."""
    return subprocess.run([sys.executable, "-m", "rookery", "fmt", "-"], input=data,
                          capture_output=True, timeout=60)


# -- class 3: the filter through a pipe ------------------------------------------------

def test_the_filter_gives_back_a_formatted_spec_byte_for_byte_through_a_pipe():
    assert format_spec(FORMATTED).text == FORMATTED      # it is in canonical form
    done = _filter(FORMATTED.encode("utf-8"))
    assert done.returncode == 0, done.stderr
    assert done.stdout == FORMATTED.encode("utf-8")


def test_the_filter_gives_back_a_spec_it_cannot_format_as_it_came():
    # a lone CR and a form feed: the parser refuses them, the editor keeps its text
    data = TIDY.replace("scoring:", "scoring:\r\x0c").encode("utf-8") + b"  # \xff\r\n"
    done = _filter(data)
    assert done.returncode == 1
    assert done.stdout == data
    assert b"Traceback" not in done.stderr


# -- class 4: comments kept, and checked ------------------------------------------------

def test_a_comment_holding_a_line_separator_is_kept_whole():
    spec = TIDY + f"  # half{LS}and the other half\n"
    assert f"# half{LS}and the other half" in format_spec(spec).text


def test_a_clause_commented_out_at_the_end_of_a_section_stays_in_that_section():
    spec = ("variant v \"V\"\nextends tournament\n\nscoring:\n  game: 300\n"
            "  # game: 500\ndeal:\n  nest 5\n")
    text = format_spec(spec).text
    assert text.index("scoring:") < text.index("  # game: 500")
    assert text.endswith("scoring:\n  game: 300\n  # game: 500\n")


def test_the_safety_check_refuses_a_layout_that_drops_a_comment(monkeypatch):
    real = layout._Layout.render

    def forgetful(lines):
        for line in lines:
            line.comment_after = None
        return real(lines)
    monkeypatch.setattr(layout._Layout, "render", staticmethod(forgetful))
    with pytest.raises(FormatUnsafe, match="comment '# trailing"):
        format_spec(TIDY.replace("game: 300", "game:  300  # trailing"))


def test_the_safety_check_refuses_a_layout_that_moves_a_comment(monkeypatch):
    real = layout._Layout.render

    def mover(lines):
        for line in lines:
            line.comments_above += line.comments_below
            line.comments_below = []
        return real(lines)
    monkeypatch.setattr(layout._Layout, "render", staticmethod(mover))
    with pytest.raises(FormatUnsafe, match="comment '# game: 500'"):
        format_spec(TIDY.replace("game: 300", "game:  300\n  # game: 500"))


# -- class 11: special files ---------------------------------------------------------------

def _fmt(*paths, capsys) -> tuple[int, str]:
    code = main(["fmt", *map(str, paths)])
    out, err = capsys.readouterr()
    return code, out + err


MESSY = TIDY.replace("game: 300", "game:    300")


def test_a_link_leading_out_of_the_folder_is_refused(tmp_path, capsys):
    outside = tmp_path / "outside.rook"
    outside.write_text(MESSY)
    folder = tmp_path / "specs"
    folder.mkdir()
    (folder / "a.rook").symlink_to(outside)
    code, said = _fmt(folder, capsys=capsys)
    assert code == 1 and outside.read_text() == MESSY
    assert said.count("a link leading out of") == 1 and "Traceback" not in said
    assert "1 left alone" in said


def _at_most_2_gb():
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def test_a_fifo_a_huge_file_and_dev_zero_are_not_read(tmp_path):
    os.mkfifo(tmp_path / "pipe.rook")
    (tmp_path / "huge.rook").write_bytes(b"#" * (MAX_SPEC_BYTES + 1))
    (tmp_path / "zero.rook").symlink_to("/dev/zero")
    done = subprocess.run([sys.executable, "-m", "rookery", "fmt", str(tmp_path),
                           str(tmp_path / "pipe.rook")], capture_output=True, text=True,
                          timeout=60,      # a FIFO opened for reading would block
                          preexec_fn=_at_most_2_gb)     # /dev/zero read whole: no end
    assert done.returncode == 1, done.stderr
    assert "pipe.rook: error: not a regular file" in done.stderr
    assert "huge.rook: error: larger than 64 KB" in done.stderr
    assert "zero.rook: error: a link leading out of" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_file_is_rewritten_in_place_keeping_its_links_and_mode(tmp_path, capsys):
    spec = tmp_path / "v.rook"
    spec.write_text(MESSY)
    spec.chmod(0o640)
    other = tmp_path / "elsewhere-name"
    os.link(spec, other)
    inode = spec.stat().st_ino
    code, said = _fmt(spec, capsys=capsys)
    assert code == 0, said
    assert spec.read_text() == TIDY and other.read_text() == TIDY
    assert spec.stat().st_ino == inode and spec.stat().st_nlink == 2
    assert stat.S_IMODE(spec.stat().st_mode) == 0o640


def test_a_file_saved_while_fmt_runs_is_left_alone_with_a_word(tmp_path, capsys,
                                                               monkeypatch):
    spec = tmp_path / "v.rook"
    spec.write_text(MESSY)
    saved = MESSY + "# saved by the editor meanwhile\n"
    real = format_spec

    def slow(text, path):
        result = real(text, path)
        Path(path).write_text(saved)           # the editor saves while fmt formats
        return result
    monkeypatch.setattr("rookery.editor.fmt.format_spec", slow)
    code, said = _fmt(spec, capsys=capsys)
    assert code == 1
    assert "changed since fmt read it" in said and spec.read_text() == saved
