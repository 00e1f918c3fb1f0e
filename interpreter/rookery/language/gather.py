"""Every mistake of a spec in one run: reading the clauses without stopping at the first.

The readers of :mod:`rookery.language.sections` stop at the first value that does not fit, which is
what building a variant needs.  :func:`read_all` calls them again and again: each time one
stops, its mistake is kept, the clause at fault is set aside (so the reader falls back on
the clause's default) and the reading starts over, until the variant can be built or a
mistake leaves nothing to fall back on (a required clause that is missing).

A mistake can be the consequence of another one, and reporting it would send the author
after a problem that is not there.  So a section that lost a clause (to a syntax error or
a bad value) is *tainted*, and two kinds of report are then held back:

* a required clause "missing" from a tainted section (its line was unreadable);
* a value read against a tainted section: cards and ranks are read against the deck
  (trump, play, scoring's counters) and the nest against the deal (see :data:`READS`).

The static checks (:func:`rookery.language.check.check_problems`) hold back the same way.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import replace

from . import ast, model
from ..errors import SpecError
from .sections import build_variant, rule_of, unknown_source
from .vocabulary import SECTIONS, check_known, check_section

# The sections whose clauses a section's values are read against.
READS = {"trump": {"deck"}, "play": {"deck"}, "scoring": {"deck"}, "nest": {"deal"}}


def read_all(spec: ast.SpecFile, clauses: list[tuple[ast.Clause, str | None, str | None]],
             known_sources: frozenset[str], declared: tuple = ()
             ) -> tuple[model.Variant | None, list[SpecError], frozenset[str]]:
    """The variant the clauses describe (``None`` if it cannot be built), every mistake
    found on the way, and the sections tainted by a mistake (with those the parse
    tainted)."""
    errors: list[SpecError] = []
    tainted = set(spec.tainted)
    sources = known_sources | {source.id for source in declared}
    if "header" not in tainted:   # a lost header line may be the missing declaration
        errors += _declaration_errors(spec, known_sources, declared, sources)
    for header in spec.sections:   # an empty section has no clause to check
        try:
            check_section(header.name, header.span)
        except SpecError as error:
            errors.append(error)
    known: list[ast.Clause] = []
    rules: list[model.Rule] = []
    for clause, default, inherited in _rehomed(clauses, tainted):
        if clause.section not in SECTIONS:
            continue   # its section's header is reported above
        try:
            check_known(clause)
        except SpecError as error:
            errors.append(error)
            tainted.add(clause.section)
            # a clause in the wrong section: the section it belongs in lacks it
            tainted.update(name for name, keys in SECTIONS.items() if clause.key in keys)
            continue
        known.append(clause)
        if "header" in tainted:
            # the default source's line may be the one lost: citations are not judged
            rules.append(rule_of(clause, default, inherited, frozenset(), []))
        else:
            rules.append(rule_of(clause, default, inherited, sources, errors))
    variant = _build(spec, known, tuple(rules), _sources(declared), errors, tainted)
    return variant, errors, frozenset(tainted)


def _build(spec, known, rules, sources, errors, tainted) -> model.Variant | None:
    """Build the variant, setting aside each clause a reader stops at."""
    headers = {(s.span.file, s.span.line) for s in spec.sections}
    active = list(known)
    while True:
        try:
            variant = build_variant(spec, active, rules, sources)
        except SpecError as error:
            culprit = _culprit(error, active, headers)
            if culprit is None:
                if not _lost_with_its_line(error, tainted):
                    errors.append(error)
                return None
            if not READS.get(culprit.section, set()) & tainted:
                errors.append(error)
            tainted.add(culprit.section)
            active.remove(culprit)
            continue
        return variant


def _lost_with_its_line(error: SpecError, tainted: set[str]) -> bool:
    """A required clause reported missing from a section that lost a line (or whose
    clauses stood under an unknown header, or after a lost header line): its clause was
    probably on that line."""
    if error.code != "missing-clause":
        return False
    section = re.match(r"section ([\w-]+):", error.message)
    return bool(tainted & {"header", "unknown-section", section.group(1) if section else ""})


def _rehomed(clauses, tainted: set[str]):
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
            tainted.add("unknown-section")
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
