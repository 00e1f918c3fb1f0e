"""Options: small modifier specs that any base variant able to take them can combine with.

An option file starts ``option NAME "Title"`` instead of ``variant`` and holds a few
clauses, cited like any spec's.  ``BASE+OPTION+OPTION`` names the base with the options
applied (``kentucky-rook+rook-low+no-trump``, ``house.rook+rook-low``): each option
clause replaces the base's clause with the same rule id, or is added.  The combination
is then read and checked like any spec, and a combination that cannot be played says
which option cannot apply to which base, and why:

* a ``requires`` line of the option is not met by the base (``requires rook``: the base
  deck has no Rook);
* two options state the same rule (two trump calls both set ``trump.choices``);
* the combined rules fail a static check (a dummy at a table of five).

Built-in options live in ``specs/options/``; a user's option is a path ending ``.rook``.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from . import ast
from .check import check_variant
from ..errors import SpecError, UsageError
from ..limits import MAX_OPTIONS
from .model import Variant
from .parse import parse_file
from .specs import builtin_options, options_dir
from .vocabulary import SECTION_ORDER, SECTIONS, rule_id

SEPARATOR = "+"


@dataclass(frozen=True)
class Requirement:
    """A word of a ``requires`` line: what it asks of the base, and the test."""

    shape: str
    meaning: str


# What an option may require of its base (the DSL reference is generated from this).
REQUIREMENTS: dict[str, Requirement] = {
    "rook": Requirement("rook", "the base's deck has a Rook Bird card"),
    "card": Requirement("card CODE", "the base's deck holds this card"),
    "color": Requirement("color LETTER", "the base's deck has a color with this letter"),
    "nest": Requirement("nest", "the base deals a nest"),
    "passing": Requirement("passing", "the base's players pass cards after the auction"),
    "SECTION.KEY": Requirement("SECTION.KEY VALUE",
                               "the base states this clause with this value, or leaves it "
                               "out and its default is this value (trump.choices colors: "
                               "the bid winner only names a color)"),
}


# -- names ------------------------------------------------------------------------------------

def is_combination(name: str) -> bool:
    """Does ``name`` name a base with options (``tournament+rook-low``), rather than a
    variant id or a spec file (whose own name may hold a '+')?"""
    return SEPARATOR in name and not os.path.isfile(name)   # os.path: never raises


def split(name: str) -> tuple[str, tuple[str, ...]]:
    """``house.rook+rook-low+my/option.rook`` -> (``house.rook``, the options)."""
    base, *options = name.split(SEPARATOR)
    return base, tuple(options)


def is_builtin(name: str) -> bool:
    """A built-in variant id, or a built-in base with built-in options."""
    from .specs import builtin_variants
    if not isinstance(name, str):
        return False
    if not is_combination(name):
        return name in builtin_variants()
    base, options = split(name)
    known = set(builtin_options())
    return base in builtin_variants() and bool(options) and all(o in known for o in options)


def corpus_combinations() -> list[str]:
    """The combinations the conformance corpus has cases for (its folders named
    ``base+option``): the built-in interpreter lists them among its variants."""
    from ..resources import conformance_dir
    cases = conformance_dir() / "cases"
    return sorted(p.name for p in cases.glob(f"*{SEPARATOR}*") if is_builtin(p.name))


def find_option(name: str) -> Path:
    """The file of an option given by id (``rook-low``) or by path (``mine.rook``)."""
    path = Path(name)
    if path.suffix == ".rook":
        if not path.is_file():
            raise UsageError(f"no such option file: {name}")
        return path
    candidate = options_dir() / f"{name}.rook"
    if name and candidate.is_file():
        return candidate
    close = difflib.get_close_matches(name, builtin_options(), n=3, cutoff=0.6)
    hint = ("did you mean " + " or ".join(f"'{c}'" for c in close) + "? " if close else "")
    raise UsageError(f"unknown option '{name}'; {hint}'rookery list --options' shows the "
                     "built-in options")


# -- loading ----------------------------------------------------------------------------------

def load_combination(name: str) -> Variant:
    """Load ``BASE+OPTION+...``: the base (a variant id or spec file) with each option."""
    base, options = split(name)
    if not options or not all(options):
        raise UsageError(f"'{name}': name a base and its options joined by '+', "
                         "e.g. kentucky-rook+rook-low")
    if len(options) > MAX_OPTIONS:
        raise UsageError(f"{len(options)} options on one base ({name[:60]}...): at most "
                         f"{MAX_OPTIONS} options combine with a base")
    twice = sorted({o for o in options if options.count(o) > 1})
    if twice:
        raise UsageError(f"'{name}': option {twice[0]} is named twice")
    base_path, *option_paths = combination_files(name)
    return _combine(base_path.resolve(), tuple(path.resolve() for path in option_paths))


def combination_files(name: str) -> list[Path]:
    """The files a combination is made of: its base's, then each option's."""
    from .specs import find_spec
    base, options = split(name)
    return [find_spec(base)] + [find_option(option) for option in options]


def read_option(path: Path) -> ast.SpecFile:
    """Parse an option file; a variant given where an option is meant is refused."""
    option = parse_file(path)
    if option.kind != "option":
        raise SpecError(f"'{option.variant}' is a variant, not an option", option.span,
                        expected=f'an option file, starting: option {option.variant} "Title"',
                        hint="only an option can be joined to a base with '+'; "
                             "'rookery list --options' shows the built-in ones",
                        code="not-an-option")
    return option


def combination_clauses(name: str):
    """The spec header and merged clauses of ``BASE+OPTION+...`` (what the mutation check
    changes), each clause with its default source and the variant it is inherited from
    (``None`` for an option's clause)."""
    base_path, *option_paths = combination_files(name)
    spec, clauses, _, _, _ = _merge(base_path.resolve(),
                                    tuple(path.resolve() for path in option_paths))
    return spec, clauses


@cache
def _combine(base_path: Path, option_paths: tuple[Path, ...]) -> Variant:
    from .specs import known_sources
    from .gather import read_variant
    spec, clauses, stated_by, base, options = _merge(base_path, option_paths)
    try:
        variant = read_variant(spec, clauses, frozenset(known_sources()))
        variant = replace(variant, options=tuple(o.variant for o in options), rules=tuple(
            replace(rule, option=stated_by[rule.id].variant) if rule.id in stated_by
            else rule for rule in variant.rules))
        _check_at_writers_line(variant, base_path, spec)
    except SpecError as error:
        raise SpecError.gather([_cannot_apply(problem, options, base)
                                for problem in error.problems]) from None
    return variant


def _check_at_writers_line(variant: Variant, base_path: Path, spec: ast.SpecFile) -> None:
    """The static checks of a combination.  With the writer's own spec as its base
    (``lake.rook+rook-low``), an inconsistency found in a clause the base inherits from
    the package's specs is told at the writer's line, with what to write in the writer's
    file (:mod:`rookery.language.inherited`): the writer cannot edit the package."""
    from ..resources import specs_dir
    from .check import check_findings
    from .inherited import at_writers_line

    if base_path.is_relative_to(specs_dir().resolve()):
        check_variant(variant)
        return
    problems = at_writers_line(check_findings(variant), variant, str(base_path),
                               spec.extends_span, lambda: ())
    if problems:
        raise SpecError.gather(problems)


def _merge(base_path: Path, option_paths: tuple[Path, ...]):
    """Apply each option's clauses to the base's, after checking its requirements and
    that no two options state one rule.  Every option that cannot apply is reported (an
    option whose requirements the base does not meet is not applied, so that what only
    follows from applying it is not reported too)."""
    from .specs import _load, _merged_clauses
    base_spec = parse_file(base_path)
    base = _load(base_path)
    options = [read_option(path) for path in option_paths]
    merged = {rule_id(clause): (clause, default, inherited or base.id)
              for clause, default, inherited in _merged_clauses(base_spec, base_path,
                                                                 (base_path,))}
    stated_by: dict[str, ast.SpecFile] = {}
    errors: list[SpecError] = []
    for option in options:
        unmet = _unmet(option, base)
        if unmet:
            errors += unmet
            continue
        own: set[str] = set()
        for section in option.sections:
            for clause in section.clauses:
                key = rule_id(clause)
                if key in own:
                    errors.append(SpecError(f"rule {key} is given twice in option "
                                            f"{option.variant}", clause.span,
                                            expected="each rule once",
                                            hint="remove one of them", code="duplicate-rule"))
                    continue
                if key in stated_by:
                    other = stated_by[key]
                    errors.append(SpecError(
                        f"options {other.variant} and {option.variant} cannot be combined: "
                        f"both set {key}", clause.span,
                        expected="options that change different rules",
                        hint=f"choose one of them ({other.variant} says "
                             f"'{_stated(other, key)}', {option.variant} says "
                             f"'{clause.text}')", code="options-conflict"))
                    continue
                own.add(key)
                stated_by[key] = option
                merged.pop(key, None)
                merged[key] = (clause, option.source, None)
    if errors:
        raise SpecError.gather(errors)
    order = {name: i for i, name in enumerate(SECTION_ORDER)}
    clauses = sorted(merged.values(), key=lambda item: order.get(item[0].section, len(order)))
    name = SEPARATOR.join([base.id] + [o.variant for o in options])
    title = " + ".join([base.title] + [o.title or o.variant for o in options])
    spec = replace(base_spec, variant=name, title=title, extends=base.id)
    return spec, clauses, stated_by, base, options


def _stated(option: ast.SpecFile, key: str) -> str:
    return next(c.text for s in option.sections for c in s.clauses if rule_id(c) == key)


def _cannot_apply(error: SpecError, options: list[ast.SpecFile], base: Variant) -> SpecError:
    """A combination that fails to read or check: the option to blame is the one whose
    clause the error points at (else the only option; else the combination)."""
    where = error.span.file if error.span else None
    blamed = [o for o in options if o.path == where] or (options if len(options) == 1 else [])
    if blamed:   # the option applies to the base with the options named before it
        before = options[:options.index(blamed[0])]
        subject = (f"option {blamed[0].variant} cannot apply to "
                   + SEPARATOR.join([base.id] + [o.variant for o in before]))
    else:
        subject = ("the options " + ", ".join(o.variant for o in options)
                   + f" cannot all apply to {base.id}")
    return SpecError(f"{subject}: {error.message}", error.span, expected=error.expected,
                     hint=error.hint, code="option-cannot-apply")


# -- requirements -----------------------------------------------------------------------------

def _unmet(option: ast.SpecFile, base: Variant) -> list[SpecError]:
    """Every ``requires`` word of ``option`` that ``base`` does not meet."""
    errors = []
    for requirement in option.requires:
        try:
            _require(option, requirement, base)
        except SpecError as error:
            errors.append(error)
    return errors


def _require(option: ast.SpecFile, requirement: ast.Requirement, base: Variant) -> None:
    """Check one ``requires`` word of ``option`` against ``base``: a SpecError that says
    what the option needs and what the base has."""
    need, has = _requirement(requirement, base)
    if need:
        raise SpecError(f"option {option.variant} cannot apply to {base.id}: it needs {need}, "
                        f"and {base.id} {has}", requirement.span,
                        expected=f"a base with {need}",
                        hint=f"'rookery list --options' shows the bases {option.variant} "
                             "applies to", code="option-cannot-apply")


def needs(req: ast.Requirement) -> str:
    """What a requirement asks of the base, in plain words ("a deck with a Rook")."""
    words = req.words
    if req.what == "rook" and not words:
        return "a deck with a Rook"
    if req.what == "card" and len(words) == 1:
        return f"the card {words[0]} in the deck"
    if req.what == "color" and len(words) == 1:
        return f"a color lettered {words[0]}"
    if req.what == "nest" and not words:
        return "a nest"
    if req.what == "passing" and not words:
        return "players who pass cards"
    section, _, key = req.what.partition(".")
    if words and key in SECTIONS.get(section, {}):
        return f"{section}: {key} {' '.join(words)}"
    raise _unknown_requirement(req)


def _requirement(req: ast.Requirement, base: Variant) -> tuple[str, str]:
    """("what is needed", "what the base has") when the base fails ``req``; ("", "")
    when it meets it."""
    need, deck, words = needs(req), base.deck, req.words
    if req.what == "rook":
        return ("", "") if deck.rook else (need, "has none")
    if req.what == "card":
        return ("", "") if words[0] in {card.code for card in deck.cards} else \
            (need, f"has no {words[0]}")
    if req.what == "color":
        letters = [color.letter for color in deck.colors]
        return ("", "") if words[0] in letters else (need, "has colors " + ", ".join(letters))
    if req.what == "nest":
        return ("", "") if base.deal.nest else (need, "deals none")
    if req.what == "passing":
        return ("", "") if base.passing.cards else (need, "has no passing")
    section, _, key = req.what.partition(".")
    wanted = " ".join(words)
    stated = next((rule for rule in base.rules if rule.id == req.what), None)
    if stated is not None:
        said = " ".join(stated.text.replace(",", " ").split()[1:])
        return ("", "") if said == wanted else (need, f"states '{stated.text}'")
    default = SECTIONS[section][key].default
    return ("", "") if default == wanted else (need, f"leaves it at '{default}'")


def _unknown_requirement(req: ast.Requirement) -> SpecError:
    known = list(REQUIREMENTS) + [f"{s}.{k}" for s, keys in SECTIONS.items() for k in keys]
    close = difflib.get_close_matches(req.what, known, n=1)
    return SpecError(f"unknown requirement '{req}'", req.span,
                     expected="one of: " + ", ".join(r.shape for r in REQUIREMENTS.values()),
                     hint=f"did you mean '{close[0]}'?" if close else
                     "see the DSL reference for what an option may require",
                     code="unknown-requirement")


__all__ = ["builtin_options", "is_combination", "is_builtin", "load_combination",
           "find_option", "read_option", "corpus_combinations", "needs", "REQUIREMENTS",
           "SEPARATOR"]
