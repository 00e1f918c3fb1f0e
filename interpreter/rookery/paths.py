"""The files the tool writes, and its standard output.

Output files named on the command line are checked before any work starts
(:func:`output_file`): a report that cannot be written is a usage mistake said at once,
not a traceback after a long run.

Every file is then written by :func:`write_text` or :func:`write_bytes`, the one writer:

* a regular file (or a name not yet taken) is written to a temporary file beside it,
  flushed to the disk, and renamed over the name: a reader never sees half a report, and
  a write that fails (a full disk) leaves the old file as it was;
* a device, a FIFO or a terminal (``/dev/stdout``, ``/dev/null``, a named pipe) is
  written directly, never replaced;
* a write that fails is a :class:`WriteError` (a usage mistake, exit 2) naming the path
  and the reason, with nothing left behind but the old file.

Standard output is guarded the same way (:func:`guarded_stdout`): ``rookery list >
/dev/full`` ends in one message, exit 2, not an ``OSError`` traceback.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

from .errors import UsageError


class WriteError(UsageError):
    """A file (or the standard output) that could not be written."""


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


def _reason(error: OSError) -> str:
    return error.strerror or str(error) or type(error).__name__


def _special(path: Path) -> bool:
    """Whether ``path`` is there and is not a regular file (a device, a FIFO, a socket,
    a terminal): written directly, never replaced."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _mode_for(path: Path) -> int:
    """The permissions the written file gets: those of the file it replaces, else what
    the umask leaves of rw for everyone (as ``open`` would have made it)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_bytes(path: str | Path, data: bytes, what: str = "") -> None:
    """Write ``data`` to ``path`` whole or not at all (see the module's docstring).
    ``what`` names the file for the message (``--json``, ``the case``)."""
    path = Path(path)
    label = f"{what} {path}" if what else str(path)
    if _special(path):
        try:
            with open(path, "wb") as stream:
                stream.write(data)
        except OSError as error:
            raise WriteError(f"cannot write {label}: {_reason(error)}") from None
        return
    target = Path(os.path.realpath(path))      # a link to a file: the file is replaced
    temporary = None
    try:
        fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                         suffix=".part")
        with open(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, _mode_for(target))
        os.replace(temporary, target)
        temporary = None
    except OSError as error:
        raise WriteError(f"cannot write {label}: {_reason(error)}") from None
    finally:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass


def make_folder(path: str | Path, what: str = "") -> Path:
    """The folder ``path``, made with its parents if need be; a :class:`WriteError`
    naming it when it cannot be."""
    path = Path(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise WriteError(f"cannot make the folder {what + ' ' if what else ''}{path}: "
                         f"{_reason(error)}") from None
    return path


def write_text(path: str | Path, text: str, what: str = "") -> None:
    """:func:`write_bytes` of ``text`` in UTF-8."""
    write_bytes(path, text.encode("utf-8"), what)


class _GuardedStream:
    """The standard output, whose write errors (a full disk, an I/O error) become a
    :class:`WriteError`.  A closed pipe (``rookery list | head``) stays a
    ``BrokenPipeError``: the reader has all it wanted."""

    def __init__(self, stream):
        self._stream = stream

    def _guard(self, method, *args):
        try:
            return method(*args)
        except BrokenPipeError:
            _silence(self._stream)
            raise
        except OSError as error:
            _silence(self._stream)
            raise WriteError(f"cannot write to the standard output: {_reason(error)}") \
                from None

    def write(self, text):
        return self._guard(self._stream.write, text)

    def writelines(self, lines):
        return self._guard(self._stream.writelines, lines)

    def flush(self):
        return self._guard(self._stream.flush)

    def unescaped(self):
        """This guard over the stream below it with no terminal escaping (see
        :func:`rookery.cli.terminal.raw`)."""
        below = getattr(self._stream, "unescaped", None)
        return _GuardedStream(below()) if below is not None else self

    def __getattr__(self, name):
        return getattr(self._stream, name)


def _silence(stream) -> None:
    """After a failed write, what is still buffered for ``stream`` goes to
    ``/dev/null``: Python's own flush at exit must not fail a second time with a
    traceback of its own."""
    try:
        fd = stream.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except (OSError, AttributeError, ValueError):
        pass


@contextmanager
def guarded_stdout():
    """Within the block, a failed write to ``sys.stdout`` is a :class:`WriteError`; the
    output is flushed at the end of the block, inside the guard."""
    previous = sys.stdout
    if previous is None or isinstance(previous, _GuardedStream):
        yield
        return
    sys.stdout = _GuardedStream(previous)
    try:
        yield
        sys.stdout.flush()
    finally:
        sys.stdout = previous
