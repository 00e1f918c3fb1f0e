"""Which built-in bases each option applies to: computed by trying every base, so that
``rookery list --options`` and the options page never state it by hand.

A base takes an option when ``BASE+OPTION`` reads and checks; it may then change the
game, or change nothing (the base already plays so: ``rook-low`` on a game whose Rook is
already the lowest trump).  A base that cannot take it gets the checker's reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..errors import SpecError
from .export import export_variant
from .load import builtin_variants, load_variant
from .options import SEPARATOR, builtin_options, find_option, needs, read_option
from .vocabulary import rule_id

CHANGES, SAME, CANNOT = "changes", "same", "cannot"


@dataclass(frozen=True)
class OnBase:
    """An option tried on one base: ``changes``, ``same`` (it checks but changes
    nothing) or ``cannot`` (with the checker's message, first line)."""

    base: str
    verdict: str
    reason: str = ""
    where: str = ""     # file:line:column of the clause or requirement at fault


@dataclass(frozen=True)
class OptionInfo:
    """An option as the list and the docs show it."""

    id: str
    title: str
    comment: str                    # what it does, in plain words (the file's comment)
    clauses: tuple[tuple[str, str], ...]    # (rule id, clause text)
    requires: tuple[str, ...]
    needs: tuple[str, ...]          # the requirements in plain words
    citations: tuple[str, ...]      # 'source "where"', each once
    bases: tuple[OnBase, ...]

    def taking(self, verdict: str) -> list[str]:
        return [b.base for b in self.bases if b.verdict == verdict]


def _compiled(variant) -> dict:
    """The parts of an export that decide play (not names, titles or citations)."""
    return {key: value for key, value in export_variant(variant).items()
            if key not in ("id", "title", "extends", "rules", "options")}


def try_on(option: str, base: str) -> OnBase:
    """``option`` on ``base``: does the combination check, and does it change play?"""
    try:
        combined = load_variant(f"{base}{SEPARATOR}{option}")
    except SpecError as error:
        return OnBase(base, CANNOT, error.message, str(error.span) if error.span else "")
    same = _compiled(combined) == _compiled(load_variant(base))
    return OnBase(base, SAME if same else CHANGES)


@cache
def option_info(option: str) -> OptionInfo:
    path = find_option(option)
    spec = read_option(path)
    clauses = tuple((rule_id(c), c.text) for s in spec.sections for c in s.clauses)
    citations = []
    for section in spec.sections:
        for clause in section.clauses:
            for citation in clause.citations:
                cited = f'{citation.source or spec.source} "{citation.where}"'
                if cited not in citations:
                    citations.append(cited)
    return OptionInfo(spec.variant, spec.title or spec.variant, _comment(path.read_text(
        encoding="utf-8")), clauses, tuple(str(r) for r in spec.requires),
        tuple(needs(r) for r in spec.requires), tuple(citations),
        tuple(try_on(option, base) for base in builtin_variants()))


def _comment(text: str) -> str:
    """The comment at the top of an option file: what the option does."""
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line.lstrip("#").strip())
    return " ".join(lines)


def all_options() -> list[OptionInfo]:
    return [option_info(option) for option in builtin_options()]


__all__ = ["OnBase", "OptionInfo", "option_info", "all_options", "try_on",
           "CHANGES", "SAME", "CANNOT"]
