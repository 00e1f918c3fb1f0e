"""A full disk under every writer: ``play --record``, ``replay --to-case``,
``conformance --json/--junit`` and ``docs --out`` write into a small tmpfs (as root; else
into ``/dev/full``) filled to a random level, over old files.  Each run must end in exit 0
(and then every file it wrote is whole) or exit 2 naming the path it could not write
(and then each old file is as it was, or whole and new when another file of the run
failed); never a traceback, and never a temporary file left
behind.

    python fuzz/fuzz_full_disk.py --budget 300 --count 300
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import subprocess
import tempfile
from pathlib import Path
from xml.etree import ElementTree

from _common import Tally, arguments

from rookery.cli import main as rookery_main

BAD = ("traceback", "old-file-changed", "partial-file", "temporary-left", "no-path-named",
       "wrong-exit")
REPO = Path(__file__).resolve().parent.parent
CASES = REPO / "conformance" / "cases" / "tournament" / "bidding.json"
OLD = b'{"old": true}\n'


def mount(folder: Path) -> bool:
    return os.geteuid() == 0 and subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)],
        capture_output=True).returncode == 0


def fill(folder: Path, room: int) -> None:
    """Leave about ``room`` bytes free on the tmpfs at ``folder``."""
    filler = folder / "filler"
    filler.unlink(missing_ok=True)
    free = os.statvfs(folder).f_bavail * os.statvfs(folder).f_frsize
    with open(filler, "wb") as stream:
        try:
            stream.write(b"x" * max(0, free - room))
        except OSError:
            pass


def commands(out: Path, record: Path, spec: Path) -> dict[str, tuple[list[str], list[Path]]]:
    """Each writer: its arguments and the files it writes."""
    return {
        "play --record": (["play", "tournament", "--seed", "5", "--record",
                           str(out / "game.json")], [out / "game.json"]),
        "replay --to-case": (["replay", str(record), "--hand", "1", "--to-case",
                              str(out / "case.json")], [out / "case.json"]),
        "conformance --json --junit": (["conformance", str(CASES), "--json",
                                        str(out / "report.json"), "--junit",
                                        str(out / "junit.xml")],
                                       [out / "report.json", out / "junit.xml"]),
        "docs --out": (["docs", str(spec), "--out", str(out / "site"), "--force"], []),
    }


def whole(path: Path) -> bool:
    """A written file that reads to its end: JSON that parses, XML that parses."""
    try:
        if path.suffix == ".xml":
            ElementTree.parse(path)
        else:
            json.loads(path.read_bytes())
        return True
    except (OSError, ValueError, ElementTree.ParseError):
        return False


def main() -> int:
    args = arguments(__doc__.splitlines()[0], count=300, budget=300.0)
    rng = random.Random(args.seed)
    tally = Tally("fuzz_full_disk", args.budget, args.count)
    with tempfile.TemporaryDirectory() as root:
        root = Path(root)
        record, spec = root / "game.json", root / "house.rook"
        with contextlib.redirect_stdout(io.StringIO()):
            rookery_main(["play", "tournament", "--seed", "3", "--max-hands", "2",
                          "--record", str(record)])
        spec.write_text('variant house "House"\nextends tournament\n')
        disk = root / "disk"
        disk.mkdir()
        mounted = mount(disk)
        try:
            while tally.more():
                name, (argv, outputs) = rng.choice(sorted(
                    commands(disk if mounted else Path("/dev/full"), record, spec).items()))
                if mounted:
                    for path in disk.iterdir():
                        if path.is_file():
                            path.unlink()
                    for path in outputs:
                        path.write_bytes(OLD)
                    fill(disk, rng.choice([0, 512, 4096, 20_000, 100_000, 400_000]))
                err = io.StringIO()
                try:
                    with contextlib.redirect_stdout(io.StringIO()), \
                            contextlib.redirect_stderr(err):
                        code = rookery_main(argv)
                except BaseException as error:  # noqa: BLE001 - counted
                    tally.surprise("traceback", error, name)
                    continue
                said = err.getvalue()
                if mounted and any(p.name.endswith(".part") for p in disk.rglob("*")):
                    tally.add("temporary-left", name)
                elif code == 2:
                    if "cannot write" not in said and "cannot make" not in said:
                        tally.add("no-path-named", f"{name}: {said[:200]}")
                    elif mounted and any(p.read_bytes() != OLD and not whole(p)
                                         for p in outputs if p.is_file()):
                        tally.add("old-file-changed", name)
                    else:
                        tally.add(f"{name}: refused, old files kept")
                elif code in (0, 1):
                    if mounted and not all(whole(p) for p in outputs):
                        tally.add("partial-file", name)
                    else:
                        tally.add(f"{name}: written whole")
                else:
                    tally.add("wrong-exit", f"{name}: {code}: {said[:200]}")
        finally:
            if mounted:
                subprocess.run(["umount", "-l", str(disk)], check=False)
    return tally.summary(BAD)


if __name__ == "__main__":
    raise SystemExit(main())
