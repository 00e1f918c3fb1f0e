"""Probing with mistakes (:class:`Probes`, mixed into
:class:`rookery.conformance.diagnosis.lockstep.Lockstep`): illegal actions of every kind
the phase allows, offered where refusal codes compete, each to be refused with the
oracle's code and the state left as it was."""

from __future__ import annotations

from ...engine import attribution
from ...engine.actions import Action
from ...engine.burial import later_in_burial
from ...engine.moon import high_bid
from .differences import OutOfStep


class Probes:
    """The probes of a lockstep run."""

    def _mistakes(self, rng, hand) -> list[tuple[int, Action]]:
        """Actions the rules refuse now, of every kind the phase allows: another seat's
        turn, an action of another phase, and the phase's own wrong moves."""
        t = self.t
        seat = hand.actor
        held = hand.hands[hand.bidder if hand.phase == "discard" else hand.to_act]
        out: list[tuple[int, Action]] = []
        legal = hand.legal_actions()
        if legal:
            out.append(((seat + 1 + rng.randrange(hand.n - 1)) % hand.n, rng.choice(legal)))
        phase = hand.phase
        others = {"bidding": Action("play", t.codes[held[0]]) if held else None,
                  "play": Action("bid", hand.variant.bidding.minimum),
                  "discard": Action("play", t.codes[held[0]]) if held else None}
        other = others.get(phase, Action("bid", hand.variant.bidding.minimum))
        if other is not None:
            out.append((seat, other))
        if phase == "bidding":
            b = hand.variant.bidding
            lowest = max(b.minimum, hand.high + b.step) if hand.high else b.minimum
            # each refusal code alone, and where two compete: a bid off the step above
            # the high bid but below the lowest raise (103 over 100, step 5), off the step
            # below the minimum, off the step above the maximum
            for amount in (b.minimum - b.step, hand.high, lowest + 1, t.max_bid + b.step,
                           lowest + 2 * b.step, lowest + b.step, hand.high + 1,
                           hand.high + b.step - 2, b.minimum - 1, t.max_bid + 1):
                if amount > 0:
                    out.append((seat, Action("bid", amount)))
        elif phase in ("play", "discard", "passing", "circus"):
            kind = {"play": "play", "discard": "discard"}.get(phase, "give")
            for card in rng.sample(range(len(t.codes)), min(12, len(t.codes))):
                out.append((seat, Action(kind, t.codes[card])))
            out.append((seat, Action(kind, "X99")))
        elif phase == "trump":
            for letter in t.letters + ("none",):
                out.append((seat, Action("trump", letter)))
        elif phase == "call":
            for card in held[:3]:
                out.append((seat, Action("call", t.codes[card])))
        # cards the burial takes later count as legal: it is one act (burial.py)
        legal_set = set(legal) | {t.discard_action(card) for card in later_in_burial(hand)}
        return [(s, a) for s, a in out if s != seat or a not in legal_set]

    def _probe(self, rng, oracle, deal, path, got, record) -> None:
        """Offer one illegal action (the kind least tried so far): the engine must refuse
        it with the oracle's code and leave its state as it was."""
        hand = oracle.hand
        candidates = self._mistakes(rng, hand)
        if not candidates:
            return
        rng.shuffle(candidates)
        scored = []
        for seat, action in candidates[:8]:
            error = attribution.refusal(hand, action, seat)
            if error is not None:
                tried = self.coverage.categories["refused " + _context(hand, action, error)]
                scored.append((tried, seat, action, error))
        if not scored:
            return
        scored.sort(key=lambda item: item[0])
        _, seat, action, error = scored[0]
        self.coverage.categories["refused " + _context(hand, action, error)] += 1
        self._offer(oracle, deal, path, got, record, seat, str(action),
                    check_state=rng.random() < 0.3)

    def _offer(self, oracle, deal, path, got, record, seat: int, text: str,
               check_state: bool) -> None:
        """Offer one action the rules refuse and compare the engine's answer."""
        hand = oracle.hand
        error = attribution.refusal(hand, text, seat)
        if error is None:
            raise OutOfStep            # (replaying) the action is legal here
        action = text
        self.coverage.codes[error.code] += 1
        if error.rule:
            self.coverage.decide((error.rule,), getattr(self, "_number", 0))
        outcome = self.engine.apply(seat, str(action))
        step = {"seat": seat, "do": str(action), "reject": error.code}
        rules = (error.rule,) if error.rule else ()
        if outcome.accepted and error.code == "not-your-turn":
            # an action taken from a seat that is not to act: whatever its own legal list
            # says of the seat whose turn it is, the rule that gives the turn (the
            # auction's order, the leader, the last trick's winner) is broken
            record("accepts-illegal", attribution.turn_rules(hand, seat), [step],
                   f"rejected ({error.code})", "accepted",
                   f"seat {seat} acted where seat {hand.actor} is to act: {error.message}")
            self._resync(deal, path)
            return
        if outcome.accepted and attribution.top_bid(hand, Action.parse(action)):
            # The highest bid is the points a hand holds: told by the counters.
            self._resync(deal, path)
            return
        if _against_another_high_bid(hand, action, got):
            # The engine weighs the bid against another high bid (an opening bid of
            # its own): the legal set already charges that bid's rule, not this refusal.
            if outcome.accepted:
                self._resync(deal, path)
            return
        if outcome.accepted and _stated_legal(got, action):
            # The engine accepts what it states legal here: the legal set's comparison
            # has charged that difference to its rule (a bid by the engine's own step is
            # bidding.step, not the raise the spec's step would make of it).
            self._resync(deal, path)
            return
        if outcome.accepted:
            if error.code == "must-follow-color" and \
                    attribution.anytime_card(hand, Action.parse(action)):
                if self._allows_off_color(hand, got):
                    pass                        # any card may leave the color: the follow rule
                elif self._holds_ordinary_off_color(hand):
                    rules = (self.t.rule("play", "anytime"),)   # only the Rook may
                else:
                    self._resync(deal, path)    # nothing here tells which of the two
                    return
            record("accepts-illegal", rules, [step], f"rejected ({error.code})", "accepted",
                   error.message)
            self._resync(deal, path)
            return
        code_rules = attribution.code_rules(hand, error, outcome.code)
        if self.info is not None and self.info.error_codes and outcome.code != error.code \
                and code_rules:
            record("code", code_rules, [step], f"rejected ({error.code})",
                   f"rejected ({outcome.code})", outcome.message)
        if check_state:
            seat_asked = hand.actor
            after = self.engine.state(seat_asked)
            changed = [k for k in ("phase", "to_act", "legal", "hand")
                       if _ordered(after.get(k)) != _ordered(got.get(k))]
            if changed:
                record("changed-on-reject", rules, [step], "the state unchanged",
                       {k: after.get(k) for k in changed}, "changed: " + ", ".join(changed))
                self._resync(deal, path)

    def _allows_off_color(self, hand, got) -> bool:
        """Does the engine let the seat leave the led color with an ordinary card (then
        the follow rule differs, not which cards may be played anytime)?"""
        t = self.t
        for text in got.get("legal") or ():
            kind, _, code = str(text).partition(" ")
            card = t.card_of.get(code)
            if kind == "play" and card is not None and hand.trick_cards and \
                    hand.ctx.suit_of[card] != hand.led and \
                    card not in t.always_trump | t.anytime:
                return True
        return False

    def _holds_ordinary_off_color(self, hand) -> bool:
        """The seat to play holds a card of another color that is no Rook or special."""
        t = self.t
        return bool(hand.trick_cards) and any(
            hand.ctx.suit_of[c] != hand.led and c not in t.always_trump | t.anytime
            for c in hand.hands[hand.to_act])

    def _resync(self, deal, path) -> None:
        """Deal again and replay the accepted actions, so the engine is back in step (in
        a game's later hand there is no going back: the next deal begins)."""
        if deal.get("next"):
            raise OutOfStep
        self.engine.deal(self.variant.id, deal)
        for seat, action in path:
            if not self.engine.apply(seat, action).accepted:
                raise OutOfStep



def _stated_legal(got, action) -> bool:
    """The engine's own legal list (where it sends one) holds this action."""
    listed = got.get("legal")
    if not isinstance(listed, list):
        return False
    wanted = Action.parse(str(action))
    for text in listed:
        try:
            if Action.parse(str(text)) == wanted:
                return True
        except Exception:  # noqa: BLE001 - an unreadable action is simply not this one
            continue
    return False


def _against_another_high_bid(hand, action, got) -> bool:
    """A bid offered where the engine states another high bid than the rules (a bid's
    refusal is measured from the high bid, so it follows from that bid's rule)."""
    if not str(action).startswith("bid ") or "high_bid" not in got:
        return False
    return got.get("high_bid") != high_bid(hand)


def _context(hand, action: Action, error) -> str:
    """A refusal code with the context it competes in: a bid off the step that is also
    not above the lowest raise, or below the minimum, or above the maximum, is another
    test of the code than a bid off the step alone."""
    if action.kind != "bid" or not isinstance(action.value, int):
        return error.code
    b = hand.variant.bidding
    lowest = max(b.minimum, hand.high + b.step) if hand.high else b.minimum
    where = "below-lowest" if action.value < lowest else \
        "above-top" if action.value > hand.t.max_bid else "in-range"
    off = (action.value - b.minimum) % b.step != 0
    return f"{error.code} ({where}{', off-step' if off else ''})"



def _ordered(value):
    if isinstance(value, list):
        return sorted(map(str, value))
    return value


# Differences after which a replay cannot go on as written (the others are incidental:
# the path still passes through them).
