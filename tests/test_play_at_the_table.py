"""A person at the table (issues 12 and 22): ``rookery play tournament --seat 0`` driven
through a pseudo-terminal as a person plays it, typing cards and bids as players say
them, asking for help and a hint, to the end of a whole game; leaving saves the game."""

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
from rookery.engine import Action
from rookery.play.bots import SimpleBot
from rookery.play.games import play_game
from rookery.play.moment import moment_help
from rookery.play.spoken import NotUnderstood, read_cards, read_one
from rookery.play.table import HumanSeat, TableView, cards_in_order, shown

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = r"your (bid|card|choice|cards to lay aside) \(help, hint, quit\): "
TOURNAMENT = rookery.load_variant("tournament")


def spawn(*args: str, cwd: Path | None = None) -> pexpect.spawn:
    package_root = str(Path(rookery.__file__).resolve().parent.parent)
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="160",
               PYTHONPATH=os.pathsep.join(filter(None, [package_root,
                                                        os.environ.get("PYTHONPATH")])))
    env.pop("NO_COLOR", None)
    return pexpect.spawn(sys.executable, ["-m", "rookery.cli", *args], encoding="utf-8",
                         timeout=60, dimensions=(40, 160), env=env, cwd=cwd)


def on_offer(screen: str) -> list[str]:
    """The cards on offer in the last 'you may play: ...' / 'lay aside N cards ...: ...'
    line of the screen."""
    line = re.findall(r"(?:you may play|\(one line will do\)): (.*)", screen)[-1]
    return re.findall(r"\b(?:[A-Z]\d+|ROOK)\b", line)


def held(screen: str) -> list[str]:
    line = [ln for ln in screen.splitlines() if "your hand:" in ln][-1]
    return re.findall(r"\b(?:[A-Z]\d+|ROOK)\b", line.split("your hand:")[1])


def as_spoken(code: str, turn: int) -> str:
    """A card as a person types it, in turn: 'y10', '10 yellow', 'Y10'."""
    names = {c.letter: c.name for c in TOURNAMENT.deck.colors}
    if code == "ROOK" or turn % 3 == 2:
        return code if turn % 2 else code.lower()
    return code.lower() if turn % 3 == 0 else f"{code[1:]} {names[code[0]]}"


def test_a_person_plays_a_whole_game_of_tournament_rook_typing_as_players_speak():
    child = spawn("play", "tournament", "--seat", "0", "--seed", "3")
    text: list[str] = []
    turns = 0
    asked_help = hint_taken = refused = laid_aside_in_one_line = False
    hinted = None
    trump_said = None
    while True:
        found = child.expect([PROMPT, "Game over", pexpect.EOF])
        screen = ANSI.sub("", child.before)
        text.append(screen)
        if found != 0:
            break
        turns += 1
        noun = child.match.group(1)
        if hinted and not hint_taken:
            # Enter played the hinted card: the table saw it before this question
            assert hinted in screen.split("your hand:")[0], screen[-800:]
            hint_taken = True
        if not asked_help:
            # help lists only this moment's actions, with their rules in words
            assert noun == "bid"
            child.sendline("help")
            child.expect(PROMPT)
            said = ANSI.sub("", child.before)
            assert "now you may bid" in said and "the rules behind it:" in said
            assert 'bidding.step "step 5": bids are multiples of this (wikipedia-rook, ' \
                   'Bidding)' in said
            assert "bidding.pass" in said
            # no action kind this moment does not offer
            for other in ("discard", "trump", "rook high", "leader", "redeal", "claim"):
                assert other not in said.split("also:")[0], other
            asked_help = True
        if noun == "bid":
            # the auction in one line, not a menu of every bid
            offer = re.findall(r"you may bid (\d+) to (\d+) by 5, or pass", screen)
            assert offer, screen[-600:]
            assert not re.search(r"^\s+\d+\) bid", screen, re.M)
            low = int(offer[-1][0])
            child.sendline(("pass" if low > 85 else f"bid {low}" if turns % 2 else str(low)))
        elif "lay aside" in screen.split("your hand:")[-1]:
            need = int(re.findall(r"lay aside (\d) cards", screen)[-1])
            cards = on_offer(screen)[:need]
            child.sendline(" ".join(as_spoken(c, i) for i, c in enumerate(cards)))
            # all five go at once: no question before the table hears of it
            assert child.expect([r"seat 0 \(team 0\) lays aside ((?:\S+ ){4}\S+)",
                                 PROMPT]) == 0
            assert child.match.group(1).split() == cards
            laid_aside_in_one_line = True
        elif "your turn: name trump" in screen:
            names = re.findall(r"trump ([A-Z]) \((\w+)\)", screen)
            letter, name = names[-1]
            trump_said = name
            child.sendline(f"trump {name}" if turns % 2 else f"trump {letter}")
        elif "your turn: play a card" in screen:
            offered = on_offer(screen)
            not_offered = [c for c in held(screen) if c not in offered]
            if not_offered and not refused:
                # a card of another color while the led color is held: refused in
                # words, with the rule, and the same choice is asked again
                child.sendline(as_spoken(not_offered[0], 1))
                child.expect(PROMPT)
                answer = ANSI.sub("", child.before)
                assert "refused" not in answer and "must-follow-color" not in answer
                assert re.search(r"you must follow \w+, the color led: you hold ", answer)
                assert 'rule play.follow "follow color": players must follow the led color ' \
                       'if they can (wikipedia-rook, Play)' in answer
                refused = True
            if not hinted:
                child.sendline("hint")
                child.expect(PROMPT)
                said = re.search(r"hint from the ismcts bot: play (\S+) \(press Enter to "
                                 r"play it\)", ANSI.sub("", child.before))
                assert said and said.group(1) in offered
                child.sendline("")
                hinted = said.group(1)
            else:
                child.sendline(as_spoken(offered[0], turns))
        else:
            pytest.fail(f"an unexpected question: {screen[-800:]}")
    child.expect(pexpect.EOF)
    child.close()
    whole = "".join(text) + "Game over" + ANSI.sub("", child.before or "")
    assert found == 1, whole[-2000:]
    assert child.exitstatus == 0
    assert asked_help and hint_taken and refused and laid_aside_in_one_line
    assert turns > 20                        # a whole game, not one hand
    assert "Game over:" in whole
    assert "Traceback" not in whole
    # what the person sees: the hand sorted with trump first once named, the points of
    # each side and the bid, single forced actions played for them
    if trump_said:
        assert re.search(rf"your hand: trump \({trump_said}\): [^|]*", whole)
    assert re.search(r"points taken: team 0 \d+, team 1 \d+; seat \d \(team \d\) bid \d+",
                     whole)
    assert "only one choice: play " in whole
    assert "nest             5 cards, face down" in whole
    assert re.search(r"trick  1: seat \d \(team \d\) leads: ", whole)
    assert "running score: team 0 " in whole
    # never another seat's cards: only seat 0's hand is dealt out on the screen
    assert not re.search(r"^  seat [123] \(team \d\)  [A-Z]", whole, re.M)


def test_leaving_the_table_saves_the_game_as_a_record(tmp_path):
    """Without --record the game is kept in the current folder, named after the variant
    and seed; it replays."""
    child = spawn("play", "tournament", "--seat", "2", "--seed", "4", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    said = " ".join(child.before.split())
    kept = tmp_path / "rookery-tournament-seed4.json"
    assert "you left the table; the game so far is in rookery-tournament-seed4.json" in said
    assert "Traceback" not in said
    assert child.exitstatus == 0
    record = json.loads(kept.read_text(encoding="utf-8"))
    assert record["players"] == ["simple", "simple", "human", "simple"]
    assert record["finished"] is False and record["stopped"] == "the person at the table left"
    # the hand in progress is kept: its deal and the auction so far (seat 1 spoke first)
    assert record["hands"] == [] and record["unfinished"]["actions"][0][0] == 1
    assert len(record["unfinished"]["hands"][2]) == 9
    replayed = pexpect.run(f"{sys.executable} -m rookery.cli replay {kept}", encoding="utf-8",
                           withexitstatus=True, env=dict(os.environ, COLUMNS="160"))
    assert replayed[1] == 0, replayed[0]
    assert "the record stops here in the middle of a hand: the person at the table left" \
        in replayed[0]
    assert "seat 1 (team 1) bids" in replayed[0] or "seat 1 (team 1) passes" in replayed[0]
    # a second game left at the same seed does not overwrite the first
    child = spawn("play", "tournament", "--seat", "2", "--seed", "4", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert (tmp_path / "rookery-tournament-seed4-2.json").exists()


def test_leaving_with_record_keeps_it_where_asked(tmp_path):
    record = tmp_path / "left.json"
    child = spawn("play", "tournament", "--seat", "2", "--record", str(record))
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert f"the game so far is in {record}" in " ".join(child.before.split())
    assert json.loads(record.read_text(encoding="utf-8"))["finished"] is False


def test_what_is_not_understood_is_said_and_asked_again(tmp_path):
    child = spawn("play", "rook-for-three", "--seat", "1", "--seed", "2", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline("bid fifty")
    child.expect("'bid fifty' is not one of the actions open now; you may bid ")
    child.expect(PROMPT)
    child.sendline("bid 3")
    child.expect(r"the lowest bid is 50|the high bid is \d+: bid more")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("variant", ["display", "call-partner-200", "standard-deck-pass-cycle",
                                     "circus-rook", "rook-for-three"])
def test_a_person_plays_a_hand_of_other_variants_by_hints(variant):
    """A dummy to play for, a partner to call, cards to pass, a trump call, three players:
    the person plays a whole hand of each, asking a hint and taking it each time."""
    child = spawn("play", variant, "--seat", "1", "--max-hands", "1")
    decisions = 0
    while child.expect([PROMPT, pexpect.EOF]) == 0:
        decisions += 1
        child.sendline("hint")
        child.expect(r"hint from the ismcts bot: ")
        child.expect(PROMPT)
        child.sendline("")
    child.close()
    assert child.exitstatus == 0
    assert decisions > 3
    assert "stopped after 1 hands" in child.before or "Game over" in child.before


# -- what a person types, read as players say it ------------------------------------------

def _at_play(seed: int = 3):
    """A hand of Tournament in the play, seat to act holding several colors."""
    hand = rookery.deal_hand(TOURNAMENT, seed=seed, dealer=0)
    bot = SimpleBot(random.Random(1))
    while hand.phase != "play":
        hand.apply(bot.choose(hand))
    return hand


def test_a_card_is_read_as_players_say_it():
    hand = _at_play()
    legal = list(hand.legal_actions())
    card = next(a.value for a in legal if a.value != "ROOK")
    color = next(c.name for c in TOURNAMENT.deck.colors if c.letter == card[0])
    for said in (card, card.lower(), f"{card[1:]} {color}", f"{color} {card[1:]}",
                 f"play {card.lower()}", f"{card[1:]} of {color.upper()}"):
        assert read_one(hand, legal, said) == Action("play", card), said
    assert read_one(hand, legal, "rook") == Action("play", "ROOK") or \
        "play ROOK" not in map(str, legal)


def test_a_bare_rank_is_read_only_when_one_card_of_it_is_offered():
    hand = _at_play()
    legal = list(hand.legal_actions())
    ranks: dict[str, list[str]] = {}
    for action in legal:
        if action.value != "ROOK":
            ranks.setdefault(action.value[1:], []).append(action.value)
    for rank, cards in ranks.items():
        answer = read_one(hand, legal, rank)
        if len(cards) == 1:
            assert answer == Action("play", cards[0])
        else:
            assert isinstance(answer, NotUnderstood)
            assert answer.why.startswith(f"which {rank}? ")


def test_trump_and_bids_are_read_as_players_say_them():
    hand = rookery.deal_hand(TOURNAMENT, seed=3, dealer=0)
    legal = list(hand.legal_actions())
    assert read_one(hand, legal, "85") == Action("bid", 85)
    assert read_one(hand, legal, "bid 85") == Action("bid", 85)
    assert read_one(hand, legal, "Pass") == Action("pass")
    # a bid the rules refuse is still read, for the engine to say why
    assert read_one(hand, legal, "bid 72") == Action("bid", 72)
    bot = SimpleBot(random.Random(1))
    while hand.phase != "trump":
        hand.apply(bot.choose(hand))
    legal = list(hand.legal_actions())
    for said in ("trump green", "trump G", "green", "G", "trump g", "Green"):
        assert read_one(hand, legal, said) == Action("trump", "G"), said
    assert isinstance(read_one(hand, legal, "trump purple"), NotUnderstood)
    # help at this moment: the trump choices and their rule, nothing of the auction
    said = "\n".join(moment_help(hand, legal, "simple"))
    assert "now you may: trump B (black) | trump R (red) | trump Y (yellow) | trump G " \
           "(green)" in said
    assert 'trump.choices "choices colors": the bid winner may call a trump color' in said
    assert "type trump as 'trump black', 'trump B' or 'black'" in said
    assert not re.search(r"\bbid \d|\bpass\b", said.split("also:")[0])


def test_the_nest_is_laid_aside_in_one_line():
    hand = rookery.deal_hand(TOURNAMENT, seed=3, dealer=0)
    bot = SimpleBot(random.Random(1))
    while hand.phase != "discard":
        hand.apply(bot.choose(hand))
    legal = list(hand.legal_actions())
    codes = [a.value for a in legal][:5]
    color = {c.letter: c.name for c in TOURNAMENT.deck.colors}
    typed = f"{codes[0].lower()}, {codes[1][1:]} {color[codes[1][0]]} " + " ".join(codes[2:])
    assert read_cards(hand, legal, typed) == [Action("discard", c) for c in codes]
    assert isinstance(read_cards(hand, legal, "Y10 Z99"), NotUnderstood)


STRICT_NEST = rookery.load_text(
    'variant strict "No counters in the nest"\nextends tournament\n\n'
    'nest:\n  forbid counters unless forced    per wikipedia-rook "[bold red]Bidding"\n',
    "strict.rook")


class TypingConsole(Console):
    """A console whose person types the given answers in turn, then quits."""

    def __init__(self, answers, **kwargs):
        super().__init__(file=io.StringIO(), width=200, **kwargs)
        self.answers = list(answers)

    def input(self, prompt="", **kwargs) -> str:
        self.print(prompt)
        return self.answers.pop(0) if self.answers else "quit"


def test_counters_not_offered_for_the_nest_are_named_with_the_reason():
    """With counters forbidden in the nest, the refused cards are named with the reason
    in words, and a line naming one is refused whole (nothing is laid aside)."""
    hand = rookery.deal_hand(STRICT_NEST, seed=3, dealer=0)
    bot = SimpleBot(random.Random(1))
    while hand.phase != "discard":
        hand.apply(bot.choose(hand))
    held = [hand.t.codes[c] for c in hand.hands[hand.to_act]]
    counters = [c for c in held if hand.t.points[hand.t.card_of[c]]]
    others = [c for c in held if c not in counters]
    assert counters and len(others) >= 5
    console = TypingConsole([" ".join(others[:4] + counters[:1]), " ".join(others[:5])])
    seat = HumanSeat(console, hand.to_act)
    first = seat.choose(hand)
    screen = console.file.getvalue()
    line = next(ln for ln in screen.splitlines() if "not offered: " in ln)
    assert line.endswith(": the bid winner may not lay a counter aside while other cards "
                         "remain")
    # named as the hand shows them: by color in the deck's order, low to high
    t = hand.t
    def place(code):            # the Rook, of no color, comes last
        card = t.card_of[code]
        return (t.color_of[card] if t.color_of[card] >= 0 else 99, t.rank_index[card])
    assert line.split("not offered: ")[1].split(":")[0].split() == sorted(counters, key=place)
    assert f"{counters[0]} is refused, so nothing is laid aside yet:" in screen
    assert "not allowed: the bid winner may not lay a counter aside" in screen
    # the citation comes from the spec, markup and all, printed as written
    assert '(wikipedia-rook, [bold red]Bidding)' in screen
    # the second line is taken: the first card now, the other four queued
    assert first == Action("discard", others[0])
    for code in others[1:5]:
        hand.apply(first)
        first = seat.choose(hand)
        assert first == Action("discard", code)


def test_the_hand_is_sorted_with_trump_and_the_rook_first():
    """Once trump is named, the trumps come first, low to high, the Rook among them where
    it ranks: at the top in Tournament (``trump: rook highest``), at the bottom with
    ``rook lowest``."""
    low = rookery.load_text('variant low "Rook lowest"\nextends tournament\n\n'
                            'trump:\n  rook lowest    ruling "a test"\n', "low.rook")
    for variant, rook_at in ((TOURNAMENT, -1), (low, 0)):
        hand = rookery.deal_hand(variant, seed=3, dealer=0)
        bot = SimpleBot(random.Random(1))
        while hand.phase != "play":
            hand.apply(bot.choose(hand))
        holder = next(s for s in range(hand.n) if hand.t.rook in hand.hands[s])
        held = [hand.t.codes[c] for c in hand.hands[holder]]
        shown = re.sub(r"\[/?[a-z ]*\]", "", cards_in_order(hand, held))
        name = next(c.name for c in variant.deck.colors if c.letter == hand.ctx.call)
        first = shown.split(" | ")[0]
        assert first.startswith(f"trump ({name}): ")
        trumps = first.split(": ")[1].split()
        assert sorted(trumps) == sorted(c for c in held if c[0] == hand.ctx.call
                                        or c == "ROOK")
        assert trumps[rook_at] == "ROOK"
        assert shown.count("ROOK") == 1


class HintTaker(Console):
    """A console whose person asks a hint at every question and takes it."""

    def __init__(self, **kwargs):
        super().__init__(file=io.StringIO(), width=100, **kwargs)
        self.asked = False

    def input(self, prompt="", **kwargs) -> str:
        self.print(prompt)
        self.asked = not self.asked
        return "hint" if self.asked else ""


@pytest.mark.parametrize("variant_id", rookery.builtin_variants())
def test_the_human_seat_plays_every_variant(variant_id):
    variant = rookery.load_variant(variant_id)
    console = HintTaker()
    rng = random.Random(5)
    players = [SimpleBot(rng) for _ in range(variant.table.players)]
    players[0] = HumanSeat(console, 0)
    outcome = play_game(variant, players, 5, max_hands=2, view=TableView(console, 0), rng=rng)
    assert outcome.hands >= 1 and not outcome.left
    assert outcome.record["players"][0] == "human"
    screen = console.file.getvalue()
    assert "your hand: " in screen and "your turn: " in screen
    assert "hint from the ismcts bot: " in screen


def test_a_hint_asks_the_strongest_bot_the_registry_knows(monkeypatch):
    """Bots are looked up by name in one registry: once a search bot is registered as
    'ismcts', hints come from it, not from the simple bot."""
    from rookery.play import bots

    class LastChoice:
        name = "ismcts"

        def __init__(self, rng):
            pass

        def choose(self, hand):
            return list(hand.legal_actions())[-1]

    made = bots.make_bot
    monkeypatch.setattr(bots, "BOTS", tuple(bots.BOTS) + ("ismcts",))
    monkeypatch.setattr(bots, "make_bot", lambda name, rng: LastChoice(rng)
                        if name == "ismcts" else made(name, rng))
    hand = rookery.deal_hand(TOURNAMENT, seed=3, dealer=0)
    console = TypingConsole(["hint", ""])
    chosen = HumanSeat(console, hand.actor).choose(hand)
    last = list(hand.legal_actions())[-1]
    assert chosen == last
    assert f"hint from the ismcts bot: {last}" in console.file.getvalue()


def test_spec_strings_reach_the_terminal_as_written():
    """A citation holding rich markup is printed literally, never obeyed; a control
    character (which a spec may not hold, but a record's or engine's text may) is made
    visible."""
    sly = rookery.load_text(
        'variant sly "Sly"\nextends tournament\n\n'
        'bidding:\n  step 5    per wikipedia-rook "[blink]Bidding[/blink]"\n', "sly.rook")
    hand = rookery.deal_hand(sly, seed=3, dealer=0)
    console = TypingConsole(["help", "bid 72", "pass"])
    HumanSeat(console, hand.actor).choose(hand)
    screen = console.file.getvalue()
    assert '"step 5": bids are multiples of this (wikipedia-rook, [blink]Bidding[/blink])' \
        in screen
    printed = io.StringIO()
    Console(file=printed, width=100).print(shown("seat [bold]1\x1b[2J"))
    assert printed.getvalue() == "seat [bold]1\\u001b[2J\n"
