"""Shooting the moon (``bidding: moon``, ``scoring: moon-set``): a bid to take every
trick.

The action ``moon`` is a bid above every amount; once it is made nothing outbids it (the
others may only pass).  The hand is then played as any other; at the end the bidding
side has made its moon when it took every trick:

* made, it scores the moon's points (``moon N``), or, with ``moon game``, wins the game
  at once (its hand score is then its take: counters and bonuses);
* set, it loses ``scoring: moon-set`` points (by default the moon's points, or with
  ``moon game`` the points of a hand).

The other sides score by the ``scoring: defenders`` formula as in any hand.
"""

from __future__ import annotations

from .actions import Event


def is_moon(hand) -> bool:
    """Whether the high bid of ``hand`` is a moon bid."""
    return hand.high == hand.t.moon_high and hand.variant.bidding.moon is not None


def high_bid(hand) -> int | str | None:
    """The high bid as a seat's view and the protocol's state tell it: an amount,
    ``"moon"``, or None before any bid."""
    if is_moon(hand):
        return "moon"
    return hand.high or None


def bid(hand) -> list[Event]:
    """The seat to act bids the moon: the high bid becomes the moon, above every amount."""
    seat = hand.to_act
    hand.high, hand.bidder = hand.t.moon_high, seat
    hand.auction.append((seat, "moon"))
    return [Event("moon", seat, None, (hand.t.rule("bidding", "moon"),))] \
        if hand.record else []


def worth(variant, total: int) -> int:
    """The points the moon counts for (the bid of the defenders' formula, the default
    loss when set): ``moon N``'s N, or with ``moon game`` every point of a hand
    (``total``)."""
    moon = variant.bidding.moon
    return moon if isinstance(moon, int) else total


def side_score(variant, made: bool, take: int, total: int) -> int:
    """The bidding side's score for a moon hand: the moon's points when it is made (its
    take with ``moon game``), or the loss of ``scoring: moon-set``."""
    if not made:
        loss = variant.scoring.moon_set
        return -(loss if loss is not None else worth(variant, total))
    return take if variant.bidding.moon == "game" else variant.bidding.moon


def wins_game(variant, result) -> bool:
    """``moon game``: a moon made ends the game, won by the bidding side."""
    return variant.bidding.moon == "game" and result.moon and bool(result.made)
