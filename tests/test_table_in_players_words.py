"""The table in a player's words (issue 31) and safe to leave (issue 29, class 15), in a
real pseudo-terminal or through a pipe: a refused action is told as a player says it
("you don't hold G5; it was played in trick 1"), the prompt for laying aside asks for
cards, help at trump names only the variant's calls, Ctrl-C saves the game as quit
does, and a pasted megabyte is not echoed back."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
from test_play_at_the_table import ANSI, PROMPT, spawn

import rookery


def _screen(child: pexpect.spawn) -> str:
    return ANSI.sub("", child.before)


def test_a_card_played_in_an_earlier_trick_is_told_where_it_went(tmp_path):
    """Seat 0 passes, then plays by hints; in the second trick it names a card of the
    first: the answer says where that card went, in a player's words, not the engine's
    code and message."""
    child = spawn("play", "tournament", "--seat", "0", "--seed", "3", "--max-hands", "1",
                  cwd=tmp_path)
    first_trick = None
    while True:
        child.expect(PROMPT)
        screen = _screen(child)
        found = re.search(r"trick  1: .*? leads: ((?:\S+ )+?)\s*won by", screen)
        first_trick = first_trick or (found.group(1).split() if found else None)
        if first_trick and "your turn: play a card" in screen:
            break
        child.sendline("pass" if child.match.group(1) == "bid" else "hint")
        if child.match.group(1) != "bid":
            child.expect(PROMPT)
            child.sendline("")
    gone = first_trick[0]
    child.sendline(gone)
    child.expect(PROMPT)
    said = _screen(child)
    assert re.search(rf"you don't hold {gone}; (it was|you) played (it )?in trick 1", said), \
        said[-400:]
    assert "card-not-in-hand" not in said and "does not hold" not in said
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_a_bid_under_the_high_bid_is_told_with_the_bid_to_beat(tmp_path):
    """Seed 3: seat 1 bids 70 before seat 0 speaks.  A bid of 67 is answered with the
    bid to beat and the next bid, and the rule cited is the one the protocol gives
    bid-too-low."""
    child = spawn("play", "tournament", "--seat", "0", "--seed", "3", cwd=tmp_path)
    child.expect(PROMPT)
    assert "high bid 70" in _screen(child)
    child.sendline("bid 67")
    child.expect(PROMPT)
    said = _screen(child)
    assert "the high bid is 70: bid more (75 or above), or pass" in said
    assert 'rule bidding.minimum "minimum 70"' in said and "bid-too-low" not in said
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_laying_aside_asks_for_cards_and_help_at_trump_names_only_the_variants_calls(
        tmp_path):
    """Tournament Rook: the bid winner lays aside a line of cards (the prompt says
    cards), and help at trump speaks of trump colors only (no no-trump, low card or
    circus, which the language has and this variant does not)."""
    child = spawn("play", "tournament", "--seat", "0", "--seed", "3", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline("bid 120")
    child.expect(PROMPT)
    assert child.match.group(1) == "cards to lay aside", _screen(child)[-400:]
    offered = re.findall(r"\(one line will do\): (.*)", _screen(child))[-1]
    child.sendline(" ".join(re.findall(r"\b(?:[A-Z]\d+|ROOK)\b", offered)[:5]))
    child.expect(PROMPT)
    assert "your turn: name trump" in _screen(child)
    child.sendline("help")
    child.expect(PROMPT)
    said = " ".join(_screen(child).split())
    assert 'trump.choices "choices colors": the bid winner may call a trump color' in said
    for other in ("no trump", "low-card", "circus"):
        assert other not in said, other
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_ctrl_c_at_the_table_saves_the_game_as_quit_does(tmp_path):
    child = spawn("play", "tournament", "--seat", "2", "--seed", "4", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    said = " ".join(child.before.split())
    assert "you left the table; the game so far is in rookery-tournament-seed4.json" in said
    assert "Traceback" not in said and "KeyboardInterrupt" not in said
    assert child.exitstatus == 0
    record = json.loads((tmp_path / "rookery-tournament-seed4.json").read_text("utf-8"))
    assert record["finished"] is False and record["stopped"] == "the person at the table left"
    replayed = subprocess.run([sys.executable, "-m", "rookery.cli", "replay",
                               str(tmp_path / "rookery-tournament-seed4.json")],
                              capture_output=True, text=True, timeout=120)
    assert replayed.returncode == 0, replayed.stderr


def test_a_long_answer_in_a_terminal_is_not_echoed_back(tmp_path):
    """The terminal's own echo is turned off: all that comes back is rookery's answer.
    (A terminal passes at most 4,095 characters a line.)"""
    child = spawn("play", "tournament", "--seat", "0", "--seed", "3", cwd=tmp_path)
    child.expect(PROMPT)
    child.setecho(False)
    child.sendline("x" * 4000)
    child.expect(PROMPT)
    said = _screen(child)
    assert "xxxx" not in said and len(said) < 400, said[:400]
    assert "that answer is 4,000 characters long" in said
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_a_megabyte_answer_through_a_pipe_is_not_echoed_back(tmp_path):
    package_root = str(Path(rookery.__file__).resolve().parent.parent)
    env = dict(os.environ, PYTHONPATH=package_root)
    result = subprocess.run([sys.executable, "-m", "rookery.cli", "play", "tournament",
                             "--seat", "0", "--seed", "3"],
                            input="x" * 1_000_000 + "\nquit\n", capture_output=True,
                            text=True, timeout=120, cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stderr[-400:]
    assert len(result.stdout) < 20_000
    assert "that answer is 1,000,000 characters long" in result.stdout
