"""The Pygments lexer for ``.rook`` specs: found by Pygments as a plugin, and it reads
every built-in spec as the parser does (section headers, clause keys, card codes)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from pygments import lex
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Error, Keyword, Name, String

from rookery.lexer import RookLexer
from rookery.language.load import builtin_variants, find_spec
from rookery.language.parse import parse_file


def test_pygments_finds_the_lexer_as_a_plugin():
    assert isinstance(get_lexer_by_name("rook"), RookLexer)
    assert isinstance(get_lexer_for_filename("house-rules.rook"), RookLexer)


@pytest.mark.parametrize("name", builtin_variants())
def test_every_spec_is_read_as_the_parser_reads_it(name):
    path = find_spec(name)
    text = path.read_text(encoding="utf-8")
    tokens = list(lex(text, RookLexer()))
    # Pygments drops blank lines at either end and ends the text with one newline.
    assert "".join(value for _, value in tokens) == text.strip("\n") + "\n"
    assert not [value for kind, value in tokens if kind in Error]
    spec = parse_file(path)
    assert [v for k, v in tokens if k is Keyword.Type] == [f"{s.name}:" for s in spec.sections]
    assert [v for k, v in tokens if k is Name.Attribute] == \
        [c.key for s in spec.sections for c in s.clauses]
    assert [v for k, v in tokens if k is Name.Class] == [spec.variant]
    ids = [c.explicit_id for s in spec.sections for c in s.clauses if c.explicit_id]
    assert [v for k, v in tokens if k is Name.Label] == ids


def test_card_codes_numbers_and_formulas_are_told_apart():
    text = ('variant t "T"\nextends tournament\n\nplay:\n  anytime ROOK, R14\n\n'
            'scoring:\n  bidders: if made then taken else -bid    ruling "x"\n')
    tokens = [(k, v) for k, v in lex(text, RookLexer()) if v.strip()]
    assert (Name.Constant, "ROOK") in tokens and (Name.Constant, "R14") in tokens
    assert ("if", "then", "else") == tuple(v for k, v in tokens if v in ("if", "then", "else"))
    assert (Name.Attribute, "bidders") in tokens and (Keyword, "ruling") in tokens


def test_pygmentize_highlights_a_spec(tmp_path):
    run = subprocess.run([sys.executable, "-m", "pygments", "-l", "rook", "-f", "html",
                          str(find_spec("tournament"))], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert '<span class="kd">variant</span>' in run.stdout
    assert '<span class="kt">deck:</span>' in run.stdout


def test_the_header_of_a_house_spec():
    """extends by path and sources of one's own (issue 8)."""
    text = ('variant h "H"\nextends "../club/base.rook"\n'
            'source club "Our rules" file "rules.txt"\nsource club\n')
    tokens = [(k, v) for k, v in lex(text, RookLexer()) if v.strip()]
    assert not [v for k, v in tokens if k in Error]
    assert tokens[3:5] == [(Keyword.Namespace, "extends"),
                           (String.Double,
                            '"../club/base.rook"')]
    assert (Keyword, "file") in tokens
    assert tokens[-2:] == [(Keyword.Namespace, "source"), (Name.Namespace, "club")]
