"""An option that replaces a house rule: legal, but probably not what was meant.

``grandpa.rook+rook-high``, where ``grandpa.rook`` states ``trump: rook lowest``: the
option's ``rook highest`` replaces the house's own rule, silently.  Options are made to
change the built-in variants; a rule the writer stated in their own base file was stated
on purpose, so :func:`overridden_house_rules` warns of each one an option replaces with
other words (an option restating the same rule changes nothing, and is not warned of).
"""

from __future__ import annotations

from pathlib import Path

from ..errors import SpecWarning
from .model import Variant
from ..resources import specs_dir


def overridden_house_rules(variant: Variant) -> list[SpecWarning]:
    """A warning for each rule of the base's own (not built-in) file that an option of
    ``variant`` replaces, at the house rule's line."""
    if not variant.options or _is_builtin(variant.path):
        return []
    from .parse import parse_file_recovering
    from .vocabulary import rule_id

    spec, _ = parse_file_recovering(variant.path)
    if spec is None:
        return []
    house = {rule_id(clause): clause for section in spec.sections
             for clause in section.clauses}
    found = []
    for rule in variant.rules:
        stated = house.get(rule.id)
        if rule.option is None or stated is None or _words(stated.span.text) == \
                _words(rule.text):
            continue
        found.append(SpecWarning(
            f"option {rule.option} replaces this house rule, '{stated.span.text}', with "
            f"'{rule.text}' ({Path(rule.span.file).name}:{rule.span.line})", stated.span,
            hint="drop the option, or this clause if the option is to decide",
            code="option-overrides"))
    return found


def _words(text: str) -> str:
    return " ".join(text.replace(",", " ").split())


def _is_builtin(path: str) -> bool:
    try:
        return Path(path).resolve().parent == specs_dir().resolve()
    except OSError:
        return False
