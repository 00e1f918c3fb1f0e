"""Cards drawn as cards on the site: each code (``R14``, ``B5``, ``ROOK``, ``H10``) becomes
a chip, an HTML span with a class per color that the site's stylesheet
(``templates/rookery.css``) paints: Rook colors as colored cards, standard suits with
their symbol, the Rook Bird as its own card, counters ringed."""

from __future__ import annotations

import re
from functools import cache

from ..language.model import Variant

ROOK_CLASS = "rk-bird"


def _css_name(name: str) -> str:
    return "rk-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _classes(variant: Variant) -> dict[str, str]:
    return _deck_classes(variant.id, variant.path, variant.deck)


@cache
def _deck_classes(variant_id: str, path: str, deck) -> dict[str, str]:
    """Card code -> its chip's classes, for every card of a variant's deck."""
    out = {}
    for card in deck.cards:
        color = _css_name(deck.colors[card.color].name) if card.color is not None \
            else ROOK_CLASS
        out[card.code] = f"rk-card {color}" + (" rk-counter" if card.points else "")
    return out


def chip(variant: Variant, code: str) -> str:
    """One card as a chip (a code not in the deck is left as code text)."""
    classes = _classes(variant).get(code)
    if classes is None:
        return f"`{code}`"
    return f'<span class="{classes}">{code}</span>'


def chips(variant: Variant, codes) -> str:
    """Several cards as a row of chips."""
    return " ".join(chip(variant, code) for code in codes)
