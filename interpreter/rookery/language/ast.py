"""The typed syntax tree of a spec: what the file says, with where it says it.

Produced by :mod:`rookery.language.parse`, read by :mod:`rookery.language.model` (which gives the clauses
their meaning) and :mod:`rookery.language.check`.  Every node is immutable and carries a
:class:`~rookery.errors.Span`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Span


@dataclass(frozen=True)
class Atom:
    """A single word, number or quoted string in a clause."""

    kind: str  # "name" | "number" | "string"
    value: str | int
    span: Span

    def __str__(self) -> str:
        return f'"{self.value}"' if self.kind == "string" else str(self.value)


@dataclass(frozen=True)
class Value:
    """One comma-separated item of a clause: a phrase (``black B``), a range (``5..14``)
    or a pair (``ROOK=20``)."""

    kind: str  # "phrase" | "range" | "pair"
    atoms: tuple[Atom, ...]
    span: Span

    def __str__(self) -> str:
        if self.kind == "range":
            return f"{self.atoms[0]}..{self.atoms[1]}"
        if self.kind == "pair":
            return f"{self.atoms[0]}={self.atoms[1]}"
        return " ".join(str(a) for a in self.atoms)


# -- formulas ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Num:
    value: int
    span: Span


@dataclass(frozen=True)
class Var:
    name: str
    span: Span


@dataclass(frozen=True)
class Unary:
    op: str  # "-" | "not"
    operand: "Expr"
    span: Span


@dataclass(frozen=True)
class Binary:
    op: str  # + - * and or >= <= == != > <
    left: "Expr"
    right: "Expr"
    span: Span


@dataclass(frozen=True)
class If:
    condition: "Expr"
    then: "Expr"
    otherwise: "Expr"
    span: Span


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple["Expr", ...]
    span: Span


Expr = Num | Var | Unary | Binary | If | Call


# -- clauses, sections, files ----------------------------------------------------------

@dataclass(frozen=True)
class Citation:
    """``per SOURCE "where"``: the rule comes from this place in a source document."""

    source: str | None
    where: str
    span: Span


@dataclass(frozen=True)
class SourceDeclaration:
    """``source my-club "Our club's rules" url "https://..."`` (or ``file "rules.txt"``):
    a document of the spec's own that its citations may name."""

    id: str
    title: str
    kind: str       # "url" | "file"
    location: str   # the URL, or the file's path as written (relative to the spec)
    span: Span


@dataclass(frozen=True)
class Clause:
    """One rule: ``key values`` or ``key: formula``, with its citations and rulings."""

    section: str
    key: str
    values: tuple[Value, ...]
    formula: Expr | None
    citations: tuple[Citation, ...]
    rulings: tuple[str, ...]
    explicit_id: str | None
    span: Span
    key_span: Span

    @property
    def text(self) -> str:
        if self.formula is not None:
            return f"{self.key}: ..."
        return f"{self.key} " + ", ".join(str(v) for v in self.values)


@dataclass(frozen=True)
class Section:
    name: str
    clauses: tuple[Clause, ...]
    span: Span


@dataclass(frozen=True)
class Requirement:
    """``requires rook`` / ``requires card B2`` / ``requires trump.choices colors``: what
    an option needs of the base it is applied to (read by :mod:`rookery.language.options`)."""

    what: str
    words: tuple[str, ...]
    span: Span

    def __str__(self) -> str:
        return " ".join((self.what,) + self.words)


@dataclass(frozen=True)
class SpecFile:
    """A whole spec file as written (before ``extends`` is resolved): a variant, or an
    option (``kind == "option"``) that a base variant can take."""

    path: str
    variant: str
    title: str | None
    extends: str | None
    source: str | None
    sections: tuple[Section, ...]
    span: Span
    extends_span: Span | None = field(default=None)
    extends_path: bool = False                      # extends "a/path.rook", not an id
    sources: tuple[SourceDeclaration, ...] = ()     # the spec's own sources
    tainted: frozenset[str] = frozenset()   # what lines lost to an error held: rule ids, sections
    source_span: Span | None = None                 # the 'source NAME' line's name
    kind: str = "variant"                           # "variant" | "option"
    requires: tuple[Requirement, ...] = ()          # what an option needs of its base
