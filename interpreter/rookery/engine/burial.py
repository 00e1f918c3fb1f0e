"""What must be laid aside when counters must be (``nest: forced-burial``).

With ``forbid counters unless forced``, the bid winner lays a counter aside only once it
has no other card left to lay aside.  ``forced-burial trump`` (or ``trump-else-any``)
says those counters must then be trump counters, and trump is named with the nest in
hand (``trump: named after-taking-nest``), so:

* a call under which the bid winner would hold too few trump counters for the counters it
  must lay aside may not be named (``trump-burial-unmet``);
* once forced, only trump counters may be laid aside (``must-discard-trump-counter``);
* with ``trump-else-any``, when no call can meet the rule, any call may be named and any
  counters laid aside (with ``trump`` the checker proves this never happens).

The burial is one act: by default (``nest: burial-order forced-last``) our bid winner
lays its free cards aside first and the forced ones last, one card at a time;
:func:`later_in_burial` names the forced cards another engine may take first, by the
same rule.  With ``burial-order any`` those cards are legal from the start of the burial
(:func:`early`).
"""

from __future__ import annotations


def forbidden_reason(hand, card: int) -> str | None:
    """Why ``nest.forbid`` keeps ``card`` out of the nest while other cards are left
    (``card``: a card it names, such as the Rook; ``counters``, ``trump``), or None."""
    rules = hand.variant.nest
    if card in hand.t.forbidden_cards:
        return "card"
    if rules.forbid_counters and hand.t.points[card]:
        return "counters"
    if rules.forbid_trump:
        ctx = hand.ctx
        if card in hand.t.always_trump or (ctx is not None and ctx.trump_key[card] >= 0):
            return "trump"
    return None


def later_in_burial(hand) -> list[int]:
    """Forbidden cards the bid winner will have to lay aside later in this burial (it
    holds fewer free cards than it has still to lay aside): a burial is one act in
    every source, so an engine that takes them before the free cards lays aside the
    same cards by the same rule (``nest.forbid ... unless forced``, ``forced-burial``).
    Our burial takes one card at a time, free cards first."""
    rules = hand.variant.nest
    if hand.phase != "discard" or not rules.forbids:
        return []
    held = hand.hands[hand.bidder]
    reasons = [forbidden_reason(hand, card) for card in held]
    free = reasons.count(None)
    if not free or hand.discards_left <= free:
        return []           # nothing forced, or forced now: the legal set says which
    relaxed = [card for card, reason in zip(held, reasons) if relaxes(rules, reason)]
    return forced_choices(hand, relaxed)


def early(hand) -> list[int]:
    """``nest.burial-order any``: the forced cards the bid winner may lay aside before
    its free cards (none with ``forced-last``)."""
    if hand.variant.nest.burial_order != "any":
        return []
    return later_in_burial(hand)


def relaxes(rules, reason: str | None) -> bool:
    """Whether a card forbidden for ``reason`` may go once the bid winner is forced (its
    ``nest.forbid`` entry says 'unless forced')."""
    return (reason == "counters" and rules.counters_unless_forced) or \
        (reason == "trump" and rules.trump_unless_forced) or \
        (reason == "card" and rules.cards_unless_forced)


def applies(hand) -> bool:
    return applies_to(hand.variant)


def applies_to(variant) -> bool:
    """Whether the variant's forced burial rule can narrow what is laid aside."""
    nest = variant.nest
    return nest.forced_burial != "any" and nest.forbid_counters and nest.counters_unless_forced


def forced_counters(hand) -> int:
    """How many counters the bid winner will have to lay aside: the discards its other
    cards cannot cover."""
    held = hand.hands[hand.bidder]
    others = sum(1 for c in held if not hand.t.points[c])
    return max(0, hand.variant.nest.discard - others)


def trump_counters(hand, ctx) -> list[int]:
    """The counters the bid winner holds that are trump under ``ctx``."""
    return [c for c in hand.hands[hand.bidder]
            if hand.t.points[c] and (c in hand.t.always_trump or ctx.trump_key[c] >= 0)]


def meets(hand, action) -> bool:
    """Whether naming ``action`` (a trump call) leaves the burial rule one it can meet."""
    if action.value == "circus":
        return True
    need = forced_counters(hand)
    return need == 0 or len(trump_counters(hand, hand.t.context(str(action.value)))) >= need


def trump_choices(hand, choices):
    """The calls the bid winner may name with the nest in hand: those that meet the
    burial rule, or all of them when none does (``trump-else-any``)."""
    if not applies(hand) or hand.discards_left == 0:
        return choices
    meeting = tuple(a for a in choices if meets(hand, a))
    return meeting or choices


def forced_choices(hand, counters: list[int]) -> list[int]:
    """Of the counters the bid winner is forced to lay aside, those it may: the trump
    ones, unless the trump named could not meet the rule (``trump-else-any``: then any)."""
    if not applies(hand) or hand.ctx is None:
        return counters
    ctx, t = hand.ctx, hand.t
    named_with = [c for c in hand.hands[hand.bidder] + hand.laid_aside if t.points[c]]
    need = len(named_with) - hand.variant.deal.hand
    if sum(1 for c in named_with if c in t.always_trump or ctx.trump_key[c] >= 0) < need:
        return counters
    return [c for c in counters if c in t.always_trump or ctx.trump_key[c] >= 0]
