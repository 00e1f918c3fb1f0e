"""The phases of a hand, in the words the engine and the protocol use for them: the
auction (``bidding``), naming trump, calling the Rook, laying the nest aside
(``discard``), passing cards, calling a partner, choosing the leader, the play of the
tricks, and the hand's end.  A variant's ``steps`` list them in its own order
(:func:`steps_after_bidding`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..language.model import Variant

BIDDING, TRUMP, ROOK, DISCARD, PASSING, CALL, LEADER, PLAY, DONE = (
    "bidding", "trump", "rook", "discard", "passing", "call", "leader", "play", "done")


def steps_after_bidding(variant: Variant) -> tuple[str, ...]:
    """The phases after the auction, in the order the spec puts them."""
    steps: list[str] = []
    calls = variant.table.sides == "called"
    if calls and variant.table.call_time == "after-auction":
        steps.append(CALL)
    rook_called = variant.trump.rook == "caller-chooses" and variant.deck.rook
    # What comes just before naming trump: the partner call, then the Rook call
    # (``table.call-time before-trump``, ``trump.rook-call before-trump``).
    naming = [CALL] if calls and variant.table.call_time == "before-trump" else []
    if rook_called and variant.trump.rook_call == "before-trump":
        naming.append(ROOK)
    naming.append(TRUMP)
    named = variant.trump.named
    has_nest = variant.deal.nest > 0
    if named == "before-nest":
        steps += naming
    if has_nest:
        steps.append("take")
    if named == "after-taking-nest":
        steps += naming
    if has_nest:
        steps.append(DISCARD)
    if variant.passing.cards:
        steps.append(PASSING)
    if named == "after-nest":
        steps += naming
    if rook_called and variant.trump.rook_call == "after-trump":
        steps.append(ROOK)
    if calls and variant.table.call_time == "after-trump":
        steps.append(CALL)
    if variant.play.leader == "bidder-chooses":
        steps.append(LEADER)
    steps.append(PLAY)
    return tuple(steps)
