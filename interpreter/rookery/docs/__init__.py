"""The documentation site, generated from the specs (``rookery docs``).

Consumers of the compiled variants, like the conformance runner: nothing here reads a
source document.  :func:`render` returns every generated file's text; :func:`generate`
writes them into a docs folder (and ``mkdocs.yml`` beside it) and removes generated
pages of variants that no longer exist.  Hand-written pages in the folder (the
conformance case format and engine protocol) are left alone and linked in the
navigation.

* ``variant_page``: one rules page per variant, every sentence with its rule id,
  citations and rulings (sentences from ``sentences`` and its ``tell_*`` writers, in the
  English of ``english``);
* ``comparison``: all variants side by side, and where the readings differ;
* ``unclear``: every ruling of every variant, "Where the sources are unclear";
* ``site``: home, DSL reference (from :data:`rookery.language.vocabulary.SECTIONS`), sources,
  ``mkdocs.yml``;
* ``cards`` (card chips), ``sample_deal`` (a hand played by the bots on each rules page),
  ``rejections`` (the rejection codes, filled into the hand-written protocol page);
* ``generate`` (render and write the site), ``header`` (what marks a generated page),
  ``output`` (where ``rookery docs`` may write; the command is ``rookery.cli.docs``).
"""
