"""Every taken trick open to every seat (``play: review all-tricks``).

Rule (conformance/house/open-tricks.rook, a ruling): every trick taken so far stays open
to every player until the hand is scored, not only the last one.
"""

from __future__ import annotations

from house_games import fuzz_differences, house, refused

import rookery
from rookery.engine.attribution.views import leak_rules, visible_codes
from rookery.language.export import export_variant
from rookery.language.load import load_text

OPEN = house("open-tricks")


def three_tricks_and_a_lead(variant) -> rookery.Hand:
    hand = rookery.deal_hand(variant, seed=3, dealer=0)
    while hand.phase != "play" or len(hand.tricks) < 3 or not hand.trick_cards:
        hand.apply(hand.legal_actions()[0])
    return hand


def test_a_seats_view_holds_every_taken_trick():
    hand = three_tricks_and_a_lead(OPEN)
    codes = hand.t.codes
    for seat in range(4):
        seen = hand.observation(seat)["tricks"]
        assert seen == [[[s, codes[c]] for s, c in zip(seats, cards)]
                        for _, cards, seats, _ in hand.tricks]
        assert len(seen) == 3
        played = {codes[c] for _, cards, _, _ in hand.tricks for c in cards}
        assert played <= visible_codes(hand, seat)


def test_without_the_house_rule_earlier_tricks_are_hidden():
    for review in ("none", "last-trick"):
        variant = load_text(f"variant r\nextends tournament\nplay:\n  review {review}\n")
        hand = three_tricks_and_a_lead(variant)
        assert "tricks" not in hand.observation(2)
        first = {hand.t.codes[c] for c in hand.tricks[0][1]}
        assert not first & visible_codes(hand, 2)
        assert leak_rules(hand, 2, sorted(first)) == ("play.review",)


def test_the_checker_names_the_choices(tmp_path):
    error = refused(tmp_path, "play", "review every-trick")
    assert error.code == "unknown-value" and "all-tricks" in error.expected


def test_docs_and_export_tell_the_rule():
    from rookery.docs.sentences import sentence_for_rule
    assert "every trick taken so far" in sentence_for_rule(OPEN, "play.review")
    assert export_variant(OPEN)["play"]["review"] == "all-tricks"


def test_the_interpreter_agrees_with_itself_under_fuzz():
    assert fuzz_differences(OPEN, 10) == []


def test_an_engine_hiding_earlier_tricks_is_charged_to_review():
    """The engine plays 'review last-trick' where the spec keeps every trick open: fuzz
    finds the views without the tricks and charges play.review."""
    from rookery.conformance.differential.fuzzer import Fuzzer
    from rookery.conformance.protocol.engines import InProcessEngine
    from rookery.conformance.protocol.session import Session
    engine = load_text(f'variant {OPEN.id}\nextends tournament\nplay:\n  review last-trick\n')
    fuzzer = Fuzzer(OPEN, InProcessEngine(Session({engine.id: engine})), seed=1)
    fuzzer.run(3)
    named = {rule for difference in fuzzer.differences for rule in difference.rules}
    assert named == {"play.review"}, named
