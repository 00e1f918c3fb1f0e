"""Output files named on the command line, checked before any work starts: a report that
cannot be written is a usage mistake said at once, not a traceback after a long run."""

from __future__ import annotations

from pathlib import Path

from .errors import UsageError


def output_file(path: str | Path, option: str) -> Path:
    """``path`` as a file the command may write: its folder exists, it is not a folder."""
    path = Path(path)
    if path.is_dir():
        raise UsageError(f"{option} {path}: that is a folder; name a file in it")
    folder = path.parent
    if not folder.exists():
        raise UsageError(f"{option} {path}: the folder {folder} does not exist")
    if not folder.is_dir():
        raise UsageError(f"{option} {path}: {folder} is not a folder")
    return path
