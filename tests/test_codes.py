"""The catalogue of rejection codes (``rookery.engine.codes``) against the engine: every code the
package raises is catalogued (read from the source's syntax tree, so a new code cannot be
forgotten), every catalogued code is raised somewhere, and each precedence claim holds
when a doubly wrong action is offered to a real hand."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

import rookery
from rookery import Action, IllegalAction
from rookery.engine import codes
from rookery.play.bots import SimpleBot
from rookery.docs import rejections

PACKAGE = Path(rookery.__file__).resolve().parent


def _raised_codes() -> list[tuple[str, str]]:
    """(where, code or pattern) for each ``IllegalAction(...)`` in the package: a literal
    code, both codes of a conditional, or a regex for an f-string code."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None)
                    == "IllegalAction"):
                continue
            where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
            arg = node.args[0] if node.args else next(
                k.value for k in node.keywords if k.arg == "code")
            found += [(where, code) for code in _codes_of(arg, where)]
    return found


def _codes_of(node: ast.expr, where: str) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _codes_of(node.body, where) + _codes_of(node.orelse, where)
    if isinstance(node, ast.JoinedStr):
        parts = [re.escape(v.value) if isinstance(v, ast.Constant) else "[a-z-]+"
                 for v in node.values]
        return ["re:" + "".join(parts)]
    raise AssertionError(f"{where}: a code that is not a string the test can read")


def _matches(code: str, catalogued: str) -> bool:
    if code.startswith("re:"):
        return re.fullmatch(code[3:], catalogued) is not None
    return code == catalogued


def test_every_code_raised_in_the_package_is_catalogued():
    raised = _raised_codes()
    assert len(raised) > 20
    missing = [(where, code) for where, code in raised
               if not any(_matches(code, known) for known in codes.CATALOGUE)]
    assert not missing, f"add these codes to rookery/codes.py: {missing}"


def test_every_catalogued_code_is_raised_somewhere():
    raised = [code for _, code in _raised_codes()]
    unused = [known for known in codes.CATALOGUE
              if not any(_matches(code, known) for code in raised)]
    assert not unused, f"catalogued but never raised: {unused}"


def test_the_protocol_page_lists_every_code_in_the_catalogue_order():
    page = rejections.filled(f"before\n{rejections.BEGIN} -->\n{rejections.END}\nafter\n")
    assert page.startswith("before\n") and page.endswith("after\n")
    at = [page.index(f'<code id="{code}">{code}</code>') for code in codes.PRECEDENCE]
    assert at == sorted(at)
    for r in codes.CATALOGUE.values():
        assert r.meaning[1:] in page
    committed = (Path(__file__).resolve().parent.parent / "docs" / "protocol.md")
    assert rejections.filled(committed.read_text(encoding="utf-8")) == \
        committed.read_text(encoding="utf-8"), "run rookery docs"


# -- the precedence, on real hands -------------------------------------------------------------

TOURNAMENT = rookery.load_variant("tournament")
ONE_STEP = rookery.load_variant("standard-deck")        # raise one-step: no jump bids
STRICT_NEST = rookery.load_text(
    'variant strict "No counters, no trump in the nest"\nextends tournament\n\n'
    'nest:\n  forbid counters unless forced, trump unless forced    ruling "a test"\n\n'
    'trump:\n  named before-nest    ruling "a test"\n', "strict.rook")


def _fresh(variant=TOURNAMENT, seed=3):
    return rookery.deal_hand(variant, seed=seed, dealer=0)


def _until(hand, done):
    """Play the hand on with a simple bot until ``done(hand)``."""
    bot = SimpleBot(random.Random(5))
    while not done(hand):
        assert not hand.is_over, "the hand ended before the state was reached"
        hand.apply(bot.choose(hand))
    return hand


def _refused(hand, action, seat=None) -> str:
    """The code ``action`` gets, checking the hand is left exactly as it was."""
    before = hand.snapshot(), hand.observation(hand.to_act or 0)
    with pytest.raises(IllegalAction) as caught:
        hand.apply(action, seat)
    assert (hand.snapshot(), hand.observation(hand.to_act or 0)) == before
    return caught.value.code


def _other_seat(hand) -> int:
    return (hand.actor + 1) % hand.n


def _holder(hand, code: str) -> int:
    return next(s for s in range(hand.n) if hand.t.card_of[code] in hand.hands[s])


def _off_color(hand) -> str | None:
    """A card of another color than the one led, held by a seat other than the one to
    play (none if the seat to play cannot follow)."""
    seat, led, suit_of = hand.to_act, hand.led, hand.ctx.suit_of
    if not any(suit_of[c] == led for c in hand.hands[seat]):
        return None
    return next((hand.t.codes[c] for s in range(hand.n) if s != seat for c in hand.hands[s]
                 if suit_of[c] != led and c not in hand.t.anytime), None)


def _mid_trick():
    """A Tournament hand in play, a card led, the seat to play able to follow."""
    for seed in range(1, 60):
        hand = _until(_fresh(seed=seed), lambda h: h.phase == "play" and h.trick_cards)
        if _off_color(hand) is not None:
            return hand
    raise AssertionError("no such hand in 60 seeds")


def _discarding(variant):
    return _until(_fresh(variant), lambda h: h.phase == "discard")


def test_each_fault_alone_gets_its_own_code():
    hand = _fresh()
    assert _refused(hand, "bid 65") == "bid-too-low"
    assert _refused(hand, "bid 70", _other_seat(hand)) == "not-your-turn"
    assert _refused(hand, "play R5") == "wrong-phase"
    assert _refused(hand, ("bid", "70")) == "bad-action"
    assert _refused(hand, "dance") == "bad-action"
    assert _refused(hand, "bid 125") == "bid-too-high"
    assert _refused(hand, "bid 72") == "bid-not-multiple"
    trick = _mid_trick()
    assert _refused(trick, "play Z99") == "unknown-card"
    assert _refused(trick, f"play {_off_color(trick)}") == "card-not-in-hand"
    led = next(trick.t.codes[c] for c in trick.hands[trick.to_act]
               if trick.ctx.suit_of[c] == trick.led)
    off = next(trick.t.codes[c] for c in trick.hands[trick.to_act]
               if trick.ctx.suit_of[c] != trick.led and c not in trick.t.anytime)
    assert _refused(trick, f"play {off}") == "must-follow-color"
    trick.apply(f"play {led}")


# (what the action is wrong about, the state, the action, the seat offering it)
DOUBLY_WRONG = [
    (("hand-over", "not-your-turn"),
     lambda: _until(_fresh(), lambda h: h.is_over), lambda h: "pass", lambda h: 1),
    (("hand-over", "wrong-phase"),
     lambda: _until(_fresh(), lambda h: h.is_over), lambda h: "bid 70", None),
    (("not-your-turn", "wrong-phase"), _fresh, lambda h: "play R5", _other_seat),
    (("not-your-turn", "bid-too-low"), _fresh, lambda h: "bid 5", _other_seat),
    (("not-your-turn", "card-not-in-hand"),
     _mid_trick, lambda h: "play " + h.t.codes[h.hands[h.to_act][0]],
     _other_seat),
    (("wrong-phase", "unknown-card"), _fresh, lambda h: "play Z99", None),
    (("wrong-phase", "card-not-in-hand"),
     _fresh, lambda h: "discard " + h.t.codes[h.hands[(h.to_act + 1) % h.n][0]], None),
    (("bad-action", "bid-too-low"), _fresh, lambda h: ("bid", "5"), None),
    (("unknown-card", "card-not-in-hand"),
     _mid_trick, lambda h: "play B99", None),
    (("card-not-in-hand", "must-follow-color"),
     _mid_trick, lambda h: "play " + _off_color(h), None),
    (("card-not-in-hand", "cannot-discard-counters"),
     lambda: _discarding(STRICT_NEST),
     lambda h: "discard " + next(h.t.codes[c] for s in range(h.n) if s != h.bidder
                                 for c in h.hands[s] if h.t.points[c]), None),
    (("cannot-discard-counters", "cannot-discard-trump"),
     lambda: _discarding(STRICT_NEST),
     lambda h: "discard " + next(h.t.codes[c] for c in h.hands[h.bidder]
                                 if h.t.points[c] and h.ctx.trump_key[c] >= 0), None),
    (("bid-too-low", "bid-not-multiple"), _fresh, lambda h: "bid 66", None),
    (("bid-too-high", "bid-not-multiple"), _fresh, lambda h: "bid 123", None),
    (("bid-not-multiple", "bid-jump"),
     lambda: _until(_fresh(ONE_STEP), lambda h: h.high > 0), lambda h: f"bid {h.high + 7}",
     None),
    (("bid-too-low", "bid-jump"),
     lambda: _until(_fresh(ONE_STEP), lambda h: h.high > 0), lambda h: "bid 5", None),
]


@pytest.mark.parametrize("earned, state, action, seat", DOUBLY_WRONG,
                         ids=[" & ".join(case[0]) for case in DOUBLY_WRONG])
def test_a_doubly_wrong_action_gets_the_code_the_catalogue_says(earned, state, action, seat):
    first, second = earned
    expected = codes.wins(first, second)
    assert expected == codes.wins(second, first)
    hand = state()
    assert _refused(hand, action(hand), seat(hand) if seat else None) == expected
    assert expected == first, "list the pair in the catalogue's order"


def test_strict_nest_hand_really_holds_a_trump_counter():
    """The cannot-discard-counters & -trump case above needs a bid winner holding a
    counter of trump while other cards remain; this deal has one."""
    hand = _discarding(STRICT_NEST)
    assert any(hand.t.points[c] and hand.ctx.trump_key[c] >= 0
               for c in hand.hands[hand.bidder])
    assert any(not hand.t.points[c] and hand.ctx.trump_key[c] < 0
               for c in hand.hands[hand.bidder])


def test_an_unreadable_notation_is_refused_before_anything_else():
    over = _until(_fresh(), lambda h: h.is_over)
    assert _refused(over, "dance", 2) == codes.UNREADABLE_FIRST
    assert _refused(_fresh(), "bid seventy", 3) == codes.UNREADABLE_FIRST


def _refusals(variant, seed: int):
    """Every refusal of a spread of actions (each bid from 0 up, each card the seat holds
    as a play, a laying aside and a call, each trump) at each decision of a random hand."""
    rng = random.Random(seed)
    hand = rookery.deal_hand(variant, seed=seed, dealer=seed % variant.table.players)
    offers = [f"bid {amount}" for amount in range(0, 260, 3)] + ["pass", "claim"] + \
        [f"trump {color.letter}" for color in variant.deck.colors] + ["trump none"]
    while not hand.is_over:
        held = hand.observation(hand.actor)["hand"]
        for offer in offers + [f"{kind} {code}" for kind in ("play", "discard", "call")
                               for code in held]:
            try:
                hand.copy().apply(offer, hand.actor)
            except IllegalAction as error:
                yield offer, error
        legal = hand.legal_actions()
        bids = [a for a in legal if a.kind == "bid"]
        hand.apply(bids[0] if bids and rng.random() < 0.5 else rng.choice(legal))


@pytest.mark.parametrize("name", ["tournament", "rook-for-three", "kentucky-rook",
                                  "call-partner-200"])
def test_every_refusal_cites_the_rule_the_protocol_gives_its_code(name):
    """Issue 31: a bid of 72 over 75 was refused as bid-too-low citing bidding.step.  The
    code and the rule agree: the rule is the one the protocol's table of codes gives
    (a rule clause of the variant), for every refusal that has one."""
    from rookery.engine.attribution import CODE_CLAUSES

    variant = rookery.load_variant(name)
    table = {code: f"{section}.{key}" for code, (section, key) in CODE_CLAUSES.items()}
    seen = set()
    for offer, error in _refusals(variant, 3):
        if error.code in table:
            seen.add(error.code)
            assert error.rule == table[error.code], (offer, error.code, error.message)
            assert f"`{error.rule}`" in rejections._rule_of(error.code)
    assert "bid-too-low" in seen
