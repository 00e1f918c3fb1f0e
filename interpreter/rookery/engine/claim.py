"""A claim (``play: claim certain``): the player on lead lays down the rest of the hand when
every remaining trick is surely theirs, and those tricks go to their side.

When a claim is certain (the rule the engine checks, knowing every hand): the claimant
is on lead, and leading its cards from the strongest down (trumps first, the highest
first; then the other cards from the highest rank down), no card another player holds
could take any of those tricks.  A card could take the i-th of them (counting from 1)
when, played to it, it would beat the claimant's card:

* a card of the led color (or a trump to a trump lead) that ranks above it;
* a card playable anytime (``play.anytime``) that beats it;
* a trump to a lead of another color, unless that player surely still holds the led
  color then (it holds more cards of it than the i - 1 tricks before) or surely has no
  trump left (it held no more trumps than the trumps the claimant led before).

This is a sufficient test: a claim it accepts cannot fail whatever the others play.  A
claim it refuses is refused with ``claim-not-certain`` (or ``claim-not-on-lead`` once a
card of the trick is down), and the hand is unchanged.
"""

from __future__ import annotations

from ..errors import IllegalAction
from .actions import Action

CLAIM = Action("claim")


def _strength(ctx, card: int) -> tuple[int, int]:
    key = ctx.trump_key[card]
    return (1, key) if key >= 0 else (0, ctx.rank_key[card])


def lead_order(hand, seat: int) -> list[int]:
    """The claimant's cards in the order it lays them down: the strongest first."""
    return sorted(hand.hands[seat], key=lambda c: _strength(hand.ctx, c), reverse=True)


def _could_beat(hand, ctx, lead: int, card: int, must_follow: bool, has_trump: bool) -> bool:
    """Whether ``card``, played to a trick led with ``lead``, could win it."""
    led = ctx.suit_of[lead]
    anytime = card in hand.t.anytime
    if ctx.suit_of[card] != led and must_follow and not anytime:
        return False
    if ctx.trump_key[card] >= 0 and ctx.suit_of[card] != led and not has_trump:
        return False
    lead_key = ctx.trump_key[lead] if ctx.trump_key[lead] >= 0 else ctx.rank_key[lead]
    key = ctx.trump_key[card]
    if key < 0:
        key = ctx.rank_key[card] if ctx.suit_of[card] == led else -1
    return key > lead_key or (key == lead_key and hand.last_played_wins)


def certain(hand, seat: int) -> bool:
    """Whether ``seat``, on lead, surely wins every remaining trick (see the module)."""
    ctx = hand.ctx
    order = lead_order(hand, seat)
    trumps_led = 0
    for index, lead in enumerate(order):
        led = ctx.suit_of[lead]
        for other in range(hand.n):
            if other == seat:
                continue
            held = hand.hands[other]
            in_color = sum(1 for c in held if ctx.suit_of[c] == led)
            trumps = sum(1 for c in held if ctx.trump_key[c] >= 0)
            must_follow = not hand.follow_any and in_color > index
            has_trump = trumps > trumps_led
            if any(_could_beat(hand, ctx, lead, c, must_follow, has_trump) for c in held):
                return False
        trumps_led += ctx.trump_key[lead] >= 0
    return True


def allowed(hand) -> bool:
    """Whether the seat to play may claim now."""
    return (hand.variant.play.claim == "certain" and not hand.trick_cards
            and certain(hand, hand.to_act))


def check(hand) -> tuple[int, str]:
    """The claim of the seat to play, checked: that seat and the rule (``play.claim``), or
    the refusal (``claim-not-on-lead``, ``claim-not-certain``).  The cards are laid down
    by :func:`rookery.engine.play.apply`."""
    rule = hand.t.rule("play", "claim")
    if hand.variant.play.claim != "certain":
        raise IllegalAction("wrong-phase", "'claim': this variant has no claims; play a card")
    seat = hand.to_act
    if hand.trick_cards:
        raise IllegalAction("claim-not-on-lead", f"seat {seat} may claim only on lead, "
                            "before a card of the trick is played", rule)
    if not certain(hand, seat):
        raise IllegalAction("claim-not-certain", f"seat {seat} cannot be sure of every "
                            "remaining trick: another player could take one", rule)
    return seat, rule
