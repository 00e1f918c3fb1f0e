"""Issue 29, class 1: stored XSS in the pages of a spec that extends nothing (the home
page lists each family by its root's title) and of an option (the options page: its title
and its file's comment).

Two sites are built with every hostile string of ``tests/live_html.py`` in every
free-text place of a root spec, an option and a house spec: the project's own site (its
built-in specs and options, with a hostile root and a hostile option planted among them,
in a copy of the data folder) and a house site (``rookery docs SPEC --out``).  Each is
built by ``mkdocs build`` and every page read by ``html.parser`` for live markup."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from live_html import MARK, hostile_option, hostile_root, hostile_specs, live_in_site
from rookery.resources import data_root

# ``rookery docs --out`` with the data folder (grammar, specs, corpus) moved: the
# project's own site, built from the specs found there.
PROJECT_SITE = """\
import sys
from pathlib import Path
import rookery.resources
rookery.resources.data_root = lambda: Path(sys.argv[1])
from rookery.cli import main
sys.exit(main(["docs", "--out", sys.argv[2]]))
"""


def _build(project: Path, site: Path) -> None:
    built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q",
                            "-f", str(project / "mkdocs.yml"), "-d", str(site)],
                           capture_output=True, text=True, timeout=300,
                           env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert built.returncode == 0, built.stderr[-3000:]


KEPT = ("sources.json", "source-headings.json", "tournament.rook", "kentucky-rook.rook",
        "options/rook-low.rook", "options/no-trump.rook")


@pytest.fixture(scope="module")
def project_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("project")
    data = folder / "data"
    shutil.copytree(data_root() / "grammar", data / "grammar")
    (data / "specs" / "options").mkdir(parents=True)
    (data / "conformance" / "cases").mkdir(parents=True)
    for name in KEPT:        # a few built-in specs and options (a whole site takes minutes)
        shutil.copy(data_root() / "specs" / name, data / "specs" / name)
    hostile_root(data / "specs")
    hostile_option(data / "specs" / "options")
    done = subprocess.run([sys.executable, "-c", PROJECT_SITE, str(data),
                           str(folder / "project")], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    _build(folder / "project", folder / "site")
    return folder


@pytest.fixture(scope="module")
def house_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("house")
    names = hostile_specs(folder) + [str(hostile_root(folder))]
    option = hostile_option(folder, name="hostile-root-option")
    names.append(f"{folder / 'hostile-root.rook'}+{option}")
    from rookery.cli import main
    assert main(["docs", *names, "--out", str(folder / "project")]) == 0
    _build(folder / "project", folder / "site")
    return folder


def test_the_project_s_site_with_a_hostile_root_and_option_has_nothing_live(project_site):
    pages, live = live_in_site(project_site / "site")
    assert pages > 8
    assert live == []
    home = (project_site / "site" / "index.html").read_text(encoding="utf-8")
    options = (project_site / "site" / "options" / "index.html").read_text(encoding="utf-8")
    assert home.count(MARK) > 10 and options.count(MARK) > 30    # shown, as text


def test_a_house_site_with_a_hostile_root_and_option_has_nothing_live(house_site):
    pages, live = live_in_site(house_site / "site")
    assert live == []
    home = (house_site / "site" / "index.html").read_text(encoding="utf-8")
    assert home.count(MARK) > 10
    root = house_site / "site" / "variants" / "hostile-root" / "index.html"
    assert root.read_text(encoding="utf-8").count(MARK) > 30
