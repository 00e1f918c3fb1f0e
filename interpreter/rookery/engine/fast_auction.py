"""The auction, the discard and naming trump in a playout, specialised once per variant
(issue 21).

:mod:`rookery.engine.bidding`, :mod:`rookery.engine.nest` and
:mod:`rookery.engine.declare` interpret the ``bidding:``, ``nest:`` and ``trump:`` clauses
at every bid, every card laid aside and every call.  Here the common steps are
closures built once per variant from its compiled tables: the bidding menus, whether a
player left alone must bid (``all-pass dealer-must-bid``), whether a top bid ends the
auction (``at-maximum ends-auction``), and whether any card may be laid aside (no
``nest.forbid``, no ``nest.exchange``, no duplicate cards), and the calls that may be
named (where no Circus Rook call and no forced burial narrows them).  A bid off the ladder, the end
of the auction and everything the interpreter would refuse go to the interpreter, which
acts and words its refusals as always.

Only a playout hand (``record=False``, no dummy) uses these; ``tests/test_engine_playout.py``
plays it beside a recording hand (the interpreter) on every variant.
"""

from __future__ import annotations

from . import bidding, burial, declare, nest, play
from .actions import Action
from .phases import DISCARD, PLAY, steps_after_bidding


def bidding_verbs(t) -> tuple:
    """``(legal_actions, apply)`` of the auction for a playout hand of ``t``'s variant."""
    rules = t.variant.bidding
    must_bid = rules.all_pass == "dealer-must-bid"
    top_ends = rules.at_maximum == "ends-auction"
    menus = t.bid_menus
    bid_menu = t.bid_menu
    ladder = t.bid_actions
    raise_by = t.raise_by
    first_bid = t.bid_amounts[0] if t.bid_amounts else None
    max_bid = t.max_bid
    next_seat = t.next_seat
    # Each seat's entries in the auction, as the auction records them, made once:
    # immutable, so every hand shares them and a bid makes (and frees) no tuple.
    passes = tuple((seat, "pass") for seat in range(t.players))
    spoken = tuple({amount: (seat, f"bid {amount}") for amount in ladder}
                   for seat in range(t.players))
    general_apply = bidding.apply
    general_next = bidding._next
    # Where the bid winner takes the nest and lays cards aside next (the steps
    # ``take``, ``discard``), a won auction goes there at once: what
    # :meth:`Hand.auction_won` and :meth:`Hand.advance` do for a playout, without
    # looking the steps up.
    takes_nest = steps_after_bidding(t.variant)[:2] == ("take", DISCARD)
    take = nest.take

    def legal_actions(hand) -> list[Action]:
        """The bids over the high bid and a pass (:func:`rookery.engine.bidding.legal`)."""
        high = hand.high
        menu = menus.get(high) or bid_menu(high)
        if must_bid and hand.active == 1 and hand.bidder is None:
            return list(menu[:-1])      # every bid, no pass
        return list(menu)

    def apply(hand, action: Action, seat: int | None = None):
        """A bid or a pass (:func:`rookery.engine.bidding.apply`)."""
        if seat is not None or type(action) is not Action:
            return general_apply(hand, action, seat)
        kind = action[0]
        seat = hand.to_act
        if kind == "pass":
            if must_bid and hand.active == 1 and hand.bidder is None:
                return general_apply(hand, action)      # refuses: must bid
            hand.auction.append(passes[seat])
            hand.passed[seat] = True
            hand.active -= 1
        elif kind == "bid":
            amount = action[1]
            high = hand.high
            if amount not in ladder or amount <= high or \
                    (raise_by and amount != (high + raise_by if high else first_bid)):
                return general_apply(hand, action)      # checked rule by rule
            hand.high = amount
            hand.bidder = seat
            hand.auction.append(spoken[seat][amount])
            if top_ends and amount == max_bid:
                general_next(hand)                       # the top bid ends the auction
                return ()
        else:
            return general_apply(hand, action)          # refuses: not a bid
        if hand.active > 1:
            # Still two or more in the auction: the next one who has not passed speaks.
            passed = hand.passed
            seat = next_seat[seat]
            while passed[seat]:
                seat = next_seat[seat]
            hand.to_act = seat
            return ()
        bidder = hand.bidder
        if takes_nest and bidder is not None and hand.active == 1 and \
                not hand.passed[bidder]:
            # Won: the bid winner picks up the nest and lays cards aside.
            hand.step += 2
            take(hand)
            hand.phase = DISCARD
            hand.to_act = bidder
        else:
            general_next(hand)                           # won, thrown in or forced
        return ()

    return legal_actions, apply


def discard_verbs(t) -> tuple:
    """``(legal_actions, apply)`` of laying cards aside for a playout hand of ``t``'s
    variant: closures where any card may go, else the interpreter's own."""
    if not t.discard_any or t.duplicates:
        return nest.legal, nest.apply
    discard_actions = t.discard_actions
    card_of_discard = t.card_of_discard.get
    announce = t.variant.nest.announce == "points"
    general_apply = nest.apply

    def legal_actions(hand) -> list[Action]:
        """Every card the bid winner holds (:func:`rookery.engine.nest.legal`)."""
        return [discard_actions[card] for card in hand.hands[hand.bidder]]

    def apply(hand, action: Action, seat: int | None = None):
        """Lay a card aside (:func:`rookery.engine.nest.apply`)."""
        card = card_of_discard(action) if seat is None and type(action) is Action else None
        if card is None:
            return general_apply(hand, action, seat)
        try:
            hand.hands[hand.bidder].remove(card)
        except ValueError:
            return general_apply(hand, action)          # refuses: not held
        hand.laid_aside.append(card)
        left = hand.discards_left = hand.discards_left - 1
        if left == 0:
            if announce:
                nest._laid_aside(hand)
            hand.advance()
        return ()

    return legal_actions, apply


def trump_verbs(t) -> tuple:
    """``(legal_actions, apply)`` of naming trump for a playout hand of ``t``'s variant:
    closures where every call in ``trump.choices`` may always be named (no Circus Rook
    call, no forced burial to meet), else the interpreter's own."""
    calls = t.trump_actions
    if declare.CIRCUS in calls or burial.applies_to(t.variant):
        return declare.legal_trump, declare.apply_trump
    # Every call's trick order made now (``Tables.context`` keeps them): naming trump
    # is then one look-up, where no Rook was called before it.
    context_of = {action: t.context(action.value) for action in calls}.get
    context = t.context
    general_apply = declare.apply_trump
    # who leads the first trick: no Circus Rook call here (those take the general way)
    first_leader = play.leader_rule(t.variant.play.leader, t.players)

    def legal_actions(hand) -> list[Action]:
        """Every call of ``trump.choices`` (:func:`rookery.engine.declare.legal_trump`)."""
        return list(calls)

    def apply(hand, action: Action, seat: int | None = None):
        """Name trump (:func:`rookery.engine.declare.apply_trump`)."""
        ctx = context_of(action) if seat is None and type(action) is Action else None
        if ctx is None:
            return general_apply(hand, action, seat)
        rook = hand.rook_call                   # the Rook called before trump
        hand.ctx = context(f"{action.value} {rook}") if rook else ctx
        if hand.hidden_received is not None:
            hand.hands[hand.bidder].extend(hand.hidden_received)
            hand.hidden_received = None
        step = hand.step + 1
        if hand.steps[step] == PLAY:
            # Play comes next: :meth:`Hand.advance` and :func:`rookery.engine.play.start`
            # without looking the step up.
            hand.step = step
            hand.phase = PLAY
            hand.leader = hand.to_act = first_leader(hand)
        else:
            hand.advance()
        return ()

    return legal_actions, apply

