"""Warnings: what a spec says that is legal but probably not what its author meant.

A warning never fails ``rookery check`` (an error does); it names the place, what is
odd, and what to do.  :func:`spec_warnings` finds, for the clauses a spec writes itself
(an inherited clause is its parent's business):

* a rule that cites no source and states no ruling (every inherited rule too);
* a clause that cannot matter in this variant (:func:`_cannot_matter_rules`): ``trump:
  rook highest`` in a deck without a Rook, how the nest is dealt when there is no nest,
  the passing directions when nobody passes, ``play: ties`` when no two cards are alike
  ... (unless the clause states a ruling: then its author has said why it is there);
* a citation of a place its source does not have: the headings of the built-in sources
  are listed in ``specs/source-headings.json``; a source of the spec's own given by
  ``file`` is searched for the place; one given by ``url`` cannot be checked;
* a source declared by ``file`` whose file is not there;
* an inherited ruling that quotes a figure of the parent the spec changed ("the inherited
  ruling of bidding.maximum speaks of 180; your total is 200: restate it"), when the
  parent is given (:mod:`rookery.language.figures`);
* an option that replaces a rule the base's own file states (a house rule:
  :mod:`rookery.language.overrides`);
* a clause not indented under its section.  Indentation carries no meaning in the
  grammar (a clause belongs to the last section header above it, so nothing is misread),
  which is why this is a warning and not an error; but a reader takes a line at the left
  margin for a header or for something outside the section, so the spec should say what
  it means to the eye too.
"""

from __future__ import annotations

import difflib
import json
from functools import cache
from pathlib import Path
from typing import Callable

from ..errors import SpecWarning
from .model import Rule, Variant
from .reach import read_within, refusal, regular
from .overrides import overridden_house_rules
from ..resources import specs_dir

# A file source larger than this is not searched for the places cited in it.
MAX_SOURCE_BYTES = 4 * 1024 * 1024

# Every warning's code and when it is given (the DSL reference lists them).
WARNINGS = {
    "no-citation": "a rule cites no source and states no ruling",
    "cannot-matter": "a clause cannot matter in this variant: what it decides never "
                     "happens (where the Rook ranks, in a deck without a Rook)",
    "unknown-place": "a citation names a place its source does not have (a heading of a "
                     "built-in source; words of a declared file source)",
    "source-file-missing": "a source declared by file whose file is not there",
    "stale-ruling": "an inherited ruling quotes a figure of the parent that this spec "
                    "changed (a total, a target, a bid, the players): restate the clause "
                    "with a ruling of its own",
    "option-overrides": "an option replaces a rule that the base's own spec file states "
                        "(a house rule), not a built-in variant's",
    "not-indented": "a clause at the left margin: it is read as part of the section above "
                    "it, as if indented, but it reads as a header or as outside the section",
}


def cannot_matter_clauses() -> list[tuple[str, str]]:
    """(section, key) of every clause :func:`spec_warnings` may find idle."""
    return [tuple(rule.split(".", 1)) for rule in _cannot_matter_rules()]  # type: ignore[misc]


def spec_warnings(variant: Variant, parent: Variant | None = None) -> list[SpecWarning]:
    """Every warning for ``variant``, in line order; ``parent``: the variant it extends
    (compiled), to find the inherited rulings that quote a figure it changed."""
    own = [rule for rule in variant.rules if rule.inherited_from is None]
    found = [SpecWarning(f"rule {rule.id} cites no source and states no ruling", rule.span,
                         hint='cite where the rule comes from (per "Bidding") or say why '
                              'you read it so (ruling "...")', code="no-citation")
             for rule in variant.rules if not rule.citations and not rule.rulings]
    found += _cannot_matter(variant, own)
    found += _unknown_places(variant, own)
    found += _missing_source_files(variant)
    if parent is not None:
        found += _stale_rulings(variant, parent)
    found += overridden_house_rules(variant)
    found += [SpecWarning(f"the clause '{rule.key}' is not indented under {rule.section}:",
                          rule.span, hint=f"indent it ('  {rule.text}'): a line at the "
                          "left margin reads as a section header or as outside the "
                          f"section, but it is read as part of {rule.section}:",
                          code="not-indented")
              for rule in own if rule.span.column == 1]
    return sorted(found, key=lambda w: (w.span.file, w.span.line, w.span.column)
                  if w.span else ("", 0, 0))


def _stale_rulings(variant: Variant, parent: Variant) -> list[SpecWarning]:
    from .figures import changed_clause, stale_rulings

    found = []
    for stale in stale_rulings(variant, parent):
        at = changed_clause(variant, stale)
        found.append(SpecWarning(
            stale.message(), at.span if at else variant.span,
            hint=f"state '{stale.rule.key}' under {stale.rule.section}: here with a ruling "
                 f"that reasons from {stale.now}, not from {parent.id}'s {stale.was}",
            code="stale-ruling"))
    return found


def idle_reason(variant: Variant, rule: Rule) -> str | None:
    """Why ``rule`` cannot matter in ``variant`` (what it decides never happens), or
    None: the rules page folds such a rule away."""
    reason_of = _cannot_matter_rules().get(f"{rule.section}.{rule.key}")
    return reason_of(variant) if reason_of else None


# -- clauses that cannot matter -----------------------------------------------------------------

def _no_rook(v: Variant) -> str | None:
    return None if v.deck.rook else "the deck has no Rook (deck: rook none)"


def _no_nest(v: Variant) -> str | None:
    return None if v.deal.nest else "no card is dealt to a nest (deal: nest 0)"


def _no_passing(v: Variant) -> str | None:
    return None if v.passing.cards else "nobody passes cards (passing: cards 0)"


def _cannot_matter_rules() -> dict[str, Callable[[Variant], str | None]]:
    """Rule id (or section.key) -> why the clause cannot matter in a variant, or None."""
    return {
        "trump.rook": _no_rook,
        "trump.rook-call": lambda v: _no_rook(v) or (
            None if v.trump.rook == "caller-chooses"
            else "the bid winner does not call the Rook high or low (trump: rook "
                 "caller-chooses is not written)"),
        "trump.no-trump-rook": lambda v: _no_rook(v) or (
            None if "none" in v.trump.choices
            else "no trump cannot be called (trump: choices has no no-trump)"),
        "trump.low-card-rook": lambda v: _no_rook(v) or (
            None if any(choice.endswith("-low") for choice in v.trump.choices)
            else "no low-card hand can be called (trump: choices has no low-card)"),
        "deal.nest-deal": _no_nest,
        "nest.forbid": _no_nest,
        "nest.points": _no_nest,
        "nest.announce": _no_nest,
        "passing.directions": _no_passing,
        "passing.bidder-sees": _no_passing,
        "table.dummy-shown": lambda v: None if v.table.dummy != "none"
        else "there is no dummy (table: dummy none)",
        "table.call-time": lambda v: None if v.table.sides == "called"
        else "the bid winner calls no partner (table: sides is not called N)",
        "play.ties": lambda v: None if any(card.copies > 1 for card in v.deck.cards)
        else "no two cards of the deck are alike, so two cards can never tie",
    }


def _cannot_matter(variant: Variant, own: list[Rule]) -> list[SpecWarning]:
    reasons = _cannot_matter_rules()
    found = []
    for rule in own:
        if rule.rulings:
            continue   # the author has said why the clause is there
        reason_of = reasons.get(f"{rule.section}.{rule.key}")
        reason = reason_of(variant) if reason_of else None
        if reason:
            found.append(SpecWarning(f"'{rule.text}' cannot matter: {reason}", rule.span,
                                     hint="remove the clause, or change the clause that "
                                          "makes it idle", code="cannot-matter"))
    return found


# -- citations of places a source does not have ---------------------------------------------------

@cache
def builtin_headings() -> dict[str, tuple[str, ...]]:
    """The headings of each built-in source (``specs/source-headings.json``), the places a
    citation of it may name."""
    path = specs_dir() / "source-headings.json"
    raw = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return {source: tuple(headings) for source, headings in raw.items()}


def _unknown_places(variant: Variant, own: list[Rule]) -> list[SpecWarning]:
    declared = {source.id: source for source in variant.sources}
    headings = builtin_headings()
    found = []
    for rule in own:
        for citation in rule.citations:
            source = declared.get(citation.source)
            if source is not None:
                text = _file_text(source) if source.kind == "file" else None
                if text is None or _simple(citation.where) in _simple(text):
                    continue
                close = difflib.get_close_matches(citation.where, _headings(text), n=1,
                                                  cutoff=0.6)
                hint = (f"did you mean \"{close[0]}\"? " if close else "") + \
                    f"quote a heading or a phrase of {source.location} as it is written"
            elif citation.source in headings:
                places = headings[citation.source]
                if citation.where.casefold() in (p.casefold() for p in places):
                    continue
                close = difflib.get_close_matches(citation.where, places, n=1, cutoff=0.5)
                hint = (f"did you mean \"{close[0]}\"? " if close else "") + \
                    f"{citation.source}'s headings are: " + ", ".join(places)
            else:
                continue
            found.append(SpecWarning(f"{citation.source} has no place \"{citation.where}\"",
                                     rule.span, hint=hint, code="unknown-place"))
    return found


def _missing_source_files(variant: Variant) -> list[SpecWarning]:
    return [SpecWarning(f"the file of source '{source.id}' is not there: {source.location}",
                        source.span, hint="give the path relative to "
                        "the spec's folder, or declare the source by its url",
                        code="source-file-missing")
            for source in variant.sources
            if source.kind == "file" and _file_path(source) is None]


def _file_path(source) -> Path | None:
    """The file of a ``file`` source, if the spec may read it (:mod:`.reach`)."""
    folder = Path(source.declared_in).resolve().parent
    if refusal(source.location, folder):
        return None
    path = Path(source.location).expanduser()
    if not path.is_absolute():
        path = folder / path
    return path if regular(path) else None


def _file_text(source) -> str | None:
    data = read_within(source.location, Path(source.declared_in).resolve().parent,
                       MAX_SOURCE_BYTES)
    return None if data is None else data.decode("utf-8", errors="replace")


def _headings(text: str) -> list[str]:
    """The lines of a source file that read as headings (a few words alone on a line):
    the places a misspelt citation most likely meant."""
    return [line.strip() for line in text.splitlines()
            if line.strip() and len(line.split()) <= 5]


def _simple(text: str) -> str:
    """Text compared as a reader would: case and runs of white space ignored."""
    return " ".join(text.casefold().split())
