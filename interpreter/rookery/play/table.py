"""A person at the table: ``rookery play VARIANT --seat N`` seats a person among bots.

The person sees what their seat may see (the hand's observation): their hand sorted and
grouped by color, the auction, the nest when they take it, trump named in words, each
trick with who led and who won, and the score after each hand.  At each of their turns
the legal actions are numbered; they answer with a number, or write an action in the
usual notation (``play R14``, ``bid 80``).  An action the rules refuse is explained: the
rejection code, the rule it breaks when the engine names one, and the engine's words.
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from ..engine import Action, Hand
from ..errors import IllegalAction, UsageError
from .games import LeftTheTable
from .transcript import (describe_deal, describe_event, describe_trick, scores_line,
                         seat_name, trump_in_words)

# A color's name in the terminal's own colors where it has one.
_STYLES = {"red": "red", "green": "green", "yellow": "yellow", "black": "bold",
           "blue": "blue", "hearts": "red", "diamonds": "red", "clubs": "bold",
           "spades": "bold"}


class TableView:
    """What the person at ``seat`` sees of the game, printed as it happens."""

    def __init__(self, console: Console, seat: int):
        self.console = console
        self.seat = seat

    def say(self, line: str) -> None:
        self.console.print(escape(line), highlight=False)

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


class HumanSeat:
    """The person's decisions, read from the terminal."""

    name = "human"

    def __init__(self, console: Console, seat: int):
        self.console = console
        self.seat = seat

    def choose(self, hand: Hand) -> Action:
        self.show(hand)
        legal = sorted(hand.legal_actions(), key=lambda a: self.order(hand, a))
        width = len(str(len(legal)))
        for number, action in enumerate(legal, 1):
            self.console.print(f"    {number:>{width}}) {escape(self.words(hand, action))}",
                               highlight=False)
        while True:
            try:
                answer = self.console.input(
                    f"  your choice (1-{len(legal)}, an action like "
                    f"'{legal[0]}', or quit): ").strip()
            except EOFError:
                raise LeftTheTable() from None
            if answer in ("quit", "q"):
                raise LeftTheTable()
            if answer.isdigit():
                if 1 <= int(answer) <= len(legal):
                    return legal[int(answer) - 1]
                self.console.print(f"  there are actions 1 to {len(legal)}", highlight=False)
                continue
            try:
                return Action.parse(answer)
            except UsageError as error:
                self.console.print(f"  {escape(str(error))}", highlight=False)

    def refused(self, hand: Hand, error: IllegalAction) -> None:
        """An action the rules refuse: its code, the rule (when the engine names it) and
        the engine's words; then the choice is asked again."""
        rule = getattr(error, "rule", None)
        self.console.print(f"  [bold]refused[/bold]: {escape(error.code)}: "
                           f"{escape(error.message)}", highlight=False)
        clause = next((r for r in hand.variant.rules if r.id == rule), None)
        if clause is not None:
            cited = ", ".join(f"{c.source}, {c.where}" if c.where else c.source
                              for c in clause.citations)
            self.console.print(f"  rule {escape(rule)}: \"{escape(clause.text)}\""
                               + (f" ({escape(cited)})" if cited else ""), highlight=False)
        elif rule:
            self.console.print(f"  rule {escape(rule)}", highlight=False)

    # -- what the seat sees ------------------------------------------------------------

    def order(self, hand: Hand, action: Action):
        """Cards in the order of the hand shown (by color, then rank); other actions
        as the engine lists them."""
        t = hand.t
        card = t.card_of.get(action.value) if isinstance(action.value, str) else None
        if card is None:
            return (0, 0, 0)
        return (1, t.color_of[card] if t.color_of[card] >= 0 else 99, t.rank_index[card])

    def words(self, hand: Hand, action: Action) -> str:
        if action.kind == "trump":
            return f"trump {action.value}: {trump_in_words(hand, action.value)}"
        return str(action)

    def show(self, hand: Hand) -> None:
        seen = hand.observation(self.seat)
        t = hand.t
        out = self.console
        out.print()
        dummy_turn = hand.actor != hand.to_act
        out.print("  your hand: " + self.cards_by_color(hand, seen["hand"]), highlight=False)
        if dummy_turn:
            # the bid winner plays the dummy's cards, so sees them even before they are
            # shown to the table
            cards = [t.codes[c] for c in hand.hands[hand.to_act]]
            out.print(f"  [bold]the dummy's hand ({escape(seat_name(t, hand.to_act))}), "
                      "which you play now[/bold]: " + self.cards_by_color(hand, cards),
                      highlight=False)
        elif seen.get("dummy"):
            out.print(f"  the dummy ({escape(seat_name(t, seen['dummy']['seat']))}): "
                      + self.cards_by_color(hand, seen["dummy"]["hand"]), highlight=False)
        if seen["trump"] is not None:
            out.print(f"  trump: {escape(trump_in_words(hand, seen['trump']))}",
                      highlight=False)
        if hand.phase == "bidding":
            high = seen["high_bid"]
            out.print("  auction: " + (f"high bid {high} by {seat_name(t, seen['bidder'])}"
                                       if high else "no bid yet"), highlight=False)
        if seen.get("nest_shown"):
            out.print("  the nest, shown to everyone: "
                      + self.cards_by_color(hand, seen["nest_shown"]), highlight=False)
        elif seen.get("nest_face_up"):
            out.print("  face up in the nest: "
                      + self.cards_by_color(hand, seen["nest_face_up"]), highlight=False)
        if seen.get("nest_has_points") is not None:
            out.print("  the laid-aside cards hold counters" if seen["nest_has_points"]
                      else "  the laid-aside cards hold no counters", highlight=False)
        if seen["trick"]:
            leader = seen["trick"][0][0]
            played = ", ".join(f"{seat_name(t, s)} {c}" for s, c in seen["trick"])
            out.print(f"  this trick: {escape(seat_name(t, leader))} led; {escape(played)}",
                      highlight=False)
        elif hand.phase == "play":
            out.print("  you lead this trick", highlight=False)
        phase = {"discard": "lay aside a card", "passing": "pass a card",
                 "trump": "name trump", "bidding": "bid or pass", "play": "play a card",
                 "call": "call a partner's card", "rook": "call the Rook high or low",
                 "leader": "choose who leads", "circus": "pass a card",
                 "redeal": "a poor hand: throw it in (redeal) or keep it"}.get(hand.phase,
                                                                            hand.phase)
        whose = " for the dummy" if dummy_turn else ""
        out.print(f"  [bold]{escape(seat_name(t, self.seat))}, your turn{whose}: "
                  f"{phase}[/bold]", highlight=False)

    def cards_by_color(self, hand: Hand, cards: list[str]) -> str:
        """The cards grouped by color in the deck's order, each color named, the Rook
        and other colorless cards last."""
        t = hand.t
        groups: dict[str, list[str]] = {}
        for code in sorted(cards, key=lambda code: t.rank_index[t.card_of[code]]):
            color = t.color_of[t.card_of[code]]
            name = hand.variant.deck.colors[color].name if color >= 0 else "other"
            groups.setdefault(name, []).append(code)
        order = [c.name for c in hand.variant.deck.colors] + ["other"]
        parts = []
        for name in order:
            if name in groups:
                style = _STYLES.get(name)
                text = f"{name}: {' '.join(groups[name])}"
                parts.append(f"[{style}]{escape(text)}[/{style}]" if style else escape(text))
        return " | ".join(parts)

