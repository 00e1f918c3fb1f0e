"""docs/play.md as a player reads it: its commands for bots run as written, the ways of
typing an action it lists are understood at the table, and the search bot's figures it
quotes are the measured ones in benchmarks/README.md."""

import random
import re
import shlex
from pathlib import Path

import pytest

import rookery
from rookery.cli import main
from rookery.play.spoken import NotUnderstood, read_one

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")


def commands(seat: bool) -> list[str]:
    """The page's ``rookery`` commands, with (``seat``) or without a seat at the table."""
    blocks = re.findall(r"```sh\n(.*?)```", PAGE, re.S)
    lines = [line.split("#")[0].strip() for block in blocks for line in block.splitlines()]
    return [line for line in lines if line.startswith("rookery ")
            and ("--seat" in line) == seat]


@pytest.mark.parametrize("command", commands(seat=False))
def test_every_bot_command_of_the_page_runs_as_written(command, tmp_path, monkeypatch,
                                                       capsys):
    monkeypatch.chdir(tmp_path)
    assert main(shlex.split(command)[1:]) == 0
    out = capsys.readouterr().out
    if "--games" in command:
        assert re.search(r"ismcts .* \d+% ", out) and "10 of 10 games finished" in out
    else:
        assert "Hand 1" in out and "Game over:" in out


def test_the_page_has_commands_of_both_kinds():
    assert commands(seat=True) and len(commands(seat=False)) >= 2


def test_the_ways_of_typing_the_page_lists_are_understood_at_the_table():
    """Tournament Rook, the first bidder: ``85``, ``bid 85``, ``pass``."""
    variant = rookery.load_variant("tournament")
    hand = rookery.deal_hand(variant, random.Random(3), dealer=0)
    for said, meant in (("85", "bid 85"), ("bid 85", "bid 85"), ("pass", "pass")):
        action = read_one(hand, hand.legal_actions(), said)
        assert not isinstance(action, NotUnderstood), (said, action)
        assert f"{action.kind} {action.value}".replace(" None", "") == meant


def test_the_search_bot_s_figures_are_the_measured_ones():
    """Each win rate the page quotes is in the result table of benchmarks/README.md."""
    measured = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    table = PAGE.split("## How strong is the search bot?")[1].split("```")[0]
    rates = re.findall(r"\| (\d+\.\d)% \|", table)
    assert len(rates) == 4
    for rate in rates:
        assert f"({rate}%)" in measured, rate
