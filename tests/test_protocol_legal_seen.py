"""No seat is offered a card it cannot see (issue 32, point 4): over random hands of
every built-in variant, driven through the engine protocol (``rookery serve``'s
answers, in-process), the cards named by the legal actions of the seat that decides
(``to_act``: the bid winner for a dummy's card) are all cards of that seat's ``view``.

The actions that take a card from a hand are checked: ``play``, ``discard``, ``give``.
A ``call`` names a card the bid winner does not hold, by the rule itself
(``table: sides called``), so it is not a card taken from a hand."""

from __future__ import annotations

import random

import pytest

import rookery
from rookery.conformance.protocol.serve import answer
from rookery.conformance.protocol.session import Session
from rookery.language.specs import builtin_variants

TAKEN_FROM_HAND = ("play", "discard", "give")

HANDS = 3           # random hands per variant (seconds for all of them)


def seen_in(view: dict) -> set[str]:
    """Every card code a view shows: the seat's hand, the trick and the last trick, an
    exposed dummy, the cards it laid aside or is giving, the nest cards shown face up."""
    seen = set(view["hand"])
    for key in ("trick", "last_trick"):
        seen.update(code for _, code in view.get(key) or ())
    for key in ("laid_aside", "giving", "nest_face_up", "nest_shown"):
        seen.update(view.get(key, ()))
    if "dummy" in view:
        seen.update(view["dummy"]["hand"])
    return seen


def unseen_offers(state: dict) -> list[str]:
    """The legal actions of ``state`` that name a card its ``view`` does not show."""
    seen = seen_in(state["view"])
    return [said for said in state["legal"]
            if said.split()[0] in TAKEN_FROM_HAND and said.split()[1] not in seen]


def play_through_protocol(variant_id: str, seed: int, on_state=None) -> int:
    """Play one random hand of ``variant_id`` through the protocol, checking every state;
    returns the number of states checked.  ``on_state(state)`` sees each state."""
    rng = random.Random(seed)
    variant = rookery.load_variant(variant_id)
    dealt = rookery.deal_hand(variant, rng, dealer=rng.randrange(variant.table.players))
    session = Session()
    request = {"cmd": "deal", "variant": variant_id, "dealer": dealt.dealer,
               "hands": [list(h) for h in dealt.start_hands],
               "nest": list(dealt.start_nest)}
    assert answer(session, request)["ok"]
    checked = 0
    while True:
        state = answer(session, {"cmd": "state", "seat": None})["state"]
        if state["hand_over"]:
            return checked
        seat = state["to_act"]
        state = answer(session, {"cmd": "state", "seat": seat})["state"]
        assert unseen_offers(state) == [], (variant_id, seed, state["view"])
        if on_state is not None:
            on_state(state)
        checked += 1
        done = answer(session, {"cmd": "apply", "seat": seat,
                                "action": rng.choice(state["legal"])})
        assert done.get("accepted", True), done


@pytest.mark.parametrize("variant_id", builtin_variants())
def test_no_seat_is_offered_a_card_it_cannot_see(variant_id):
    assert sum(play_through_protocol(variant_id, seed) for seed in range(HANDS)) > 0


def _dummy_on_the_opening_lead(state: dict) -> bool:
    view = state["view"]
    return state["phase"] == "play" and not view["trick"] and not view["last_trick"] \
        and state["to_act"] != view["to_act"]


@pytest.mark.parametrize("variant_id", ["boston", "display"])
def test_a_dummy_on_the_opening_lead_is_shown_to_the_bid_winner(variant_id):
    # The leak of issue 32: the dummy leads the first trick (the dealer sits on the bid
    # winner's right), its card is the bid winner's to choose, so it is face up by then.
    found = []

    def look(state: dict) -> None:
        if _dummy_on_the_opening_lead(state):
            found.append(state)
    seed = 0
    while not found and seed < 60:
        play_through_protocol(variant_id, seed, look)
        seed += 1
    assert found, "no random hand put the dummy on the opening lead"
    state = found[0]
    view = state["view"]
    dummy = view["dummy"]
    assert dummy["seat"] == view["to_act"] == (state["bidder"] + 2) % 4
    assert {said.split()[1] for said in state["legal"]} <= set(dummy["hand"])


def test_the_check_finds_a_card_the_view_does_not_show():
    # The checker can fail: a legal list naming a card outside the view is reported.
    state = {"legal": ["play R5", "play G7", "bid 70", "call R1"],
             "view": {"hand": ["R5"], "trick": [], "last_trick": None}}
    assert unseen_offers(state) == ["play G7"]
    state["view"]["dummy"] = {"seat": 3, "hand": ["G7"]}
    assert unseen_offers(state) == []
