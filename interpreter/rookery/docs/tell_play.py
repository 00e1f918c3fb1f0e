"""Rule sentences for the play, the scoring and the end of the game (``play:``,
``scoring:``, ``game:``)."""

from __future__ import annotations

from ..language import ast
from ..language.check import points_available
from ..language.model import Rule, Variant
from ..language.parse import parse_text
from .english import (capital, card_with_code, condition, keeper_words, listing, score_phrase,
                      side_words)
from .writers import writes


# -- play -------------------------------------------------------------------------------------

@writes("play", "leader")
def _leader(v: Variant, rule: Rule | None) -> str:
    leader = v.play.leader
    if leader == "left-of-dealer":
        who = "The player to the dealer's left leads to the first trick."
    elif leader == "left-of-bidder":
        who = "The player to the bid winner's left leads to the first trick."
    elif leader == "bidder":
        who = "The bid winner leads to the first trick."
    else:
        who = ("The bid winner chooses who leads to the first trick: themselves or the "
               "player on their left.")
    return who + " After that, whoever wins a trick leads to the next."


@writes("play", "follow")
def _follow(v: Variant, rule: Rule | None) -> str:
    wins = ("The best trump in a trick wins it; a trick without trumps goes to the top card "
            "of the led color.")
    if v.play.follow == "any":
        return "Players may play any card; they need not follow the color led. " + wins
    rook = " (the Rook belongs to the trump color)" if v.deck.rook else ""
    return ("Play goes to the left. Each player must play a card of the color led if they "
            f"can{rook}; a player who cannot may play any card, a trump included. " + wins)


@writes("play", "anytime")
def _anytime(v: Variant, rule: Rule | None) -> str | None:
    cards = v.play.anytime
    d = v.deck
    if not cards:
        if d.rook is None:
            return "No card is exempt from following the color led." if rule else None
        return ("The Rook may not be played at will: like any trump, it must follow when "
                "trump is led, and may be played to another color only by a player who "
                "cannot follow.")
    names = listing([card_with_code(d, c) for c in cards])
    one = len(cards) == 1
    text = (f"{capital(names)} may be played to any trick, even by a player who could "
            f"follow the color led; {'as a trump, it still follows' if one else 'as trumps, they still follow'}"
            f" when trump is led")
    placed = v.trump.no_trump_rook
    if any(c.split("-")[0] == "none" for c in v.trump.choices):
        # A hand called without trump has no trump lead to follow (``trump.choices``).
        color = next((c.name for c in d.colors if placed and c.letter == placed[0]), None)
        text += (f"; in a hand without trump the Rook is a {color} card and follows {color} "
                 f"like one" if color and d.rook in cards else
                 "; in a hand without trump there is no trump lead to follow")
    return text + "."


@writes("play", "ties")
def _ties(v: Variant, rule: Rule | None) -> str:
    first = v.play.ties == "first-played"
    text = (f"When two identical cards fall in the same trick, the one played "
            f"{'first' if first else 'last'} ranks higher")
    if v.deck.copies == 1 and not any(card.copies > 1 for card in v.deck.cards):
        text += " (with one deck this cannot happen)"
    return text + "."


@writes("play", "review")
def _review(v: Variant, rule: Rule | None) -> str:
    if getattr(v.play, "review", "none") == "last-trick":
        return ("A player may look again at the last trick taken, but not at earlier ones.")
    if v.play.review == "all-tricks":
        return ("Taken tricks stay open: any player may look again at every trick taken so "
                "far, at any time.")
    return ("Once the next card is led, a taken trick stays face down: nobody may look back "
            "at it.")


# -- scoring ----------------------------------------------------------------------------------

def counter_groups(v: Variant) -> list[tuple[str, int, int]]:
    """Counters grouped for telling: (what, points each, how many in the deck); a rank
    whose cards are all worth the same is one group ("every 14")."""
    d = v.deck
    groups: list[tuple[str, int, int]] = []
    single: list[tuple[str, int, int]] = []
    for rank in d.ranks:
        cards = [c for c in d.cards if c.rank == rank]
        values = {c.points for c in cards}
        if len(values) == 1 and len(cards) == len(d.colors):
            if cards[0].points:
                groups.append((f"every {rank}", cards[0].points, sum(c.copies for c in cards)))
        else:
            single += [(card_with_code(d, c.code), c.points, c.copies) for c in cards if c.points]
    groups.sort(key=lambda g: -g[1])
    rook = [(card_with_code(d, c.code), c.points, c.copies) for c in d.cards
            if c.color is None and c.points]
    return groups + single + rook


@writes("play", "claim")
def _claim(v: Variant, rule: Rule | None) -> str:
    if v.play.claim == "none":
        return "Every card is played out: nobody may claim the rest of the tricks."
    return ("A player on lead may claim the rest of the hand: they lay their cards down, "
            "and every remaining trick goes to their side. A claim is allowed only when it "
            "is certain: leading their cards from the strongest down (trumps first), no card "
            "another player holds could take one of those tricks, counting a trump as "
            "able to take a trick of another color unless that player surely still holds "
            "the color led, or surely has no trump left.")


@writes("scoring", "counters")
def _counters(v: Variant, rule: Rule | None) -> str:
    groups = counter_groups(v)
    if not groups:
        return "No card is worth points by itself."
    by_points: dict[int, list[str]] = {}
    for what, points, _ in groups:
        by_points.setdefault(points, []).append(what)
    parts = [f"{listing(names)} {'is' if len(names) == 1 else 'are'} worth {points} points"
             for points, names in by_points.items()]
    total = sum(c.points * c.copies for c in v.deck.cards)
    count = sum(c.copies for c in v.deck.cards if c.points)
    return (f"The counters (the cards worth points): {'; '.join(parts)}. Other cards are "
            f"worth nothing. The deck's {count} counters hold {total} points.")


@writes("scoring", "moon-set")
def _moon_set(v: Variant, rule: Rule | None) -> str:
    team, others = side_words(v)
    loss = v.scoring.moon_set
    if loss is None:
        moon = v.bidding.moon
        loss = moon if isinstance(moon, int) else points_available(v)
    return (f"A moon bid that is set costs the bid winner's {team} {loss} points; "
            f"{others} scores what it took, as in any hand.")


@writes("scoring", "trick-points")
def _trick_points(v: Variant, rule: Rule | None) -> str:
    n = v.scoring.trick_points
    return f"Every trick taken is worth {n} points." if n else "Tricks are worth nothing by themselves."


@writes("scoring", "last-trick")
def _last_trick(v: Variant, rule: Rule | None) -> str:
    n = v.scoring.last_trick
    return f"Winning the final trick earns {n} extra points." if n else \
        "The last trick earns no bonus."


@writes("scoring", "majority")
def _majority(v: Variant, rule: Rule | None) -> str:
    n = v.scoring.majority
    team, _ = side_words(v)
    return (f"The {team} that takes the most tricks scores {n} points more (nobody does on "
            f"a tie).") if n else "Taking the most tricks earns no bonus."


@writes("scoring", "all-tricks")
def _all_tricks(v: Variant, rule: Rule | None) -> str:
    n = v.scoring.all_tricks
    team, _ = side_words(v)
    if "all-tricks" in v.scoring.doubled:
        return f"A {team} that takes every trick scores double: everything it took counts twice."
    return f"A {team} that takes every trick scores {n} points more." if n else \
        "Taking every trick earns no bonus."


@writes("scoring", "all-points")
def _all_points(v: Variant, rule: Rule | None) -> str:
    n = v.scoring.all_points
    team, _ = side_words(v)
    every = (f"A {team} that takes every counter of the hand (the nest's too, when they "
             f"come to it)")
    if "all-points" in v.scoring.doubled:
        return (f"{every} scores double: everything it took counts twice (once, even if it "
                f"also takes every trick).")
    return f"{every} scores {n} points more." if n else "Taking every counter earns no bonus."


@writes("scoring", "most-cards")
def _most_cards(v: Variant, rule: Rule | None) -> str:
    n = v.scoring.most_cards
    team, _ = side_words(v)
    nest = (" (the nest's cards count for whoever scores its counters)"
            if v.deal.nest and v.nest.points != "none" else "")
    return (f"The {team} that takes the most cards{nest} scores {n} points more (nobody "
            f"does on a tie).") if n else "Taking the most cards earns no bonus."


@writes("scoring", "total")
def _total(v: Variant, rule: Rule | None) -> str:
    return (f"In all, a hand holds {points_available(v)} points"
            + (f" (with {v.scoring.all_tricks} more for taking every trick)"
               if v.scoring.all_tricks else "")
            + (f" (with {v.scoring.all_points} more for taking every counter)"
               if v.scoring.all_points else "") + ".")


def formula_of(v: Variant, key: str) -> ast.Expr:
    """The parsed formula of a scoring clause (``made``, ``bidders``, ``defenders``)."""
    text = dict(v.scoring.formulas)[key]
    spec = parse_text(f"variant f\nscoring:\n  {key}: {text}\n", "<formula>")
    return spec.sections[0].clauses[0].formula  # type: ignore[return-value]


def _bidding_side(v: Variant) -> str:
    team, _ = side_words(v)
    return "the bid winner" if team == "player" else f"the bid winner's {team}"


@writes("scoring", "made")
def _made(v: Variant, rule: Rule | None) -> str:
    return (f"{capital(_bidding_side(v))} makes the bid when "
            f"{condition(formula_of(v, 'made'))}.")


@writes("scoring", "bidders")
def _bidders(v: Variant, rule: Rule | None) -> str:
    return (f"At the end of the hand {_bidding_side(v)} "
            f"{score_phrase(formula_of(v, 'bidders'))}.")


@writes("scoring", "defenders")
def _defenders(v: Variant, rule: Rule | None) -> str:
    _, others = side_words(v)
    return f"{capital(others)} {score_phrase(formula_of(v, 'defenders'))}."


# -- end of the game --------------------------------------------------------------------------

@writes("game", "target")
def _target(v: Variant, rule: Rule | None) -> str:
    team, _ = keeper_words(v)
    return (f"Scores are carried from hand to hand, and the deal passes to the left. The "
            f"game ends with the hand that brings a {team}'s total to {v.game.target} or "
            f"beyond.")


@writes("game", "winner")
def _winner(v: Variant, rule: Rule | None) -> str:
    team, _ = side_words(v)
    if v.game.winner == "bidder-goes":
        return (f"If the bid winner's {team} reaches {v.game.target}, it wins, even when "
                f"another {team} has more (\"the bidder goes out\"); otherwise the highest "
                f"total wins.")
    keeper, _ = keeper_words(v)
    return (f"If more than one {keeper} reaches {v.game.target} in the same hand, the "
            f"higher total wins; equal top totals play another hand.")


@writes("game", "ties")
def _ties(v: Variant, rule: Rule | None) -> str:
    team, _ = side_words(v)
    if v.game.ties == "play-on":
        return (f"When the game would end with the top totals equal on different {team}s, "
                f"another hand is played.")
    if v.game.ties == "bidders":
        who = f"the bid winner's {team} wins if it is one of them"
    else:
        n = v.game.ties_team
        seats = listing([str(s) for s in range(v.table.players) if s % v.table.teams == n])
        who = f"team {n} (seats {seats}) wins if it is one of them"
    return (f"When the game ends with the top totals equal on different {team}s, {who}; "
            f"otherwise another hand is played.")


@writes("game", "win-on")
def _win_on(v: Variant, rule: Rule | None) -> str:
    team, _ = keeper_words(v)
    they = "they" if team == "player" else "it"
    were = "were" if team == "player" else "was"
    if v.game.win_on == "own-bid":
        bidding = ("on the bid winner's side (the bid winner or a called partner)"
                   if v.table.sides == "called" else "the side that won the auction")
        return (f"A {team} can win the game only in a hand in which {they} {were} {bidding} "
                f"and the bid was made: reaching {v.game.target} at the end of such a hand "
                f"wins. A {team} that reaches {v.game.target} while defending keeps the "
                f"score, and the game goes on.")
    return f"A {team} may reach {v.game.target} in any hand, bidding or defending."


@writes("game", "low")
def _low(v: Variant, rule: Rule | None) -> str:
    team, _ = keeper_words(v)
    if v.game.low is None:
        return "No score is too low: a game ends only at the target."
    return (f"A {team} whose total falls to {v.game.low} or below loses: the game ends "
            f"with that hand, and the highest total among {others_of(v)} wins (the highest "
            f"of all if every {team} is that low). Equal top totals are settled as at the "
            f"target.")


def others_of(v: Variant) -> str:
    team, others = keeper_words(v)
    if v.table.sides == "teams" and v.table.teams == 2 or v.table.sides == "called":
        return others
    return f"the other {team}s"
