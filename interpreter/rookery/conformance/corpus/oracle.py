"""The spec that decides a generated case (its ``oracle``): found from the case file and
checked against the digest the case was written with.

``rookery fuzz`` names in each case the spec it compared the engine with: a built-in
variant (``tournament``, ``kentucky-rook+rook-low``) or a spec file, written relative to
the case file (``as-engine-bidding-first.rook``, the spec with the rules learned from the
engine).  A case is only evidence while that spec is the one it was found under, so the
SHA-256 of the spec's bytes is stored beside its name; a spec that changed since, or one
that cannot be found, makes the case invalid with a message that says which and what to do.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from ...errors import RookeryError
from ...language.model import Variant
from ...bounded import read_bytes as read_regular

MAX_SPEC_FILE = 1 << 20     # bytes: an oracle spec is a page of text, not a data file


def spec_digest(path: Path | None, text: str | None = None) -> str:
    """The SHA-256 of a spec file's bytes (or of ``text``)."""
    data = text.encode("utf-8") if text is not None else Path(path).read_bytes()
    return hashlib.sha256(data).hexdigest()


def builtin_digest(name: str) -> str:
    """The digest of a built-in variant (its spec file) or of a built-in combination (its
    base's and its options' files, in order)."""
    from ...language.options import combination_files, is_combination
    from ...language.specs import find_spec
    if is_combination(name):
        return spec_digest(None, "".join(path.read_text(encoding="utf-8")
                                         for path in combination_files(name)))
    return spec_digest(find_spec(name))


@dataclass(frozen=True)
class Oracle:
    """A case's oracle as found: the compiled variant, and the spec file when it is not
    a built-in variant (absolute, so that a run from elsewhere finds it again)."""

    variant: Variant
    file: str | None = None


def find_oracle(case_file: Path, oracle: dict, variant_id: str | None) -> Oracle | str:
    """The oracle a case names, or why it cannot decide the case (a message: no such
    spec, a spec with errors, another variant, a digest that does not match)."""
    from ...language.load import load_variant
    from ...language.options import is_builtin
    wanted = oracle["sha256"]
    name = oracle["spec"]
    try:
        if is_builtin(name):
            found, where = builtin_digest(name), None
        else:
            where = _spec_file(Path(case_file), name)
            if isinstance(where, str):
                return where
            found = hashlib.sha256(read_regular(where, MAX_SPEC_FILE)).hexdigest()
    except OSError as error:       # a name too long for a path, a file that will not open
        return (f"oracle: the spec {_shown(name)} cannot be read "
                f"({error.strerror or error})")
    name = _shown(name)
    if found != wanted:
        return (f"oracle: the spec {name} has changed since the case was written "
                f"(sha256 {found[:12]}..., the case expects {wanted[:12]}...): the case "
                "is evidence only against the spec it was found with; restore that spec "
                "or run rookery fuzz again to write a new case")
    try:
        variant = load_variant(where if where is not None else oracle["spec"])
    except RookeryError as error:
        return f"oracle: the spec {name} has errors: {error}"
    if variant_id is not None and variant.id != variant_id:
        return (f"oracle: the spec {name} is variant {variant.id!r}, but the file's "
                f"variant is {variant_id!r}")
    return Oracle(variant, str(where) if where is not None else None)


def _shown(name: str, limit: int = 80) -> str:
    """A spec's name as a message quotes it: cut when long, control characters
    escaped."""
    from ... import bounded
    return repr(bounded.clean(name, limit))


def _spec_file(case_file: Path, name: str) -> Path | str:
    """A spec file named by a case: beside the case file (where ``rookery fuzz`` writes
    it), else as given (relative to the current folder, as older cases wrote it)."""
    given = Path(name)
    tried = [given] if given.is_absolute() else [case_file.parent / given, given]
    for path in tried:
        if path.is_file():
            return path.resolve()
    return (f"oracle: no spec {_shown(name)} (looked for "
            + " and ".join(_shown(str(p)) for p in tried) + "); a generated case's spec "
            "is written beside it: keep the two together")
