"""``rookery fmt FOLDER`` on folders someone set traps in, while an editor saves (issue 29,
class 11): each trial fills a folder with a random mix of spec files written loosely and
special entries named ``*.rook`` (a link out of the folder, a link to ``/dev/zero``, a
FIFO, a 300 MB sparse file, a dangling link, a folder, a file that is not UTF-8, a file
with a hard link elsewhere, a file of mode 0640, a link within the folder), and saves one
spec again at a random moment of the run (in place or by rename, as editors do).

What must hold: fmt ends (no hang, 20 s), exit 0 or 1, no traceback; nothing outside the
folder changes; every regular spec inside ends in canonical form, its inode, hard links
and mode kept; the file saved during the run holds the saved text, or that text
formatted (fmt read it after the save): never the formatted old text (an edit lost).

    python fuzz/fuzz_fmt_files.py --count 300 --seed 7
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import shutil
import sys
import tempfile
import threading
import time
import warnings
from pathlib import Path

from _common import Tally, arguments, counted, limit_memory
from fuzz_fmt import is_valid, layout_only, shipped_specs

BAD = ("traceback", "hang", "over-1GB", "bad-exit", "followed-a-link", "broke-a-link",
       "mode-changed", "not-formatted", "edit-lost")
TRAPS = ("link-out", "dev-zero", "fifo", "huge", "dangling", "folder", "not-utf8",
         "link-in")
SAVED = "# saved by the editor while fmt ran\n"


def _spec(rng: random.Random, specs: list[tuple[Path, str]]) -> str:
    """A shipped spec that checks, written loosely (a valid spec fmt will change)."""
    while True:
        path, text = rng.choice(specs)
        loose = layout_only(text, rng)
        if is_valid(loose, path) and "extends \"" not in loose:
            return loose


def _save(path: Path, text: str, in_place: bool, delay: float) -> None:
    """An editor saving ``text`` to ``path`` after ``delay`` seconds."""
    time.sleep(delay)
    data = text.encode("utf-8")
    if in_place:            # one write over the old bytes (the saved text is longer),
        fd = os.open(path, os.O_WRONLY)     # then the file cut to the text's length
        try:
            os.pwrite(fd, data, 0)
            os.ftruncate(fd, len(data))
        finally:
            os.close(fd)
    else:                   # a new file renamed over the name
        temporary = path.with_name(path.name + ".swp")
        temporary.write_bytes(data)
        os.replace(temporary, path)


def trial(rng: random.Random, tally: Tally, work: Path,
          specs: list[tuple[Path, str]]) -> int:
    """One folder formatted while an editor saves; the files fmt left alone with a
    word (0 when the trial found something)."""
    from rookery.cli import main
    from rookery.editor.layout import format_text

    shutil.rmtree(work, ignore_errors=True)
    folder, outside = work / "specs", work / "outside"
    folder.mkdir(parents=True)
    outside.mkdir()
    plain = {f"plain{i}.rook": _spec(rng, specs) for i in range(rng.randint(1, 3))}
    for name, text in plain.items():
        (folder / name).write_text(text, encoding="utf-8")
    linked = folder / "linked.rook"
    linked.write_text(_spec(rng, specs), encoding="utf-8")
    os.link(linked, outside / "hard-link-of-linked.rook")
    private = folder / "private.rook"
    private.write_text(_spec(rng, specs), encoding="utf-8")
    private.chmod(0o640)
    victim = outside / "victim.rook"
    victim.write_text(_spec(rng, specs), encoding="utf-8")
    traps = rng.sample(TRAPS, rng.randint(1, len(TRAPS)))
    for trap in traps:
        entry = folder / f"{trap}.rook"
        if trap == "link-out":
            entry.symlink_to(victim)
        elif trap == "dev-zero":
            entry.symlink_to("/dev/zero")
        elif trap == "fifo":
            os.mkfifo(entry)
        elif trap == "huge":
            with open(entry, "wb") as stream:
                stream.truncate(300 << 20)
        elif trap == "dangling":
            entry.symlink_to(work / "nowhere.rook")
        elif trap == "folder":
            entry.mkdir()
        elif trap == "not-utf8":
            entry.write_bytes(b"variant x \"\xff\xfe\"\n")
        elif trap == "link-in":
            entry.symlink_to(next(iter(plain)))
    raced = folder / "raced.rook"
    raced_text = _spec(rng, specs)
    raced.write_text(raced_text, encoding="utf-8")
    saved = raced_text + SAVED
    in_place = rng.random() < 0.5
    editor = threading.Thread(target=_save, args=(raced, saved, in_place,
                                                  rng.uniform(0, 2.5)))
    before = victim.read_bytes()
    inode, mode = linked.stat().st_ino, private.stat().st_mode
    out, err = io.StringIO(), io.StringIO()
    code = None
    sample = f"traps {traps}, save {'in place' if in_place else 'by rename'}"
    with counted(tally, sample, 20):
        editor.start()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["fmt", str(folder)])
    editor.join()
    if code is None:
        return 0
    said = out.getvalue() + err.getvalue()
    found = []
    if code not in (0, 1) or "Traceback" in said:
        found.append(("bad-exit", f"exit {code}"))
    if victim.read_bytes() != before:
        found.append(("followed-a-link", "the file a link leads to changed"))
    if linked.stat().st_ino != inode or linked.stat().st_nlink != 2 or \
            (outside / "hard-link-of-linked.rook").read_bytes() != linked.read_bytes():
        found.append(("broke-a-link", "linked.rook and its hard link are two files now"))
    if private.stat().st_mode != mode:
        found.append(("mode-changed", f"{private.stat().st_mode:o}"))
    for path in [folder / name for name in plain] + [linked, private]:
        text = path.read_text(encoding="utf-8")
        if format_text(text, str(path)) != text:
            found.append(("not-formatted", path.name))
    final = raced.read_text(encoding="utf-8")
    formatted_saved = format_text(saved, str(raced))
    if final not in (saved, formatted_saved):
        found.append(("edit-lost", f"raced.rook: {final[-80:]!r}"))
    for outcome, detail in found:
        tally.add(outcome, f"{detail}\n    sample: {sample}")
    if found:
        return 0
    if final == formatted_saved:
        race = "saved before fmt read it"
    elif "changed since fmt read it" in said:
        race = "saved while fmt ran: left alone"
    else:
        race = "saved after fmt wrote"
    tally.add(f"ok, {'in place' if in_place else 'by rename'}: {race}")
    return said.count("left as it is")


def main() -> int:
    args = arguments(__doc__.splitlines()[0], count=300, budget=900.0)
    warnings.simplefilter("ignore")
    limit_memory()
    rng = random.Random(args.seed)
    specs = [(p, p.read_text(encoding="utf-8")) for p in shipped_specs()
             if p.parent.name != "options"]
    specs = [(p, t) for p, t in specs if is_valid(t, p)]
    tally = Tally("fuzz_fmt_files", args.budget, args.count)
    refused = 0
    with tempfile.TemporaryDirectory(prefix="fuzz-fmt-files-") as temporary:
        while tally.more():
            refused += trial(rng, tally, Path(temporary) / "trial", specs)
    print(f"({refused} files left alone with a word, in the trials without findings)")
    return tally.summary(BAD)


if __name__ == "__main__":
    sys.exit(main())
