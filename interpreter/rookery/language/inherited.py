"""An error found in an inherited clause, told at the line of the writer's own file.

A house variant that ``extends kentucky-rook`` and adds a 20-point bonus breaks Kentucky
Rook's ``total 180``: the static check that adds up the points finds the mistake in the
parent's clause, in a file the writer never opened (inside the installed package).  The
cause is the writer's: the parent checks on its own.  So such an error is told at the
writer's clause that the check read (the line that changed the sum), or, when the check
read none of the writer's clauses, at the ``extends`` line; it names the inherited
clause and where it comes from, and its hint says what to write in the writer's file.

An error that the parent has on its own is the parent's, and is told as the parent's
check tells it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from ..errors import Span, SpecError
from .gather import READS
from .model import Rule, Variant


def _restate_total(variant: Variant) -> str:
    from .check import points_available

    return (f"add 'total {points_available(variant)}' under scoring: (your clauses change "
            "the points a hand holds)")


def _restate_deal(variant: Variant) -> str:
    """A hand, or else a nest, that deals the writer's deck to the table."""
    players, size, deal = variant.table.players, variant.deck.size, variant.deal
    if size > deal.nest and (size - deal.nest) % players == 0:
        return (f"add 'hand {(size - deal.nest) // players}' under deal: (your clauses "
                f"make a deck of {size} cards)")
    nest = size - players * deal.hand
    if nest >= 0:
        return (f"add 'nest {nest}' under deal: and 'discard {nest}' under nest: (your "
                f"clauses make a deck of {size} cards)")
    return f"state hand and nest under deal: for a deck of {size} cards"


# The fix to write in the writer's own file, for the checks that have one to suggest.
FIXES: dict[str, Callable[[Variant], str]] = {
    "points-mismatch": _restate_total,
    "deal-mismatch": _restate_deal,
    "rook-not-called": lambda variant: (
        "add 'rook-call after-trump' under trump: (in your rules the bid winner does not "
        "call the Rook high or low, so it is not called before trump)"),
    "no-nest-to-show": lambda variant: "add 'shown never' under nest: (your deal has no nest)",
}


def at_writers_line(findings: list[tuple[SpecError, frozenset[str] | None]], variant: Variant,
                    own_file: str, extends_span: Span | None,
                    parent_errors: Callable[[], tuple[SpecError, ...]]) -> list[SpecError]:
    """The static checks' findings, each found in an inherited clause told at the
    writer's line instead (``findings`` pairs each error with the clauses its check
    read, as :func:`rookery.language.check.check_findings` gives them; ``None`` for a
    value a reader refused, which read its own section and those it is read against,
    :data:`rookery.language.gather.READS`).  When the parent
    is wrong on its own (``parent_errors`` gives its errors), an error it has too is told
    as the parent's check tells it."""
    errors = []
    parents: tuple[SpecError, ...] | None = None
    for error, read in findings:
        inherited = _inherited_rule(error, variant, own_file)
        if inherited is None or extends_span is None:
            errors.append(error)
            continue
        if parents is None:
            parents = parent_errors()
        theirs = next((other for other in parents if other.code == error.code
                       and other.message.startswith(error.message)), None)
        if read is None:
            read = frozenset((inherited.section, *READS.get(inherited.section, ())))
        errors.append(theirs or _told_at(error, inherited, read, variant, own_file,
                                         extends_span))
    return errors


def _inherited_rule(error: SpecError, variant: Variant, own_file: str) -> Rule | None:
    """The inherited rule an error points into (the last rule of the error's file that
    starts at or before its line), if it points into another file."""
    span = error.span
    if span is None or _same_file(span.file, own_file):
        return None
    before = [rule for rule in variant.rules if rule.inherited_from
              and rule.span.file == span.file and rule.span.line <= span.line]
    return max(before, key=lambda rule: (rule.span.line, rule.span.column), default=None)


def _told_at(error: SpecError, inherited: Rule, read: frozenset[str], variant: Variant,
             own_file: str, extends_span: Span) -> SpecError:
    """``error`` told at the writer's first clause the check read, or its extends line."""
    own = sorted((rule for rule in variant.rules
                  if _same_file(rule.span.file, own_file) and _was_read(rule, read)),
                 key=lambda rule: (rule.span.line, rule.span.column))
    where = own[0].span if own else extends_span
    origin = f"{Path(inherited.span.file).name}:{inherited.span.line}"
    message = (f"{error.message} ({inherited.id}, '{inherited.text}', is "
               f"{inherited.inherited_from}'s, {origin})")
    fix = FIXES.get(error.code)
    hint = fix(variant) if fix else (f"{error.hint}; to change {inherited.id}, restate it "
                                     f"under {inherited.section}: in this file")
    return SpecError(message, where, expected=error.expected, hint=hint, code=error.code)


def _was_read(rule: Rule, read: frozenset[str]) -> bool:
    """Whether a check that read ``read`` (rule ids, or whole sections) read ``rule``."""
    key = f"{rule.section}.{rule.key}"
    return key in read or rule.section in read


def _same_file(one: str, other: str) -> bool:
    return one == other or Path(one).resolve() == Path(other).resolve()
