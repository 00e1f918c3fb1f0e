"""Reading a file that someone else named (a case file, the spec a case names): a
regular file of a bounded size, opened so that a FIFO or a device cannot block or flood
the reading."""

from __future__ import annotations

import os
import stat
from pathlib import Path


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes (``OSError``
    otherwise)."""
    # O_NONBLOCK: opening a FIFO would otherwise wait for a writer.
    with open(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as stream:
        if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
            raise OSError("not a regular file")
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise OSError(f"larger than {_size(limit)}")
    return data


def _size(limit: int) -> str:
    return f"{limit >> 20} MB" if limit >= 1 << 20 and not limit % (1 << 20) \
        else f"{limit >> 10} KB"
