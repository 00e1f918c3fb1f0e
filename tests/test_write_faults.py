"""Issue 18, point 5: a full disk, and every file the tool writes.

Every regular file is written beside itself and renamed (``rookery.paths.write_bytes``):
a failed write leaves the old file whole and no temporary file behind, and ends in one
message naming the path, exit 2.  A device or a FIFO is written directly, never
replaced.  A full standard output is a message and exit 2, not a traceback.

The full disk is ``/dev/full`` and, where the tests run as root and may mount one, a
64 KB tmpfs; elsewhere a write error raised in place of the disk's.
"""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from rookery import paths
from rookery.cli import main
from rookery.paths import WriteError, write_text
from test_cli import rookery_cmd

REPO = Path(__file__).resolve().parent.parent
TOURNAMENT_CASES = str(REPO / "conformance/cases/tournament/bidding.json")


OLD_REPORT = "the old report\n"
OLD_GAME = '{"the": "old game"}\n'


@pytest.fixture
def full_disk(tmp_path, monkeypatch):
    """A folder on a disk with no room, holding an old ``report.json`` and ``game.json``:
    a 64 KB tmpfs filled up (as root, where mount works), else a folder whose files
    fail to reach the disk (ENOSPC from ``fsync``)."""
    folder = tmp_path / "full"
    folder.mkdir()
    mounted = os.geteuid() == 0 and subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)],
        capture_output=True).returncode == 0
    (folder / "report.json").write_text(OLD_REPORT)
    (folder / "game.json").write_text(OLD_GAME)
    if mounted:
        with open(folder / "filler", "wb") as filler:
            with pytest.raises(OSError) as full:
                filler.write(b"x" * (1 << 20))
                filler.flush()
            assert full.value.errno == errno.ENOSPC
    else:
        real_fsync = os.fsync

        def no_room(fd):
            if os.path.realpath(f"/proc/self/fd/{fd}").startswith(str(folder)):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real_fsync(fd)
        monkeypatch.setattr(paths.os, "fsync", no_room)
    yield folder
    if mounted:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def _left(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name != "filler")


def test_a_failed_write_leaves_the_old_file_whole(full_disk):
    old = full_disk / "report.json"
    with pytest.raises(WriteError) as raised:
        write_text(old, "x" * 200_000, "--json")
    assert str(raised.value) == f"cannot write --json {old}: No space left on device"
    assert old.read_text() == OLD_REPORT
    assert _left(full_disk) == ["game.json", "report.json"]      # no temporary file


def test_a_failed_record_keeps_the_old_game(full_disk, capsys):
    game = full_disk / "game.json"
    code = main(["play", "tournament", "--seed", "3", "--record", str(game)])
    err = capsys.readouterr().err
    assert code == 2 and f"cannot write --record {game}: No space left" in err, err
    assert game.read_text() == OLD_GAME and "Traceback" not in err
    assert _left(full_disk) == ["game.json", "report.json"]


def test_a_write_replaces_the_file_whole_keeping_its_mode(tmp_path):
    target = tmp_path / "report.json"
    target.write_text("old")
    target.chmod(0o640)
    write_text(target, "new")
    assert target.read_text() == "new" and not target.is_symlink()
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]


@pytest.mark.parametrize("argv, outputs", [
    (["play", "tournament", "--record", "shared/game.json"], ["game.json"]),
    (["compare", "tournament", "kentucky-rook", "--games", "2", "--plots", "shared"],
     ["report.html", "bids.svg"]),
])
def test_a_link_planted_at_an_output_name_is_replaced_never_followed(argv, outputs,
                                                                     tmp_path, monkeypatch,
                                                                     capsys):
    # issue 29, class 5: in a shared folder another user's link at the name of an
    # output made it replace the file the link leads to
    monkeypatch.chdir(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    victim = elsewhere / "precious.txt"
    victim.write_text("another user's file")
    shared = tmp_path / "shared"
    shared.mkdir()
    for name in outputs:
        (shared / name).symlink_to(victim)
    assert main(argv) == 0, capsys.readouterr().err
    assert victim.read_text() == "another user's file"
    for name in outputs:
        assert not (shared / name).is_symlink() and (shared / name).stat().st_size > 100
    assert not [p for p in tmp_path.rglob("*.part")]


def test_the_standard_output_by_its_name_is_still_written(tmp_path):
    done = rookery_cmd("play", "tournament", "--record", "/dev/stdout", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert '"variant": "tournament"' in done.stdout


def test_a_fifo_is_written_into_not_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    write_text(fifo, "through the pipe")
    reader.join(timeout=10)
    assert got == ["through the pipe"] and stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.mark.parametrize("argv, what", [
    (["play", "tournament", "--record", "/dev/full"], "--record /dev/full"),
    (["conformance", TOURNAMENT_CASES, "--json", "/dev/full"], "the report /dev/full"),
    (["conformance", TOURNAMENT_CASES, "--junit", "/dev/full"], "the report /dev/full"),
])
def test_dev_full_as_an_output_file_is_a_message(argv, what, capsys, tmp_path,
                                                 monkeypatch):
    monkeypatch.chdir(tmp_path)
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2 and f"cannot write {what}: No space left on device" in err, err


def test_a_to_case_on_a_full_disk_is_a_message(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["play", "tournament", "--seed", "5", "--record", "game.json",
                 "--max-hands", "2"]) == 0
    capsys.readouterr()
    code = main(["replay", "game.json", "--hand", "1", "--to-case", "/dev/full"])
    assert code == 2 and "cannot write --to-case /dev/full: No space left" in \
        capsys.readouterr().err


@pytest.mark.parametrize("argv", [["list"], ["check", "tournament"],
                                  ["export", "tournament"], ["list", "--options"]])
def test_a_full_standard_output_is_a_message(argv):
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "rookery.cli", *argv], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120,
                              env=dict(os.environ, COLUMNS="100"))
    assert done.returncode == 2, done.stderr
    assert done.stderr == "rookery: cannot write to the standard output: No space left " \
                          "on device\n"


def test_the_docs_folder_on_a_full_disk_is_a_message(tmp_path):
    spec = tmp_path / "house.rook"
    spec.write_text('variant house "House"\nextends tournament\n')
    done = rookery_cmd("docs", str(spec), "--out", "/dev/full/site", cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
