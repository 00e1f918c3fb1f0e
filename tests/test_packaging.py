"""A plain wheel of the project works on its own: build it, install it into a fresh
virtual environment, and run it from a folder outside the repository.

The wheel must carry the grammar, the specs and the conformance corpus
(``rookery/_data``), since an installed package cannot reach the checkout.
Building needs the build backend (hatchling) and installing needs the dependencies,
both fetched by pip as a user's machine would.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def run(*args, cwd: Path, timeout: int = 600) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)
    assert done.returncode == 0, f"{args}\n{done.stdout}\n{done.stderr}"
    return done


def data_files(folder: str, pattern: str) -> list[str]:
    """The files under ``folder`` matching ``pattern`` (``*.rook``: in the folder itself;
    ``**/*.json``: at any depth)."""
    return sorted(str(p.relative_to(REPO / folder)) for p in (REPO / folder).glob(pattern))


# What the checkout held just before the wheel was built.
BUILT_FROM: dict[str, list[str]] = {}


def same_files(found, kind: str, folder: str, pattern: str) -> bool:
    """The wheel holds the checkout's files as they were at some moment during the
    build: files may be added or removed meanwhile (the tree is shared)."""
    before, after = set(BUILT_FROM[kind]), set(data_files(folder, pattern))
    return before & after <= set(found) <= before | after


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh venv with the wheel built from this checkout installed in it."""
    root = tmp_path_factory.mktemp("wheel")
    BUILT_FROM["specs"] = data_files("specs", "*.rook")
    BUILT_FROM["options"] = data_files("specs/options", "*.rook")
    BUILT_FROM["corpus"] = data_files("conformance", "**/*.json")
    run(sys.executable, "-m", "pip", "wheel", str(REPO), "-w", root / "dist", "--no-deps",
        "-q", cwd=root)
    wheels = list((root / "dist").glob("rookery-*.whl"))
    assert len(wheels) == 1, wheels
    venv.EnvBuilder(with_pip=True).create(root / "venv")
    bin_dir = root / "venv" / ("Scripts" if os.name == "nt" else "bin")
    run(bin_dir / "python", "-m", "pip", "install", "-q", wheels[0], cwd=root)
    return bin_dir


def test_the_installed_command_checks_every_built_in_variant(installed, tmp_path):
    done = run(installed / "rookery", "check", cwd=tmp_path)
    lines = done.stdout.splitlines()
    *lines, total = lines
    assert lines and all(line.startswith("ok ") for line in lines)
    assert total == f"{len(lines)} specs checked: {len(lines)} ok, 0 with errors, 0 warnings"
    names = [line.split()[1] for line in lines]
    for core in ("tournament", "kentucky-rook", "rook-for-three", "family-double-deck",
                 "family-double-deck-6", "standard-deck"):
        assert core in names
    assert names == sorted(names)
    assert same_files([f"{name}.rook" for name in names], "specs", "specs", "*.rook")


def test_the_installed_package_finds_its_data_inside_site_packages(installed, tmp_path):
    script = (
        "import json, rookery, rookery.resources as r\n"
        "root = r.data_root()\n"
        "print(json.dumps({'root': str(root), 'package': rookery.__file__,\n"
        "  'grammar': r.grammar_path().is_file(),\n"
        "  'specs': sorted(p.name for p in r.specs_dir().glob('*.rook')),\n"
        "  'cases': sorted(str(p.relative_to(r.conformance_dir()))\n"
        "                  for p in r.conformance_dir().rglob('*.json')),\n"
        "  'options': sorted(p.name for p in (r.specs_dir() / 'options').glob('*.rook')),\n"
        "  'variants': rookery.builtin_variants()}))\n")
    found = json.loads(run(installed / "python", "-c", script, cwd=tmp_path).stdout)
    root = Path(found["root"])
    assert "site-packages" in root.parts
    assert Path(found["package"]).parent == root.parent
    assert not str(root).startswith(str(REPO))
    assert found["grammar"]
    assert same_files(found["specs"], "specs", "specs", "*.rook")
    assert same_files(found["cases"], "corpus", "conformance", "**/*.json")
    assert same_files(found["options"], "options", "specs/options", "*.rook")
    assert any(c.startswith("cases/tournament/") for c in found["cases"])
    assert "schema/case.schema.json" in found["cases"]
    assert "tournament" in found["variants"]


def test_the_installed_command_plays_a_game(installed, tmp_path):
    done = run(installed / "rookery", "play", "tournament", "--seed", "2", cwd=tmp_path)
    assert done.stdout.rstrip().splitlines()[-1].startswith("Game over")


def test_the_installed_package_combines_its_options(installed, tmp_path):
    """The options (specs/options/) are in the wheel: a base with options plays."""
    done = run(installed / "rookery", "play", "kentucky-rook+rook-low+no-trump", "--seed", "2",
               cwd=tmp_path)
    assert done.stdout.rstrip().splitlines()[-1].startswith("Game over")
    listed = json.loads(run(installed / "rookery", "list", "--options", "--json",
                            cwd=tmp_path).stdout)
    assert sorted(o["id"] for o in listed) == [p.removesuffix(".rook")
                                               for p in BUILT_FROM["options"]]


def test_the_installed_docs_command_leaves_a_users_folder_alone(installed, tmp_path):
    """Outside a checkout, ``rookery docs`` has no docs/ of its own to regenerate: it
    writes nothing (the user's own mkdocs.yml and docs/index.md stay), and --out DIR
    writes a whole site inside DIR."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: mine\n", encoding="utf-8")
    (tmp_path / "docs" / "index.md").write_text("# Mine\n", encoding="utf-8")
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    refused = subprocess.run([str(installed / "rookery"), "docs"], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=300)
    assert refused.returncode == 2 and "--out DIR" in refused.stderr
    assert (tmp_path / "mkdocs.yml").read_text(encoding="utf-8") == "site_name: mine\n"
    assert (tmp_path / "docs" / "index.md").read_text(encoding="utf-8") == "# Mine\n"
    run(installed / "rookery", "docs", "--out", "site", cwd=tmp_path)
    assert (tmp_path / "site" / "mkdocs.yml").is_file()
    assert (tmp_path / "site" / "docs" / "variants" / "tournament.md").is_file()
    assert (tmp_path / "site" / "docs" / "assets" / "rookery.css").is_file()


def test_the_installed_package_gives_pygments_its_rook_lexer(installed, tmp_path):
    spec = tmp_path / "t.rook"
    spec.write_text('variant t "T"\nextends tournament\n', encoding="utf-8")
    done = run(installed / "python", "-m", "pygments", "-f", "html", spec, cwd=tmp_path)
    assert '<span class="kd">variant</span>' in done.stdout


def test_the_installed_package_carries_the_harness_kits_and_their_examples(installed,
                                                                          tmp_path):
    """The JavaScript kit is in the wheel's data (``conformance/harness/js``), beside the
    example built on it, which finds it there; the Python example uses the installed
    ``rookery.harness``."""
    where = run(installed / "python", "-c", "import rookery.resources as r; "
                "print(r.conformance_dir())", cwd=tmp_path).stdout.strip()
    conformance = Path(where)
    assert {"index.js", "index.d.ts", "package.json", "README.md"} <= {
        p.name for p in (conformance / "harness" / "js").iterdir()}
    requests = '{"cmd": "hello", "protocol": 1}\n{"cmd": "quit"}\n'
    examples = conformance / "examples"
    for command in (["node", examples / "js-tournament" / "engine.js"],
                    [installed / "python", examples / "python-tournament" / "engine.py"]):
        done = subprocess.run([str(part) for part in command], input=requests, cwd=tmp_path,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        hello = json.loads(done.stdout.splitlines()[0])
        assert hello["ok"] and hello["variants"] == ["tournament"], hello
