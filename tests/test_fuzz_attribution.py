"""Attribution you can trust (issue 17): each difference found by ``rookery fuzz`` is
charged to the rule whose decision differs and to no other -- a clause the spec leaves
at the language's default included -- for the misattributions seen on real engines."""

import random
from collections import Counter
from pathlib import Path

import pytest

import rookery
from rookery.conformance.differential.fuzzer import Fuzzer
from rookery.conformance.mutation.mutants import mutants
from rookery.conformance.protocol.engines import InProcessEngine
from rookery.conformance.protocol.session import Session
from rookery.engine.actions import Action
from rookery.engine.attribution import legal_difference_rules
from rookery.engine.deal import deal_hand

ROOT = Path(__file__).resolve().parent.parent
HOUSE = ROOT / "conformance" / "house"
TOURNAMENT = rookery.load_variant("tournament")


def charged(oracle, engine_variant, deals, spec_ref):
    """The rules a run charges, by how many differences, and what it left unexplained."""
    engine = InProcessEngine(Session({oracle.id: engine_variant}))
    fuzzer = Fuzzer(oracle, engine, seed=1, spec_ref=spec_ref)
    fuzzer.run(deals)
    return Counter(r for d in fuzzer.differences for r in d.rules), fuzzer


def test_a_nest_shown_face_up_is_charged_to_the_default_it_departs_from():
    """An engine that turns nest cards face up and shows the whole nest once the auction
    is won (``open-nest.rook``'s two house rules), against a spec that leaves the nest
    face down (the defaults): ``nest.face-up`` and ``nest.shown``, never ``deal.nest``,
    ``play.review`` or a difference without a rule, wherever the shown cards have gone
    since."""
    engine = rookery.load_variant(HOUSE / "open-nest.rook")
    rules, fuzzer = charged(TOURNAMENT, engine, 20, "tournament")
    assert set(rules) == {"nest.face-up", "nest.shown"}
    assert all(d.rules for d in fuzzer.differences)


def test_a_poor_hand_thrown_in_is_charged_to_the_poor_hand_rule_not_the_all_pass():
    engine = rookery.load_variant(HOUSE / "poor-hand.rook")
    rules, _ = charged(TOURNAMENT, engine, 20, "tournament")
    assert set(rules) == {"deal.poor-hand"}


@pytest.mark.parametrize("change", ["all-points 0 instead of double"])
def test_a_sweep_that_fits_two_bonuses_is_charged_to_the_one_that_explains_it(change):
    """A side that takes every trick takes every counter too: a difference there fits
    ``scoring.all-tricks`` and ``scoring.all-points``; the deals where only one of them
    applies tell which (here the mutated all-points, never all-tricks)."""
    ref = str(HOUSE / "bonuses.rook")
    oracle = rookery.load_variant(Path(ref))
    mutant = next(m for m in mutants(ref, own_only=True) if m.change == change)
    rules, _ = charged(oracle, mutant.mutant, 100, ref)
    assert set(rules) == {"scoring.all-points"}


@pytest.mark.parametrize("house, change, rule", [
    ("claim.rook", "claim none", "play.claim"),
    ("exchange.rook", "exchange 0", "nest.exchange"),
    ("low-score.rook", "low -200", "game.low"),
    ("misdeal.rook", "poor-hand none", "deal.poor-hand"),
    ("misdeal.rook", "poor-hand-redeal may", "deal.poor-hand-redeal"),
])
def test_a_house_mechanism_broken_alone_is_named_alone(house, change, rule):
    """Misattributions the house mutants showed: a claim refused (was left unexplained),
    an exchange limit (was ``nest.forbid``), a low score that loses (was
    ``game.target``), a poor hand (was charged to both poor-hand rules at once)."""
    ref = str(HOUSE / house)
    oracle = rookery.load_variant(Path(ref))
    mutant = next(m for m in mutants(ref, own_only=True) if m.change == change)
    rules, fuzzer = charged(oracle, mutant.mutant, 30, ref)
    assert set(rules) == {rule}


def _tournament_with(section, line):
    """Tournament with one clause changed, as an engine under test plays it."""
    from rookery.conformance.differential.adapt import Adaptation
    adaptation = Adaptation("tournament")
    index = next(i for i, (clause, _, _) in enumerate(adaptation.clauses)
                 if clause.section == section and clause.key == line.split()[0])
    return adaptation.variant({index: (section, line)})


def test_a_lower_maximum_bid_is_charged_to_the_maximum_only():
    """An engine whose bids stop at 100 where the spec goes on to 120 (a public engine
    did): the missing top of the range is ``bidding.maximum``, never ``bidding.step``
    (its bids go in the spec's steps) nor ``bidding.raise`` (where only 100 is left, a
    one-step raise would allow the same, but the engine showed 100 as its top)."""
    rules, fuzzer = charged(TOURNAMENT, _tournament_with("bidding", "maximum 100"), 12,
                            "tournament")
    assert set(rules) == {"bidding.maximum"}
    assert fuzzer.learned() == (("bidding.maximum", "maximum 100"),)


def test_only_the_lowest_raise_left_is_a_one_step_raise_unless_the_top_was_seen():
    """The one state that fits two rules: 95 bid, the engine allows 100 only.  Alone it
    is the raise rule (a one-step engine shows it at every bid); after the engine showed
    100 as its highest bid, it is the maximum, and so is no bid at all over 100."""
    dealt = deal_hand(TOURNAMENT, random.Random(3), 0, [0, 0], 0)
    session = Session({TOURNAMENT.id: TOURNAMENT})
    session.deal(TOURNAMENT.id, 0, [list(h) for h in dealt.start_hands],
                 list(dealt.start_nest), [0, 0], 0)
    hand = session.hand
    hand.apply(Action("bid", 95), hand.to_act)
    ours = [a for a in hand.legal_actions()]
    theirs = [a for a in ours if a.kind != "bid" or a.value == 100]
    missing = [a for a in ours if a not in theirs]
    assert [a.value for a in missing] == [105, 110, 115, 120]
    assert legal_difference_rules(hand, missing, [], theirs) == ("bidding.raise",)
    assert legal_difference_rules(hand, missing, [], theirs, engine_top=100) == \
        ("bidding.maximum",)
    hand.apply(Action("bid", 100), hand.to_act)     # at the engine's top: no bid left
    ours = hand.legal_actions()
    theirs = [a for a in ours if a.kind != "bid"]
    missing = [a for a in ours if a.kind == "bid"]
    assert legal_difference_rules(hand, missing, [], theirs, engine_top=100) == \
        ("bidding.maximum",)
    assert legal_difference_rules(hand, missing, [], theirs) != ("bidding.maximum",)


@pytest.mark.parametrize("change, rule", [
    ("all-points 0 instead of double", "scoring.all-points"),
    ("all-points 50 instead of double", "scoring.all-points"),
    ("all-tricks 0", "scoring.all-tricks"),
    ("all-tricks 60", "scoring.all-tricks"),
])
def test_of_two_rules_that_fit_a_difference_the_one_whose_alternative_removes_it(change,
                                                                                  rule):
    """A sweep takes every trick and every counter: in its own deal the difference fits
    ``scoring.all-tricks`` and ``scoring.all-points`` alike.  Replayed with each rule's
    alternatives (as the fuzzer learns a rule), only the mutated rule's removes it."""
    ref = str(HOUSE / "bonuses.rook")
    oracle = rookery.load_variant(Path(ref))
    mutant = next(m for m in mutants(ref, own_only=True) if m.change == change)
    fuzzer = Fuzzer(oracle, InProcessEngine(Session({oracle.id: mutant.mutant})), seed=1,
                    spec_ref=ref)
    both = {"scoring.all-points", "scoring.all-tricks"}
    for number in range(20):
        fuzzer.play_deal(number)
        ambiguous = [d for d, fits in fuzzer.pending if both <= fits]
        if ambiguous:
            break
    assert ambiguous, "no deal in 20 made a difference that fits both bonuses"
    assert fuzzer.explaining(ambiguous[0], both) == {rule}


def test_a_plain_comparison_has_no_alternative_to_try():
    """Without the spec to take apart (no ``spec_ref``), nothing is tried: the other
    deals alone weigh the rules (``finish``)."""
    ref = str(HOUSE / "bonuses.rook")
    oracle = rookery.load_variant(Path(ref))
    mutant = next(m for m in mutants(ref, own_only=True) if m.change == "all-tricks 0")
    fuzzer = Fuzzer(oracle, InProcessEngine(Session({oracle.id: mutant.mutant})), seed=1)
    fuzzer.play_deal(1)
    assert fuzzer.pending
    difference, fits = fuzzer.pending[0]
    assert fuzzer.explaining(difference, fits) == set()


@pytest.mark.parametrize("change, rule", [
    ("opening dealer 55", "bidding.opening"),
    # no opening bid: the engine lets the first seat bid the opening's amount, which the
    # opening holding the auction refuses (before: charged to bidding.minimum too)
    ("no opening bid", "bidding.opening"),
    ("step 10", "bidding.step"),
    ("trick-points 0", "scoring.trick-points"),
])
def test_rook_for_three_bidding_differences_are_charged_to_their_own_rule(change, rule):
    """Misses the core mutants showed in Rook for Three (no maximum clause: the highest
    bid is the points a hand holds).  An opening bid of 55: a bid refused against that
    high bid is not ``bidding.step``'s doing.  Bids by tens, or no points per trick: the
    top of the range that the engine no longer reaches is not ``bidding.maximum``'s
    (nor ``bidding.step``'s) -- the points it counts tell it."""
    oracle = rookery.load_variant("rook-for-three")
    mutant = next(m for m in mutants("rook-for-three", own_only=False) if m.change == change)
    rules, _ = charged(oracle, mutant.mutant, 30, "rook-for-three")
    assert set(rules) == {rule}


def test_a_game_end_that_fits_a_low_score_and_a_lower_target_goes_to_the_one_shown():
    """Rook for Three played to 150: a game the engine ends with the leader on 150 or
    more and a player far below zero reads, in its own hand, as a low score that loses;
    the other hands show the lower target, so ``game.target`` is charged, never
    ``game.low`` (deal 140 of this run was such a hand)."""
    oracle = rookery.load_variant("rook-for-three")
    mutant = next(m for m in mutants("rook-for-three", own_only=False)
                  if m.change == "target 150")
    rules, fuzzer = charged(oracle, mutant.mutant, 150, "rook-for-three")
    assert set(rules) == {"game.target"}
    assert not fuzzer.unattributed


def test_a_low_score_the_spec_lacks_is_still_charged_to_the_low_score():
    """The other side of the same reading: an engine that ends Tournament at -250, where
    no hand shows a lower target, is charged ``game.low``."""
    engine = rookery.load_variant(HOUSE / "low-score.rook")
    rules, _ = charged(TOURNAMENT, engine, 60, "tournament")
    assert set(rules) == {"game.low"}


def test_a_bid_the_engine_finds_high_enough_but_off_the_step_is_its_minimum():
    """The double deck with a minimum of 145 (the spec's is 150): 147 is too low for
    the spec and off the step for the engine.  The engine's answer shows where its
    lowest bid lies (``bidding.minimum``), not another step."""
    oracle = rookery.load_variant("family-double-deck")
    mutant = next(m for m in mutants("family-double-deck", own_only=False)
                  if m.change == "minimum 145")
    rules, _ = charged(oracle, mutant.mutant, 12, "family-double-deck")
    assert set(rules) == {"bidding.minimum"}


def test_bids_over_a_top_that_is_the_points_of_a_hand_are_not_the_maximum():
    """Rook for Three by tens with 10 for the last trick: the engine's bids reach 130,
    over the spec's 125 (the points a hand holds, no maximum clause).  The bids in
    between are ``bidding.step``'s; the one over the top is the points the engine
    counts (told by the last trick's bonus), not a ``bidding.maximum`` the spec lacks."""
    from rookery.conformance.mutation.mutants import combined_mutant
    oracle = rookery.load_variant("rook-for-three")
    every = list(mutants("rook-for-three", own_only=False))
    picked = [next(m for m in every if m.change == change)
              for change in ("step 10", "last-trick 10")]
    rules, _ = charged(oracle, combined_mutant("rook-for-three", picked), 6,
                       "rook-for-three")
    assert "bidding.step" in rules
    assert "bidding.maximum" not in rules


def test_a_seat_that_passes_fewer_cards_is_charged_to_the_passing_count():
    """Standard deck, two cards passed where the spec passes three: the engine gives the
    turn to the next seat after two -- ``passing.cards``, not a difference without a
    rule (a core mutant that went unnamed)."""
    oracle = rookery.load_variant("standard-deck")
    mutant = next(m for m in mutants("standard-deck", own_only=False) if m.change == "cards 2")
    rules, fuzzer = charged(oracle, mutant.mutant, 6, "standard-deck")
    assert set(rules) == {"passing.cards"}
    assert all(d.rules for d in fuzzer.differences)


@pytest.mark.parametrize("change, rule", [("step 10", "bidding.step"),
                                          ("minimum 75", "bidding.minimum")])
def test_a_one_step_raise_by_the_engines_own_step_is_not_the_raise(change, rule):
    """The standard deck raises one step at a time: an engine bidding by tens (or from
    75) allows 80 where the spec allows 75.  That 80 is a jump for the spec, but the
    engine's lowest bid lies elsewhere: ``bidding.step`` (``bidding.minimum``), not
    ``bidding.raise``."""
    oracle = rookery.load_variant("standard-deck")
    mutant = next(m for m in mutants("standard-deck", own_only=False) if m.change == change)
    rules, _ = charged(oracle, mutant.mutant, 6, "standard-deck")
    assert set(rules) == {rule}


def test_a_seat_asked_about_a_hand_that_is_not_poor_is_what_makes_a_hand_poor():
    """An engine counting a hand with one counter as poor asks its holder whether to
    throw the cards in, where the spec asks the next holder of a hand without a counter:
    ``deal.poor-hand`` (what makes a hand poor), not ``deal.poor-hand-redeal`` (the order
    the holders are asked in)."""
    oracle = rookery.load_variant(HOUSE / "poor-hand.rook")
    mutant = next(m for m in mutants(str(HOUSE / "poor-hand.rook"), own_only=True)
                  if m.change == "poor-hand counters below 2")
    rules, fuzzer = charged(oracle, mutant.mutant, 10, str(HOUSE / "poor-hand.rook"))
    assert any(d.kind == "to_act" for d in fuzzer.differences)
    assert set(rules) == {"deal.poor-hand"}


def test_playing_on_at_level_totals_over_the_target_is_a_higher_target_when_other_hands_say_so():
    """An engine playing the double deck to 650: where the spec ends a game with both
    sides level over its 600, the engine plays on.  Read alone, that is the winner rule
    (equal totals play on); the hands where one side alone passes 600 show the target,
    and the level ones are charged to it too: ``game.target`` alone."""
    oracle = rookery.load_variant("family-double-deck")
    mutant = next(m for m in mutants("family-double-deck", own_only=False)
                  if m.change == "target 650")
    rules, fuzzer = charged(oracle, mutant.mutant, 100, "family-double-deck")
    assert sum(1 for d in fuzzer.differences if d.kind == "game-over") >= 2
    assert set(rules) == {"game.target"}


def test_three_bonuses_changed_at_once_are_each_named():
    """An engine with three of the house bonuses changed (no double for all the points,
    20 for the most cards, 60 for all the tricks): a sweep's figure fits several rules and
    no one rule's alternative explains it, so two rules' alternatives are tried together
    (the double and the sweep bonus); the most cards, told apart from the majority of
    tricks by the hands where only it applies, is charged between rounds and learned, so
    the sweeps after it come down to the other two.  All three are named."""
    from rookery.conformance.mutation.mutants import combined_mutant
    spec = str(HOUSE / "bonuses.rook")
    wanted = {"all-points 0 instead of double", "most-cards 20", "all-tricks 60"}
    picked = [m for m in mutants(spec, own_only=True)
              if m.mutant is not None and m.change in wanted]
    assert len(picked) == 3
    engine = combined_mutant(spec, picked)
    rules, fuzzer = charged(rookery.load_variant(spec), engine, 40, spec)
    assert set(rules) == {"scoring.all-points", "scoring.most-cards", "scoring.all-tricks"}
    assert any(set(d.rules) == {"scoring.all-points", "scoring.all-tricks"}
               for d in fuzzer.differences)     # the sweep, explained by the two together


def test_a_rule_learned_later_does_not_clear_the_doubt_of_a_difference_found_before():
    """Kentucky Rook with 10 for all the tricks: the first sweep fits the sweep bonus, the
    double and the counters.  Once the bonus is learned, later sweeps score alike, which
    says nothing of the first, found under the spec's oracle: it stays the sweep bonus's
    (weighed under its own oracle), never the counters' by elimination."""
    oracle = rookery.load_variant("kentucky-rook")
    mutant = next(m for m in mutants("kentucky-rook", own_only=False)
                  if m.change == "all-tricks 10")
    rules, fuzzer = charged(oracle, mutant.mutant, 60, "kentucky-rook")
    assert fuzzer.learned() == (("scoring.all-tricks", "all-tricks 10"),)
    assert set(rules) == {"scoring.all-tricks"}


@pytest.mark.parametrize("change", ["named before-nest", "named after-taking-nest"])
def test_a_forced_dealer_both_agree_on_then_another_order_is_the_order_alone(change):
    """Kentucky Rook forces the dealer to take the bid when every other seat passes.  An
    engine naming trump at another moment agrees on that, then goes to trump where the
    spec goes to the nest: ``trump.named`` alone (before: ``bidding.all-pass`` too, read
    as an auction with no bid)."""
    oracle = rookery.load_variant("kentucky-rook")
    mutant = next(m for m in mutants("kentucky-rook", own_only=False) if m.change == change)
    rules, _ = charged(oracle, mutant.mutant, 200, "kentucky-rook")
    assert set(rules) == {"trump.named"}
