"""The order variants are listed in across the site: in families, each family a variant
that stands alone followed by the variants that extend it (directly or not).

Tournament Rook, the game most players know as Rook, leads: its family comes first and
the other families follow by title.
"""

from __future__ import annotations

from ..language.model import Variant

FIRST = "tournament"


def families(variants: list[Variant]) -> list[tuple[Variant, list[Variant]]]:
    """Variants grouped by the variant at the root of their ``extends`` chain: (root,
    the root then its descendants by id); the family of :data:`FIRST` first, then the
    others by their root's title."""
    by_id = {v.id: v for v in variants}

    def root(v: Variant) -> Variant:
        seen = set()
        while v.extends in by_id and v.id not in seen:
            seen.add(v.id)
            v = by_id[v.extends]
        return v

    groups: dict[str, list[Variant]] = {}
    for v in variants:
        groups.setdefault(root(v).id, []).append(v)
    ordered = sorted(groups, key=lambda rid: (rid != FIRST, by_id[rid].title.lower()))
    return [(by_id[rid], sorted(groups[rid], key=lambda v: (v.id != rid, v.id)))
            for rid in ordered]


def in_order(variants: list[Variant]) -> list[Variant]:
    """Every variant, family after family."""
    return [v for _, members in families(variants) for v in members]
