"""Where ``rookery docs`` may write: every output path is checked before anything is
written, and a file the generator did not write is never overwritten without ``--force``.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import UsageError
from ..paths import output_folder


def _existing_ancestor(path: Path) -> Path:
    """The nearest part of ``path`` (itself or a parent) that exists."""
    for candidate in (path, *path.parents):
        if candidate.exists() or candidate.is_symlink():
            return candidate
    return Path(path.anchor or ".")


def check_target(out: Path) -> None:
    """``--out DIR`` must be a folder, or a path where a folder can be made."""
    out = output_folder(Path(os.path.abspath(out)), "--out")  # a name the system takes
    found = _existing_ancestor(out)
    if not os.access(found, os.W_OK | os.X_OK):
        raise UsageError(f"--out {out}: {found} is not writable")


def is_ours(path: Path) -> bool:
    """Whether ``path`` was written by ``rookery docs`` (a generated page or config, or a
    hand-written page holding a generated block)."""
    from .header import GENERATED_BLOCK, is_generated

    if is_generated(path):
        return True
    try:
        return GENERATED_BLOCK in path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False


def check_outputs(files: dict[Path, str], *, force: bool = False) -> None:
    """Refuse, before writing anything, when an output path cannot be written or would
    overwrite a file that ``rookery docs`` did not write (unless ``force``)."""
    foreign = []
    for path in sorted(files):
        parent = _existing_ancestor(path.parent)
        if not parent.is_dir():
            raise UsageError(f"cannot write {path}: {parent} is a file, not a folder")
        if path.is_dir():
            raise UsageError(f"cannot write {path}: it is a folder")
        if path.exists() and files[path] != _text(path) and not is_ours(path):
            foreign.append(path)
    if foreign and not force:
        shown = ", ".join(str(p) for p in foreign[:5]) + (" ..." if len(foreign) > 5 else "")
        raise UsageError(f"{len(foreign)} file(s) there were not written by rookery docs and "
                         f"would be overwritten: {shown}; choose an empty folder, or give "
                         f"--force to overwrite them")


def _text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
