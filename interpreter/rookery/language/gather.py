"""Every mistake of a spec in one run: reading the clauses without stopping at the first.

The readers of :mod:`rookery.language.sections` stop at the first value that does not fit, which is
what building a variant needs.  :func:`read_all` calls them again and again: each time one
stops, its mistake is kept, the clause at fault is set aside (so the reader falls back on
the clause's default) and the reading starts over, until the variant can be built or a
mistake leaves nothing to fall back on (a required clause that is missing).

A mistake can be the consequence of another one, and reporting it would send the author
after a problem that is not there.  So a clause lost to a mistake (a line that did not
parse, a misspelt key, a value set aside) is *unsure*, by its rule id (``deal.hand``) or,
when the line's clause cannot be told, by its whole section; and three kinds of report
are then held back:

* a required clause "missing" where it was written but could not be read (a stand-in,
  :data:`STAND_INS`, then takes its place so that the rest of the spec is still read);
* a value read against an unsure section: cards and ranks are read against the deck
  (trump, play, scoring's counters) and the nest against the deal (see :data:`READS`);
* what a static check (:func:`rookery.language.check.check_problems`) finds after
  reading an unsure clause (:mod:`rookery.language.reading`).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import replace

from . import ast, model
from ..errors import SpecError
from .reading import is_unsure
from .sections import build_variant, rule_of, unknown_source
from .vocabulary import SECTIONS, check_known, check_section, rule_id

# The sections whose clauses a section's values are read against (the deck's clauses
# against each other: a card's code against the colors and ranks).
READS = {"deck": ("deck",), "trump": ("deck",), "play": ("deck",), "scoring": ("deck",),
         "nest": ("deal.nest",)}


def read_all(spec: ast.SpecFile, clauses: list[tuple[ast.Clause, str | None, str | None]],
             known_sources: frozenset[str], declared: tuple = ()
             ) -> tuple[model.Variant | None, list[SpecError], frozenset[str]]:
    """The variant the clauses describe (``None`` if it cannot be built), every mistake
    found on the way, and the clauses whose figures are not the author's (rule ids, or
    whole sections; with those the parse lost: see :mod:`rookery.language.reading`)."""
    errors: list[SpecError] = []
    unsure = set(spec.tainted)
    sources = known_sources | {source.id for source in declared}
    if "header" not in unsure:   # a lost header line may be the missing declaration
        errors += _declaration_errors(spec, known_sources, declared, sources)
    for header in spec.sections:   # an empty section has no clause to check
        try:
            check_section(header.name, header.span)
        except SpecError as error:
            errors.append(error)
    known: list[ast.Clause] = []
    rules: list[model.Rule] = []
    for clause, default, inherited in _overriding(list(_rehomed(clauses, unsure))):
        if clause.section not in SECTIONS:
            continue   # its section's header is reported above
        try:
            check_known(clause)
        except SpecError as error:
            errors.append(error)
            unsure.update(_meant(clause))
            continue
        known.append(clause)
        if "header" in unsure:
            # the default source's line may be the one lost: citations are not judged
            rules.append(rule_of(clause, default, inherited, frozenset(), []))
        else:
            rules.append(rule_of(clause, default, inherited, sources, errors))
    variant = _build(spec, known, tuple(rules), _sources(declared), errors, unsure)
    return variant, errors, frozenset(unsure)


def _meant(clause: ast.Clause) -> set[str]:
    """The clauses an unreadable clause may have been meant as: its own rule (a known
    key), the key it misspells (``minimun``: ``bidding.minimum``), the same key in the
    section it belongs in (``hand`` under ``bidding:``: ``deal.hand``), or, when none
    can be told, its whole section."""
    keys = SECTIONS[clause.section]
    if clause.key in keys:
        return {f"{clause.section}.{clause.key}"}
    meant = {f"{name}.{clause.key}" for name, other in SECTIONS.items() if clause.key in other}
    meant.update(f"{clause.section}.{close}"
                 for close in difflib.get_close_matches(clause.key, list(keys), n=1))
    return meant or {clause.section}


# Values that stand in for a required clause that is missing or set aside, so that the
# rest of the spec can still be read and checked.  The clause stays unsure, so nothing
# found about its figure is reported.
STAND_INS = {("table", "players"): "4", ("deck", "colors"): "black B, red R, yellow Y, green G",
             ("deck", "ranks"): "5..14", ("deal", "hand"): "9",
             ("bidding", "minimum"): "70", ("game", "target"): "300"}
STAND_IN_FILE = "<stand-in>"


def _build(spec, known, rules, sources, errors, unsure) -> model.Variant | None:
    """Build the variant, setting aside each clause a reader stops at (and putting a
    stand-in in the place of a required clause that is missing)."""
    headers = {(s.span.file, s.span.line) for s in spec.sections}
    active = list(known)
    while True:
        try:
            variant = build_variant(spec, active, rules, sources)
        except SpecError as error:
            culprit = _culprit(error, active, headers)
            if culprit is not None and culprit.key_span.file == STAND_IN_FILE:
                return None      # a stand-in that does not fit: nothing more to learn
            if culprit is None:
                missing = _missing(error)
                if missing is None or not _lost_with_its_line(missing, unsure):
                    errors.append(error)
                stand_in = _stand_in(*missing) if missing else None
                if stand_in is None:
                    return None
                unsure.add(f"{missing[0]}.{missing[1]}")
                active.append(stand_in)
                continue
            if not is_unsure(READS.get(culprit.section, ()), unsure):
                errors.append(error)
            unsure.add(f"{culprit.section}.{culprit.key}")
            active.remove(culprit)
            continue
        return variant


def _missing(error: SpecError) -> tuple[str, str] | None:
    """The section and key of a required clause an error reports missing."""
    if error.code != "missing-clause":
        return None
    found = re.match(r"section ([\w-]+): needs a '([\w-]+)' clause", error.message)
    return (found.group(1), found.group(2)) if found else None


def _stand_in(section: str, key: str) -> ast.Clause | None:
    """A clause that stands in for the required clause ``section.key``."""
    from .parse import parse_text

    value = STAND_INS.get((section, key))
    if value is None:
        return None
    spec = parse_text(f"variant stand-in\n{section}:\n  {key} {value}\n", STAND_IN_FILE)
    return spec.sections[0].clauses[0]


def _lost_with_its_line(missing: tuple[str, str], unsure: set[str]) -> bool:
    """A required clause reported missing where it may have been written but could not
    be read: on a line that did not parse, as a misspelt key, under a misspelt header,
    or after a lost header line."""
    section, key = missing
    return bool(unsure & {"header", "unknown-section", section, f"{section}.{key}"})


def _rehomed(clauses, unsure: set[str]):
    """The clauses, with those written under a header the author misspelt read in the
    section meant: under ``biding:``, the clauses of ``bidding:`` (the closest known
    name); after ``deal`` without its colon (read as a clause of the section above), the
    clauses of ``deal:``.  The header itself is reported as a mistake; the clauses under
    it are checked as what they are, rather than each reported as misplaced."""
    moved: dict[tuple[str, str], tuple[str, int]] = {}
    for clause, default, inherited in clauses:
        place = (clause.key_span.file, clause.section)
        if clause.section not in SECTIONS:
            close = difflib.get_close_matches(clause.section, list(SECTIONS), n=1)
            unsure.add("unknown-section")
            if close:
                yield replace(clause, section=close[0]), default, inherited
            continue
        if clause.key in SECTIONS and not clause.values and clause.formula is None:
            moved[place] = (clause.key, clause.key_span.line)
            yield clause, default, inherited
            continue
        target = moved.get(place)
        if target and clause.key_span.line > target[1]:
            yield replace(clause, section=target[0]), default, inherited
        else:
            yield clause, default, inherited


def _overriding(clauses):
    """The clauses with an inherited one left out where the spec's own clause, once read
    in the section meant (:func:`_rehomed`), gives the same rule: ``total 200`` written
    after ``scoring`` without its colon still replaces the parent's ``total 180``."""
    own = {rule_id(clause) for clause, _, inherited in clauses if inherited is None}
    return [(clause, default, inherited) for clause, default, inherited in clauses
            if inherited is None or rule_id(clause) not in own]


def _culprit(error: SpecError, active: list[ast.Clause], headers: set) -> ast.Clause | None:
    """The clause an error points into: the last clause of the error's file that starts
    at or before its line (a clause's values and formula may run over several lines);
    none for an error that points at a section header or the variant line."""
    span = error.span
    if span is None or (span.file, span.line) in headers:
        return None
    before = [c for c in active if c.key_span.file == span.file and c.key_span.line <= span.line]
    if not before:
        return None
    return max(before, key=lambda c: (c.key_span.line, c.key_span.column))


def _sources(declared: tuple) -> tuple[model.Source, ...]:
    """The declared sources as the model keeps them; where a spec and a parent declare
    the same id, the spec's (declared later) wins."""
    by_id = {d.id: model.Source(d.id, d.title, d.kind, d.location, d.span.file, d.span)
             for d in declared}
    return tuple(by_id.values())


def _declaration_errors(spec: ast.SpecFile, builtin: frozenset[str], declared: tuple,
                        sources: frozenset[str]) -> list[SpecError]:
    """The header's sources: a declared id that is built in or declared twice; a default
    source (``source NAME``) that nobody declared, whether or not a clause cites it."""
    errors = []
    seen: dict[str, ast.SourceDeclaration] = {}
    for source in declared:
        if source.id in builtin:
            errors.append(SpecError(f"source '{source.id}' is a built-in source",
                                    source.span, expected="an id of your own",
                                    hint=f"cite the built-in source as it is (source "
                                         f"{source.id}), or give yours another id",
                                    code="duplicate-source"))
        elif source.id in seen and seen[source.id].span.file == source.span.file:
            errors.append(SpecError(f"source '{source.id}' is declared twice (first at line "
                                    f"{seen[source.id].span.line})", source.span,
                                    expected="each source once", hint="remove one of them",
                                    code="duplicate-source"))
        seen.setdefault(source.id, source)
    if spec.source and spec.source_span and sources and spec.source not in sources:
        errors.append(unknown_source(spec.source, spec.source_span, sources))
    return errors


def read_variant(spec: ast.SpecFile, clauses: list[tuple[ast.Clause, str | None, str | None]],
                 known_sources: frozenset[str], declared: tuple | None = None
                 ) -> model.Variant:
    """Give meaning to a variant's (merged) clauses.

    ``clauses`` holds each clause with the default source of the file it came from and,
    for inherited clauses, the id of the variant it was inherited from; ``declared`` the
    sources the spec and its parents declare (:class:`~rookery.language.ast.SourceDeclaration`;
    by default those of ``spec``).
    Every mistake found is reported, in line order, in one :class:`SpecError` (see
    :func:`rookery.language.gather.read_all`).
    """
    variant, errors, _ = read_all(spec, clauses, known_sources,
                                  spec.sources if declared is None else declared)
    if errors or variant is None:
        raise SpecError.gather(errors)
    return variant
