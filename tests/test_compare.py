"""``rookery compare``: two identical specs are reported as not different, a rule that
changes the bidding is; the intervals and the sequential test behave as their error
rates say; the pictures are well-formed SVG with every spec's words escaped; mistakes
on the command line are usage mistakes with a message."""

import json
import random
import xml.etree.ElementTree as ET

import pytest

from rookery.cli import main
from rookery.play import stats
from rookery.play.plots import bid_plot, length_plot


def _compare(capsys, *argv: str) -> dict:
    capsys.readouterr()
    assert main(["compare", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_two_identical_specs_are_reported_as_not_different(capsys):
    report = _compare(capsys, "tournament", "tournament", "--games", "60",
                      "--until-significant", "hands-per-game")
    assert report["specs"][1]["same_deals_as_base"]
    for measure in report["measures"]:
        (difference,) = measure["differences"]
        assert not difference["differs"], measure["measure"]
        assert measure["specs"][0] == measure["specs"][1]
    (test,) = report["sequential_tests"]
    assert test["verdict"] == stats.RULED_OUT
    assert report["games"] == 60 or report["stopped"]


def test_a_rule_that_changes_the_auction_is_reported_as_different(capsys):
    """Kentucky Rook bids from 100, Tournament from 70 (both sources' minimums): the
    winning bid differs, and the sequential test establishes it in its first batch."""
    report = _compare(capsys, "tournament", "kentucky-rook-low", "--games", "400",
                      "--until-significant", "winning-bid")
    bid = next(m for m in report["measures"] if m["measure"] == "winning-bid")
    assert bid["differences"][0]["differs"] and bid["differences"][0]["value"] > 20
    assert report["sequential_tests"][0]["verdict"] == stats.ESTABLISHED
    assert report["games"] == 200 and "decided" in report["stopped"]
    assert not report["specs"][1]["same_deals_as_base"]        # other decks


def _games(rng: random.Random, count: int, rate: float) -> list[tuple[float, float]]:
    """Per game: hands (3 to 8) and how many of them something happened in."""
    out = []
    for _ in range(count):
        hands = rng.randint(3, 8)
        out.append((sum(rng.random() < rate for _ in range(hands)), hands))
    return out


def test_the_interval_covers_the_true_rate_about_95_times_in_100():
    rng = random.Random(7)
    covered = sum(e.low <= 0.3 <= e.high
                  for e in (stats.estimate(_games(rng, 200, 0.3)) for _ in range(200)))
    assert 180 <= covered <= 200


def test_games_from_the_same_rules_rarely_differ_and_a_real_change_is_found():
    rng = random.Random(11)
    false_alarms = sum(stats.difference(_games(rng, 300, 0.3), _games(rng, 300, 0.3))
                       .differs for _ in range(100))
    assert false_alarms <= 12              # 5% expected
    found = sum(stats.difference(_games(rng, 300, 0.3), _games(rng, 300, 0.4)).differs
                for _ in range(20))
    assert found >= 18


def test_the_sequential_test_establishes_a_real_difference_and_rules_out_none():
    rng = random.Random(5)
    base, house = _games(rng, 2000, 0.30), _games(rng, 2000, 0.36)
    assert stats.sprt(base, house, 0.05).verdict == stats.ESTABLISHED
    same = _games(rng, 2000, 0.30)
    assert stats.sprt(base, same, 0.05).verdict == stats.RULED_OUT
    assert stats.sprt(base[:5], same[:5], 0.05).verdict == stats.UNDECIDED


def test_nothing_to_measure_is_said_not_made_zero():
    empty = stats.estimate([(0, 0), (0, 0)])
    assert empty.value is None and empty.to_json()["ci95"] is None
    assert not stats.difference([(0, 0)], [(1, 2)]).differs


def test_the_pictures_are_svg_with_the_specs_words_escaped():
    report = {"specs": [{"spec": "base"}, {"spec": "<script>alert(1)</script> & co"}],
              "bid_distribution": [{"70": 3, "75": 1}, {"70": 1, "80": 2}],
              "game_lengths": [{"4": 2}, {"5": 1, "6": 1}]}
    for svg in (bid_plot(report), length_plot(report)):
        root = ET.fromstring(svg)           # well-formed
        assert root.tag.endswith("svg")
        assert "<script>" not in svg and "&lt;script&gt;" in svg
        bars = [r for r in root.iter("{http://www.w3.org/2000/svg}rect")
                if r.find("{http://www.w3.org/2000/svg}title") is not None]
        assert len(bars) == 2 * 3           # three values, a bar per spec at each


@pytest.mark.parametrize("argv, words", [
    (["tournament"], "a base and at least one house spec"),
    (["tournament", "tournament", "--games", "0"], "--games 0"),
    (["tournament", "tournament", "--until-significant", "luck"], "no such measure"),
    (["tournament", "tournament", "--smallest", "0.1"], "goes with --until-significant"),
    (["tournament", "rook-for-three"], "the same table"),
    (["tournament", "tournament", "-j", "none"], "'auto'"),
])
def test_a_mistake_on_the_command_line_is_a_usage_mistake(capsys, argv, words):
    assert main(["compare", *argv]) == 2
    assert words in capsys.readouterr().err


def test_a_stopped_comparison_keeps_the_games_that_finished_for_every_spec():
    """Ctrl-C after three work items (the first 25 seeds of both specs, then 25 more of
    the base): the comparison keeps 25 games of each, the same games a whole run plays
    first."""
    from rookery import parallel
    from rookery.play.compare import CHUNK, Comparison, play_batch

    def fresh():
        comparison = Comparison(("tournament", "kentucky-rook-low"), ("", ""), 4,
                                (True, False), 1, ("simple",) * 4, 100)
        comparison.games = [[], []]
        return comparison

    finished = []

    def stop_after_three(games):
        finished.append(games)
        if len(finished) == 3:
            raise KeyboardInterrupt

    stopped = fresh()
    with pytest.raises(parallel.Interrupted):
        play_batch(stopped, 4 * CHUNK, parallel.Workers(1), stop_after_three)
    assert stopped.played == CHUNK
    whole = fresh()
    play_batch(whole, 2 * CHUNK, parallel.Workers(1))
    assert [games[:CHUNK] for games in whole.games] == stopped.games


def test_through_a_pipe_no_figure_is_folded_and_the_notes_say_why(tmp_path):
    """Issue 31: sent to a pipe, rich folded the table at 80 columns (every interval over
    two lines); a called-partner game's seats' win rates summed past 100% with no word
    why, and a dozen intervals came with no caution."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    import rookery
    env = dict(os.environ, PYTHONPATH=str(Path(rookery.__file__).resolve().parent.parent))
    env.pop("COLUMNS", None)
    result = subprocess.run([sys.executable, "-m", "rookery.cli", "compare",
                             "call-partner-200", "tournament", "--games", "12",
                             "--no-progress"], capture_output=True, text=True, timeout=300,
                            env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    rows = [line for line in result.stdout.splitlines() if line.startswith("│")]
    # each measure on one row: a row's every cell holds an interval [low, high]
    assert len(rows) == 12 and all(line.count("]") == 3 for line in rows), rows
    notes = " ".join(line for line in result.stdout.splitlines() if line.startswith("note:"))
    assert "in tournament the games won by each seat add up to 200%" in notes
    assert "partners, fixed or called, win together" in notes
    assert "about one in twenty misses the true value" in notes


def test_the_html_report_carries_the_notes_escaped():
    from rookery.play.plots import html_report
    report = {"specs": [{"spec": "base", "title": "Base", "same_deals_as_base": True}],
              "games": 1, "first_seed": 1, "bots": ["simple"], "hand_limit": 9,
              "measures": [], "bid_distribution": [{}], "game_lengths": [{}],
              "notes": ["in <b>base</b> the games won by each seat add up to 200%"]}
    page = html_report(report)
    assert "<li>in &lt;b&gt;base&lt;/b&gt; the games won by each seat add up to 200%</li>" \
        in page


def test_the_share_axis_is_labelled_in_round_figures():
    """An axis in fifths of the highest bar read 0%, 20%, 41%, 61%, 82%."""
    import re

    from rookery.play.plots import share_axis
    report = {"specs": [{"spec": "base"}, {"spec": "house"}],
              "bid_distribution": [{"70": 82, "75": 18}, {"70": 50, "80": 50}],
              "game_lengths": [{"4": 2}, {"5": 1, "6": 1}]}
    labels = re.findall(r'text-anchor="end">(\d+)%</text>', bid_plot(report))
    assert labels == ["0", "20", "40", "60", "80", "100"]
    for highest in (0.82, 0.41, 0.07, 0.013, 0.5, 1.0):
        top, tick = share_axis(highest)
        assert top >= highest and top / tick <= 5 + 1e-9
        assert round(tick * 100) in (1, 2, 5, 10, 20, 25)
