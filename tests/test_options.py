"""Options that combine (issue 8): BASE+OPTION+... everywhere a variant id is taken.

* every built-in option is tried on every built-in base: a combination that checks plays
  seeded random games with the invariants of every hand (those of
  ``test_random_games_all_variants``); one that cannot gets a message naming the option,
  the base and the reason;
* the variants the sources describe as a base with one change are the base with the
  option: the same compiled rules, and their corpus cases pass on the combination;
* conflicts, unknown names and misused files are messages, never tracebacks;
* the command line (check, play, export, list --options, conformance) and the API take
  combinations, and a user's own spec and option files combine too.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from itertools import combinations

import pytest

import rookery
from rookery.cli import main
from rookery.conformance.corpus.cases import load_corpus
from rookery.conformance.protocol.engines import InProcessEngine
from rookery.conformance.corpus.runner import run_cases
from rookery.conformance.protocol.session import Session
from rookery.language.export import export_variant
from rookery.language.option_bases import CANNOT, CHANGES, SAME, all_options, try_on
from rookery.language.options import builtin_options
from rookery.resources import conformance_dir, specs_dir
from test_random_games_all_variants import play_random_games

GAMES = 20
BASES = rookery.builtin_variants()
OPTIONS = builtin_options()

# The variants the sources tell as one change to another game, and that change as an
# option on that game.
SAME_AS = {
    "kentucky-rook-low": "kentucky-rook+rook-low",
    "kentucky-rook-discard-counters": "kentucky-rook+discard-counters",
    "standard-deck-rook-high": "standard-deck+rook-high",
    "standard-deck-rook-ten-half": "standard-deck+rook-ten-half",
    "standard-deck-pass-cycle": "standard-deck+pass-cycle",
    "low-card": "buckeye+low-card",
    "no-trump": "buckeye+no-trump",
    "circus-rook": "buckeye+circus",
    "black-two": "tournament-full-deck+black-two",
    "red-two": "tournament-full-deck+red-two",
    "boston": "regular-partnership+dummy",
    "display": "regular-partnership+dummy",
}


def play_games(variant: rookery.Variant, seed: str, games: int = GAMES) -> None:
    """Seeded random games of ``variant``, every hand checked for its invariants."""
    play_random_games(variant, random.Random(seed), games)


def test_there_are_built_in_options():
    assert {"rook-low", "no-trump", "low-card", "circus", "black-two", "red-two"} <= \
        set(OPTIONS)
    # An option may share its name with the variant the sources tell as a base with it
    # (no-trump is buckeye+no-trump): a name after '+' is always an option's.
    for name in set(OPTIONS) & set(BASES):
        assert SAME_AS[name].endswith(f"+{name}"), name


@pytest.mark.parametrize("option", OPTIONS)
def test_every_option_on_every_base_plays_or_says_why_not(option):
    taken = 0
    for base in BASES:
        tried = try_on(option, base)
        name = f"{base}+{option}"
        if tried.verdict == CANNOT:
            assert tried.reason.startswith(f"option {option} cannot apply to {base}: "), \
                tried.reason
            assert len(tried.reason) > len(f"option {option} cannot apply to {base}: ") + 10
            with pytest.raises(rookery.SpecError) as raised:
                rookery.load_variant(name)
            assert raised.value.code == "option-cannot-apply"
            continue
        taken += 1
        variant = rookery.load_variant(name)
        assert variant.id == name and variant.extends == base and variant.options == (option,)
        stated = {rule.id for rule in variant.rules if rule.option == option}
        assert stated, "the option's rules are attributed to it"
        play_games(variant, f"options/{name}")
    assert taken, f"{option} applies to no built-in base"


def test_the_reasons_name_what_the_base_lacks():
    reasons = {(b, o): try_on(o, b).reason for b, o in [
        ("regular-partnership", "rook-low"), ("kentucky-rook", "black-two"),
        ("standard-deck", "no-trump"), ("circus-rook", "no-trump"),
        ("call-partner", "dummy"), ("tournament", "pass-cycle"),
        ("rook-for-three", "circus")]}
    assert "a deck with a Rook" in reasons["regular-partnership", "rook-low"]
    assert "the card B2" in reasons["kentucky-rook", "black-two"]
    assert "color lettered R" in reasons["standard-deck", "no-trump"]
    assert "choices colors, low-card, circus" in reasons["circus-rook", "no-trump"]
    assert "four players in two teams of two" in reasons["call-partner", "dummy"]
    assert "pass cards" in reasons["tournament", "pass-cycle"]
    assert "fixed teams" in reasons["rook-for-three", "circus"]


@pytest.mark.parametrize("variant_id", sorted(SAME_AS))
def test_a_variant_of_one_change_is_its_base_with_the_option(variant_id):
    """Identical compiled behaviour: the export (every rule the engine reads, the rule
    ids and texts) is equal, and the variant's own corpus cases pass on the combination."""
    combined_id = SAME_AS[variant_id]
    variant, combined = rookery.load_variant(variant_id), rookery.load_variant(combined_id)
    ours, theirs = export_variant(variant), export_variant(combined)
    for key in ("id", "title", "extends", "rules", "options"):
        ours.pop(key, None)
        theirs.pop(key, None)
    assert ours == theirs
    assert sorted((r.id, r.text) for r in variant.rules) == \
        sorted((r.id, r.text) for r in combined.rules)
    cases, problems = load_corpus([conformance_dir() / "cases" / variant_id])
    assert cases and not problems
    renamed = [replace(case, variant=combined_id) for case in cases]
    run = run_cases(InProcessEngine(Session({combined_id: combined})), renamed)
    assert [r.verdict for r in run.results] == ["pass"] * len(cases), \
        [(r.case.id, r.message) for r in run.results if r.verdict != "pass"]


def test_the_issue_example_combines_and_attributes_each_rule():
    variant = rookery.load_variant("kentucky-rook+rook-low+no-trump")
    assert variant.title == "Kentucky Rook + Rook low + No Trump call"
    assert variant.trump.rook == "lowest"
    assert "none" in variant.trump.choices and "R-low" in variant.trump.choices
    assert variant.rule("trump.rook").option == "rook-low"
    assert variant.rule("trump.choices").option == "no-trump"
    assert variant.rule("trump.rook").citations[0].source == "kentucky-rook"
    assert variant.rule("trump.choices").citations[0].source == "wikipedia-rook"
    assert variant.rule("deck.ranks").option is None
    assert variant.rule("deck.ranks").inherited_from == "kentucky-rook"
    hand = rookery.deal_hand(variant, seed=3)
    assert hand.phase == "bidding"
    exported = export_variant(variant)
    assert exported["options"] == ["rook-low", "no-trump"]
    assert {r["id"]: r.get("option") for r in exported["rules"]}["trump.rook"] == "rook-low"
    play_games(variant, "options/issue-example", games=50)


def test_two_options_setting_one_rule_conflict():
    with pytest.raises(rookery.SpecError) as raised:
        rookery.load_variant("tournament+low-card+no-trump")
    assert raised.value.code == "options-conflict"
    assert "options low-card and no-trump cannot be combined: both set trump.choices" \
        in str(raised.value)
    with pytest.raises(rookery.SpecError, match="rook-low and rook-high"):
        rookery.load_variant("kentucky-rook+rook-low+rook-high")


@pytest.mark.parametrize("base", ["tournament-full-deck", "kentucky-rook", "standard-deck"])
def test_every_pair_of_options_plays_or_says_why_not(base):
    for first, second in combinations(OPTIONS, 2):
        name = f"{base}+{first}+{second}"
        try:
            variant = rookery.load_variant(name)
        except rookery.SpecError as error:
            assert error.code in ("option-cannot-apply", "options-conflict"), str(error)
            assert first in error.message or second in error.message, str(error)
            continue
        assert variant.options == (first, second)
        play_games(variant, f"options/{name}", games=5)


def test_unknown_names_and_misused_files_are_messages(tmp_path):
    with pytest.raises(rookery.UsageError, match="unknown option 'rook-lo'; did you mean "
                       "'rook-low'"):
        rookery.load_variant("tournament+rook-lo")
    with pytest.raises(rookery.UsageError, match="unknown variant"):
        rookery.load_variant("tournamnt+rook-low")
    with pytest.raises(rookery.UsageError, match="'rook-low' is an option, not a variant"):
        rookery.load_variant("rook-low")
    with pytest.raises(rookery.UsageError, match="option rook-low is named twice"):
        rookery.load_variant("tournament+rook-low+rook-low")
    with pytest.raises(rookery.UsageError, match="name a base and its options"):
        rookery.load_variant("tournament+")
    with pytest.raises(rookery.SpecError) as raised:
        rookery.load_variant(specs_dir() / "options" / "rook-low.rook")
    assert raised.value.code == "option-not-variant"
    variant_file = tmp_path / "plain.rook"
    variant_file.write_text('variant plain "Plain"\nextends tournament\n')
    with pytest.raises(rookery.SpecError) as raised:
        rookery.load_variant(f"tournament+{variant_file}")
    assert raised.value.code == "not-an-option"
    odd = tmp_path / "odd.rook"
    odd.write_text('option odd "Odd"\nrequires rok\n\ntrump:\n  rook lowest  ruling "x"\n')
    with pytest.raises(rookery.SpecError) as raised:
        rookery.load_variant(f"tournament+{odd}")
    assert raised.value.code == "unknown-requirement"
    assert "did you mean 'rook'" in str(raised.value)
    assert raised.value.span.line == 2


def test_a_users_spec_and_option_files_combine(tmp_path):
    house = tmp_path / "house.rook"
    house.write_text('variant house "Our house"\nextends kentucky-rook\n\ngame:\n'
                     '  target 300  ruling "we play short games"\n')
    mine = tmp_path / "mine.rook"
    mine.write_text('option short-nest "Our Rook"\nrequires rook, trump.rook highest\n\n'
                    'trump:\n  rook above 10  ruling "our table plays the Rook as the 10.5"\n')
    variant = rookery.load_variant(f"{house}+rook-low")
    assert variant.id == "house+rook-low" and variant.game.target == 300
    assert variant.trump.rook == "lowest"
    variant = rookery.load_variant(f"{house}+{mine}")
    assert variant.trump.rook == "above" and variant.rule("trump.rook").option == "short-nest"
    play_games(variant, "options/house", games=5)
    with pytest.raises(rookery.SpecError, match="needs trump: rook highest, and "
                       "kentucky-rook-low states 'rook lowest'"):
        rookery.load_variant(f"kentucky-rook-low+{mine}")


def test_the_cli_takes_combinations(capsys):
    assert main(["check", "kentucky-rook+rook-low+no-trump"]) == 0
    assert "ok  kentucky-rook+rook-low+no-trump" in capsys.readouterr().out
    assert main(["check", "regular-partnership+rook-low"]) == 1
    err = capsys.readouterr().err
    assert "option rook-low cannot apply to regular-partnership" in err
    assert "Traceback" not in err
    assert main(["check", "tournament+nope"]) == 2
    assert "unknown option 'nope'" in capsys.readouterr().err
    assert main(["export", "tournament+rook-low"]) == 0
    assert json.loads(capsys.readouterr().out)["options"] == ["rook-low"]
    assert main(["play", "tournament+circus", "--seed", "4"]) == 0
    assert "Game over" in capsys.readouterr().out


def test_list_options_is_computed_by_trying_every_base(capsys):
    assert main(["list", "--options", "--json"]) == 0
    listed = {o["id"]: o for o in json.loads(capsys.readouterr().out)}
    assert sorted(listed) == OPTIONS
    for option, entry in listed.items():
        verdicts = {base: try_on(option, base) for base in BASES}
        assert entry["bases"] == [b for b, t in verdicts.items() if t.verdict == CHANGES]
        assert entry["bases_unchanged"] == [b for b, t in verdicts.items()
                                            if t.verdict == SAME]
        assert entry["cannot"] == {b: t.reason for b, t in verdicts.items()
                                   if t.verdict == CANNOT}
    assert "kentucky-rook" in listed["rook-low"]["bases"]
    assert "one-high-partnership" in listed["rook-low"]["bases_unchanged"]
    assert "regular-partnership" in listed["rook-low"]["cannot"]
    assert main(["list", "--options"]) == 0
    out = capsys.readouterr().out
    assert all(option in out for option in OPTIONS)


def test_every_option_is_described():
    for info in all_options():
        assert info.comment and info.title and info.clauses and info.citations


def test_the_corpus_runs_cases_of_combinations(capsys):
    combined = sorted(p.name for p in (conformance_dir() / "cases").iterdir() if "+" in p.name)
    assert combined
    assert main(["conformance", "--variant", combined[0], "--no-progress"]) == 0
    assert "0 failed" in capsys.readouterr().out


def test_a_combination_is_mutated_in_its_options_rules():
    from rookery.conformance.mutation.mutants import mutants
    rules = {m.rule for m in mutants("kentucky-rook+rook-low+no-trump")}
    assert rules == {"trump.rook", "trump.choices", "trump.no-trump-rook",
                     "trump.low-card-rook"}


def test_two_special_trumps_in_one_place_are_refused(tmp_path):
    """Two options that each put a card just above the Rook leave their order unsaid."""
    mine = tmp_path / "red-two-high.rook"
    mine.write_text('option red-two-high "Red 2 above the Rook"\nrequires rook, card R2\n\n'
                    'trump:\n  special R2 above ROOK  ruling "our table"\n')
    with pytest.raises(rookery.SpecError) as raised:
        rookery.load_variant(f"tournament-full-deck+black-two+{mine}")
    assert "special trumps B2 and R2 are both placed above ROOK" in str(raised.value)
    assert "option red-two-high cannot apply to tournament-full-deck+black-two: " \
        in str(raised.value)


def test_docs_for_a_combination(tmp_path, capsys):
    assert main(["docs", "kentucky-rook+rook-low", "--out", str(tmp_path / "site")]) == 0
    page = (tmp_path / "site" / "docs" / "variants" / "kentucky-rook+rook-low.md").read_text()
    assert "stated by option `rook-low`" in page     # (a site of its own: no options page)


def test_check_of_an_option_file_tries_it_on_every_base(tmp_path, capsys):
    assert main(["check", str(specs_dir() / "options" / "rook-low.rook")]) == 0
    assert "ok  option rook-low" in capsys.readouterr().out
    odd = tmp_path / "odd.rook"
    odd.write_text('option odd "Odd"\n\ntrump:\n  rook sideways  ruling "x"\n')
    assert main(["check", str(odd)]) == 1
    err = capsys.readouterr().err
    assert f"{odd}:4:8: error: option odd applies to no built-in base: 'rook' does not " \
        "take 'sideways'" in err


def test_every_ruling_of_an_option_gives_its_reason():
    from rookery.language.rulings import rulings, weak_reason
    combined = [rookery.load_variant(f"{info.taking(CHANGES)[0]}+{info.id}")
                for info in all_options()]
    stated = [r for r in rulings(combined) if r.rule.option]
    assert stated
    weak = [(r.variant, r.rule.id) for r in stated if weak_reason(r.text, r.rule)]
    assert not weak


@pytest.mark.parametrize("option", OPTIONS)
def test_the_rook_lexer_reads_every_option_without_error(option):
    from pygments import lex
    from pygments.token import Error, Keyword

    from rookery.lexer import RookLexer
    from rookery.language.options import find_option
    tokens = list(lex(find_option(option).read_text(encoding="utf-8"), RookLexer()))
    assert not [value for kind, value in tokens if kind in Error]
    assert (Keyword.Declaration, "option") in tokens
