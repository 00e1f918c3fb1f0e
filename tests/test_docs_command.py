"""``rookery docs``: where it writes, what it refuses to overwrite, and sites for a
user's own specs (issue 12's defects: it overwrote ./mkdocs.yml outside the repository,
wrote mkdocs.yml beside --out, and crashed on an --out inside a file)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rookery.cli import build_parser, main
from rookery.cli import docs as command

OWN_SPEC = '''variant house "Our house rules"
extends tournament

bidding:
  minimum 80    ruling "we open at 80"
'''


def _tree(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): p.read_text(encoding="utf-8")
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_out_writes_a_whole_project_inside_the_folder(tmp_path, capsys):
    out = tmp_path / "site"
    assert main(["docs", "--out", str(out)]) == 0
    assert (out / "mkdocs.yml").read_text(encoding="utf-8").count("docs_dir: docs") == 1
    assert (out / "docs" / "variants" / "tournament.md").is_file()
    assert (out / "docs" / "assets" / "rookery.css").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    said = capsys.readouterr().out
    assert "wrote" in said and "mkdocs build -f" in said


def test_the_help_says_what_the_command_does(tmp_path, capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["docs", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "DIR/mkdocs.yml and DIR/docs/" in text
    assert "--force" in text and "beside" not in text
    assert main(["docs", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "mkdocs.yml").is_file() and (tmp_path / "docs" / "index.md").is_file()


def test_outside_a_checkout_it_writes_nothing_without_out(tmp_path, monkeypatch, capsys):
    """Installed from a wheel there is no docs/ of ours: the user's own mkdocs project
    in the current folder is left alone."""
    monkeypatch.setattr(command, "repository_root", lambda: None)
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: mine\n", encoding="utf-8")
    (tmp_path / "docs" / "index.md").write_text("# Mine\n", encoding="utf-8")
    before = _tree(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["docs"]) == 2
    assert "--out DIR" in capsys.readouterr().err
    assert _tree(tmp_path) == before


def test_out_inside_a_file_is_refused_before_any_work(tmp_path, capsys):
    notadir = tmp_path / "notadir"
    notadir.write_text("x", encoding="utf-8")
    assert main(["docs", "--out", str(notadir / "site")]) == 2
    err = capsys.readouterr().err
    assert "is a file, not a folder" in err and "Traceback" not in err
    assert main(["docs", "--out", str(notadir)]) == 2
    assert "a file, not a folder" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notadir"]


def test_an_output_path_that_is_a_file_where_a_folder_goes_is_refused(tmp_path, capsys):
    (tmp_path / "docs").write_text("x", encoding="utf-8")
    assert main(["docs", "--out", str(tmp_path)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs"]


def test_files_it_did_not_write_are_kept_unless_forced(tmp_path, capsys):
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: mine\n", encoding="utf-8")
    (tmp_path / "docs" / "index.md").write_text("# Mine\n", encoding="utf-8")
    before = _tree(tmp_path)
    assert main(["docs", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "not written by rookery docs" in err and "--force" in err
    assert "mkdocs.yml" in err and "index.md" in err
    assert _tree(tmp_path) == before
    assert main(["docs", "--out", str(tmp_path), "--force"]) == 0
    assert "site_name: rookery" in (tmp_path / "mkdocs.yml").read_text(encoding="utf-8")


def test_its_own_site_is_regenerated_in_place(tmp_path):
    assert main(["docs", "--out", str(tmp_path)]) == 0
    page = tmp_path / "docs" / "variants" / "tournament.md"
    page.write_text(page.read_text(encoding="utf-8") + "edited\n", encoding="utf-8")
    mine = tmp_path / "docs" / "notes.md"
    mine.write_text("# Notes\n", encoding="utf-8")
    assert main(["docs", "--out", str(tmp_path)]) == 0
    assert not page.read_text(encoding="utf-8").endswith("edited\n")
    assert mine.read_text(encoding="utf-8") == "# Notes\n"


def test_a_site_for_a_users_own_specs(tmp_path, capsys):
    spec = tmp_path / "house.rook"
    spec.write_text(OWN_SPEC, encoding="utf-8")
    out = tmp_path / "house-site"
    assert main(["docs", str(spec)]) == 2
    assert "--out" in capsys.readouterr().err
    assert main(["docs", str(spec), "--out", str(out)]) == 0
    variants = sorted(p.stem for p in (out / "docs" / "variants").glob("*.md"))
    assert variants == ["house", "tournament"]      # the spec and the variant it extends
    page = (out / "docs" / "variants" / "house.md").read_text(encoding="utf-8")
    assert "# Our house rules" in page and "<td>80 to 120, in steps of 5</td>" in page
    # the file's name, not its absolute path (issue 31: it lands in the published HTML)
    assert page.startswith(f"<!-- Generated by `rookery docs` from {spec.name}. Do not "
                           f"edit: change {spec.name} and run")
    assert str(spec.parent) not in page
    assert "## A sample deal" in page
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q",
                          "-f", str(out / "mkdocs.yml"), "-d", str(tmp_path / "built")],
                         capture_output=True, text=True,
                         env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert run.returncode == 0, run.stderr[-3000:]
    assert (tmp_path / "built" / "variants" / "house" / "index.html").is_file()


def test_a_broken_spec_gets_its_message_not_a_site(tmp_path, capsys):
    spec = tmp_path / "broken.rook"
    spec.write_text('variant broken "Broken"\nextends tournament\n\nbidding:\n  minimun 80\n',
                    encoding="utf-8")
    assert main(["docs", str(spec), "--out", str(tmp_path / "out")]) == 1
    assert "broken.rook:5:" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
