"""The spec files ``rookery fmt`` reads and rewrites, each a file someone may have set a
trap in: a link leading out of the folder, a FIFO, a link to ``/dev/zero``, a 300 MB
``.rook``, a file with hard links or another owner, an edit saved while fmt runs.

- :func:`read_spec` reads a regular file only, inside the folder fmt was given (every
  link resolved first; a link leading out is refused), opened without blocking (a FIFO is
  refused, never waited on), at most :data:`~rookery.limits.MAX_SPEC_BYTES` read;
- :func:`rewrite` writes the formatted text **in place**, into the very file read (its
  inode): its hard links, owner and mode stay.  It first checks the file is still the one
  read (same inode, size, time and bytes); a file changed since is left alone.  The room
  for the new text is reserved before a byte is changed, so a full disk leaves the old
  text whole.

Every refusal is a :class:`SpecFileRefused` saying why in words.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from ..errors import RookeryError
from ..limits import MAX_SPEC_BYTES


class SpecFileRefused(RookeryError):
    """A spec file fmt does not read or does not write, and why."""


@dataclass(frozen=True)
class SpecFile:
    """A spec file as read: where it really is, its bytes, and the stamp (device,
    inode, size, modification time) that says whether it changed since."""

    path: Path
    data: bytes
    stamp: tuple[int, int, int, int]


def _stamp(found: os.stat_result) -> tuple[int, int, int, int]:
    return found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns


def inside(path: Path, folder: Path) -> Path:
    """``path`` with every link resolved, when that is inside ``folder`` (resolved too);
    else :class:`SpecFileRefused`."""
    try:
        real = path.resolve(strict=True)
        root = folder.resolve(strict=True)
    except (OSError, RuntimeError) as error:
        raise SpecFileRefused(f"cannot resolve it: {getattr(error, 'strerror', None) or error}"
                              ) from None
    if real != root and root not in real.parents:
        raise SpecFileRefused(f"a link leading out of {folder} (to {real}), not followed")
    return real


def read_spec(path: Path, folder: Path, limit: int = MAX_SPEC_BYTES) -> SpecFile:
    """The spec file ``path`` of the folder ``folder`` (see the module's docstring)."""
    real = inside(path, folder)
    try:
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
    except OSError as error:
        raise SpecFileRefused(f"cannot read it: {error.strerror or error}") from None
    with open(fd, "rb") as stream:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            raise SpecFileRefused("not a regular file (a FIFO, a device or a socket)")
        if found.st_size > limit:
            raise SpecFileRefused(f"larger than {limit // 1024} KB (a spec is a few KB)")
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise SpecFileRefused(f"larger than {limit // 1024} KB (a spec is a few KB)")
    return SpecFile(real, data, _stamp(found))


def rewrite(spec: SpecFile, text: str) -> None:
    """Write ``text`` over the file ``spec`` was read from, in place, if it is still as
    it was read (see the module's docstring)."""
    data = text.encode("utf-8")
    try:
        fd = os.open(spec.path, os.O_RDWR | os.O_NONBLOCK | os.O_NOFOLLOW)
    except OSError as error:
        raise SpecFileRefused(f"cannot write it: {error.strerror or error}") from None
    with open(fd, "r+b", buffering=0) as stream:
        if _stamp(os.fstat(fd)) != spec.stamp or stream.read(len(spec.data) + 1) != spec.data:
            raise SpecFileRefused("it changed since fmt read it (saved meanwhile?); run "
                                  "rookery fmt again")
        try:
            if len(data) > len(spec.data):
                _reserve(fd, len(data))
            stream.seek(0)
            stream.write(data)
            stream.truncate(len(data))
            os.fsync(fd)
        except OSError as error:
            raise SpecFileRefused(f"cannot write it: {error.strerror or error}") from None


def _reserve(fd: int, size: int) -> None:
    """The disk room for ``size`` bytes, taken before a byte is changed: a full disk
    raises here (a file system that cannot reserve room is written as it is)."""
    try:
        os.posix_fallocate(fd, 0, size)
    except OSError as error:
        if error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            raise
