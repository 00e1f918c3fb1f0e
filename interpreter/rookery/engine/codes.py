"""The catalogue of rejection codes: every stable code an :class:`~rookery.IllegalAction`
carries, what it means, and which one wins when an action is wrong in more than one way.

The engine checks an offered action in a fixed order and refuses it with the first
check that fails, so a doubly wrong action always gets the same code from any engine
that follows this order.  ``tests/test_codes.py`` holds the engine to the catalogue: every
code raised in the package is listed here, and each precedence claim is checked by
offering doubly wrong actions to real hands.  The protocol page lists the catalogue
(``rookery docs``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rejection:
    """One code: when it is given (``phase``: where in a hand it can arise) and what it
    tells the player."""

    code: str
    phase: str
    meaning: str


# Checked first, whatever the phase, in this order.
GENERAL = (
    Rejection("hand-over", "any",
              "the hand is over: no action is taken any more"),
    Rejection("not-your-turn", "any",
              "the action is offered for a seat other than the one that decides now (for a "
              "dummy's card, the bid winner decides)"),
    Rejection("wrong-phase", "any",
              "the action is not of a kind the hand takes now (a card played during the "
              "auction, a bid during the play), or not one of the phase's choices (the Rook "
              "called neither high nor low, a leader other than self or left)"),
    Rejection("bad-action", "any",
              "the action cannot be read: its notation is not an action at all, or its value "
              "is of the wrong kind (a bid that is not a whole number)"),
    Rejection("unknown-card", "any",
              "the action names a card code that is not in this variant's deck"),
    Rejection("card-not-in-hand", "any",
              "the card is in the deck but the seat does not hold it"),
)

# Checked last, once the general checks pass: the rules of one phase, each group in the
# order its checks are made.
RULES = (
    Rejection("must-bid", "bidding",
              "all the others have passed without a bid and the variant makes the one left "
              "bid (at an amount of its choice): it may not pass"),
    Rejection("no-moon-bid", "bidding",
              "a moon bid (a bid to take every trick) where the variant has none "
              "(bidding: moon)"),
    Rejection("bid-too-low", "bidding",
              "the bid is under the minimum bid, or not higher than the bid to beat (a "
              "moon bid, where one has been made)"),
    Rejection("bid-too-high", "bidding",
              "the bid is over the highest bid the variant allows"),
    Rejection("bid-not-multiple", "bidding",
              "the bid is not the minimum plus a whole number of steps"),
    Rejection("bid-jump", "bidding",
              "the variant lets each bid raise by exactly one step, and this one does not"),
    Rejection("cannot-discard-card", "nest",
              "the bid winner may not lay that card aside (nest: forbid names it, such as "
              "the Rook) while other cards remain"),
    Rejection("cannot-discard-counters", "nest",
              "the bid winner may not lay a counter aside while other cards remain"),
    Rejection("cannot-discard-trump", "nest",
              "the bid winner may not lay a trump aside while other cards remain"),
    Rejection("exchange-limit", "nest",
              "the bid winner has already laid aside as many cards from outside the nest as "
              "it may exchange (nest: exchange): the rest must be nest cards"),
    Rejection("must-discard-trump-counter", "nest",
              "forced to lay counters aside, the bid winner must lay aside trump counters "
              "(nest: forced-burial)"),
    Rejection("trump-not-allowed", "trump",
              "the variant does not let that color (or no trump, low card, circus) be named"),
    Rejection("trump-burial-unmet", "trump",
              "the bid winner would hold too few trump counters under that trump for the "
              "counters it must lay aside (nest: forced-burial)"),
    Rejection("must-pass-best", "circus pass",
              "in Circus Rook the side that named trump passes its best card"),
    Rejection("must-pass-worst", "circus pass",
              "in Circus Rook the other side passes its worst card"),
    Rejection("cannot-call-own-card", "call",
              "the bid winner may not call a card it holds as its partner's card"),
    Rejection("already-called", "call",
              "that card has already been called"),
    Rejection("claim-not-on-lead", "play",
              "a claim is made on lead, before any card of the trick is played (play: claim)"),
    Rejection("claim-not-certain", "play",
              "the claim is not certain: leading from the strongest card down, another "
              "player could take a trick (play: claim)"),
    Rejection("must-follow-color", "play",
              "the player holds a card of the color led and must play one (cards playable "
              "anytime excepted)"),
)

# A whole game (``rookery.Game``), not a hand.
GAME = (
    Rejection("game-over", "game",
              "the game has reached its target: no hand is dealt any more"),
)

CATALOGUE: dict[str, Rejection] = {r.code: r for r in GENERAL + RULES + GAME}

# When an action is wrong in several ways, the code given is the first in this order
# (the rule codes of one phase in the order they are listed above).
PRECEDENCE: tuple[str, ...] = tuple(r.code for r in GENERAL + RULES)

# One exception to the order: an action written in a notation that cannot be read at all
# ('bid seventy', 'dance') is refused as bad-action before anything else, since there is
# no action to judge.
UNREADABLE_FIRST = "bad-action"


def meaning(code: str) -> str:
    """What ``code`` tells the player (KeyError for a code not in the catalogue)."""
    return CATALOGUE[code].meaning


def wins(first: str, second: str) -> str:
    """Of two codes an action earns, the one the engine gives."""
    return min(first, second, key=PRECEDENCE.index)


__all__ = ["Rejection", "CATALOGUE", "GENERAL", "RULES", "GAME", "PRECEDENCE", "meaning",
           "wins"]
