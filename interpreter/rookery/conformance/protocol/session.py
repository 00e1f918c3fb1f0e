"""Our interpreter behind the conformance contract's verbs: deal, apply, state.

One :class:`Session` holds the hand of one case (``rookery.Hand`` from the case's
explicit deal, inside a ``rookery.Game`` so that the end of the game can be read).  The
in-process adapter calls it directly; ``rookery serve`` puts it behind the JSON-lines
protocol.  Both answer with the same dictionaries, so the two cannot drift apart.
"""

from __future__ import annotations

from ...engine import Game, Hand
from ...engine.moon import high_bid
from ...errors import IllegalAction, RookeryError
from ...language.load import builtin_variants, load_variant
from ...language.options import corpus_combinations, is_builtin
from ...language.model import Variant

PROTOCOL = 1


class SessionError(RookeryError):
    """A request the session cannot serve (no deal yet, unknown variant, bad deal).

    ``code`` is the protocol's error word (``unsupported-variant``, ``bad-deal``,
    ``no-deal``, ``bad-request``)."""

    def __init__(self, code: str, message: str):
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


class Session:
    """The state of one scripted deal, read the way the contract reads it."""

    def __init__(self, variants: dict[str, Variant] | None = None,
                 extra: dict[str, Variant] | None = None):
        """``variants``: exactly the variants to play; else the built-in ones (and the
        combinations the corpus has cases for) with ``extra`` ones (users' specs, which
        stand in for a built-in variant of the same id)."""
        self._variants = variants
        self._loaded: dict[str, Variant] = dict(extra or {})
        self._extra = sorted(set(extra or ()) - set(builtin_variants()))
        self.hand: Hand | None = None
        self.game: Game | None = None

    # -- hello ------------------------------------------------------------------------------

    def variant_ids(self) -> list[str]:
        """The variants this session plays: given ones, or the built-in variants and the
        built-in combinations (base+option) the corpus has cases for."""
        if self._variants is not None:
            return sorted(self._variants)
        return builtin_variants() + corpus_combinations() + self._extra

    def variant(self, name: str) -> Variant:
        if self._variants is None and name in self._loaded:
            return self._loaded[name]           # known already: no look at the folders
        if name not in self.variant_ids() and not (self._variants is None
                                                     and is_builtin(name)):
            raise SessionError("unsupported-variant", f"no variant '{name}' here")
        if self._variants is not None:
            return self._variants[name]
        if name not in self._loaded:            # once a session: a deal asks each time
            self._loaded[name] = load_variant(name)
        return self._loaded[name]

    def hello(self) -> dict:
        from ... import __version__
        return {"ok": True, "name": "rookery", "version": __version__,
                "variants": self.variant_ids(), "features": ["next-hand", "batch"],
                "error_codes": True,
                "protocol": PROTOCOL}

    # -- deal -------------------------------------------------------------------------------

    def deal(self, variant: str, dealer: int, hands, nest, scores=None,
             number: int = 0) -> None:
        """Start the case's deal: nothing random, the cards exactly as given."""
        v = self.variant(variant)
        try:
            hand = Hand(v, dealer, hands, nest, scores, number)
        except RookeryError as error:
            raise SessionError("bad-deal", str(error)) from None
        except (TypeError, ValueError) as error:
            raise SessionError("bad-deal", f"the deal is malformed: {error}") from None
        self.hand = hand
        self.game = Game(v, 0, first_dealer=dealer, hand=hand)

    def deal_next(self, hands, nest) -> None:
        """The next hand of the game in progress, with these cards: the dealer, the
        running scores and the hand's number are the game's own (the deal passing to the
        left, after a throw-in too; the scores carried from hand to hand)."""
        game = self.game
        if game is None or self.hand is None or not self.hand.is_over:
            raise SessionError("no-game", "a next hand needs a game whose hand is over")
        if game.is_over or getattr(game, "stopped", False):
            raise SessionError("no-game", "the game is over: there is no next hand")
        following = game.hand            # dealt by the game at the end of the last hand
        try:
            hand = Hand(game.variant, following.dealer, hands, nest, game.scores,
                        following.number)
        except RookeryError as error:
            raise SessionError("bad-deal", str(error)) from None
        except (TypeError, ValueError) as error:
            raise SessionError("bad-deal", f"the deal is malformed: {error}") from None
        self.hand = game.hand = hand
        if hand.is_over:        # thrown in as dealt (deal.poor-hand-redeal must)
            game._end_of_hand()

    # -- apply ------------------------------------------------------------------------------

    def apply(self, seat: int, action: str) -> dict:
        """Offer ``action`` for ``seat``: accepted with its events, or rejected with the
        stable error code of :class:`~rookery.IllegalAction` (the state unchanged)."""
        hand = self._hand()
        try:
            if hand.is_over:
                raise IllegalAction("hand-over", "the hand is over")
            events = self.game.apply(action, seat)
        except IllegalAction as error:
            return {"ok": True, "accepted": False, "code": error.code,
                    "message": error.message}
        # The events of the next hand (dealt by Game when this one ends) are not ours.
        shown = []
        for event in events:
            if event.kind == "new-hand":
                break
            shown.append(event.to_json())
        return {"ok": True, "accepted": True, "events": shown}

    def batch(self, actions: list[tuple[int, str]], state: dict | None = None) -> dict:
        """The protocol's ``batch`` feature: offer ``actions`` in turn, as many ``apply``
        requests would, and stop at the first one refused (it leaves the state as it was
        before it; the actions after it are not offered).  With ``state`` (the arguments
        of a ``state`` request: ``{}`` or ``{"seat": S}``), the answer also carries the
        state left by the last accepted action."""
        seat = None if state is None else state.get("seat")
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self._hand().n):
            raise SessionError("bad-request", f"there is no seat {seat!r}")
        out: dict = {"ok": True, "applied": 0}
        for seat_, action in actions:
            answer = self.apply(seat_, action)
            if not answer["accepted"]:
                out["rejected"] = {"code": answer["code"], "message": answer["message"]}
                break
            out["applied"] += 1
        if state is not None:
            out["state"] = self.state(seat)
        return out

    # -- state ------------------------------------------------------------------------------

    def state(self, seat: int | None = None) -> dict:
        """The contract's state: everything an ``expect`` can check, plus the ``hand``
        and ``view`` of ``seat`` when one is given."""
        hand = self._hand()
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < hand.n):
            raise SessionError("bad-request", f"there is no seat {seat!r}")
        out = {
            "phase": hand.phase,
            "to_act": hand.actor,
            "legal": [str(action) for action in hand.legal_actions()],
            "high_bid": high_bid(hand),
            "bidder": hand.bidder,
            "trump": hand.ctx.call.split()[0] if hand.ctx is not None else None,
            "tricks_won": list(hand.tricks_won),
            "last_trick": last_trick(hand),
            "hand_over": hand.is_over,
            "result": result_of(hand),
            "game_over": game_over(self.game, hand),
            "dealer": hand.dealer,
            "number": hand.number,
            "scores": list(hand.scores_before),
        }
        if seat is not None:
            codes = hand.t.codes
            out["hand"] = [codes[c] for c in hand.hands[seat]]
            out["view"] = hand.observation(seat)
        return out

    def _hand(self) -> Hand:
        if self.hand is None:
            raise SessionError("no-deal", "no deal has been started")
        return self.hand


def last_trick(hand: Hand) -> dict | None:
    """The last complete trick: who won it, the points in it, its cards in play order."""
    if not hand.tricks:
        return None
    _leader, cards, _seats, winner = hand.tricks[-1]
    t = hand.t
    return {"winner": winner, "points": sum(t.points[c] for c in cards),
            "cards": [t.codes[c] for c in cards]}


def result_of(hand: Hand) -> dict | None:
    """The finished hand per score keeper: made, changes, scores, taken, nest_to,
    thrown_in (``taken`` is what the keeper's side took, bonuses included)."""
    result = hand.result
    if result is None:
        return None
    t = hand.t
    taken = [0] * t.keepers
    for side in result.sides:
        for seat in side.seats:
            keeper = t.team_of[seat] if t.team_of is not None else seat
            taken[keeper] = side.taken
    return {"made": result.made, "changes": list(result.changes),
            "scores": list(result.scores), "taken": taken, "nest_to": result.nest_to,
            "thrown_in": result.thrown_in}


def game_over(game: Game | None, hand: Hand) -> dict | bool:
    """``{"winners": [keepers]}`` once this hand ends the game, else false."""
    if game is None or not hand.is_over or not game.is_over:
        return False
    return {"winners": list(game.winners)}
