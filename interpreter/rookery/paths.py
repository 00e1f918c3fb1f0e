"""The files the tool writes, and its standard output.

Output files named on the command line are checked before any work starts
(:func:`output_file`): a report that cannot be written is a usage mistake said at once,
not a traceback after a long run.

Every file is then written by :func:`write_text` or :func:`write_bytes`, the one writer:

* a regular file (or a name not yet taken, or a symbolic link) is written to a
  temporary file beside it, flushed to the disk, and renamed over the name itself: a
  reader never sees half a report, a write that fails (a full disk) leaves the old file
  as it was, and a link planted at the name is replaced, never followed;
* a device, a FIFO or a terminal (``/dev/stdout``, ``/dev/null``, a named pipe) is
  written directly, never replaced;
* a write that fails is a :class:`WriteError` (a usage mistake, exit 2) naming the path
  and the reason, with nothing left behind but the old file.

Standard output is guarded the same way (:func:`guarded_stdout`): ``rookery list >
/dev/full`` ends in one message, exit 2, not an ``OSError`` traceback.
"""

from __future__ import annotations

import errno
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
    """``path`` as a file the command may write: its folder exists, it is not a folder,
    and the system takes its name (a 300-character name is said here, not met as an
    ``OSError`` after a long run)."""
    path = Path(path)
    shown = _shown(path)
    if _is_folder(_status(path, option)):
        raise UsageError(f"{option} {shown}: that is a folder; name a file in it")
    folder = path.parent
    found = _status(folder, option)
    if found is None:
        raise UsageError(f"{option} {shown}: the folder {_shown(folder)} does not exist")
    if not _is_folder(found):
        raise UsageError(f"{option} {shown}: {_shown(folder)} is not a folder")
    return path


def output_folder(path: str | Path, option: str) -> Path:
    """``path`` as a folder the command may write into (made, with its parents, when it
    is written): a folder, or nothing yet with a folder as its nearest existing part, and
    a name the system takes."""
    path = Path(path)
    for part in (path, *path.parents):
        found = _status(part, option)
        if found is None:
            continue
        if not _is_folder(found):
            inside = "" if part == path else f" is inside {_shown(part)}, which"
            raise UsageError(f"{option} {_shown(path)}:{inside} is a file, not a folder")
        break
    return path


# A name is refused by the system past NAME_MAX bytes a part (255 on Linux, macOS and
# Windows alike) or PATH_MAX bytes in all (4,096 on Linux).
_NAME_HINT = ("; each part of a path may be at most 255 bytes long (and the whole path "
              "4,096): choose a shorter name")


def _status(path: Path, option: str) -> os.stat_result | None:
    """``os.stat`` of ``path`` (links followed), None when nothing is there (a link that
    leads nowhere, a part of the path that is a file); a name the system refuses (too
    long, no permission) is a :class:`UsageError` for ``option``."""
    try:
        return os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as error:
        hint = _NAME_HINT if error.errno == errno.ENAMETOOLONG else ""
        raise UsageError(f"{option} {_shown(path)}: {_reason(error)}{hint}") from None


def _is_folder(found: os.stat_result | None) -> bool:
    return found is not None and stat.S_ISDIR(found.st_mode)


def _shown(path: Path, width: int = 80) -> str:
    """A path as a message shows it: a long one cut in its middle."""
    text = str(path)
    if len(text) <= width:
        return text
    return f"{text[:width // 2]}...({len(text) - width} characters)...{text[-width // 2:]}"


def _reason(error: OSError) -> str:
    return error.strerror or str(error) or type(error).__name__


# The system's own names for a stream it opened (``/dev/stdout`` is a link to
# ``/proc/self/fd/1``): links there are followed.  Nobody but the system makes links in
# these folders.
_SYSTEM_FOLDERS = ("/dev/", "/proc/")


def _special(path: Path) -> bool:
    """Whether ``path`` is there and is not a regular file (a device, a FIFO, a socket,
    a terminal): written directly, never replaced.  A link counts by what it leads to
    only under :data:`_SYSTEM_FOLDERS`; anywhere else a link is not special, and is
    replaced."""
    try:
        mode = os.lstat(path).st_mode
        if stat.S_ISLNK(mode) and os.path.abspath(path).startswith(_SYSTEM_FOLDERS):
            mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode) and not stat.S_ISLNK(mode)


def _mode_for(path: Path) -> int:
    """The permissions the written file gets: those of the regular file it replaces,
    else what the umask leaves of rw for everyone (as ``open`` would have made it)."""
    try:
        found = os.lstat(path)
        if stat.S_ISREG(found.st_mode):
            return stat.S_IMODE(found.st_mode)
    except OSError:
        pass
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_bytes(path: str | Path, data: bytes, what: str = "") -> None:
    """Write ``data`` to ``path`` whole or not at all (see the module's docstring).
    ``what`` names the file for the message (``--json``, ``the case``).

    The new file is written beside the name and renamed over the name itself: a
    symbolic link found at the name (one another user planted in a shared folder) is
    **replaced** by the file, never followed, so nothing outside the name is touched
    (the link's target stays as it was).  Only the system's stream names
    (``/dev/stdout``, ``/dev/fd/N``) are followed, to the stream they name."""
    path = Path(path)
    label = f"{what} {_shown(path)}" if what else _shown(path)
    if _special(path):
        try:
            with open(path, "wb") as stream:
                stream.write(data)
        except OSError as error:
            raise WriteError(f"cannot write {label}: {_reason(error)}") from None
        return
    temporary = None
    try:
        # the temporary name stays short: a name of 255 bytes is still written
        fd, temporary = tempfile.mkstemp(dir=path.parent or ".",
                                         prefix=f".{path.name[:64]}.", suffix=".part")
        with open(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, _mode_for(path))
        os.replace(temporary, path)
        temporary = None
    except OSError as error:
        hint = _NAME_HINT if error.errno == errno.ENAMETOOLONG else ""
        raise WriteError(f"cannot write {label}: {_reason(error)}{hint}") from None
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
        hint = _NAME_HINT if error.errno == errno.ENAMETOOLONG else ""
        raise WriteError(f"cannot make the folder {what + ' ' if what else ''}"
                         f"{_shown(path)}: {_reason(error)}{hint}") from None
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
