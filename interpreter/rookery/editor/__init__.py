"""Tools around the rules language for people who write specs: ``rookery fmt`` (one
canonical layout, :mod:`rookery.editor.layout`) and ``rookery lsp`` (a language server,
:mod:`rookery.editor.server`).  Both are thin layers over what the pipeline already
knows: the parser, the checker, the docs' sentences and the sources."""
