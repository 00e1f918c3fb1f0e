"""``rookery docs [SPEC ...] [--out DIR] [--force]``: write the documentation site.

Without arguments, in a source checkout, it regenerates the repository's own site
(``docs/`` and ``mkdocs.yml``).  ``--out DIR`` writes a whole mkdocs project into DIR:
``DIR/mkdocs.yml`` and ``DIR/docs/``.  With spec files, the site holds the rules pages of
those specs (and of the built-in variants they extend) and needs ``--out``.

Nothing is overwritten unless ``rookery docs`` wrote it (its first line says so) or
``--force`` is given, and every output path is checked before any page is rendered.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import UsageError
from ..resources import data_root


def repository_root() -> Path | None:
    """The source checkout this package runs from (with its ``docs/``), if any."""
    root = data_root()
    if (root / "pyproject.toml").is_file() and (root / "docs").is_dir():
        return root
    return None


def add_subcommand(sub) -> None:
    p = sub.add_parser(
        "docs",
        description="Write the documentation site from the specs: a rules page per variant, "
                    "the comparison, the DSL reference, the sources. Without SPEC and "
                    "--out, in a rookery source checkout, regenerate that checkout's docs/ "
                    "and mkdocs.yml. Files that rookery docs did not write are never "
                    "overwritten without --force.")
    p.add_argument("specs", nargs="*", metavar="SPEC",
                   help="your own .rook spec files: a site with their rules pages "
                        "(needs --out)")
    p.add_argument("--out", metavar="DIR", type=Path, default=None,
                   help="write a whole mkdocs project into DIR: DIR/mkdocs.yml and DIR/docs/ "
                        "(default: the source checkout's own docs/ and mkdocs.yml)")
    p.add_argument("--force", action="store_true",
                   help="overwrite files in DIR that rookery docs did not write")


def cmd_docs(args) -> int:
    from ..docs.generate import generate, render, user_site_variants
    from ..docs.output import check_outputs, check_target

    variants = user_site_variants(args.specs) if args.specs else None
    if args.out is None:
        if args.specs:
            raise UsageError("rookery docs SPEC ...: name the folder to write the site "
                             "into with --out DIR")
        root = repository_root()
        if root is None:
            raise UsageError("rookery docs: not run from a rookery source checkout, so there "
                             "is no docs/ of ours to regenerate; write a site into a folder "
                             "of your choice with --out DIR")
        docs = root / "docs"
    else:
        check_target(args.out)
        docs = args.out.resolve() / "docs"
    files = render(docs, variants)
    check_outputs(files, force=args.force)
    written, removed = generate(docs, variants, files)
    for path in removed:
        print(f"removed {path}  (no such variant any more)")
    pages = [p for p in written if p.suffix == ".md"]
    config = next(p for p in written if p.name == "mkdocs.yml")
    print(f"wrote {len(pages)} pages into {docs} and {config}")
    if args.out is not None:
        shown = os.path.relpath(config)
        print(f"build it with: mkdocs build -f {config if shown.startswith('..') else shown}")
    return 0
