"""Shrinking a difference into a small conformance case.

A difference found by :mod:`rookery.conformance.diagnosis.lockstep` is a deal and the actions that led
to it.  Shrinking looks for the smallest reproducer that still shows the same difference
(the same rule and kind), as Hypothesis and C-Reduce do:

1. other deals, played towards that difference, keeping the one that shows it after the
   fewest actions;
2. delta debugging over the choices that lead there: a run of choices is replaced by
   the simplest action (a pass, the lowest bid, the first card in the canonical order),
   kept whenever the difference still shows, in as many actions or fewer;
3. a last sweep one action at a time, until no single action can be made simpler and
   still show the difference: the result is 1-minimal over its actions (unless the
   sweep's budget ran out, which :class:`Shrunk` says);
4. a simpler deal: the cards are moved back, one exchange at a time, towards the
   deck's own order dealt in turn (:func:`plain_deal`), keeping each exchange after
   which the same choices still show the difference: the cards that stay out of place
   are the ones the difference needs.

The result is written as a case of the corpus format, ``origin: "generated"``, naming
the oracle spec and its content hash and the fuzz seed and deal that found it first, so
that ``rookery conformance --engine CMD FILE`` reruns it: the oracle passes it, the
engine that showed the difference fails it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...language.model import Variant
from ..diagnosis.lockstep import KINDS, Difference, choices_of
from .fuzzer import Fuzzer

PROBED = ("accepts-illegal", "code", "changed-on-reject")
SWEEP = 200         # replays the one-action sweep may spend
EXCHANGES = 60      # replays the simpler deal may spend


def _replay_arguments(difference: Difference) -> tuple[tuple[int, str] | None, int | None]:
    """The illegal action to offer at the end, and the seat whose view to watch."""
    step = difference.check[0] if difference.check else {}
    probe = (step["seat"], step["do"]) if difference.kind in PROBED and "do" in step \
        else None
    view = step.get("expect", {}).get("view", {}).get("seat") \
        if difference.kind in ("view-leak", "view-shows") else None
    return probe, view


@dataclass(frozen=True)
class Shrunk:
    """What shrinking found: the difference, whether the one-action sweep finished (the
    actions are then 1-minimal) and how many cards stay out of the plain deal's place."""

    difference: Difference
    one_minimal: bool
    moved: int


class _Replayer:
    """Replays of one difference against the engine, each a deal played to the same
    difference (the same rules and kind) with given choices."""

    def __init__(self, fuzzer: Fuzzer, difference: Difference):
        self.variant = fuzzer.oracle_for(difference)
        self.key = difference.key
        self.seeker = Fuzzer(self.variant, fuzzer.engine, seed=f"{fuzzer.seed}-shrink",
                             probe_rate=fuzzer.probe_rate)
        self.seeker.adaptation = fuzzer.adaptation
        self.seeker.learned = lambda: difference.learned
        self.seeker.info = fuzzer.info
        self.probe, self.view = _replay_arguments(difference)
        self.replays = 0

    def same(self, found: list[Difference]) -> Difference | None:
        return next((d for d in found if d.key == self.key and not d.earlier), None)

    def replay(self, deal: dict, choices: list[int]) -> Difference | None:
        self.replays += 1
        return self.same(self.seeker.play_deal(0, deal=deal, choices=choices, want=self.key,
                                               probe=self.probe, view=self.view))

    def choices(self, difference: Difference) -> list[int]:
        return choices_of(self.variant, difference.deal, difference.path)


def shrink(fuzzer: Fuzzer, difference: Difference, deals: int = 30,
           rounds: int = 60) -> Difference:
    """The smallest reproducer found for ``difference`` (see :func:`shrink_fully`)."""
    return shrink_fully(fuzzer, difference, deals, rounds).difference


def shrink_fully(fuzzer: Fuzzer, difference: Difference, deals: int = 30,
                 rounds: int = 60) -> Shrunk:
    """The smallest reproducer found for ``difference`` (the same rules and kind).

    ``deals`` other deals are tried first, then at most ``rounds`` replays of simplified
    runs of choices, the one-action sweep and the simpler deal.  The engine of
    ``fuzzer`` is used throughout; its own record of differences is left as it was."""
    if difference.earlier:
        # a game's later hand: kept as found
        return Shrunk(difference, False, moved_cards(fuzzer.oracle_for(difference),
                                                     difference.deal))
    replayer = _Replayer(fuzzer, difference)
    best = difference
    if replayer.probe is None and replayer.view is None:
        for number in range(deals):
            found = replayer.same(replayer.seeker.play_deal(number, want=replayer.key))
            if found is not None and len(found.path) < len(best.path):
                best = found
    best = _delta_debug(replayer, best, rounds)
    best, one_minimal = _sweep(replayer, best)
    best = _plain_cards(replayer, best)
    return Shrunk(best, one_minimal, moved_cards(replayer.variant, best.deal))


def _size(choices: list[int]) -> tuple[int, int]:
    return len(choices), sum(choices)


def _delta_debug(replayer: _Replayer, best: Difference, rounds: int) -> Difference:
    """Runs of choices replaced by the simplest, halving the runs when none can be."""
    choices = replayer.choices(best)
    size = _size(choices)
    chunks = 2
    tried = 0
    while choices and tried < rounds:
        width = max(1, -(-len(choices) // chunks))
        improved = False
        for start in range(0, len(choices), width):
            candidate = choices[:start] + [0] * len(choices[start:start + width]) + \
                choices[start + width:]
            if candidate == choices or tried >= rounds:
                continue
            tried += 1
            found = replayer.replay(best.deal, candidate)
            if found is None:
                continue
            new_choices = replayer.choices(found)
            if _size(new_choices) < size:
                best, choices, size, improved = found, new_choices, _size(new_choices), True
                break
        if not improved:
            if chunks >= len(choices):
                break
            chunks = min(len(choices), chunks * 2)
    return best


def _sweep(replayer: _Replayer, best: Difference) -> tuple[Difference, bool]:
    """Each action in turn made the simplest, until a whole pass changes nothing: then
    no single action can be simpler (1-minimal).  False when the budget ran out first."""
    choices = replayer.choices(best)
    spent = 0
    changed = True
    while changed:
        changed = False
        for index, choice in enumerate(choices):
            if choice == 0:
                continue
            if spent >= SWEEP:
                return best, False
            spent += 1
            candidate = choices[:index] + [0] + choices[index + 1:]
            found = replayer.replay(best.deal, candidate)
            if found is None:
                continue
            new_choices = replayer.choices(found)
            if _size(new_choices) < _size(choices):
                best, choices, changed = found, new_choices, True
                break
    return best, True


def plain_deal(variant: Variant, deal: dict) -> dict:
    """The same dealer, scores and sizes, the deck's cards in its own order dealt hand
    after hand and then the nest: the simplest deal, against which cards are moved."""
    cards = [card.code for card in variant.deck.cards for _ in range(card.copies)]
    out = dict(deal)
    hands = []
    for held in deal["hands"]:
        hands.append(cards[:len(held)])
        cards = cards[len(held):]
    out["hands"], out["nest"] = hands, cards[:len(deal["nest"])]
    return out


def _places(deal: dict) -> list[tuple[int, int]]:
    """Every (hand, index) of a deal, the nest last as hand ``len(hands)``."""
    hands = list(deal["hands"]) + [deal["nest"]]
    return [(h, i) for h, held in enumerate(hands) for i in range(len(held))]


def _holders(deal: dict) -> dict[str, list[int]]:
    """Each card code -> the hands (the nest last) holding it, once per copy."""
    out: dict[str, list[int]] = {}
    for h, held in enumerate(list(deal["hands"]) + [deal["nest"]]):
        for card in held:
            out.setdefault(card, []).append(h)
    return out


def moved_cards(variant: Variant, deal: dict) -> int:
    """How many cards of ``deal`` lie in another hand (or the nest) than in the plain
    deal."""
    plain = _holders(plain_deal(variant, deal))
    moved = 0
    for card, where in _holders(deal).items():
        home = list(plain.get(card, ()))
        for h in where:
            if h in home:
                home.remove(h)
            else:
                moved += 1
    return moved


def _plain_cards(replayer: _Replayer, best: Difference) -> Difference:
    """Cards moved back to their plain place, one exchange at a time: a card out of its
    plain hand changes place with a card of that hand that is out of place too; kept
    when the same choices still show the difference in as few actions."""
    plain = plain_deal(replayer.variant, best.deal)
    home: dict[str, list[int]] = _holders(plain)
    spent = 0
    progress = True
    while progress and spent < EXCHANGES:
        progress = False
        for h, i in _places(best.deal):
            if spent >= EXCHANGES:
                break
            hands = [list(x) for x in best.deal["hands"]] + [list(best.deal["nest"])]
            card = hands[h][i]
            if h in home[card]:
                continue
            target = home[card][0]
            swap = next((j for j, other in enumerate(hands[target])
                         if target not in home[other] or h in home[other]), None)
            if swap is None:
                continue
            hands[h][i], hands[target][swap] = hands[target][swap], hands[h][i]
            deal = dict(best.deal, hands=hands[:-1], nest=hands[-1])
            spent += 1
            found = replayer.replay(deal, replayer.choices(best))
            if found is not None and len(found.path) <= len(best.path) and \
                    moved_cards(replayer.variant, deal) < \
                    moved_cards(replayer.variant, best.deal):
                best, progress = found, True
    return best


# -- the case file ---------------------------------------------------------------------------

def to_case(difference: Difference, variant: Variant, case_id: str, oracle: dict,
            engine: str = "", replay: dict | None = None) -> dict:
    """``difference`` as a case of the corpus format: its deal, the actions before it as
    ``start``, and the steps that show it.  ``oracle`` names the spec that decides
    (``{"spec": ..., "sha256": ...}``); ``replay`` the fuzz seed and deal number that
    found it (``{"seed": ..., "deal": ...}``)."""
    rules = list(difference.rules) or [_fallback_rule(variant)]
    what = KINDS.get(difference.kind, difference.kind)
    if difference.earlier:
        first_deal, first_path = difference.earlier[0]
        deal, start, steps = first_deal, first_path, [{"expect": {"hand_over": True}}]
        following = [{"hands": d["hands"], "nest": d["nest"], "start": _written(p),
                      "steps": [{"expect": {"hand_over": True}}]}
                     for d, p in difference.earlier[1:]]
        following.append({"hands": difference.deal["hands"], "nest": difference.deal["nest"],
                          "start": _written(difference.path), "steps": difference.check})
    else:
        deal, start, steps, following = difference.deal, difference.path, difference.check, []
    words = f"the engine {what}" + (f" ({difference.detail})" if difference.detail else "")
    return {
        "id": case_id,
        "description": f"Generated by rookery fuzz against {engine or 'an engine'}: "
                       f"{words}. The oracle spec decides: {_expected(difference)}.",
        "rules": rules,
        "tags": ["generated", tag(difference.kind)],
        "origin": "generated",
        "oracle": oracle,
        "deal": deal,
        "start": _written(start),
        "steps": steps,
    } | ({"next_hands": following} if following else {}) | \
        ({"replay": dict(replay)} if replay else {})


def tag(kind: str) -> str:
    """A kind of difference as a case tag (lower case, digits and dashes: ``to_act`` is
    ``to-act``)."""
    return re.sub(r"[^a-z0-9]+", "-", kind.lower()).strip("-") or "difference"


def _written(path) -> list[str]:
    return [f"{seat} {action}" for seat, action in path]


def _fallback_rule(variant: Variant) -> str:
    """A difference no clause decides (the turn passing left) is charged to the table."""
    ids = variant.rule_ids
    return "table.players" if "table.players" in ids else ids[0]


def _expected(difference: Difference) -> str:
    value = difference.expected
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)
