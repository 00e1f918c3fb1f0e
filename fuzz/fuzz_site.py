"""Hostile strings through `rookery docs` and `mkdocs build`, and through the console.

Each site trial writes a house spec, a variant extending it and an option whose every
free-text place (title, citations, rulings, source titles and urls, the option's title)
holds hostile strings mixed at random from ``tests/live_html.py`` (payloads joined, cut and
wrapped in Markdown), writes their site with ``rookery docs``, builds it with ``mkdocs
build`` and counts what became live in the HTML (``<script>`` with the marker, ``on*``
attributes, ``javascript:``/``data:`` addresses, frames).  Each terminal trial runs
``check`` (a spec holding control characters, a spec with a hostile name), ``play`` and
``replay`` (a record whose title and players hold escape sequences) and scans their
output for control bytes.

Failures: a live thing in a page, a control byte on the console, a traceback, a site
that does not build.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import Tally, arguments

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from live_html import URLS, hostile_specs, live_in_site, mixed  # noqa: E402

BAD = ("live-html", "control-byte", "traceback", "site-not-built")
CONTROL = re.compile(rb"[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]")
ESCAPES = ("\x1b[2J", "\x1b]0;pwned\x07", "\x1b]8;;https://evil.example\x1b\\x\x1b]8;;\x1b\\",
           "\r", "\x9b1A", "\x07", "\x1bc", "\x1b[1A\x1b[2K", "\x00", "\x7f", "\u2028")


def rookery(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rookery.cli", *args], cwd=cwd,
                          capture_output=True, timeout=300,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})


def site_trial(rng: random.Random, folder: Path, tally: Tally) -> None:
    texts = mixed(rng, rng.randint(4, 10))
    urls = tuple(rng.sample(URLS, 3)) + ("https://example.org/rules",)
    names = hostile_specs(folder, texts, urls)
    done = rookery("docs", *names, "--out", "project", "--force", cwd=folder)
    if done.returncode != 0:
        tally.add("traceback" if b"Traceback" in done.stderr else "docs refused",
                  done.stderr.decode(errors="replace")[-300:])
        return
    built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f",
                            str(folder / "project" / "mkdocs.yml"), "-d",
                            str(folder / "site")], capture_output=True, timeout=300,
                           env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    if built.returncode != 0:
        tally.add("site-not-built", built.stderr.decode(errors="replace")[-300:])
        return
    pages, live = live_in_site(folder / "site")
    tally.pages = getattr(tally, "pages", 0) + pages
    if live:
        tally.add("live-html", "; ".join(live[:3]) + f" (texts {texts[:2]!r})")
    else:
        tally.add("site built, nothing live")


def terminal_trial(rng: random.Random, folder: Path, tally: Tally) -> None:
    escape = "".join(rng.sample(ESCAPES, 3))
    title = mixed(rng, 1)[0] + escape
    spec = folder / f"evil{rng.choice(ESCAPES[:5])[:4]}.rook"
    spec.write_text(f'variant evil "{title}"\nextends tournament\n', encoding="utf-8")
    runs = [rookery("check", str(spec), cwd=folder)]
    record = folder / "game.json"
    if not record.exists():
        rookery("play", "tournament", "--seed", str(rng.randrange(1000)), "--record",
                str(record), cwd=folder)
    data = json.loads(record.read_text(encoding="utf-8"))
    data["title"] = title
    data["players"] = [mixed(rng, 1)[0] + escape for _ in data["players"]]
    hostile = folder / "hostile.json"
    hostile.write_text(json.dumps(data), encoding="utf-8")
    runs.append(rookery("replay", str(hostile), cwd=folder))
    runs.append(rookery("play", "tournament", "--seed", str(rng.randrange(1000)),
                        cwd=folder))
    for done in runs:
        if b"Traceback" in done.stderr:
            tally.add("traceback", done.stderr.decode(errors="replace")[-300:])
        elif CONTROL.search(done.stdout) or CONTROL.search(done.stderr):
            found = CONTROL.search(done.stdout) or CONTROL.search(done.stderr)
            tally.add("control-byte", f"{found.group()!r} in {done.args[3:5]}")
        else:
            tally.add("console clean")
    spec.unlink()


def main() -> int:
    args = arguments(__doc__.splitlines()[0], count=20, budget=120.0,
                     terminal_share=(float, 0.5, "share of terminal trials (default 0.5)"))
    rng = random.Random(args.seed)
    tally = Tally("fuzz_site", args.budget, args.count)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        while tally.more():
            if rng.random() < args.terminal_share:
                terminal_trial(rng, folder, tally)
            else:
                site_trial(rng, folder, tally)
    print(f"  (HTML pages scanned: {getattr(tally, 'pages', 0)})")
    return tally.summary(BAD)


if __name__ == "__main__":
    raise SystemExit(main())
