"""A person at the table (issue 12): ``rookery play tournament --seat 0`` driven through a
pseudo-terminal as a person plays it, a whole game against bots to the end."""

from __future__ import annotations

import io
import json
import os
import random
import re
import sys
from pathlib import Path

import pexpect
import pytest
from rich.console import Console

import rookery
from rookery.play.bots import SimpleBot
from rookery.play.games import play_game
from rookery.play.table import HumanSeat, TableView

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = r"your choice \(1-(\d+)"


def spawn(*args: str) -> pexpect.spawn:
    package_root = str(Path(rookery.__file__).resolve().parent.parent)
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="120",
               PYTHONPATH=os.pathsep.join(filter(None, [package_root,
                                                        os.environ.get("PYTHONPATH")])))
    env.pop("NO_COLOR", None)
    return pexpect.spawn(sys.executable, ["-m", "rookery.cli", *args], encoding="utf-8",
                         timeout=60, dimensions=(40, 120), env=env)


def options(screen: str) -> dict[int, str]:
    """The numbered actions on the screen: number -> action."""
    return {int(n): action for n, action in re.findall(r"^\s+(\d+)\) (\S+(?: \S+)?)",
                                                       screen, re.M)}


def held(screen: str) -> list[str]:
    line = [ln for ln in screen.splitlines() if "your hand:" in ln][-1]
    return re.findall(r"\b(?:[A-Z]\d+|ROOK)\b", line.split("your hand:")[1])


def test_a_person_plays_a_whole_game_of_tournament_rook_against_bots():
    child = spawn("play", "tournament", "--seat", "0", "--seed", "3")
    screen_log: list[str] = []
    decisions = 0
    refused = False
    while True:
        found = child.expect([PROMPT, "Game over", pexpect.EOF])
        screen = ANSI.sub("", child.before)
        screen_log.append(screen)
        if found != 0:
            break
        decisions += 1
        menu = options(screen)
        assert menu and max(menu) == int(child.match.group(1))
        if "your turn: play a card" in screen and not refused:
            cards = held(screen)
            illegal = [c for c in cards if f"play {c}" not in menu.values()]
            if illegal:
                # a card of another color while the led color is held: refused, with
                # the rule in words, and the same choice is asked again
                child.sendline(f"play {illegal[0]}")
                child.expect(PROMPT)
                answer = ANSI.sub("", child.before)
                assert "refused: must-follow-color" in answer
                assert "must follow the led color" in answer
                assert 'rule play.follow: "follow color" (wikipedia-rook, Play)' in answer
                refused = True
        # a cautious person: passes once the bidding reaches 80, else takes the first
        # offer (the lowest bid, the first card by color)
        high = re.search(r"high bid (\d+)", screen)
        passes = [n for n, action in menu.items() if action == "pass"]
        child.sendline(str(passes[0] if passes and high and int(high.group(1)) >= 75
                           else 1))
    child.expect(pexpect.EOF)
    child.close()
    text = "".join(screen_log) + "Game over" + ANSI.sub("", child.before or "")
    assert found == 1, text[-2000:]
    assert child.exitstatus == 0
    assert refused
    assert decisions > 20                    # a whole game, not one hand
    assert "Game over:" in text
    # what the person sees
    assert "your hand: " in text and re.search(r"your hand: black: B\d+", text)
    assert re.search(r"trump: (black|red|yellow|green)", text)
    assert "nest             5 cards, face down" in text
    assert re.search(r"trick  1: seat \d \(team \d\) leads: ", text)
    assert re.search(r"won by seat \d \(team \d\)", text)
    assert "running score: team 0 " in text
    # never another seat's cards: only seat 0's hand is dealt out on the screen
    assert not re.search(r"^  seat [123] \(team \d\)  [A-Z]", text, re.M)


def test_leaving_the_table_ends_the_game_quietly_and_keeps_the_record(tmp_path):
    record = tmp_path / "left.json"
    child = spawn("play", "tournament", "--seat", "2", "--record", str(record))
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert f"you left the table; the game so far is in {record}" in \
        " ".join(child.before.split()).replace("\r", "")
    assert "Traceback" not in child.before
    assert child.exitstatus == 0
    kept = json.loads(record.read_text(encoding="utf-8"))
    assert kept["players"] == ["simple", "simple", "human", "simple"]
    assert kept["finished"] is False and kept["stopped"] == "the person at the table left"


def test_a_number_out_of_range_is_asked_again():
    child = spawn("play", "rook-for-three", "--seat", "1")
    child.expect(PROMPT)
    child.sendline("99")
    child.expect("there are actions 1 to")
    child.expect(PROMPT)
    child.sendline("bid fifty")
    child.expect("a bid is a whole number")
    child.sendline("quit")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("variant", ["display", "call-partner-200", "standard-deck-pass-cycle",
                                     "circus-rook", "rook-for-three"])
def test_a_person_plays_a_hand_of_other_variants(variant):
    """A dummy to play for, a partner to call, cards to pass, a trump call, three players:
    the person plays a whole hand of each through the terminal."""
    child = spawn("play", variant, "--seat", "1", "--max-hands", "1")
    decisions = 0
    while child.expect([PROMPT, pexpect.EOF]) == 0:
        decisions += 1
        child.sendline("1")
    child.close()
    assert child.exitstatus == 0
    assert decisions > 5
    assert "stopped after 1 hands" in child.before or "Game over" in child.before


class ScriptedConsole(Console):
    """A console whose person always answers with the first action offered."""

    def input(self, prompt="", **kwargs) -> str:
        self.print(prompt)
        return "1"


@pytest.mark.parametrize("variant_id", rookery.builtin_variants())
def test_the_human_seat_plays_every_variant(variant_id):
    variant = rookery.load_variant(variant_id)
    console = ScriptedConsole(file=io.StringIO(), width=100)
    rng = random.Random(5)
    players = [SimpleBot(rng) for _ in range(variant.table.players)]
    players[0] = HumanSeat(console, 0)
    outcome = play_game(variant, players, 5, max_hands=2, view=TableView(console, 0), rng=rng)
    assert outcome.hands >= 1 and not outcome.left
    assert outcome.record["players"][0] == "human"
    screen = console.file.getvalue()
    assert "your hand: " in screen and "your turn: " in screen
