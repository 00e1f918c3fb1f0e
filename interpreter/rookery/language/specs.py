"""Spec files: find one by id or path, parse it once, resolve ``extends``, read and
check it (the single-file stage of :mod:`rookery.language.load`, below the options).

This is the pipeline in one place: :func:`rookery.language.parse.parse_file_recovering` ->
(merge with the variants it extends, found by id or by path) ->
:func:`rookery.language.gather.read_all` (the readers of :mod:`rookery.language.sections`) ->
:func:`rookery.language.check.check_problems`.  Each stage goes on past a mistake, so a spec's
every error is reported at once, in line order, in one :class:`SpecError`.  Variants
are cached by path, so loading one twice costs nothing.
"""

from __future__ import annotations

import difflib
import json
import os
from dataclasses import replace
from functools import cache, lru_cache
from pathlib import Path

from . import ast
from .check import check_findings
from ..errors import SpecError, UsageError
from ..limits import MAX_EXTENDS, MAX_NAME_CHARS
from .gather import read_all
from .inherited import at_writers_line
from .model import Variant
from .parse import parse_file, parse_file_recovering
from .reach import extra_roots, refusal, refused
from ..resources import specs_dir
from .vocabulary import SECTION_ORDER, rule_id


@cache
def known_sources() -> dict[str, str]:
    """The rules sources a citation may name: id -> what it is."""
    return json.loads((specs_dir() / "sources.json").read_text(encoding="utf-8"))


def builtin_variants() -> list[str]:
    """Ids of the variants shipped in ``specs/``, sorted."""
    folder = specs_dir()
    try:
        changed = folder.stat().st_mtime_ns    # a spec added or removed changes it
    except OSError:
        changed = None
    return list(_spec_names(folder, changed))


@lru_cache(maxsize=4)
def _spec_names(folder: Path, changed: int | None) -> tuple[str, ...]:
    return tuple(sorted(path.stem for path in folder.glob("*.rook")))


def find_spec(name: str, near: Path | None = None) -> Path:
    """The file of a variant given by path or by id (looked up beside ``near``, then in
    the built-in specs).

    The file system is asked through ``os.path``, which answers "no" where pathlib raises
    (a name longer than the system takes: ``extends`` and 300 letters, 40 options)."""
    path = Path(name)
    if path.suffix == ".rook" or os.path.exists(path):
        if not os.path.isfile(path):
            raise SpecError(f"no such spec file: {name}", code="file-not-found",
                            expected="the path of a .rook file, or a variant id",
                            hint="check the path, or run 'rookery list'")
        return path
    for folder in ([near] if near else []) + [specs_dir()]:
        candidate = folder / f"{name}.rook"
        if os.path.isfile(candidate):
            return candidate
    raise UsageError(unknown_variant(name))


def unknown_variant(name: str) -> str:
    """The message for a variant id that is not built in, with the closest ids."""
    if name in builtin_options():
        return (f"'{name}' is an option, not a variant: apply it to a base, e.g. "
                f"tournament+{name} ('rookery list --options' shows which bases take it)")
    if _is_spec_here(name):
        return (f"unknown variant '{name}'; the spec file {name}.rook is here: name a file "
                f"with its '.rook' ({name}.rook, or {name}.rook+OPTION with options)")
    close = difflib.get_close_matches(name, builtin_variants(), n=3, cutoff=0.6) \
        if len(name) <= MAX_NAME_CHARS else []
    hint = ("did you mean " + " or ".join(f"'{c}'" for c in close) + "? "
            if close else "")
    shown = name if len(name) <= MAX_NAME_CHARS else \
        f"{name[:40]}... ({len(name):,} characters)"
    return f"unknown variant '{shown}'; {hint}'rookery list' shows the built-in variants"


def _load(path: Path) -> Variant:
    """The variant of the spec file ``path``, remembered for the folders it may read
    from (:mod:`rookery.language.reach`: the current folder and the allowed roots)."""
    return _load_within(path, Path.cwd(), extra_roots())


def _is_spec_here(name: str) -> bool:
    """Whether ``NAME.rook`` is a file in the current folder (a house spec named
    without its suffix); a name no file can have is not."""
    try:
        return Path(f"{name}.rook").is_file()
    except (OSError, ValueError):
        return False


@cache
def _load_within(path: Path, cwd: Path, roots: tuple[Path, ...]) -> Variant:
    try:        # a spec that parses is parsed once, for itself and the specs extending it
        spec, errors = _parse_spec(path), []
    except SpecError:   # read on past each mistake, to report them all
        spec, errors = parse_file_recovering(path)
    return _read_and_check(spec, errors, path, chain=(path,))


def _read_and_check(spec: ast.SpecFile | None, errors: list[SpecError], path: Path,
                    chain: tuple[Path, ...]) -> Variant:
    """Resolve ``extends``, read and check a parsed spec; raise one SpecError with every
    mistake found (``errors`` holds those of the parse), in line order."""
    if spec is None:
        raise SpecError.gather(errors)
    declared: list[ast.SourceDeclaration] = []
    parents: list[tuple[str, Path]] = []
    try:
        clauses = _merged_clauses(spec, path, chain, declared, errors, parents)
    except SpecError as error:   # a parent that cannot be found or read
        raise SpecError.gather(errors + [error]) from None
    variant, problems, tainted = read_all(spec, clauses, frozenset(known_sources()),
                                          tuple(declared))
    if variant is None:     # nothing to tell an inherited clause's error against
        raise SpecError.gather(errors + problems)
    findings = [(problem, None) for problem in problems] + check_findings(variant, tainted)
    errors = errors + at_writers_line(findings, variant, str(path), spec.extends_span,
                                      lambda: _parent_errors(parents))
    if errors or variant is None:
        raise SpecError.gather(errors)
    if spec.extends_path:   # the variant extends a parent id; where it is found, beside
        parent_id, parent_path = parents[0]
        variant = replace(variant, extends=parent_id, extends_path=str(parent_path))
    return variant


def _parent_errors(parents: list[tuple[str, Path]]) -> tuple[SpecError, ...]:
    """The errors of the variant's parent checked on its own (none when it checks)."""
    try:
        _load(parents[0][1])
    except SpecError as error:
        return error.problems
    return ()


def parent_file(spec: ast.SpecFile, path: Path) -> Path:
    """The file ``extends`` names: a quoted path (relative to the spec's folder), or a
    variant id (a file ID.rook beside the spec, then the built-in specs).  Either is
    followed only within the spec's reach (:mod:`.reach`), every link resolved first: an
    ``ID.rook`` beside the spec that is a link out of it is refused, not read."""
    if spec.extends_path:
        why = refusal(spec.extends, path.parent)  # type: ignore[arg-type]
        if why:
            raise refused(f"'{spec.variant}' extends", spec.extends,  # type: ignore[arg-type]
                          why, spec.extends_span)
        parent = Path(spec.extends).expanduser()
        parent = parent if parent.is_absolute() else path.parent / parent
        if not os.path.isfile(parent):
            what = "a folder, not a spec file" if os.path.isdir(parent) else "no such file"
            hint = (f"'{spec.extends}' is a built-in variant: name it without quotes, "
                    f"extends {spec.extends} (quotes give a file's path)"
                    if spec.extends in builtin_variants() else "check the path; a built-in "
                    "variant is named without quotes: extends tournament")
            raise SpecError(f"'{spec.variant}' extends \"{spec.extends}\": {what}",
                            spec.extends_span, expected="the path of a .rook file, relative "
                            f"to the folder of {path.name}", hint=hint,
                            code="unknown-parent")
        return parent.resolve()
    beside = f"{spec.extends}.rook"
    if os.path.lexists(path.parent / beside):
        why = refusal(beside, path.parent)
        if why:
            raise refused(f"'{spec.variant}' extends {spec.extends}: the file", beside, why,
                          spec.extends_span)
    try:
        return find_spec(spec.extends, near=path.parent).resolve()  # type: ignore[arg-type]
    except UsageError:
        nearby = sorted({p.stem for p in path.parent.glob("*.rook")} | set(builtin_variants()))
        close = difflib.get_close_matches(spec.extends, nearby, n=1)  # type: ignore[arg-type]
        raise SpecError(f"'{spec.variant}' extends unknown variant '{spec.extends}'",
                        spec.extends_span, expected="the id of a variant in specs/ or "
                        "beside this file, or a quoted path", hint=f"did you mean "
                        f"'{close[0]}'?" if close else "run 'rookery list' for the built-in "
                        "variants, or give the parent's path in quotes: extends "
                        "\"../club/base.rook\"", code="unknown-parent") from None


def _merged_clauses(spec: ast.SpecFile, path: Path, chain: tuple[Path, ...],
                    declared: list[ast.SourceDeclaration] | None = None,
                    errors: list[SpecError] | None = None,
                    parents: list[tuple[str, Path]] | None = None
                    ) -> list[tuple[ast.Clause, str | None, str | None]]:
    """The clauses of ``spec`` after ``extends``: the child's clause replaces the parent's
    clause with the same rule id; new clauses are added at the end of their section.

    The sources each file of the chain declares are added to ``declared`` (the parent's
    first), and the parent's id and file to ``parents``.  A rule given twice is added to ``errors`` when it is given (and raised
    otherwise); a parent that cannot be found, read or that closes a circle raises."""
    merged: dict[str, tuple[ast.Clause, str | None, str | None]] = {}
    if spec.kind == "option":
        raise not_a_variant(spec)
    if spec.extends:
        parent_path = parent_file(spec, path)
        if parent_path in chain:
            names = " -> ".join(p.stem for p in chain + (parent_path,))
            raise SpecError(f"variants extend each other in a circle: {names}",
                            spec.extends_span, expected="a chain of extends that ends",
                            hint="a variant cannot extend itself, directly or not",
                            code="extends-cycle")
        if len(chain) >= MAX_EXTENDS:
            raise SpecError(f"the extends chain is longer than {MAX_EXTENDS} variants",
                            spec.extends_span, expected=f"at most {MAX_EXTENDS} variants, "
                            "each extending the next", hint="extend the variant nearest "
                            "to yours directly", code="extends-too-deep")
        parent = _parse_spec(parent_path)
        if parents is not None:
            parents.append((parent.variant, parent_path))
        for clause, default, inherited in _merged_clauses(parent, parent_path,
                                                          chain + (parent_path,), declared):
            merged[rule_id(clause)] = (clause, default, inherited or parent.variant)
    for source in spec.sources:     # a source's file is read by the checks (lint.py)
        why = source.kind == "file" and refusal(source.location, path.parent)
        if why:
            error = refused(f"source '{source.id}' file", source.location, why, source.span)
            if errors is None:
                raise error
            errors.append(error)
    if declared is not None:
        declared.extend(spec.sources)
    own: dict[str, ast.Clause] = {}
    for section in spec.sections:
        for clause in section.clauses:
            key = rule_id(clause)
            if key in own:
                first = own[key].span
                error = SpecError(f"rule {key} is given twice (first at line {first.line})",
                                  clause.span, expected="each rule once",
                                  hint="remove one of them, or give one an id with 'as NAME'",
                                  code="duplicate-rule")
                if errors is None:
                    raise error
                errors.append(error)
                continue
            own[key] = clause
            merged.pop(key, None)
            merged[key] = (clause, spec.source, None)
    order = {name: i for i, name in enumerate(SECTION_ORDER)}
    return sorted(merged.values(), key=lambda item: order.get(item[0].section, len(order)))


def _parse_spec(path: Path) -> ast.SpecFile:
    """:func:`parse_file`, remembered for each version of a file: a parent spec is parsed
    once for all the variants that extend it.  The key is the path with the file's
    modification time and size, so a spec changed on disk is read again; a spec that
    does not parse is never remembered (its error is raised each time)."""
    try:
        info = path.stat()
    except OSError:
        return parse_file(path)        # no such file, or unreadable: its own message
    return _parsed(path, info.st_mtime_ns, info.st_size)


@lru_cache(maxsize=256)
def _parsed(path: Path, modified: int, size: int) -> ast.SpecFile:
    return parse_file(path)


def options_dir() -> Path:
    return specs_dir() / "options"


def builtin_options() -> list[str]:
    """Ids of the options shipped in ``specs/options/``, sorted."""
    return sorted(path.stem for path in options_dir().glob("*.rook"))


def not_a_variant(spec: ast.SpecFile) -> SpecError:
    """An option loaded, or extended, as if it were a variant."""
    return SpecError(f"'{spec.variant}' is an option, not a variant", spec.span,
                     expected="a variant, or a base with this option: BASE+OPTION",
                     hint=f"apply it to a base, e.g. tournament+{spec.variant} (a file: "
                          f"tournament+{spec.path})", code="option-not-variant")
