"""The rules language's parser, built once from ``grammar/rook.lark`` (LALR, positions
propagated).  Its own module so that both :mod:`rookery.language.parse` (which reads specs with
it) and :mod:`rookery.language.syntax_errors` (which names its terminals in plain words) can use
it without importing each other."""

from __future__ import annotations

from functools import cache

import lark

from ..resources import grammar_path


@cache
def spec_parser() -> lark.Lark:
    return lark.Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr",
                     propagate_positions=True, maybe_placeholders=False)
