"""The auction: bids in steps over the minimum, a pass is final, the last bidder standing
wins (``bidding:`` clauses).  What happens when nobody bids is the spec's ``all-pass``."""

from __future__ import annotations

from ..errors import IllegalAction
from . import moon
from .actions import Action, Event
from .attribution import wrong_phase


def start(hand) -> list[Event]:
    """Open the auction: the first speaker, or the dealer's automatic opening bid."""
    b = hand.variant.bidding
    n = hand.n
    events: list[Event] = []
    if b.opening is not None:
        hand.high, hand.bidder = b.opening, hand.dealer
        hand.auction.append((hand.dealer, f"bid {b.opening}"))
        events.append(Event("bid", hand.dealer, {"amount": b.opening, "automatic": True},
                            (hand.t.rule("bidding", "opening"),)))
        hand.to_act = (hand.dealer + 1) % n
    else:
        hand.to_act = hand.dealer if b.first == "dealer" else (hand.dealer + 1) % n
    return events


def legal(hand) -> list[Action]:
    t = hand.t
    menu = t.bid_menus.get(hand.high) or t.bid_menu(hand.high)
    if hand.active == 1 and hand.bidder is None and must_bid(hand):
        return list(menu[:-1])      # every bid, no pass
    return list(menu)


def must_bid(hand) -> bool:
    """``bidding.all-pass dealer-must-bid``: once all the others have passed without a
    bid, the one left may not pass, but bids any legal amount."""
    return hand.variant.bidding.all_pass == "dealer-must-bid" and \
        hand.bidder is None and hand.active == 1


def apply(hand, action: Action, seat: int | None = None) -> list[Event]:
    """A bid or a pass.  A playout hand calls this directly (``hand.DIRECT``): an action
    given for a seat or as its notation goes the checked way round."""
    if seat is not None or type(action) is not Action:
        return hand.checked_apply(action, seat)
    seat = hand.to_act
    kind = action.kind
    if kind == "pass":
        if hand.active == 1 and must_bid(hand):
            raise IllegalAction("must-bid", "all the others have passed: this player must "
                                "bid", hand.t.rule("bidding", "all-pass"))
        hand.auction.append((seat, "pass"))
        hand.passed[seat] = True
        hand.active -= 1
        events = [Event("pass", seat)] if hand.record else None
    elif kind == "moon":
        if hand.variant.bidding.moon is None:
            raise IllegalAction("no-moon-bid", "this variant has no moon bid",
                                hand.t.rule("bidding", "moon"))
        if moon.is_moon(hand):
            raise IllegalAction("bid-too-low", "the moon has been bid: nothing outbids it",
                                hand.t.rule("bidding", "moon"))
        said = moon.bid(hand)
        events = said if hand.record else None
    elif kind == "bid":
        amount = action.value
        if moon.is_moon(hand):
            raise IllegalAction("bid-too-low", "the moon has been bid: nothing outbids it",
                                hand.t.rule("bidding", "moon"))
        t = hand.t
        # A bid on the ladder above the high bid (by one step, where jumps are not
        # allowed) is good; anything else is checked rule by rule.
        if amount not in t.bid_actions or amount <= hand.high or \
                (t.raise_by and amount != (hand.high + t.raise_by if hand.high
                                           else t.bid_amounts[0])):
            _validate_bid(hand, amount)
        hand.high, hand.bidder = amount, seat
        hand.auction.append((seat, f"bid {amount}"))
        events = [Event("bid", seat, {"amount": amount})] if hand.record else None
    else:
        raise wrong_phase(hand, f"'{action}' is not a bid or a pass; the auction is on")
    after = _next(hand)
    return () if events is None else events + after


def _validate_bid(hand, amount) -> None:
    b = hand.variant.bidding
    t = hand.t
    if not isinstance(amount, int):
        raise IllegalAction("bad-action", f"a bid is a whole number, not {amount!r}")
    if amount < b.minimum:
        raise IllegalAction("bid-too-low", f"the minimum bid is {b.minimum}",
                            t.rule("bidding", "minimum"))
    if amount <= hand.high:
        # the code's rule, as the protocol's table of codes gives it (a bid under the bid
        # to beat is too low, whatever clause set that bid)
        raise IllegalAction("bid-too-low", f"a bid must be higher than {hand.high}",
                            t.rule("bidding", "minimum"))
    if amount > t.max_bid:
        raise IllegalAction("bid-too-high", f"the maximum bid is {t.max_bid}",
                            t.rule("bidding", "maximum"))
    if (amount - b.minimum) % b.step:
        raise IllegalAction("bid-not-multiple", f"bids go in steps of {b.step}",
                            t.rule("bidding", "step"))
    if not b.jumps and amount != (hand.high + b.step if hand.high else b.minimum):
        raise IllegalAction("bid-jump", f"the first bid is {b.minimum} and each bid raises "
                            f"by exactly {b.step}", t.rule("bidding", "raise"))


def _next(hand) -> list[Event]:
    """After a bid or pass: end the auction, or pass the turn to the next bidder."""
    n = hand.n
    if hand.bidder is not None and hand.active == 1 and not hand.passed[hand.bidder]:
        return hand.auction_won()
    if hand.high >= hand.t.max_bid and hand.variant.bidding.at_maximum == "ends-auction" \
            and hand.auction[-1][1] != "pass":
        return top_bid_wins(hand)
    if hand.active == 0:
        return hand.thrown_in()
    if hand.bidder is None and hand.active == 1 and \
            hand.variant.bidding.all_pass == "dealer-forced":
        last = hand.passed.index(False)
        hand.high, hand.bidder = hand.variant.bidding.minimum, last
        hand.forced = True
        hand.auction.append((last, f"bid {hand.high}"))
        return [Event("forced-bid", last, {"amount": hand.high},
                      (hand.t.rule("bidding", "all-pass"),))] + hand.auction_won()
    seat = (hand.to_act + 1) % n
    while hand.passed[seat]:
        seat = (seat + 1) % n
    hand.to_act = seat
    return []


def top_bid_wins(hand) -> list[Event]:
    """``bidding.at-maximum ends-auction``: a bid of the highest amount wins the auction
    at once; the players still in it do not speak again."""
    return [Event("auction-won", hand.bidder, {"bid": moon.high_bid(hand)},
                  (hand.t.rule("bidding", "at-maximum"),))] + hand.advance()
