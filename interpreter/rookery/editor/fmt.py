"""``rookery fmt`` for one spec: the canonical layout (:mod:`rookery.editor.layout`), proved
safe (:mod:`rookery.editor.safety`) and stable (formatting the result changes nothing)
before anyone writes it."""

from __future__ import annotations

from dataclasses import dataclass

from .layout import format_text
from .safety import FormatUnsafe, same_clauses, same_comments, same_variant


@dataclass(frozen=True)
class Formatted:
    """A spec and its canonical layout.  ``unchecked`` says why the compiled variants
    could not be compared (an option, a spec with errors), or is None when they were."""

    path: str
    original: str
    text: str
    unchecked: str | None

    @property
    def changed(self) -> bool:
        return self.text != self.original


def format_spec(text: str, path: str = "<spec>") -> Formatted:
    """Format one spec and check the result.  A spec that does not parse raises its
    :class:`~rookery.errors.SpecError`; a result that would say something else, or that a
    second formatting would change, raises :class:`~rookery.editor.safety.FormatUnsafe`."""
    formatted = format_text(text, path)
    if formatted == text:
        return Formatted(path, text, formatted, None)
    again = format_text(formatted, path)
    if again != formatted:
        raise FormatUnsafe(f"{path}: formatting twice gives a different text (a bug of "
                           "rookery fmt); the file is left as it is")
    same_clauses(text, formatted, path)
    same_comments(text, formatted, path)
    unchecked = same_variant(text, formatted, path)
    return Formatted(path, text, formatted, unchecked)
