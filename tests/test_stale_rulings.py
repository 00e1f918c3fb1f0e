"""An inherited ruling that quotes a figure of the parent the child changed (issue 20):
``rookery check`` warns at the child's clause, and says which figure and which value."""

from __future__ import annotations

import rookery
from rookery.cli import main
from rookery.language.figures import quoted_numbers, stale_rulings
from rookery.language.lint import spec_warnings
from rookery.language.load import load_parent

GRANDPA = '''variant grandpa "Grandpa's Rook"
extends kentucky-rook

scoring:
  total 200    ruling "the Rook counts 40 at our table"
  counters 1=15, 14=10, 10=10, 5=5, ROOK=40    ruling "grandpa doubles the Rook"

game:
  target 300   ruling "grandpa plays to 300"
'''


def test_numbers_a_ruling_quotes():
    assert quoted_numbers("no bid can exceed the 180 points of a hand") == {180}
    assert quoted_numbers("when three of the four have passed") == {3, 4}
    assert quoted_numbers("the four suits, seat 0 and the 14") == set()
    # small figures in digits, where they count cards, players or tricks
    assert quoted_numbers("the 5 cards of the nest go to the bidder") == {5}
    assert quoted_numbers("a 5-card nest; with 4 players, a nest of 6") == {4, 5, 6}
    assert quoted_numbers("the 10 of green and seat 3 lead") == set()


def test_a_house_child_of_kentucky_rook_is_warned_of_each_stale_ruling(tmp_path, capsys):
    spec = tmp_path / "grandpa.rook"
    spec.write_text(GRANDPA, encoding="utf-8")
    child = rookery.load_variant(spec)
    parent = load_parent(child)
    assert parent is not None and parent.id == "kentucky-rook"
    stale = {(s.rule.id, s.was, s.now) for s in stale_rulings(child, parent)}
    assert ("bidding.maximum", 180, 200) in stale
    assert not any(rule == "game.winner" for rule, _, _ in stale)   # it says "the target"
    warnings = [w for w in spec_warnings(child, parent) if w.code == "stale-ruling"]
    by_rule = {w.message.split(" speaks")[0]: w for w in warnings}
    total = by_rule["the inherited ruling of bidding.maximum"]
    assert total.message == ("the inherited ruling of bidding.maximum speaks of 180; your "
                             "total is 200: restate it")
    assert total.span.line == 5            # the child's own clause: total 200
    assert main(["check", str(spec)]) == 0        # a warning, not an error
    out = capsys.readouterr().out
    assert "warning[stale-ruling]" in out and "speaks of 180; your total is 200" in out


def test_a_child_that_restates_the_clause_is_not_warned(tmp_path):
    spec = tmp_path / "grandpa.rook"
    spec.write_text(GRANDPA + '\nbidding:\n  maximum none    ruling "no bid can exceed the '
                    '200 points of a hand"\n', encoding="utf-8")
    child = rookery.load_variant(spec)
    stale = {s.rule.id for s in stale_rulings(child, load_parent(child))}
    assert "bidding.maximum" not in stale


def test_no_built_in_variant_keeps_a_stale_ruling():
    for name in rookery.builtin_variants():
        variant = rookery.load_variant(name)
        parent = load_parent(variant)
        if parent is not None:
            assert stale_rulings(variant, parent) == [], name


def test_points_of_a_hand_are_the_total_even_where_the_highest_bid_keeps_the_number(tmp_path):
    """Issue 31: call-partner-200 rules 'no bid can exceed the 200 points of a hand' on
    its 'maximum 200'.  A child whose hand holds 220 keeps the maximum 200, so 200 is
    still one of its figures; the ruling's words name the figure as the points of a hand,
    and that figure changed."""
    spec = tmp_path / "bigger-last-trick.rook"
    spec.write_text('variant bigger "A bigger last trick"\nextends call-partner-200\n\n'
                    'scoring:\n  last-trick 40    ruling "our last trick is worth 40"\n'
                    '  total 220    ruling "20 more"\n', encoding="utf-8")
    child = rookery.load_variant(spec)
    stale = {(s.rule.id, s.figure.name, s.was, s.now)
             for s in stale_rulings(child, load_parent(child))}
    assert ("bidding.maximum", "total", 200, 220) in stale
    # the minimum's ruling reasons from "half of the hand's 200 points"
    assert ("bidding.minimum", "total", 200, 220) in stale


def test_figures_named_by_their_words():
    from rookery.language.figures import named_figures

    assert named_figures("no bid can exceed the 200 points of a hand") == {("total", 200)}
    assert named_figures("half of the hand's 200 points") == {("total", 200)}
    assert named_figures("a bid of 200 wins the 200 points") == set()
