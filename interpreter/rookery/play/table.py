"""A person at the table: ``rookery play VARIANT --seat N`` seats a person among bots.

The person sees what their seat may see (the hand's observation): their hand sorted as
a player sorts it (trump first once named, the Rook where it ranks), the auction, the nest
when they take it, trump named in words, the points each side has taken and the bid to
make, each trick with who led and who won, and the score after each hand.  At each of
their turns one line says what they may do (``you may bid 80 to 120 by 5, or pass``,
``you may play: Y5 Y10 ROOK``); they answer as players speak (:mod:`.spoken`), ask
``help`` (this moment's actions and the rules behind them) or ``hint`` (the strongest
bot's choice), and lay the nest's cards aside in one line.  A single legal action is
played for them after a short pause.  An action the rules refuse is explained: the
rejection code, the engine's words, and the rule with its clause, meaning and citation.
"""

from __future__ import annotations

import random
import time

from rich.console import Console
from rich.markup import escape

from ..engine import Action, Hand
from ..errors import IllegalAction
from ..escaping import terminal_text
from . import bots
from .games import LeftTheTable
from .moment import (action_words, choices_line, moment_help, not_offered, refusal,
                     rule_in_words)
from .refusal_words import in_players_words
from .spoken import CARD_KINDS, NotUnderstood, read_cards, read_one
from .transcript import (describe_deal, describe_event, describe_trick, points_line,
                         scores_line, seat_name, trump_in_words)

# A color's name in the terminal's own colors where it has one.
_STYLES = {"red": "red", "green": "green", "yellow": "yellow", "black": "bold",
           "blue": "blue", "hearts": "red", "diamonds": "red", "clubs": "bold",
           "spades": "bold"}


def shown(text) -> str:
    """A string bound for the terminal (it may come from a spec: a color's name, a rule's
    text, a citation): every control character made visible
    (:func:`rookery.escaping.terminal_text`) and rich's markup escaped, so that it prints
    as written."""
    return escape(terminal_text(str(text)))


class TableView:
    """What the person at ``seat`` sees of the game, printed as it happens."""

    def __init__(self, console: Console, seat: int):
        self.console = console
        self.seat = seat

    def say(self, line: str) -> None:
        self.console.print(shown(line), highlight=False)

    def deal(self, hand: Hand, number: int) -> None:
        self.console.rule(f"Hand {number}")
        for line in describe_deal(hand, number, seats=(self.seat,)):
            self.say(line)
        self.say(f"  running score: {scores_line(hand.t, hand.scores_before)}")

    def events(self, hand: Hand, events) -> None:
        t = hand.t
        for event in events:
            kind, seat, data = event.kind, event.seat, event.data
            if kind == "nest-taken" and seat == self.seat:
                self.say(f"  you take the nest: {' '.join(hand.start_nest)}")
            elif kind == "nest-laid-aside" and seat != self.seat:
                self.say(f"  {seat_name(t, seat)} lays aside {len(hand.laid_aside)} cards")
            elif kind == "trick-won":
                self.say(describe_trick(hand, data["trick"] - 1) +
                         (" (you)" if seat == self.seat else ""))
            else:
                for line in describe_event(hand, event):
                    self.say(line)

    def stopped(self, game, hands: int) -> None:
        self.say(f"stopped after {hands} hands without a winner (the hand limit): "
                 f"{scores_line(game.t, game.scores)}")


# The longest answer read at the table: the longest action is a line of cards laid
# aside, each spoken as '10 yellow' (a nest of up to 30 cards fits).
LONGEST_ANSWER = 400

# The bots a hint asks, strongest first: the first one the bots' registry knows is used.
HINT_BOTS = ("ismcts", "simple")


def hint_bot_name() -> str:
    """The strongest bot in the registry (:data:`rookery.play.bots.BOTS`), looked up when
    asked, so that a bot registered later (a search bot) is the one that hints."""
    return next(name for name in HINT_BOTS if name in bots.BOTS)


class HumanSeat:
    """The person's decisions, read from the terminal as players say them
    (:mod:`rookery.play.spoken`); ``help``/``?`` says what may be done now and why,
    ``hint`` asks the strongest bot, a forced action is played after a short pause, and
    the nest's cards may be laid aside in one line."""

    name = "human"

    def __init__(self, console: Console, seat: int, pause: float = 0.0, seed: int = 0):
        self.console = console
        self.seat = seat
        self.pause = pause
        self.seed = seed
        self.queued: list[Action] = []      # cards laid aside in one line, still to apply
        self.hinted: Action | None = None
        self._hint_bot = None

    def say(self, text: str) -> None:
        self.console.print(text, highlight=False)

    def choose(self, hand: Hand) -> Action:
        legal = list(hand.legal_actions())
        if self.queued:
            action = self.queued.pop(0)
            if action in legal:
                return action
            self.queued.clear()
        self.hinted = None
        self.show(hand)
        if len(legal) == 1:
            # one legal action: no question to ask; the pause lets the person see it
            self.say(f"  only one choice: {shown(action_words(hand, legal[0]))}")
            time.sleep(self.pause)
            return legal[0]
        order = display_order(hand)
        legal = sorted(legal, key=lambda a: order(a.value) if a.kind in CARD_KINDS
                       and a.value in hand.t.card_of else (2, 0, 0))
        self.say("  " + shown(choices_line(hand, legal)))
        for cards, reason in not_offered(hand, legal) if legal[0].kind == "discard" else ():
            cards = sorted(cards, key=order)
            self.say(f"  not offered: {shown(' '.join(cards))}: {shown(reason)}")
        # laying aside takes a line of cards (or one at a time): the prompt says so
        noun = "cards to lay aside" if legal[0].kind == "discard" else \
            {"bidding": "bid"}.get(hand.phase, "card" if legal[0].kind in CARD_KINDS
                                   else "choice")
        while True:
            try:
                answer = self.console.input(f"  your {noun} (help, hint, quit): ").strip()
            except (EOFError, KeyboardInterrupt):
                # Ctrl-C leaves the table as quit and the end of input do: the game so
                # far is saved
                raise LeftTheTable() from None
            action = self.answer(hand, legal, answer)
            if action is not None:
                return action

    def answer(self, hand: Hand, legal: list[Action], answer: str) -> Action | None:
        """The action an answer chooses, or None after saying why it chooses none (help
        and hints also choose none)."""
        if len(answer) > LONGEST_ANSWER:
            # a pasted page is not echoed back whole (nor read): an action is a few words
            self.say(f"  that answer is {len(answer):,} characters long; an action is a "
                     "few words (help lists them)")
            return None
        said = answer.lower()
        if said in ("quit", "q", "exit"):
            raise LeftTheTable()
        if said in ("?", "help", "h"):
            for line in moment_help(hand, legal, hint_bot_name()):
                self.say("  " + shown(line))
            return None
        if said == "hint":
            self.hinted = self.hint(hand)
            self.say(f"  hint from the {hint_bot_name()} bot: "
                     f"[bold]{shown(self.hinted)}[/bold] (press Enter to play it)")
            return None
        if not said:
            if self.hinted is not None:
                return self.hinted
            self.say("  type an action, or help")
            return None
        if legal[0].kind == "discard" and len(said.split()) > 1:
            return self.lay_aside(hand, legal, answer)
        action = read_one(hand, legal, answer)
        if isinstance(action, NotUnderstood):
            self.say(f"  {shown(action.why)}; {shown(choices_line(hand, legal))} "
                     "(help says more)")
            return None
        if action in legal:
            return action
        error = refusal(hand, action)
        if error is None:
            return action
        self.refused(hand, error, action)
        return None

    def lay_aside(self, hand: Hand, legal: list[Action], answer: str) -> Action | None:
        """Several cards of the nest laid aside in one line: each is tried in turn on a
        copy of the hand; any the rules refuse is named with the reason, and none is laid
        aside until all are taken."""
        actions = read_cards(hand, legal, answer)
        if isinstance(actions, NotUnderstood):
            self.say(f"  {shown(actions.why)}")
            return None
        if len(actions) > hand.discards_left:
            self.say(f"  that is {len(actions)} cards; lay aside {hand.discards_left}")
            return None
        trial = hand.copy()
        for action in actions:
            try:
                trial.apply(action, hand.actor)
            except IllegalAction as error:
                self.say(f"  {shown(action.value)} is refused, so nothing is laid aside "
                         "yet:")
                self.refused(hand, error, action)
                return None
        self.queued = actions[1:]
        return actions[0]

    def hint(self, hand: Hand) -> Action:
        """What the strongest bot would do here, asked on a copy of the hand."""
        if self._hint_bot is None:
            self._hint_bot = bots.make_bot(hint_bot_name(), random.Random(self.seed))
        return self._hint_bot.choose(hand.copy())

    def refused(self, hand: Hand, error: IllegalAction, action: Action | None = None) -> None:
        """An action the rules refuse, in a player's words (:mod:`.refusal_words`: "you
        don't hold G5; it was played in trick 1"), then the rule (when the engine names
        it); then the choice is asked again."""
        rule = getattr(error, "rule", None)
        words = in_players_words(hand, self.seat, action, error) if action is not None \
            else f"not allowed: {error.message}"
        self.say(f"  [bold]{shown(words)}[/bold]")
        said = rule_in_words(hand, rule) if rule else None
        if said is not None:
            self.say(f"  rule {shown(said)}")
        elif rule:
            self.say(f"  rule {shown(rule)}")

    # -- what the seat sees ------------------------------------------------------------

    def show(self, hand: Hand) -> None:
        seen = hand.observation(self.seat)
        t = hand.t
        out = self.say
        out("")
        dummy_turn = hand.actor != hand.to_act
        out("  your hand: " + cards_in_order(hand, seen["hand"]))
        if dummy_turn:
            # the bid winner plays the dummy's cards, face up before the first is due
            cards = [t.codes[c] for c in hand.hands[hand.to_act]]
            out(f"  [bold]the dummy's hand ({shown(seat_name(t, hand.to_act))}), "
                "which you play now[/bold]: " + cards_in_order(hand, cards))
        elif seen.get("dummy"):
            out(f"  the dummy ({shown(seat_name(t, seen['dummy']['seat']))}): "
                + cards_in_order(hand, seen["dummy"]["hand"]))
        if seen["trump"] is not None:
            out(f"  trump: {shown(trump_in_words(hand, seen['trump']))}")
        if hand.phase == "bidding":
            high = seen["high_bid"]
            out("  auction: " + (f"high bid {high} by {shown(seat_name(t, seen['bidder']))}"
                                 if high else "no bid yet"))
        if seen.get("nest_shown"):
            out("  the nest, shown to everyone: " + cards_in_order(hand, seen["nest_shown"]))
        elif seen.get("nest_face_up"):
            out("  face up in the nest: " + cards_in_order(hand, seen["nest_face_up"]))
        if seen.get("nest_has_points") is not None:
            out("  the laid-aside cards hold counters" if seen["nest_has_points"]
                else "  the laid-aside cards hold no counters")
        if hand.phase == "play":
            out("  " + shown(points_line(hand)))
        if seen["trick"]:
            leader = seen["trick"][0][0]
            played = ", ".join(f"{seat_name(t, s)} {c}" for s, c in seen["trick"])
            out(f"  this trick: {shown(seat_name(t, leader))} led; {shown(played)}")
        elif hand.phase == "play":
            out("  you lead this trick")
        phase = {"discard": "lay aside cards", "passing": "pass a card",
                 "trump": "name trump", "bidding": "bid or pass", "play": "play a card",
                 "call": "call a partner's card", "rook": "call the Rook high or low",
                 "leader": "choose who leads", "circus": "pass a card",
                 "redeal": "a poor hand: throw it in (redeal) or keep it"}.get(hand.phase,
                                                                            hand.phase)
        whose = " for the dummy" if dummy_turn else ""
        out(f"  [bold]{shown(seat_name(t, self.seat))}, your turn{whose}: "
            f"{shown(phase)}[/bold]")


def display_order(hand: Hand):
    """The order a player sorts a hand in: once trump is named, the trumps first (the
    Rook and any other always-trump card where it ranks among them), then the colors in
    the deck's order, each from low to high, colorless cards last."""
    t, ctx = hand.t, hand.ctx

    def key(code: str):
        card = t.card_of[code]
        if ctx is not None and ctx.trump_key[card] >= 0:
            return (0, 0, ctx.trump_key[card])
        color = t.color_of[card]
        return (1, color if color >= 0 else 99, t.rank_index[card])
    return key


def cards_in_order(hand: Hand, cards: list[str]) -> str:
    """The cards grouped as :func:`display_order` sorts them, each group named (``trump
    (green)``, ``black``, ...; ``other`` for a colorless card that is not trump)."""
    t = hand.t
    key = display_order(hand)
    groups: dict[str, list[str]] = {}
    for code in sorted(cards, key=key):
        place = key(code)
        color = t.color_of[t.card_of[code]]
        if place[0] == 0:
            name = f"trump ({trump_in_words(hand, hand.ctx.call)})"
        else:
            name = hand.variant.deck.colors[color].name if color >= 0 else "other"
        groups.setdefault(name, []).append(code)
    parts = []
    for name, codes in groups.items():
        color_name = name.removeprefix("trump (").rstrip(")").split(",")[0]
        style = _STYLES.get(color_name)
        text = shown(f"{name}: {' '.join(codes)}")
        parts.append(f"[{style}]{text}[/{style}]" if style else text)
    return " | ".join(parts)
