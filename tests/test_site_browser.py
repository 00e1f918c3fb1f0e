"""The built site as a reader sees it: ``mkdocs build --strict`` of the committed site,
served over http on 127.0.0.1, opened in headless Chromium (Debian's ``chromium``, which
``.ci/run`` installs where missing).

A small probe script (``tests/site_probe.js``) is added to the pages of the built copy; it
reports what the browser shows (chips and their painted colors, the spec's token colors,
tables wider than the screen, ids broken over two lines, the results of typing into the
search box) for ``--dump-dom``.  Screenshots are kept in ``reports/screenshots/``
(git-ignored) and their paths printed; the test also reads their pixels, so a blank or
unstyled screenshot fails it.
"""

from __future__ import annotations

import functools
import html
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from png_pixels import colors

import rookery
import rookery.cli
from rookery.engine import codes

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = REPO / "reports" / "screenshots"
LAPTOP = (1366, 900)
PROBE = Path(__file__).resolve().parent / "site_probe.js"


# Put first in every page's <head>: it keeps the errors a page raises (scripts, failed
# loads, console.error) for the probe to report.
CATCHER = ("<script>window.__rkErrors=[];addEventListener('error',function(e){"
           "__rkErrors.push(String(e.message||(e.target&&(e.target.src||e.target.href))))},"
           "true);(function(){var c=console.error;console.error=function(){"
           "__rkErrors.push([].join.call(arguments,' '));c.apply(console,arguments)}})();"
           "</script>")


def _build_and_serve(config: Path, built: Path):
    """Build the mkdocs project ``config`` strictly into ``built``, put the probe in its
    pages and serve it; yields its base URL."""
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q",
                          "-f", str(config), "-d", str(built)],
                         capture_output=True, text=True,
                         env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert run.returncode == 0, run.stderr[-3000:]
    shutil.copy(PROBE, built / "site_probe.js")
    for page in built.rglob("index.html"):
        text = page.read_text(encoding="utf-8")
        text = text.replace("<head>", "<head>" + CATCHER, 1)
        page.write_text(text.replace("</body>", '<script src="/site_probe.js"></script></body>'),
                        encoding="utf-8")
    handler = functools.partial(_QuietHandler, directory=str(built))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The committed site built into a temporary folder and served: its base URL."""
    assert CHROMIUM.is_file(), ("headless Chromium is needed: apt-get install -y chromium "
                                "(.ci/run installs it)")
    root = tmp_path_factory.mktemp("browser")
    yield from _build_and_serve(REPO / "mkdocs.yml", root / "site")


GRANDPA = """variant grandpa "Grandpa's Rook"
extends kentucky-rook
source grandpa "Grandpa's rule sheet" file "grandpa-rules.txt"

scoring:
  total 200                 per grandpa "Counting"
  counters 1=15, 14=10, 10=10, 5=5, ROOK=40   per grandpa "Counting"

game:
  target 300                per grandpa "Winning"
"""


@pytest.fixture(scope="module")
def house_site(tmp_path_factory):
    """A house-rule site as a user makes one (issue 20's grandpa.rook: Kentucky Rook with
    a total of 200 and a target of 300), built and served: its base URL."""
    assert CHROMIUM.is_file()
    root = tmp_path_factory.mktemp("house")
    (root / "grandpa.rook").write_text(GRANDPA, encoding="utf-8")
    (root / "grandpa-rules.txt").write_text("Counting\nThe Rook counts 40.\nWinning\n"
                                            "First to 300.\n", encoding="utf-8")
    assert rookery.cli.main(["docs", str(root / "grandpa.rook"), "--out",
                             str(root / "site")]) == 0
    yield from _build_and_serve(root / "site" / "mkdocs.yml", root / "built")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """The site's files, and ``/_wait``: an empty answer after 0.2 s of real time (the
    probe's way to give the search's web worker time, see site_probe.js)."""

    def do_GET(self):
        if self.path == "/_wait":
            time.sleep(0.2)
            self.send_response(204)
            self.end_headers()
            return
        super().do_GET()

    def log_message(self, *args):
        pass


def _chromium(url: str, *extra: str, window=LAPTOP) -> str:
    with tempfile.TemporaryDirectory() as profile:
        run = subprocess.run(
            [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
             "--no-first-run", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--hide-scrollbars",
             f"--user-data-dir={profile}", f"--window-size={window[0]},{window[1]}",
             "--virtual-time-budget=15000", *extra, url],
            capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout


def _probe(url: str) -> tuple[dict, str]:
    """What the probe saw on the page, and the page's DOM."""
    dom = _chromium(url, "--dump-dom")
    found = re.search(r'data-probe="([^"]*)"', dom)
    assert found, f"the probe did not report on {url}"
    return json.loads(html.unescape(found.group(1))), dom


def _screenshot(url: str, name: str, window=(1366, 1100)) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    path.unlink(missing_ok=True)
    _chromium(url, f"--screenshot={path}", window=window)
    assert path.is_file()
    print(f"screenshot: {path}")
    return path


def _rgb(css: str) -> tuple[int, int, int]:
    return tuple(int(n) for n in re.findall(r"\d+", css)[:3])


def test_a_variant_page_shows_card_chips_the_highlighted_spec_and_a_sample_deal(site):
    url = f"{site}/variants/tournament/"
    seen, dom = _probe(url)
    assert seen["chips"] > 100
    backgrounds = {_rgb(c) for c in seen["chip_backgrounds"]}
    assert {(198, 40, 40), (246, 198, 36), (46, 125, 50), (43, 43, 43)} <= backgrounds
    assert 'id="a-sample-deal"' in dom and "wins the auction at" in dom
    assert dom.count('class="rk-won ') == rookery.load_variant("tournament").deal.hand
    assert 'class="language-rook highlight"' in dom
    assert '<span class="kd">variant</span>' in dom and '<span class="kt">deck:</span>' in dom
    tokens = {k: {_rgb(c) for c in v} for k, v in seen["spec_token_colors"].items() if v}
    plain = {_rgb(c) for c in seen["spec_text_color"]}
    painted = set().union(*tokens.values()) - plain
    assert len(painted) >= 3, tokens
    assert seen["wide_tables"] == [] and seen["broken_ids"] == []
    assert seen["wide_code"] == [], "the spec scrolls sideways"

    cards = colors(_screenshot(f"{url}?focus=the-cards", "tournament-cards"))
    assert {(198, 40, 40), (246, 198, 36), (46, 125, 50)} <= cards
    deal = colors(_screenshot(f"{url}?open=1&focus=a-sample-deal", "tournament-sample-deal"))
    assert {(198, 40, 40), (246, 198, 36), (46, 125, 50)} <= deal
    spec = colors(_screenshot(f"{url}?open=1&focus=the-spec", "tournament-spec"))
    assert len(painted & spec) >= 3, (painted, "not in the screenshot")


def test_a_standard_deck_page_draws_suits(site):
    url = f"{site}/variants/standard-deck/"
    seen, dom = _probe(url)
    assert "rk-hearts" in dom and "rk-spades" in dom and seen["chips"] > 52
    assert (198, 40, 40) in colors(_screenshot(f"{url}?open=1&focus=a-sample-deal",
                                               "standard-deck-sample-deal"))


def test_the_home_page_lists_every_variant_tournament_first(site):
    seen, dom = _probe(f"{site}/")
    links = re.findall(r'href="variants/([a-z0-9-]+)/"', dom.split('id="all-the-games"', 1)[1])
    assert links[0] == "tournament"
    assert set(links) == set(rookery.builtin_variants())
    # for readers first: what Rook is, where to start, the families; the developer's
    # quickstart on its own page
    assert dom.index("Rook is an American trick-taking game") < dom.index("New to Rook?") \
        < dom.index('id="the-families-of-games"') < dom.index('id="for-variant-writers"') \
        < dom.index('id="for-engine-authors"') < dom.index('id="all-the-games"')
    assert 'id="install"' not in dom and 'href="quickstart/"' in dom
    families = dom.split('id="the-families-of-games"', 1)[1].split("</ul>", 1)[0]
    assert re.findall(r'href="variants/([a-z0-9-]+)/"', families)[0] == "tournament"
    assert seen["wide_tables"] == [] and seen["broken_ids"] == []
    assert seen["wide_code"] == []
    _, quick = _probe(f"{site}/quickstart/")
    assert 'id="install"' in quick and 'id="quickstart"' in quick
    _screenshot(f"{site}/", "home")
    _screenshot(f"{site}/?focus=all-the-games", "home-variants")


def _links_resolve(links: list[str], pages: dict[str, str]) -> list[str]:
    """The links (absolute URLs) that lead nowhere: a page that does not answer, or an
    anchor the page does not have.  ``pages`` caches the pages fetched."""
    broken = []
    for link in sorted(set(links)):
        page, _, anchor = link.partition("#")
        if page not in pages:
            try:
                with urllib.request.urlopen(page, timeout=10) as answer:
                    pages[page] = answer.read().decode("utf-8", "replace")
            except OSError as error:
                pages[page] = ""
                broken.append(f"{link}: {error}")
                continue
        target = urllib.parse.unquote(anchor)
        if target and f'id="{target}"' not in pages[page]:
            broken.append(f"{link}: no such anchor")
    return broken


def _reads_cleanly(url: str, pages: dict[str, str]) -> tuple[dict, str]:
    """A page as a reader opens it: no error raised, no broken link, and every folded
    box closed until its summary is clicked, then open and showing what it holds."""
    seen, dom = _probe(f"{url}?click=1")
    assert seen["errors"] == [], seen["errors"]
    assert _links_resolve(seen["links"], pages) == []
    for box in seen["folded"]:
        assert not box["open_before"] and box["hidden_before"], box
        assert box["open_after"] and box["shown_after"] and box["text"], box
    return seen, dom


@pytest.mark.parametrize("page, name", [("", "home"), ("variants/tournament/", "tournament"),
                                        ("variants/call-partner-200-six/", "call-partner"),
                                        ("comparison/", "comparison-page")])
def test_a_reader_opens_the_page_without_errors_or_broken_links(site, page, name):
    from rookery.docs.hand_story import phases

    seen, dom = _reads_cleanly(f"{site}/{page}", {})
    if page.startswith("variants/"):
        variant = rookery.load_variant(page.split("/")[1])
        steps = [step for step, _ in phases(variant)]
        assert seen["phases"]["steps"] == steps
        assert seen["phases"]["width"] > 500 and seen["phases"]["height"] > 40
        metadata = [box for box in seen["folded"] if "rk-meta" in box["classes"]]
        assert len(metadata) >= 8         # a box of rule ids, sources and rulings a phase
        assert any("Ruling" in box["text"] or "Ruling" in dom for box in metadata)
        shot = _screenshot(f"{site}/{page}?focus=how-a-hand-goes", f"{name}-phases")
        assert (243, 229, 200) in colors(shot), "the phase boxes are not painted"
        _screenshot(f"{site}/{page}?focus=the-rules", f"{name}-rules")
        _screenshot(f"{site}/{page}?click=1&focus=the-rules", f"{name}-rules-open")
    _screenshot(f"{site}/{page}", name)


def test_a_house_rule_site_agrees_with_itself(house_site):
    pages: dict[str, str] = {}
    seen, dom = _reads_cleanly(f"{house_site}/variants/grandpa/", pages)
    _reads_cleanly(f"{house_site}/", pages)
    assert "What differs from Kentucky Rook" in dom
    # the inherited ruling that speaks of Kentucky Rook's 180 is shown as its own
    parent = re.findall(r'<span class="rk-parent">(.*?)</span>', dom, re.S)
    assert any("180" in text and "total of 180" in text for text in parent)
    outside = re.sub(r'<span class="rk-parent">.*?</span>', "", dom, flags=re.S)
    outside = re.sub(r"<pre.*?</pre>|<details class=\"example\".*?</details>", "", outside,
                     flags=re.S)
    assert not re.search(r"(?<![\w-])(180|500)(?![\w-])", outside.split("<article", 1)[1]
                         .split("</article>", 1)[0].replace("(4 players)", ""))
    assert seen["phases"]["boxes"] > 5
    _screenshot(f"{house_site}/variants/grandpa/?click=1&focus=bidding", "house-rules-open")
    _screenshot(f"{house_site}/variants/grandpa/", "house-rules")


def test_the_comparison_fits_a_laptop_screen(site):
    seen, _ = _probe(f"{site}/comparison/")
    assert seen["wide_tables"] == [], "tables scroll sideways at 1366 pixels"
    assert seen["broken_ids"] == []
    _screenshot(f"{site}/comparison/", "comparison")


def test_the_protocol_page_lists_every_rejection_code(site):
    _, dom = _probe(f"{site}/protocol/")
    for code in codes.CATALOGUE:
        assert f'id="{code}"' in dom, code


def test_search_works_over_http(site):
    with urllib.request.urlopen(f"{site}/search/search_index.json", timeout=10) as answer:
        index = json.load(answer)
    pages = {doc["location"].split("#")[0] for doc in index["docs"]}
    for name in rookery.builtin_variants():
        assert f"variants/{name}/" in pages
    assert any("must-follow-color" in doc["text"] for doc in index["docs"])
    seen, _ = _probe(f"{site}/?search=circus")
    assert seen["search_input"]
    assert any("variants/circus-rook/" in href for href in seen["search_results"]), seen


def test_the_compare_report_opens_with_its_pictures(tmp_path):
    """``rookery compare --plots``: the HTML report opens in the browser with its table,
    both pictures drawn (bars in each spec's colour) and a spec's words shown as text,
    not markup."""
    from rookery.cli import main
    from rookery.play.plots import COLOURS
    house = tmp_path / "house.rook"
    house.write_text('variant house-low "House <b>low</b> & co"\nextends kentucky-rook\n'
                     'source kentucky-rook\n\ntrump:\n  rook lowest  per "Variations of '
                     'Kentucky Rook"\n', encoding="utf-8")
    assert main(["compare", "kentucky-rook", str(house), "--games", "20",
                 "--plots", str(tmp_path / "plots")]) == 0
    page = (tmp_path / "plots" / "report.html").as_uri()
    dom = _chromium(page, "--dump-dom")
    assert dom.count("<svg") == 2 and "hands per game" in dom
    assert "House &lt;b&gt;low&lt;/b&gt; &amp; co" in dom and "<b>low</b>" not in dom
    shot = _screenshot(page, "compare-report", window=(1000, 1600))
    seen = colors(shot)
    for colour in COLOURS[:2]:
        assert _rgb_hex(colour) in seen, f"no bar drawn in {colour}"


def _rgb_hex(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
