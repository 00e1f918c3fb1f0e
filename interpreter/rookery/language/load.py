"""Load a variant: find its file, parse it, resolve ``extends``, read it, check it.

This is the pipeline in one place: :func:`rookery.language.parse.parse_file_recovering` ->
(merge with the variants it extends, found by id or by path: :mod:`rookery.language.specs`)
-> :func:`rookery.language.gather.read_all` (the readers of
:mod:`rookery.language.sections`) -> :func:`rookery.language.check.check_problems`.  Each
stage goes on past a mistake, so a spec's every error is reported at once, in line order,
in one :class:`SpecError`.  Variants are cached by path, so loading one twice costs
nothing.  A base with options (``kentucky-rook+rook-low``) is combined by
:mod:`rookery.language.options`.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import Span
from .model import Variant
from .options import is_combination, load_combination
from .reach import allowing
from .specs import _load, _read_and_check, builtin_variants, find_spec, known_sources


def load_variant(name: str | Path, allow_roots=()) -> Variant:
    """Load, resolve, read and check a variant by id (``tournament``) or path, or a base
    with options (``kentucky-rook+rook-low``, see :mod:`rookery.language.options`).

    The files the spec names (``extends "..."``, a ``file`` source) are read only under
    its own folder and the current folder, or under one of ``allow_roots``
    (:mod:`rookery.language.reach`)."""
    with allowing(allow_roots):
        if is_combination(str(name)):
            return load_combination(str(name))
        return _load(find_spec(str(name)).resolve())


def load_text(text: str, path: str = "<spec>") -> Variant:
    """Load a variant from text (``extends`` is looked up beside ``path``, then among the
    built-in specs)."""
    from .parse import parse_text_recovering

    spec, errors = parse_text_recovering(text, path)
    return _read_and_check(spec, errors, Path(path).resolve(), chain=())


def load_parent(variant: Variant) -> Variant | None:
    """The variant ``variant`` extends (the base of a base+options variant), compiled;
    None for a variant that stands alone."""
    if not variant.extends:
        return None
    if variant.options:         # a base with options: the base, from its own file
        return _load(Path(variant.path).resolve())
    if variant.extends_path:
        return _load(Path(variant.extends_path).resolve())
    return load_variant(find_spec(variant.extends, near=Path(variant.path).parent))


__all__ = ["load_variant", "load_text", "load_parent", "find_spec", "builtin_variants", "known_sources",
           "Span"]
