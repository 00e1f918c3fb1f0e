"""The registry of the sentence writers: which function tells which key of the rules
language (``@writes("play", "follow")``).  The writers live in the ``tell_*`` modules
and :mod:`rookery.docs.sentences` asks them; both import this registry, and not each
other."""

from __future__ import annotations

from collections.abc import Callable

from ..language.model import Rule, Variant

Writer = Callable[[Variant, Rule | None], str | None]
WRITERS: dict[tuple[str, str], Writer] = {}
# Clauses a person tells in one sentence ("Bids go up in fives from 70 to 120."): by
# section, the keys told together and the writer of their sentence.
Merger = Callable[[Variant], str]
MERGERS: dict[str, list[tuple[tuple[str, ...], Merger]]] = {}


def writes(section: str, key: str):
    """Register the decorated function as the writer of ``section.key``."""
    def register(fn: Writer) -> Writer:
        WRITERS[(section, key)] = fn
        return fn
    return register


def merges(section: str, *keys: str):
    """Register the decorated function as the one sentence telling ``keys`` of
    ``section`` when the spec states them all."""
    def register(fn: Merger) -> Merger:
        MERGERS.setdefault(section, []).append((keys, fn))
        return fn
    return register
