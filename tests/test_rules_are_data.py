"""Rules are data: no rule of one variant hides in the engine as ``if variant == ...``.

The engine implements mechanisms; specs choose them.  So no variant id, and no comparison
with a variant's id, may appear in the engine's code.
"""

from __future__ import annotations

import re
from pathlib import Path

import rookery

ENGINE = Path(rookery.__file__).parent / "engine"


def engine_sources() -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in ENGINE.glob("*.py")}


def test_engine_sources_are_found() -> None:
    assert {"hand.py", "play.py", "bidding.py", "scoring.py"} <= set(engine_sources())


def test_no_variant_id_in_the_engine() -> None:
    ids = rookery.builtin_variants()
    assert len(ids) >= 40
    for name, text in engine_sources().items():
        for variant_id in ids:
            assert not re.search(rf"[\"']{re.escape(variant_id)}[\"']", text), \
                f"{name} names the variant {variant_id}"


def test_no_comparison_with_a_variant_id() -> None:
    pattern = re.compile(r"variant\.id\s*(==|!=|\bin\b)|\.id\s*==\s*[\"']")
    for name, text in engine_sources().items():
        assert not pattern.search(text), f"{name} branches on a variant's id"
