"""A Pygments lexer for the rules language (``.rook`` files), so a spec is highlighted on
the documentation site and by any Pygments user (``pygmentize -l rook``).

It is registered as a Pygments plugin (the ``pygments.lexers`` entry point in
``pyproject.toml``).  The tokens follow ``grammar/rook.lark``: the header keywords (with
``extends "PATH"`` and ``source ID "Title" url|file "..."``), section headers
(``deck:``), a clause's key, card codes, numbers, strings, the annotations ``per``,
``ruling`` and ``as`` with their rule ids, and the formula words and operators.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups
from pygments.token import (Comment, Keyword, Name, Number, Operator, Punctuation, String,
                            Text, Whitespace)

_NAME = r"[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*"
_RULE_ID = _NAME + r"(?:\.[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*)+"
# A card code: the Rook Bird or a joker, or a color letter and a rank (R14, B5, SA, H10).
_CARD = r"\b(?:ROOK|JOKER|[A-Z](?:[0-9]+|[AKQJ]))\b"


class RookLexer(RegexLexer):
    """Highlights a variant spec of the rookery rules language."""

    name = "Rook rules"
    aliases = ["rook", "rookery"]
    filenames = ["*.rook"]
    mimetypes = ["text/x-rook"]

    tokens = {
        "root": [
            (r"#[^\n]*", Comment.Single),
            (r"\\[\t ]*\n", Text),
            (r"\n", Whitespace),
            # The header: 'variant ID "Title"' (or 'option ID "Title"'), 'extends ID',
            # 'source ID', and an option's 'requires ...'.
            (r"^(variant|option)([\t ]+)(" + _NAME + ")",
             bygroups(Keyword.Declaration, Whitespace, Name.Class)),
            # 'extends "../club/base.rook"' (a path) and 'source ID "Title" url "..."'
            # (a source of the spec's own; 'url' and 'file' say how to find it).
            (r'^(extends)([\t ]+)("[^"\n]*")',
             bygroups(Keyword.Namespace, Whitespace, String.Double)),
            (r'^(source)([\t ]+)(' + _NAME + r')([\t ]+)("[^"\n]*")([\t ]+)(url|file)\b',
             bygroups(Keyword.Namespace, Whitespace, Name.Namespace, Whitespace,
                      String.Double, Whitespace, Keyword)),
            (r"^(extends|source)([\t ]+)(" + _NAME + ")",
             bygroups(Keyword.Namespace, Whitespace, Name.Namespace)),
            (r"^(requires)\b", Keyword.Namespace),
            # A section header, alone on its line.
            (r"^(" + _NAME + r":)(?=[\t ]*(?:#[^\n]*)?$)", Keyword.Type),
            # A clause: its key, first on an indented line (a formula's key ends with ':');
            # an indented line of annotations only ('per', 'ruling', 'as') is a note.
            (r"^([\t ]+)(?!(?:per|ruling|as)\b)(" + _NAME + r")(:?)",
             bygroups(Whitespace, Name.Attribute, Punctuation)),
            (r"[\t ]+", Whitespace),
            (r"\b(per|ruling)\b", Keyword),
            (r"\b(as)([\t ]+)(" + _RULE_ID + ")", bygroups(Keyword, Whitespace, Name.Label)),
            (r"\b(if|then|else|and|or|not)\b", Operator.Word),
            (r'"[^"\n]*"', String.Double),
            (_CARD, Name.Constant),
            (r"[0-9]+", Number.Integer),
            (r"\.\.|>=|<=|==|!=|[<>=+\-*]", Operator),
            (r"[,():]", Punctuation),
            (_NAME, Name),
            (r".", Text),
        ],
    }
