"""House-rule sites that agree with themselves (issue 20): sites for 20 random house
children of the built-in variants (changed totals, targets, bids, the Rook's rank), built
as one site with ``rookery docs SPEC ... --out DIR`` and ``mkdocs build --strict``; no
page states a figure its own variant contradicts.

A figure of the parent that the child changed (a total of 180 become 200) may appear on
the child's page only where the page names it as the parent's: an inherited ruling shown
as the parent's (class ``rk-parent``), a link to the parent's page (its title), and the
spec's text and the sample deal aside (the first quotes the spec, the second's bids and
points are the hand's own).  A number the compiled child itself holds (a numeric value
of its export) is never counted as a contradiction.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from html.parser import HTMLParser

import pytest

import rookery
from rookery.cli import main
from rookery.language.check import maximum_bid, points_available, summary
from rookery.language.export import export_variant
from rookery.language.figures import figures
from rookery.language.load import load_parent

SEED = 20
CHILDREN = 20


def _house_child(rng: random.Random, number: int) -> tuple[str, str]:
    """A house spec extending a random built-in variant, changing one to three of: the
    points of a hand (a last-trick bonus), the target, the lowest bid, the Rook's rank."""
    base = rng.choice(rookery.builtin_variants())
    v = rookery.load_variant(base)
    changes = ["total", "target", "bids"] + (
        ["rook"] if v.deck.rook and v.trump.rook in ("highest", "lowest") else [])
    chosen = rng.sample(changes, rng.randint(1, 3))
    sections: dict[str, list[str]] = {}
    held = points_available(v)
    if "total" in chosen:
        bonus = rng.choice([10, 20, 30, 40])
        held += bonus
        sections["scoring"] = [f"last-trick {v.scoring.last_trick + bonus}",
                               f"total {held}"]
    if "target" in chosen:
        target = rng.choice([t for t in range(200, 1050, 50) if t != v.game.target])
        sections["game"] = [f"target {target}"]
    if "bids" in chosen:
        step = v.bidding.step
        top = v.bidding.maximum if v.bidding.maximum is not None else held - held % step
        low = max(step, v.bidding.minimum - 30)
        choices = [b for b in range(low - low % step, top - step + 1, step)
                   if b != v.bidding.minimum and b > 0
                   and (v.bidding.opening is None or b <= v.bidding.opening)]
        if choices:
            sections["bidding"] = [f"minimum {rng.choice(choices)}"]
    if "rook" in chosen:
        sections["trump"] = ["rook lowest" if v.trump.rook == "highest" else "rook highest"]
    lines = [f'variant house-{number} "House rules {number}"', f"extends {base}", ""]
    for section, clauses in sections.items():
        lines.append(f"{section}:")
        lines += [f'  {clause}    ruling "our table plays it so"' for clause in clauses]
        lines.append("")
    return f"house-{number}", "\n".join(lines)


def _numbers(data) -> set[int]:
    """The numbers a compiled variant holds (its export's numeric values; not the
    numbers quoted in its rules' text and rulings, which are what is checked)."""
    if isinstance(data, bool):
        return set()
    if isinstance(data, int):
        return {data}
    if isinstance(data, dict):
        data = list(data.values())
    if isinstance(data, list):
        return set().union(*(_numbers(item) for item in data)) if data else set()
    return set()


class _PageText(HTMLParser):
    """The article's text, without what the page names as another variant's (links to
    other pages, rulings shown as the parent's), the spec's text and the sample deal."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, bool]] = []
        self.article = False
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "article":
            self.article = True
        if tag in ("br", "img", "hr", "input", "path", "rect", "wbr"):
            return
        href = a.get("href") or ""
        skip = (tag in ("pre", "script") or "rk-parent" in classes or "example" in classes
                or (tag == "a" and not href.startswith("#") and "headerlink" not in classes))
        self.open.append((tag, skip))

    def handle_endtag(self, tag):
        while self.open:
            if self.open.pop()[0] == tag:
                break

    def handle_data(self, data):
        if self.article and not any(skip for _, skip in self.open):
            self.text.append(data)


@pytest.fixture(scope="module")
def house_site(tmp_path_factory):
    rng = random.Random(SEED)
    root = tmp_path_factory.mktemp("houses")
    specs = []
    for n in range(CHILDREN):
        name, text = _house_child(rng, n)
        path = root / f"{name}.rook"
        path.write_text(text, encoding="utf-8")
        specs.append(path)
    out = root / "site"
    assert main(["docs", *map(str, specs), "--out", str(out)]) == 0
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q",
                          "-f", str(out / "mkdocs.yml"), "-d", str(root / "built")],
                         capture_output=True, text=True,
                         env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert run.returncode == 0, run.stderr[-3000:]
    return specs, out, root / "built"


def test_twenty_house_sites_build_strictly_and_name_their_spec(house_site):
    specs, out, built = house_site
    assert len(specs) == CHILDREN
    for spec in specs:
        page = (out / "docs" / "variants" / f"{spec.stem}.md").read_text(encoding="utf-8")
        assert page.startswith(f"<!-- Generated by `rookery docs` from {spec.name}.")
        assert (built / "variants" / spec.stem / "index.html").is_file()


def test_no_page_states_a_figure_its_variant_contradicts(house_site):
    specs, _, built = house_site
    stale_shown = 0
    for spec in specs:
        child = rookery.load_variant(spec)
        parent = load_parent(child)
        html = (built / "variants" / spec.stem / "index.html").read_text(encoding="utf-8")
        reader = _PageText()
        reader.feed(html)
        text = " ".join(reader.text)
        stated = {int(n) for n in re.findall(r"(?<![\w.-])\d+(?![\w-])", text)}
        held = _numbers(export_variant(child)) | {f.value for f in figures(child)} | {
            sum(card.points * card.copies for card in child.deck.cards)}   # the counters' sum
        for old, new in zip(figures(parent), figures(child)):
            if old.value != new.value and old.value not in held:
                assert old.value not in stated, (spec.stem, old.name, old.value, new.value)
        s = summary(child)
        assert (f'<th scope="row">Bids</th><td>{s.minimum_bid} to {maximum_bid(child)}, '
                f"in steps of {child.bidding.step}") in html, spec.stem
        assert f'<th scope="row">Game</th><td>to {s.target} points</td>' in html
        stale_shown += html.count('class="rk-parent"')
    assert stale_shown > 0, "no child changed a figure a parent's ruling quotes"
