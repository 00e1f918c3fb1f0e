"""Attribution of whose turn it is and which phase the hand is in: the auction's order
(``bidding.first``, ``bidding.pass``, ``bidding.opening``), how it ends
(``bidding.all-pass``, ``bidding.at-maximum``), the phases after it (``trump.named``,
``nest.discard``, ``table.call-time`` ...), a poor hand (``deal.poor-hand``), the next
dealer, the cards a seat holds and the legal set of each phase."""

from __future__ import annotations

from ...errors import IllegalAction
from ..poor_hand import is_poor
from .common import PHASE_CLAUSES, _PHASE_PRIORITY, _rule, _unique
from .tricks import trick_rules
from .legal import top_bid_ends


def turn_rules(hand, other: int | None = None) -> tuple[str, ...]:
    """The rules that make ``hand.actor`` the seat to decide now (and, given the seat
    another engine names, the rule that tells the two apart)."""
    phase = hand.phase
    if phase == "done":
        return ()
    if phase == "redeal" and isinstance(other, int) and not isinstance(other, bool) and \
            0 <= other < hand.n and not is_poor(hand, other):
        # the other side asks a seat whose hand is not poor here: what makes a hand
        # poor, not the order its holders are asked in
        return _unique([_rule(hand, "deal", "poor-hand")])
    if phase == "bidding":
        spoken = [entry for entry in hand.auction]
        if hand.variant.bidding.opening is not None:
            if len(spoken) <= 1:
                return _unique([_rule(hand, "bidding", "opening")])
        elif not spoken:
            return _unique([_rule(hand, "bidding", "first")])
        return _unique([_rule(hand, "bidding", "pass")])
    if phase == "play":
        if hand.trick_cards:
            if hand.has_dummy and hand.actor != hand.to_act:
                return _unique([_rule(hand, "table", "dummy")])
            return ()            # play goes to the left: no clause decides it
        if not hand.tricks:
            if hand.circus_namer is not None:
                return _unique([_rule(hand, "trump", "choices")])
            return _unique([_rule(hand, "play", "leader")])
        if len(hand.trick_rules) < len(hand.tricks):     # a playout keeps none: work out
            leader, cards, seats, winner = hand.tricks[-1]
            return trick_rules(hand, hand.ctx, cards, seats, winner)
        return hand.trick_rules[-1] if hand.trick_rules else ()
    if phase == "circus":
        return _unique([_rule(hand, "trump", "choices")])
    if phase == "passing":
        # once cards have been given, whether a seat gives again or the next seat's turn
        # comes is how many cards each passes (the passing itself goes to the left)
        return _unique([_rule(hand, "passing", "cards")]) if any(hand.given) else ()
    section, key = PHASE_CLAUSES[phase]
    return _unique([_rule(hand, section, key)])


def phase_rules(hand, other: str | None = None) -> tuple[str, ...]:
    """The rules that put the hand in its phase now (and, given the phase another engine
    reports, the rules that tell the two apart)."""
    phases = [hand.phase] + ([other] if other and other != hand.phase else [])
    poor = poor_hand_rules(hand, phases)
    if poor:
        return poor
    if len(phases) == 2 and _after_every_pass(hand) and \
            set(phases) & {"bidding", "done", "redeal"}:
        # every seat passed and the two went separate ways (thrown in, or the dealer
        # made to take it): what an auction with no bid does, whatever phase follows.
        # (Both giving the hand to a bid winner and parting over what comes next --
        # trump before the nest -- is the order of those phases, told below.)
        return _unique([_rule(hand, "bidding", "all-pass")])
    if "bidding" in phases and len(phases) == 2:
        # One side's auction is over, the other's goes on: how an auction ends.
        if top_bid_ends(hand):
            return _unique([_rule(hand, "bidding", "at-maximum")])
        opening = hand.variant.bidding.opening
        if opening is not None and hand.high == opening and \
                all(said == "pass" for _, said in hand.auction[1:]):
            return _unique([_rule(hand, "bidding", "opening")])  # the dealer's opening bid
        return _unique([_rule(hand, "bidding", "all-pass") if hand.bidder is None or
                        hand.forced else _rule(hand, "bidding", "pass")])
    rules: list[str | None] = []
    # Where two phases trade places, the clause that orders them is to blame, not the
    # clause of a phase that both have (the nest's discard is in both; when trump is
    # named moves).
    for phase in sorted((p for p in phases if p in PHASE_CLAUSES),
                        key=lambda p: _PHASE_PRIORITY.index(p)):
        rules.append(_rule(hand, *PHASE_CLAUSES[phase]))
        break
    if not rules:
        if "done" in phases and "bidding" in phases or (
                hand.phase == "bidding" and other not in (None, "play", "done")) or (
                other == "bidding" and hand.bidder is not None and hand.high == 0):
            rules.append(_rule(hand, "bidding", "all-pass"))
        elif "done" in phases or "bidding" in phases:
            rules.append(_rule(hand, "bidding", "all-pass") if hand.bidder is None
                         else _rule(hand, "bidding", "pass"))
    return _unique(rules)


def _after_every_pass(hand) -> bool:
    """The auction just ended with no bid of a seat's own: every seat passed (the hand
    thrown in, or the dealer made to take it), and nothing has been played since."""
    if hand.phase == "bidding" or hand.tricks or getattr(hand, "laid_aside", None):
        return False
    said = [entry[1] for entry in hand.auction]
    if getattr(hand, "forced", False):
        return True
    return len(said) >= hand.n and all(word == "pass" for word in said)


def poor_hand_rules(hand, phases) -> tuple[str, ...]:
    """Where two phases differ over a poor hand (``deal.poor-hand``): a hand thrown in
    or offered for a redeal on one side, the auction open on the other."""
    before_auction = not hand.auction and ("bidding" in phases or "redeal" in phases)
    if not hand.variant.deal.poor_hand:
        # A spec without poor hands (the language's default, ``deal.poor-hand none``):
        # an engine that throws the cards in or offers a redeal before anyone has bid
        # departs from that default, not from how an auction nobody bids in ends.
        if before_auction and ("done" in phases or "redeal" in phases):
            return _unique([_rule(hand, "deal", "poor-hand")])
        return ()
    if "redeal" in phases and "done" in phases:
        # both see a poor hand; one throws it in at once, the other asks its holder
        return _unique([_rule(hand, "deal", "poor-hand-redeal")])
    if "redeal" in phases or getattr(hand, "poor_seat", None) is not None or \
            (before_auction and "done" in phases):
        # one side sees a poor hand where the other opens the auction: what makes a
        # hand poor
        return _unique([_rule(hand, "deal", "poor-hand")])
    return ()


def next_dealer_rules(hand) -> tuple[str, ...]:
    """The rule that says who deals after ``hand`` when it differs from the usual turn:
    a poor hand thrown in (``deal.poor-hand-dealer``), a hand nobody bid on
    (``bidding.all-pass``); else none (the deal passing left is the game itself)."""
    if getattr(hand, "poor_seat", None) is not None:
        return _unique([_rule(hand, "deal", "poor-hand-dealer")])
    if hand.result is not None and hand.result.thrown_in:
        return _unique([_rule(hand, "bidding", "all-pass")])
    return ()


def wrong_phase(hand, message: str) -> IllegalAction:
    """The refusal of an action another phase takes, charged to the rule that puts the
    hand in its phase now."""
    rules = phase_rules(hand)
    return IllegalAction("wrong-phase", message, rules[0] if rules else None)


def hand_rules(hand, seat: int) -> tuple[str, ...]:
    """The rules behind the cards a seat holds now: cards passed (and when the bid winner
    sees what it received), else the phase that moved cards (the nest taken)."""
    if hand.hidden_received is not None and seat == hand.bidder:
        return _unique([_rule(hand, "passing", "bidder-sees")])
    if any(hand.given):
        return _unique([_rule(hand, "passing", "directions")])
    return phase_rules(hand) or legal_rules(hand)


def auction_rules(hand) -> tuple[str, ...]:
    """The rules behind who holds the contract and at what bid, once the auction is
    over: a forced bid is the minimum; otherwise the auction's end."""
    if hand.forced:
        return _unique([_rule(hand, "bidding", "minimum")])
    if top_bid_ends(hand):
        return _unique([_rule(hand, "bidding", "at-maximum")])
    if hand.variant.bidding.all_pass == "dealer-must-bid" and hand.bidder is not None and \
            [said for _, said in hand.auction[:-1]] == ["pass"] * (hand.n - 1):
        return _unique([_rule(hand, "bidding", "all-pass")])    # made to bid, any amount
    if hand.variant.bidding.opening is not None and hand.high == hand.variant.bidding.opening:
        return _unique([_rule(hand, "bidding", "opening")])
    return _unique([_rule(hand, "bidding", "pass")])


def legal_rules(hand) -> tuple[str, ...]:
    """The rules that shape the legal set now."""
    phase = hand.phase
    if phase == "bidding":
        b = hand.variant.bidding
        keys = ["minimum", "maximum", "step", "raise", "pass"]
        if b.opening is not None:
            keys.append("opening")
        if b.all_pass == "dealer-must-bid" and hand.active == 1 and hand.bidder is None:
            keys.insert(0, "all-pass")      # the pass is missing: the one left must bid
        return _unique(_rule(hand, "bidding", k) for k in keys)
    if phase == "play":
        rules = [_rule(hand, "play", "follow")]
        if hand.t.anytime:
            rules.append(_rule(hand, "play", "anytime"))
        return _unique(rules)
    if phase == "discard":
        return _unique([_rule(hand, "nest", "forbid")])
    if phase in ("trump", "circus"):
        return _unique([_rule(hand, "trump", "choices")])
    if phase == "call":
        return _unique([_rule(hand, "table", "sides")])
    if phase == "passing":
        return _unique([_rule(hand, "passing", "cards")])
    if phase == "redeal":
        return _unique([_rule(hand, "deal", "poor-hand"), _rule(hand, "deal", "poor-hand-redeal")])
    if phase in PHASE_CLAUSES:
        return _unique([_rule(hand, *PHASE_CLAUSES[phase])])
    return ()
