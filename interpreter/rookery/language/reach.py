"""Where a spec may read: the files it names (``extends "../club/base.rook"``, ``source x
"Our rules" file "rules.txt"``) are followed only inside the places the user chose.

A spec is a file someone hands you; the paths in it are theirs.  So a path a spec names
is read only when, with every symbolic link resolved, it is a regular file under

* the folder of the spec that names it,
* the current folder's tree (``extends "../club/base.rook"`` from a sibling folder works
  when run from their common folder), or
* a root the user names himself: ``--allow-root DIR`` on the command line, or
  :func:`allowing` (``load_variant(name, allow_roots=[...])``) in the API;

and never under ``/proc``, ``/sys`` or ``/dev``, wherever the command runs.  An absolute
path or ``~`` is followed only into an allowed root.  A refused path is reported where the
spec names it, and nothing of the file is read, so nothing of it can be quoted.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from ..errors import Span, SpecError

_EXTRA_ROOTS: ContextVar[tuple[Path, ...]] = ContextVar("rookery_allowed_roots", default=())
NEVER = (Path("/proc"), Path("/sys"), Path("/dev"))
OUTSIDE = "a path outside the spec's folder and the current folder"


@contextmanager
def allowing(roots) -> Iterator[None]:
    """Let specs read under ``roots`` too while the block runs."""
    extra = tuple(Path(os.path.abspath(os.path.expanduser(str(r)))).resolve()
                  for r in roots or ())
    token = _EXTRA_ROOTS.set(_EXTRA_ROOTS.get() + extra)
    try:
        yield
    finally:
        _EXTRA_ROOTS.reset(token)


def extra_roots() -> tuple[Path, ...]:
    """The roots the user allowed (part of the key of every cached load)."""
    return _EXTRA_ROOTS.get()


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def refusal(written: str, folder: Path) -> str | None:
    """Why a spec in ``folder`` may not read the path ``written`` (None: it may)."""
    extra = extra_roots()
    named = Path(os.path.expanduser(written))
    try:
        target = (named if named.is_absolute() else folder / named).resolve()
    except (OSError, RuntimeError, ValueError):
        return "a path that cannot be resolved"
    if any(_inside(target, never) for never in NEVER) and \
            not any(_inside(target, root) and root != Path("/") for root in extra):
        return f"a path under {next(n for n in NEVER if _inside(target, n))}"
    if named.is_absolute() or written.startswith("~"):
        if not any(_inside(target, root) for root in extra):
            return "an absolute path"
    else:
        roots = (folder.resolve(), Path.cwd().resolve()) + extra
        if not any(_inside(target, root) for root in roots):
            return OUTSIDE
    return None


def regular(path: Path) -> bool:
    """Whether ``path`` is a regular file (not a folder, a pipe or a device)."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except (OSError, ValueError):
        return False


def read_within(written: str, folder: Path, limit: int) -> bytes | None:
    """The bytes of the file a spec in ``folder`` names as ``written``, if the spec may
    read it (:func:`refusal`, every link resolved first) and it is a regular file of at
    most ``limit`` bytes (opened without blocking: a FIFO or a device is not read); else
    None, and nothing of the file is read."""
    from ..bounded import read_bytes
    if refusal(written, folder):
        return None
    named = Path(os.path.expanduser(written))
    try:
        return read_bytes((named if named.is_absolute() else folder / named).resolve(),
                          limit)
    except (OSError, RuntimeError, ValueError):
        return None


def refused(what: str, written: str, why: str, span: Span | None) -> SpecError:
    """The located error for a path a spec may not read; it quotes the path only."""
    return SpecError(f"{what} \"{written}\": {why}, not read", span,
                     expected="a file under the spec's folder or the current folder "
                              "(a relative path such as \"../club/base.rook\")",
                     hint="copy the file beside the spec, run rookery from a folder that "
                          "holds both, or name its folder with --allow-root DIR",
                     code="path-refused")


__all__ = ["OUTSIDE", "allowing", "extra_roots", "read_within", "refusal", "regular",
           "refused"]
