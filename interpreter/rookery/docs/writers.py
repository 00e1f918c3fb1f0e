"""The registry of the sentence writers: which function tells which key of the rules
language (``@writes("play", "follow")``).  The writers live in the ``tell_*`` modules
and :mod:`rookery.docs.sentences` asks them; both import this registry, and not each
other."""

from __future__ import annotations

from collections.abc import Callable

from ..language.model import Rule, Variant

Writer = Callable[[Variant, Rule | None], str | None]
WRITERS: dict[tuple[str, str], Writer] = {}


def writes(section: str, key: str):
    """Register the decorated function as the writer of ``section.key``."""
    def register(fn: Writer) -> Writer:
        WRITERS[(section, key)] = fn
        return fn
    return register
