"""The rules language: a spec's text to a checked, immutable :class:`Variant`.

The pipeline, in the order a spec goes through it: ``grammar`` (the lark grammar) ->
``parse`` (a syntax tree with positions; ``syntax_errors`` and ``recovery`` word what does
not parse) -> ``vocabulary`` (the keys each section takes) -> ``sections`` and ``gather``
(clauses read into ``model``, the immutable variant; ``formula`` for scoring formulas) ->
``check`` and ``lint`` (static checks, warnings) -> ``load`` (specs found by id or path,
``extends`` followed) and ``options`` (a base combined with options).  ``export`` writes
the compiled variant as JSON; ``rulings`` and ``hints`` serve the words of the others.

Imports only the package's foundation (``errors``, ``limits``, ``resources``, ...)."""
