"""The playout's specialised code against the interpreter (issue 21).

A playout hand (``record=False``) plays with closures built once per variant
(``engine/fast_play.py``, ``engine/fast_auction.py``), scores with
``engine/fast_scoring.py`` and shuffles with ``engine/shuffle.py``.  Here each of them is
compared with the interpreter's own function on the very same states, on every built-in
variant, every house spec of the corpus and bases with options: the legal actions, the
state after each action, the refusal of illegal actions (code, message, rule), the
finished hand's result (its sides made when first read: before and after, pickled and
copied), the scoring formulas written out as Python (``language/formula.py``) and the
shuffled deck.  ``tests/test_engine_playout.py`` also plays playout and recording hands
side by side.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from types import SimpleNamespace

import pytest

import rookery
from rookery.engine import fast_auction, fast_play, hand as hand_module, play
from rookery.engine.deal import deal_hand
from rookery.engine.fast_scoring import scorer_for, scorer_source
from rookery.engine.scoring import score_hand
from rookery.engine.shuffle import shuffler
from rookery.engine.tables import tables_for
from rookery.language import ast
from rookery.language.formula import python_expression, python_type
from rookery.resources import conformance_dir, specs_dir

OPTION_COMBINATIONS = ["tournament+rook-low", "tournament+no-trump",
                       "tournament+discard-counters", "kentucky-rook+rook-low+no-trump",
                       "buckeye+circus", "buckeye+low-card", "regular-partnership+dummy",
                       "standard-deck+pass-cycle", "tournament-full-deck+black-two",
                       "kentucky-rook+discard-counters", "standard-deck+rook-ten-half"]
VARIANTS = rookery.builtin_variants() + sorted(
    str(path) for path in (conformance_dir() / "house").glob("*.rook")) + OPTION_COMBINATIONS
SEEDS = 3
PROBES = ("pass", "bid 5", "bid 75", "bid 300", "discard R5", "discard ZZ", "trump R",
          "trump none", "trump circus", "play ROOK", "play R5", "play ZZ", "claim",
          "give R5")
SLOTS = tuple(name for name in rookery.Hand.__slots__ if name != "__dict__")


def _state(hand) -> dict:
    """Everything a hand holds: its phase class, every slot and its ``__dict__``."""
    state = {name: getattr(hand, name) for name in SLOTS if hasattr(hand, name)}
    state["class"] = type(hand)
    state["dict"] = dict(hand.__dict__)
    return state


def _outcome(apply, hand, action):
    """What applying ``action`` with ``apply`` does to a copy of ``hand``: the refusal,
    or what it returned and the state after."""
    copy = hand.copy()
    try:
        returned = apply(copy, action)
    except rookery.IllegalAction as error:
        return "refused", error.code, str(error), error.rule, _state(copy) == _state(hand)
    return "applied", tuple(returned), _state(copy)


@pytest.mark.parametrize("name", VARIANTS, ids=lambda v: v.rsplit("/", 1)[-1])
def test_specialised_playout_equals_the_interpreter(name):
    variant = rookery.load_variant(name)
    for seed in range(SEEDS):
        hand = deal_hand(variant, seed, seed % variant.table.players, None, seed % 3,
                         record=False)
        rng = random.Random(f"{name} {seed}")
        while not hand.is_over:
            phase = hand.phase
            legal = hand.legal_actions()
            interpreted = list(hand_module._LEGAL[phase](hand))
            assert legal == interpreted, (phase, legal, interpreted)
            if phase in hand_module.DIRECT and not hand.has_dummy:
                general = hand_module._APPLY[phase]
                specialised = type(hand).apply
                for action in [rng.choice(legal), rookery.Action.parse(rng.choice(PROBES))]:
                    assert _outcome(specialised, hand, action) == \
                        _outcome(general, hand, action), (phase, action)
            hand.apply(rng.choice(legal))
        if not hand.result.thrown_in:           # (a thrown-in hand is not scored)
            _assert_scored_alike(scorer_for(hand.t)(hand), score_hand(hand))


def _assert_scored_alike(fast, interpreted):
    """A playout's result, its sides made on first reading, equal to the interpreter's:
    the score change and the running scores before the sides are read, then every
    field, the JSON, a pickled copy and the fields themselves."""
    assert (fast.changes, fast.scores, fast.made) == \
        (interpreted.changes, interpreted.scores, interpreted.made)
    assert pickle.loads(pickle.dumps(fast)) == interpreted
    assert copy.copy(fast) == interpreted
    assert fast == interpreted
    assert fast.to_json() == interpreted.to_json()
    assert hash(fast) == hash(interpreted)
    assert vars(fast) == vars(interpreted)


@pytest.mark.parametrize("name", VARIANTS, ids=lambda v: v.rsplit("/", 1)[-1])
def test_a_hand_opens_as_the_phase_setter_would_open_it(name):
    """``Hand.__init__`` sets the opening phase's class from its own cache: the class,
    phase and ``is_over`` the phase setter gives, for a playout and a recording hand."""
    variant = rookery.load_variant(name)
    for record in (False, True):
        for seed in range(3):
            hand = deal_hand(variant, seed, seed % variant.table.players, record=record)
            again = hand.copy()
            again.phase = hand.phase
            assert (type(hand), hand.phase, hand.is_over) == \
                (type(again), again.phase, again.is_over)
            assert hand.partners == frozenset()


def test_the_common_games_are_specialised():
    """Not a vacuous comparison: Tournament's playout runs the specialised closures, and
    every variant's trick play does."""
    tournament = tables_for(rookery.load_variant("tournament"))
    assert fast_play.play_verbs(tournament)[1] is not play.apply
    assert fast_auction.discard_verbs(tournament)[1] is not rookery.engine.nest.apply
    assert scorer_for(tournament) is not score_hand
    specialised = [name for name in rookery.builtin_variants()
                   if fast_play.play_verbs(tables_for(rookery.load_variant(name)))[1]
                   is not play.apply]
    assert specialised == rookery.builtin_variants()


@pytest.mark.parametrize("size", [1, 2, 3, 41, 45, 57, 63, 64, 65, 120])
def test_the_written_out_shuffle_is_random_shuffle(size):
    shuffle = shuffler(size)
    for seed in range(40):
        ours, theirs = list(range(size)), list(range(size))
        mine, reference = random.Random(seed), random.Random(seed)
        shuffle(mine, ours)
        reference.shuffle(theirs)
        assert ours == theirs
        assert mine.getstate() == reference.getstate()      # the same draws were made


def test_a_random_of_its_own_shuffles_its_own_way():
    class Reversed(random.Random):
        def shuffle(self, x):
            x.reverse()

    deck = list(range(41))
    shuffler(41)(Reversed(1), deck)
    assert deck == list(range(40, -1, -1))


# -- the scoring formulas written out as Python (``language/formula.py``) ----------------

# The quantities in the order the test's function of a written-out formula takes them.
POSITIONS = ("taken", "counters", "tricks", "bid", "total", "all_tricks", "score", "made")


def positional(compiled):
    """The formula as a Python function of the quantities by position, from
    :func:`python_expression` as the playout scorer writes it; ``None`` where it writes
    none."""
    body = python_expression(compiled, {name: name for name in POSITIONS})
    if body is None:
        return None
    namespace: dict = {}
    exec(compile(f"def formula({', '.join(POSITIONS)}):\n    return {body}\n",  # noqa: S102
                 "<formula>", "exec"), namespace)
    return namespace["formula"]


GRID = [dict(zip(POSITIONS, values)) for values in
        itertools.product((-40, 0, 55, 120, 180), (0, 35, 120), (0, 1, 9), (70, 120),
                          (120, 180), (9, 10), (-200, 0, 290), (True, False))]
HANDMADE = {
    "made": "taken >= bid and counters != 0 or tricks == all_tricks",
    "bidders": "if not made or tricks < 2 then -bid * 2 else max(taken, bid, score - 1) "
               "+ min(counters, total) - all_tricks - 3 - -5",
    "defenders": "if (taken >= bid) == (tricks > 3) then 0 - taken - 1 else -(taken - 3) * 2",
}


def _same(formula, written, env):
    expected = formula(env)
    got = written(*(env[name] for name in POSITIONS))
    return (type(got), got) == (type(expected), expected)


def _with_formulas(tmp_path, formulas: dict[str, str]):
    text = (specs_dir() / "tournament.rook").read_text()
    lines = [line for line in text.splitlines()
             if line.split(":")[0].strip() not in formulas]
    at = lines.index("scoring:") + 1
    lines[at:at] = [f"  {key}: {formula}" for key, formula in formulas.items()]
    path = tmp_path / "formulas.rook"
    path.write_text("\n".join(lines).replace("variant tournament", "variant formulas") + "\n")
    return rookery.load_variant(path)


@pytest.mark.parametrize("name", VARIANTS, ids=lambda v: v.rsplit("/", 1)[-1])
def test_every_formula_written_out_gives_what_its_closures_give(name):
    scoring = rookery.load_variant(name).scoring
    for key in ("made", "bidders", "defenders"):
        formula = getattr(scoring, key)
        written = positional(formula)
        assert written is not None, key
        assert all(_same(formula, written, env) for env in GRID), key


def test_every_kind_of_formula_written_out(tmp_path):
    scoring = _with_formulas(tmp_path, HANDMADE).scoring
    for key in HANDMADE:
        formula = getattr(scoring, key)
        assert positional(formula) is not None, key
        assert all(_same(formula, positional(formula), env) for env in GRID), key


def _typed_as_known(formula) -> bool:
    """Where :func:`python_type` says a formula's type, every value on the grid has it
    (so the scorer may leave out ``int()`` or ``bool()``)."""
    known = python_type(formula, frozenset({"made"}))
    return known is None or all(type(formula(env)) is known for env in GRID)


@pytest.mark.parametrize("name", VARIANTS, ids=lambda v: v.rsplit("/", 1)[-1])
def test_a_formula_s_known_type_is_the_type_of_its_values(name):
    scoring = rookery.load_variant(name).scoring
    assert all(_typed_as_known(getattr(scoring, key)) for key in ("made", "bidders",
                                                                   "defenders"))


def test_the_type_of_every_kind_of_formula(tmp_path):
    """Known where it always holds: a comparison is a bool, a sum an int, ``made`` a
    bool, and ``and``/``or``, ``if``, ``min``/``max`` whatever their operands share."""
    formulas = {"made": "taken >= bid or not tricks > 2", "bidders": "if made then max(taken, bid) "
                "else -bid", "defenders": "min(taken, 3) * 2"}
    scoring = _with_formulas(tmp_path, formulas).scoring
    assert [python_type(getattr(scoring, key), frozenset({"made"})) for key in formulas] \
        == [bool, int, int]
    handmade = _with_formulas(tmp_path, HANDMADE).scoring
    assert all(_typed_as_known(getattr(handmade, key)) for key in HANDMADE)
    # Trees the checker refuses (a bool and a number mixed) are not known either.
    span = scoring.bidders.tree.span
    made, taken = ast.Var("made", span), ast.Var("taken", span)
    for tree in (ast.If(made, made, taken, span), ast.Call("max", (made, taken), span),
                 ast.Binary("or", made, taken, span)):
        assert python_type(SimpleNamespace(tree=tree), frozenset({"made"})) is None


def test_a_formula_too_deep_keeps_its_closures_and_scores_alike(tmp_path):
    variant = _with_formulas(tmp_path, {"bidders": "taken" + " + 1" * 60})
    assert positional(variant.scoring.bidders) is None
    assert positional(variant.scoring.made) is not None
    for seed in range(4):
        hand = deal_hand(variant, seed, seed % 4, record=False)
        rng = random.Random(seed)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        assert scorer_for(hand.t) is score_hand


def test_a_playout_result_makes_its_sides_only_when_read():
    variant = rookery.load_variant("tournament")
    hand = deal_hand(variant, 5, 1, record=False)
    rng = random.Random(5)
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))
    result = hand.result
    assert "sides" not in vars(result) and hand.result.changes == score_hand(hand).changes
    assert [side.seats for side in result.sides] == [(1, 3), (0, 2)] or \
        [side.seats for side in result.sides] == [(0, 2), (1, 3)]
    assert vars(result) == vars(score_hand(hand))
    with pytest.raises(AttributeError, match="no attribute 'side'"):
        result.side


def test_a_playout_thrown_in_keeps_the_result_it_was_given():
    """A playout's finished class reckons the result on reading (without looking its
    scorer up): a hand thrown in keeps the thrown-in result it was given."""
    variant = rookery.load_variant("tournament")
    playout, recording = (deal_hand(variant, 4, 2, record=record) for record in (False, True))
    for hand in (playout, recording):
        while not hand.is_over:
            hand.apply(rookery.Action.parse("pass"))
    assert playout.result.thrown_in and playout.result == recording.result
    assert type(playout).result is not rookery.Hand.result      # the playout's own


def test_every_bonus_written_out_for_three_sides_alone(tmp_path):
    """Rook for Three (each player alone) with every plain bonus: the written-out scorer
    with three sides (the majority over the most of the two others) against the
    interpreter."""
    text = (specs_dir() / "rook-for-three.rook").read_text()
    text = text.replace("variant rook-for-three", "variant rook-for-three-bonuses").replace(
        '  trick-points 2                per "SCORING"\n',
        '  trick-points 2                per "SCORING"\n'
        '  majority 20\n  last-trick 10\n  all-tricks 30\n').replace("total 126", "total 156")
    path = tmp_path / "rook-for-three-bonuses.rook"
    path.write_text(text)
    variant = rookery.load_variant(path)
    assert "max(tricks_1, tricks_2)" in scorer_source(tables_for(variant))
    majorities = set()
    for seed in range(30):
        hand = deal_hand(variant, seed, seed % 3, record=False)
        rng = random.Random(seed)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        if not hand.result.thrown_in:
            _assert_scored_alike(scorer_for(hand.t)(hand), score_hand(hand))
            majorities.add(max(side.tricks for side in hand.result.sides) >
                           sorted(side.tricks for side in hand.result.sides)[-2])
    assert majorities == {True, False}          # a majority taken, and a tie for the most


def test_a_formula_of_the_running_score_is_scored_alike(tmp_path):
    """A side's running score is read by the scorer where a formula names ``score``:
    hand-made formulas that do, on hands starting from several running scores, score
    as the interpreter scores them; Tournament's, which do not, read none."""
    variant = _with_formulas(tmp_path, HANDMADE)
    def reading_the_score(source):
        return [line for line in source.splitlines()
                if line.strip().startswith("score_") and "before[" in line]
    assert reading_the_score(scorer_source(tables_for(variant)))
    assert not reading_the_score(scorer_source(tables_for(rookery.load_variant("tournament"))))
    scored = 0
    for seed in range(24):
        scores = [(seed * 37) % 300 - 100, (seed * 53) % 300 - 120]
        hand = deal_hand(variant, seed, seed % 4, scores, record=False)
        rng = random.Random(seed)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        if not hand.result.thrown_in:
            _assert_scored_alike(scorer_for(hand.t)(hand), score_hand(hand))
            scored += 1
    assert scored > 10
