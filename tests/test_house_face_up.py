"""House rules of what every seat sees: nest cards turned face up before the auction
(``nest.face-up N``: the first N dealt to the nest) and the whole nest shown once the
auction is won (``nest.shown after-auction``); the view, the static check, the
diagnosis of an engine that does not show them, and 200 random games."""

import subprocess
import sys

import pytest
from house_games import HOUSE, house, play_random_games, refused

import rookery
from rookery.engine import attribution

OPEN = house("open-nest")
HANDS = [["B5", "B6", "B7", "B8", "B9", "R5", "R6", "R7", "R8"],
         ["B10", "B11", "B12", "B13", "B14", "R9", "R10", "R11", "R12"],
         ["Y5", "Y6", "Y7", "Y8", "Y9", "G5", "G6", "G7", "G8"],
         ["Y10", "Y11", "Y12", "Y13", "Y14", "G9", "G10", "G11", "G12"]]
NEST = ["R13", "R14", "G13", "G14", "ROOK"]


def built():
    return rookery.Hand(OPEN, 0, HANDS, NEST)


def test_the_first_nest_cards_are_face_up_for_everyone_before_the_auction():
    hand = built()
    assert hand.opening_events[0].kind == "nest-face-up"
    assert hand.opening_events[0].data == {"cards": ["R13", "R14"]}
    for seat in range(4):
        view = hand.observation(seat)
        assert view["nest_face_up"] == ["R13", "R14"] and "nest_shown" not in view
        assert {"R13", "R14"} & attribution.hidden_codes(hand, seat) == set()
        assert {"G13", "G14", "ROOK"} <= attribution.hidden_codes(hand, seat)


def test_the_whole_nest_is_shown_once_the_auction_is_won():
    hand = built()
    events = []
    for action in ("bid 70", "pass", "pass", "pass"):
        events += hand.apply(action)
    kinds = [e.kind for e in events]
    assert kinds.index("nest-shown") < kinds.index("nest-taken")
    for seat in range(4):
        view = hand.observation(seat)
        assert view["nest_shown"] == NEST
        assert set(NEST) & attribution.hidden_codes(hand, seat) == set()


def test_a_thrown_in_hand_never_shows_the_nest():
    hand = built()
    for _ in range(4):
        hand.apply("pass")
    assert hand.is_over and "nest_shown" not in hand.observation(2)
    assert "ROOK" in attribution.hidden_codes(hand, 2)


def test_without_the_house_rules_the_nest_is_hidden():
    hand = rookery.Hand(rookery.load_variant("tournament"), 0, HANDS, NEST)
    view = hand.observation(1)
    assert "nest_face_up" not in view and "R13" in attribution.hidden_codes(hand, 1)


def test_the_checker_refuses_more_face_up_cards_than_the_nest(tmp_path):
    assert refused(tmp_path, "nest", "face-up 6").code == "face-up-too-many"


def test_the_checker_refuses_showing_a_nest_the_deal_lacks(tmp_path):
    assert rookery.load_variant("boston").deal.nest == 0
    assert refused(tmp_path, "nest", "shown after-auction", "boston").code == "no-nest-to-show"


def test_an_engine_that_shows_no_nest_card_is_charged_to_the_rule(tmp_path):
    blind = tmp_path / "open-nest.rook"
    blind.write_text('variant open-nest "blind"\nextends tournament\n')
    engine = f'"{sys.executable}" -m rookery serve "{blind}"'
    run = subprocess.run([sys.executable, "-m", "rookery", "conformance", "--engine", engine,
                          "--json", str(tmp_path / "out.json"),
                          str(HOUSE.parent / "cases" / "open-nest")],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "FAIL nest.face-up" in run.stdout


def test_200_random_games_show_the_face_up_cards_to_every_seat():
    def check(hand):
        dealt = [hand.t.codes[c] for c in hand._start[1]]
        for seat in range(hand.n):
            view = hand.observation(seat)
            assert view["nest_face_up"] == dealt[:2]
            assert ("nest_shown" in view) == (hand.bidder is not None
                                               and hand.phase != "bidding")
    seen = play_random_games(OPEN, 200, seed=3, on_step=check)
    assert seen["nest-shown"] >= 200 and seen["hand-scored"] >= 200
