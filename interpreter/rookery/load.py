"""Load a variant: find its file, parse it, resolve ``extends``, read it, check it.

This is the pipeline in one place: :func:`rookery.parse.parse_file` ->
(merge with the variants it extends) -> :func:`rookery.sections.read_variant` ->
:func:`rookery.check.check_variant`.  Variants are cached by path, so loading one twice
costs nothing.
"""

from __future__ import annotations

import difflib
import json
from functools import cache
from pathlib import Path

from . import ast
from .check import check_variant
from .errors import Span, SpecError, UsageError
from .limits import MAX_EXTENDS
from .model import Variant
from .parse import parse_file
from .resources import specs_dir
from .sections import read_variant
from .vocabulary import SECTION_ORDER, rule_id


@cache
def known_sources() -> dict[str, str]:
    """The rules sources a citation may name: id -> what it is."""
    return json.loads((specs_dir() / "sources.json").read_text(encoding="utf-8"))


def builtin_variants() -> list[str]:
    """Ids of the variants shipped in ``specs/``, sorted."""
    return sorted(path.stem for path in specs_dir().glob("*.rook"))


def find_spec(name: str, near: Path | None = None) -> Path:
    """The file of a variant given by path or by id (looked up beside ``near``, then in
    the built-in specs)."""
    path = Path(name)
    if path.suffix == ".rook" or path.exists():
        if not path.is_file():
            raise SpecError(f"no such spec file: {name}", code="file-not-found",
                            expected="the path of a .rook file, or a variant id",
                            hint="check the path, or run 'rookery list'")
        return path
    for folder in ([near] if near else []) + [specs_dir()]:
        candidate = folder / f"{name}.rook"
        if candidate.is_file():
            return candidate
    raise UsageError(unknown_variant(name))


def unknown_variant(name: str) -> str:
    """The message for a variant id that is not built in, with the closest ids."""
    from .options import builtin_options
    if name in builtin_options():
        return (f"'{name}' is an option, not a variant: apply it to a base, e.g. "
                f"tournament+{name} ('rookery list --options' shows which bases take it)")
    close = difflib.get_close_matches(name, builtin_variants(), n=3, cutoff=0.6)
    hint = ("did you mean " + " or ".join(f"'{c}'" for c in close) + "? "
            if close else "")
    return f"unknown variant '{name}'; {hint}'rookery list' shows the built-in variants"


def load_variant(name: str | Path) -> Variant:
    """Load, resolve, read and check a variant by id (``tournament``) or path, or a base
    with options (``kentucky-rook+rook-low``, see :mod:`rookery.options`)."""
    from .options import is_combination, load_combination
    if is_combination(str(name)):
        return load_combination(str(name))
    return _load(find_spec(str(name)).resolve())


@cache
def _load(path: Path) -> Variant:
    spec = parse_file(path)
    clauses = _merged_clauses(spec, path, chain=(path,))
    variant = read_variant(spec, clauses, frozenset(known_sources()))
    check_variant(variant)
    return variant


def _merged_clauses(spec: ast.SpecFile, path: Path, chain: tuple[Path, ...]
                    ) -> list[tuple[ast.Clause, str | None, str | None]]:
    """The clauses of ``spec`` after ``extends``: the child's clause replaces the parent's
    clause with the same rule id; new clauses are added at the end of their section."""
    merged: dict[str, tuple[ast.Clause, str | None, str | None]] = {}
    if spec.kind == "option":
        from .options import not_a_variant
        raise not_a_variant(spec)
    if spec.extends:
        try:
            parent_path = find_spec(spec.extends, near=path.parent).resolve()
        except UsageError:
            nearby = sorted({p.stem for p in path.parent.glob("*.rook")} | set(builtin_variants()))
            close = difflib.get_close_matches(spec.extends, nearby, n=1)
            raise SpecError(f"'{spec.variant}' extends unknown variant '{spec.extends}'",
                            spec.extends_span, expected="the id of a variant in specs/ or "
                            "beside this file", hint=f"did you mean '{close[0]}'?" if close else
                            "run 'rookery list' for the built-in variants",
                            code="unknown-parent") from None
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
        parent = parse_file(parent_path)
        for clause, default, inherited in _merged_clauses(parent, parent_path,
                                                          chain + (parent_path,)):
            merged[rule_id(clause)] = (clause, default, inherited or parent.variant)
    own: dict[str, ast.Clause] = {}
    for section in spec.sections:
        for clause in section.clauses:
            key = rule_id(clause)
            if key in own:
                first = own[key].span
                raise SpecError(f"rule {key} is given twice (first at line {first.line})",
                                clause.span, expected="each rule once",
                                hint="remove one of them, or give one an id with 'as NAME'",
                                code="duplicate-rule")
            own[key] = clause
            merged.pop(key, None)
            merged[key] = (clause, spec.source, None)
    order = {name: i for i, name in enumerate(SECTION_ORDER)}
    return sorted(merged.values(), key=lambda item: order.get(item[0].section, len(order)))


def load_text(text: str, path: str = "<spec>") -> Variant:
    """Load a variant from text (``extends`` is looked up among the built-in specs)."""
    from .parse import parse_text

    spec = parse_text(text, path)
    clauses = _merged_clauses(spec, Path(path).resolve(), chain=())
    variant = read_variant(spec, clauses, frozenset(known_sources()))
    check_variant(variant)
    return variant


__all__ = ["load_variant", "load_text", "find_spec", "builtin_variants", "known_sources",
           "Span"]
