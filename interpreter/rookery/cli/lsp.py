"""``rookery lsp``: the language server for spec files, on stdin and stdout
(:mod:`rookery.editor.server`).  pygls is imported only when the command runs; without
it (``pip install 'rookery[lsp]'``) the command says how to get it."""

from __future__ import annotations

from ..errors import UsageError


def add_subcommand(sub) -> None:
    sub.add_parser(
        "lsp",
        description="Run the language server for spec files over stdin and stdout, for any "
        "editor with an LSP client: diagnostics from the checker, hover with the rule in "
        "English and its source, completion, go to definition, document symbols and "
        "formatting. Needs the lsp extra: pip install 'rookery[lsp]'. Setup for Neovim, "
        "VS Code and Helix: docs/editor-support.md.")


def cmd_lsp(args) -> int:
    try:
        import pygls  # noqa: F401
    except ImportError:
        raise UsageError("rookery lsp needs pygls: pip install 'rookery[lsp]'") from None
    from ..editor.server import serve
    return serve()
