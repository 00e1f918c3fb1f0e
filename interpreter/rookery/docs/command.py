"""``rookery docs [--out DIR]``: regenerate the documentation site from the specs."""

from __future__ import annotations

from pathlib import Path

from ..errors import UsageError
from ..resources import data_root


def default_docs_dir() -> Path:
    """The repository's ``docs/`` in a source checkout; else ``docs/`` here."""
    root = data_root()
    if (root / "pyproject.toml").is_file():
        return root / "docs"
    return Path.cwd() / "docs"


def add_subcommand(sub) -> None:
    p = sub.add_parser("docs", help="regenerate the documentation pages from the specs")
    p.add_argument("--out", metavar="DIR", type=Path, default=None,
                   help="the docs folder to write (default: the repository's docs/); "
                        "mkdocs.yml is written beside it")


def cmd_docs(args) -> int:
    from . import generate

    out = args.out if args.out is not None else default_docs_dir()
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out}: not a folder")
    written, removed = generate(out)
    for path in removed:
        print(f"removed {path}  (no such variant any more)")
    pages = [p for p in written if p.suffix == ".md"]
    print(f"wrote {len(pages)} pages into {out.resolve()} and "
          f"{[p for p in written if p.suffix != '.md'][0]}")
    return 0
