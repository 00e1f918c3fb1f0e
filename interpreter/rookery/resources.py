"""Where the grammar, the specs and the conformance corpus live at run time.

In a wheel they are packaged under ``rookery/_data``; in a source checkout (or an
editable install) they are the top-level ``grammar/``, ``specs/`` and ``conformance/``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_root() -> Path:
    """The folder holding ``grammar/``, ``specs/`` and ``conformance/``."""
    packaged = _PACKAGE / "_data"
    if (packaged / "grammar").is_dir():
        return packaged
    checkout = _PACKAGE.parent.parent
    if (checkout / "grammar" / "rook.lark").is_file():
        return checkout
    raise FileNotFoundError("rookery's data files (grammar, specs, corpus) are missing "
                            "from this installation; reinstall the package")


def grammar_path() -> Path:
    return data_root() / "grammar" / "rook.lark"


def specs_dir() -> Path:
    return data_root() / "specs"


def conformance_dir() -> Path:
    return data_root() / "conformance"
