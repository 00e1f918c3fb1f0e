"""House rule of the deck: birds besides the Rook (``deck: birds``), each placed in
trump by its own clause (``trump: bird CODE highest | lowest | above RANK | above CARD |
below CARD``) and scored by the counters; trump orders built from specs, the checker, the
built-in variants untouched, and 200 random games."""

import pytest
from house_games import house, play_random_games

import rookery
from rookery.engine.tables import tables_for
from rookery.language.export import export_variant

BIRDS = house("two-birds")


def trump_order(variant, call="R") -> list[str]:
    t = tables_for(variant)
    ctx = t.context(call)
    return [t.codes[c] for c in sorted((c for c in range(len(t.codes))
                                        if ctx.trump_key[c] >= 0),
                                       key=lambda c: ctx.trump_key[c])]


def with_bird(tmp_path, place: str, more: str = ""):
    spec = tmp_path / "other-birds.rook"
    spec.write_text(open(BIRDS.path).read().replace(
        "variant two-birds", "variant other-birds").replace(
        "  bird LR above 10", f"  bird LR {place}{more}"))
    return rookery.load_variant(str(spec))


def test_the_little_rook_is_the_ten_and_a_half_under_the_rook():
    assert trump_order(BIRDS) == ["R5", "R6", "R7", "R8", "R9", "R10", "LR", "R11", "R12",
                                  "R13", "R14", "ROOK"]
    assert BIRDS.card("LR").points == 10 and BIRDS.card("LR").color is None
    assert tables_for(BIRDS).total_points == 130


@pytest.mark.parametrize("place, where", [
    ("highest", ["R14", "ROOK", "LR"]), ("lowest", ["LR", "R5", "R6"]),
    ("below ROOK", ["R14", "LR", "ROOK"]), ("above ROOK", ["R14", "ROOK", "LR"]),
])
def test_each_place_in_trump(tmp_path, place, where):
    order = trump_order(with_bird(tmp_path, place))
    text = " ".join(order)
    assert " ".join(where) in text and len(order) == 12


def test_in_a_low_card_hand_the_ten_and_a_half_stays_between_ten_and_eleven(tmp_path):
    variant = with_bird(tmp_path, "above 10")
    spec = tmp_path / "low.rook"
    spec.write_text(f'variant low-birds\nextends {variant.id}\ntrump:\n'
                    f'  choices colors, low-card\n    ruling "low card too"\n')
    order = trump_order(rookery.load_variant(str(spec)), "R-low")
    assert order.index("R11") < order.index("LR") < order.index("R10")


def test_a_bird_follows_as_trump_and_scores_its_points():
    hands = [["ROOK", "R7", "R8", "R9", "Y11", "Y12", "Y13", "Y14", "G12"],
             ["R10", "R5", "B5", "B6", "B7", "B8", "B9", "Y5", "Y6"],
             ["LR", "B10", "B11", "B12", "B13", "Y7", "Y8", "Y9", "Y10"],
             ["R11", "R6", "G5", "G6", "G7", "G8", "G9", "G10", "G11"]]
    hand = rookery.Hand(BIRDS, 0, hands, ["B14", "R12", "R13", "R14", "G13", "G14"])
    for action in ["bid 70", "pass", "pass", "pass"] + \
            [f"discard {c}" for c in ("B14", "G13", "G14", "B5", "B6", "B7")] + ["trump R"]:
        hand.apply(action)
    hand.apply("play R10")
    assert [str(a) for a in hand.legal_actions()] == ["play LR"]
    for card in ("LR", "R6", "R7"):
        hand.apply(f"play {card}")
    assert hand.tricks[-1][3] == 2 and hand.points_won[2] == 20
    assert hand.trick_rules[-1][0] == "trump.bird.LR"


@pytest.mark.parametrize("deck, trump, code", [
    ("birds LR", "", "bird-unplaced"),
    ("birds LR, LL", "  bird LR lowest\n    ruling \"x\"\n  bird LL below LX\n", "unknown-value"),
    ("birds LR, LL", "  bird LL below LR\n    ruling \"x\"\n  bird LR lowest\n", "bird-unplaced"),
    ("birds R5", "", "duplicate-card"),
    ("birds LR", "  bird LR below 10\n", "unknown-value"),
    ("birds LR", "  bird LR lowest\n    ruling \"x\"\n  choices colors, no-trump\n",
     "bird-no-trump"),
])
def test_the_checker_wants_each_bird_placed_once_against_something_placed(
        tmp_path, deck, trump, code):
    spec = tmp_path / "bad.rook"
    spec.write_text(f'variant bad\nextends tournament\ndeck:\n  {deck}\n    ruling "x"\n'
                    f'deal:\n  nest {5 + len(deck.split(","))}\n    ruling "x"\n'
                    f'nest:\n  discard {5 + len(deck.split(","))}\n    ruling "x"\n'
                    f'trump:\n{trump}  rook highest\n    ruling "x"\n')
    with pytest.raises(rookery.SpecError) as error:
        rookery.load_variant(str(spec))
    assert error.value.code == code, error.value


def test_a_bird_placed_twice_is_refused(tmp_path):
    # Two clauses for one bird share the rule id trump.bird.LR ...
    with pytest.raises(rookery.SpecError) as error:
        with_bird(tmp_path, "lowest", '\n    ruling "x"\n  bird LR highest')
    assert error.value.code == "duplicate-rule"
    # ... and with ids of their own, the checker still sees the bird placed twice.
    with pytest.raises(rookery.SpecError) as error:
        with_bird(tmp_path, "lowest as trump.little-low", '\n    ruling "x"\n  bird LR highest')
    assert error.value.code == "bird-placed-twice"


@pytest.mark.parametrize("variant_id", rookery.builtin_variants())
def test_the_built_in_variants_have_no_other_bird(variant_id):
    variant = rookery.load_variant(variant_id)
    exported = export_variant(variant)
    assert exported["deck"]["birds"] == [] and exported["trump"]["birds"] == []
    assert [c.code for c in variant.deck.cards if c.color is None] == \
        ([variant.deck.rook] if variant.deck.rook else [])


def test_200_random_games():
    seen = play_random_games(BIRDS, 200, seed=9)
    assert seen["hand-scored"] >= 200
