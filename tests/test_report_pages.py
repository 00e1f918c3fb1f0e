"""A report to share (issue 30, point 3): ``--html DIR`` on ``conformance``, ``fuzz`` and
``check-games``, and ``rookery report`` laying runs side by side, built from real runs
and opened in headless Chromium: no console error, every rule link lands on an anchor
of the pages written, every hostile string shown as text."""

from __future__ import annotations

import json
import re
import subprocess
import tempfile
from html import unescape
from pathlib import Path
from urllib.parse import unquote

import pytest

from rookery.cli import main

from live_html import TEXT, hostile_specs, live_in_html

CHROMIUM = Path("/usr/bin/chromium")

LOW_MINIMUM = """variant low-min "Tournament, bids from 60"
extends tournament

bidding:
  minimum 60
    ruling "a planted difference"
"""


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> Path:
    """Three real runs, each with --json and --html: the corpus's follow cases on the
    built-in interpreter, fuzz against the interpreter of a spec whose lowest bid
    differs, check-games of a played record with a card played by a seat that does not
    hold it; and the dashboard of the three."""
    root = tmp_path_factory.mktemp("runs")
    assert main(["conformance", "--variant", "tournament", "--rule", "play.follow",
                 "--json", str(root / "corpus.json"), "--html", str(root / "corpus"),
                 "--no-progress"]) == 0
    (root / "low.rook").write_text(LOW_MINIMUM)
    assert main(["fuzz", "--variant", "tournament", "--engine-spec", str(root / "low.rook"),
                 "--deals", "8", "--no-progress", "--cases", str(root / "fuzz-cases"),
                 "--json", str(root / "fuzz.json"), "--html", str(root / "fuzz")]) == 1
    record = root / "game.json"
    assert main(["play", "tournament", "--seed", "7", "--record", str(record)]) == 0
    planted = json.loads(record.read_text())
    entry = planted["hands"][1]
    index, (seat, _) = next((i, a) for i, a in enumerate(entry["actions"])
                            if a[1].startswith("play "))
    entry["actions"][index] = [seat, "play " + entry["hands"][(seat + 1) % 4][-1]]
    (root / "planted.json").write_text(json.dumps(planted))
    assert main(["check-games", str(root / "planted.json"), "--cases",
                 str(root / "games-cases"), "--json", str(root / "games.json"),
                 "--html", str(root / "games")]) == 1
    assert main(["report", str(root / "corpus.json"), str(root / "fuzz.json"),
                 str(root / "games.json"), "--html", str(root / "dashboard")]) == 0
    return root


def _chromium(page: Path) -> tuple[str, list[str]]:
    """The page's DOM as Chromium built it, and what it said on its console."""
    assert CHROMIUM.is_file(), "headless Chromium is needed: apt-get install -y chromium"
    with tempfile.TemporaryDirectory() as profile:
        run = subprocess.run(
            [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", f"--user-data-dir={profile}", "--enable-logging=stderr",
             "--v=0", "--virtual-time-budget=3000", "--dump-dom", page.as_uri()],
            capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    console = [line for line in run.stderr.splitlines() if "CONSOLE" in line
               or "Content Security Policy" in line or "Uncaught" in line]
    return run.stdout, console


def test_the_console_check_sees_an_error(tmp_path):
    """The check below can fail: a page that throws is seen."""
    page = tmp_path / "bad.html"
    page.write_text("<!doctype html><title>x</title><script>throw new Error('seen')"
                    "</script>")
    _, console = _chromium(page)
    assert any("seen" in line for line in console), console


def _links(html: str) -> list[str]:
    return [unescape(href) for href in re.findall(r'href="([^"]*)"', html)]


def _broken_links(page: Path) -> list[str]:
    """The links of ``page`` that lead to no file or to no anchor of it."""
    broken = []
    for link in _links(page.read_text()):
        target, _, anchor = link.partition("#")
        path = page.parent / unquote(target) if target else page
        if not path.is_file():
            broken.append(f"{link}: no such page")
        elif anchor and f'id="{unquote(anchor)}"' not in unescape(path.read_text()):
            broken.append(f"{link}: no such anchor")
    return broken


@pytest.mark.parametrize("name", ["corpus", "fuzz", "games", "dashboard"])
def test_a_page_opens_cleanly_and_every_rule_link_lands(runs, name):
    folder = runs / name
    page = folder / "index.html"
    dom, console = _chromium(page)
    assert console == []
    assert _broken_links(page) == []
    rules = [link for link in _links(page.read_text()) if "#" in link]
    assert len(rules) >= 40          # every rule of Tournament, linked
    for rules_page in folder.glob("rules-*.html"):
        assert _broken_links(rules_page) == []
        assert live_in_html(rules_page.read_text(), rules_page.name) == []
    assert live_in_html(page.read_text(), name) == []
    if name != "dashboard":
        svg = (folder / "badge.svg").read_text()
        assert re.search(r"rookery tournament: \d+/4\d conform", svg), svg


def test_the_run_page_shows_engine_spec_verdicts_breaks_and_reasons(runs):
    fuzz = (runs / "fuzz" / "index.html").read_text()
    report = json.loads((runs / "fuzz.json").read_text())
    assert report["oracle"]["sha256"] in fuzz
    assert "low.rook" in fuzz                          # the engine
    # the rule broken, with its minimal case and the command that reruns it
    [deviation] = report["deviations"]
    assert deviation["rules"] == ["bidding.minimum"]
    assert f"<code>{deviation['case']}</code>" in fuzz
    assert "rerun: <code>rookery conformance" in fuzz
    # grouped by phase, each rule with its sentence and its evidence or reason
    assert fuzz.index("<h3>Bidding</h3>") < fuzz.index("<h3>Scoring</h3>")
    conforming = [v for v in report["verdicts"] if v["verdict"] == "conforms"]
    row = re.search(r'#play\.follow".*?</tr>', fuzz).group(0)
    follow = next(v for v in conforming if v["rule"] == "play.follow")
    assert f"{follow['witnesses']} witnesses" in row and "led" in row
    for verdict in report["verdicts"]:
        if verdict["verdict"] == "not reached":
            assert unescape(fuzz).count(verdict["reason"]) >= 1
    games = (runs / "games" / "index.html").read_text()
    assert "card-not-in-hand" in games and "hand 2 of game 1" in games
    # a conforming rule's witnesses, with the first and the alternative it would catch
    verdicts = {v["rule"]: v for v in json.loads((runs / "games.json").read_text())
                ["verdicts"]}
    row = unescape(re.search(r'#bidding\.minimum".*?</tr>', games).group(0))
    assert f"{verdicts['bidding.minimum']['witnesses']} witnesses" in row
    assert f"`{verdicts['bidding.minimum']['witness']['alternative']}` would have been " \
        "caught" in row


def test_the_dashboard_lays_the_engines_side_by_side(runs):
    page = (runs / "dashboard" / "index.html").read_text()
    header = re.search(r"<tr><th>rule</th>(.*?)</tr>", page).group(1)
    assert header.count("<th>") == 3
    assert "conformance" in header and "fuzz" in header and "check-games" in header
    row = re.search(r'#bidding\.minimum".*?</tr>', page).group(0)
    # the columns in the reports' order: the corpus, fuzz (the planted minimum), the
    # record (whose bids conform)
    assert re.findall(r'<td class="([a-z-]+)"', row) == ["conforms", "breaks", "conforms"]


def test_hostile_strings_are_shown_as_text(tmp_path, runs):
    """An engine's name and a spec's words from hostile hands: nothing live on the
    page, the strings shown as themselves."""
    from test_check_games import as_lines
    record = json.loads((runs / "game.json").read_text())
    spec = Path(hostile_specs(tmp_path)[0])
    lines = as_lines(record, engine=TEXT[0], legal=False)
    lines[0]["variant"] = "hostile-base"
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(line) + "\n" for line in lines))
    code = main(["check-games", str(log), "--spec", str(spec), "--cases",
                 str(tmp_path / "cases"), "--html", str(tmp_path / "page"),
                 "--json", str(tmp_path / "hostile.json")])
    assert code in (0, 1)
    assert main(["report", str(tmp_path / "hostile.json"), "--spec", str(spec),
                 "--html", str(tmp_path / "dash")]) == 0
    for page in [*(tmp_path / "page").glob("*.html"), *(tmp_path / "dash").glob("*.html")]:
        assert live_in_html(page.read_text(), page.name) == []
    for page in (tmp_path / "page" / "rules-hostile-base.html", tmp_path / "dash" /
                 "index.html"):
        _, console = _chromium(page)
        assert console == []
    page = (tmp_path / "page" / "index.html").read_text()
    assert "&lt;script&gt;alert(&#39;PWN&#39;)&lt;/script&gt;" in page


def test_a_report_that_is_no_report_is_a_usage_mistake(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"hello": 1}')
    assert main(["report", str(bad), "--html", str(tmp_path / "out")]) == 2
    assert "not a report of rookery" in capsys.readouterr().err
