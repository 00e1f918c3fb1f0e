"""Syntax errors in plain words: lark's exceptions -> :class:`~rookery.errors.SpecError`.

lark reports what its tables see (``Unexpected token Token('_NL', '\\n')``, expected
``{'__ANON_3', 'RPAR'}``); a spec's author needs the place, the text that stopped the
reader, what could have stood there, and what to change.  :func:`syntax_error` turns a
lark exception into exactly that; :func:`check_nesting` refuses formulas nested so deep
that reading them would exhaust Python's stack.  Every message keeps the code
``syntax-error``; its wording is tested against the bad specs in ``tests/malformed/``.
"""

from __future__ import annotations

import re

import lark
from lark import Token, Tree

from ..errors import Span, SpecError
from .grammar import spec_parser

# Plain words for the grammar's terminals, in the order they are listed in "expected: ...".
_TERMINAL_WORDS = {
    "VARIANT": "'variant'",
    "OPTION": "'option'",
    "REQUIRES": "'requires'",
    "EXTENDS": "'extends'",
    "SOURCE": "'source'",
    "SECTION": "a section header such as 'deck:'",
    "VALUE": "a value (a name, a number or a quoted string)",
    "AMOUNT": "an amount (a number, a quantity such as 'taken', or '(')",
    "NAME": "a name",
    "RULE_ID": "a rule id such as scoring.sweep",
    "NUMBER": "a number",
    "SIGNED_NUMBER": "a negative number such as -250",
    "STRING": 'a quoted string ("...")',
    "IF": "'if'",
    "NOT": "'not'",
    "LPAR": "'('",
    "COMPARE": "a comparison (>=, <=, ==, !=, >, <)",
    "ADD_OP": "'+', '-'",
    "MUL_OP": "'*'",
    "AND": "'and'",
    "OR": "'or'",
    "THEN": "'then'",
    "ELSE": "'else'",
    "RPAR": "')'",
    "COLON": "':'",
    "EQUALS": "'='",
    "RANGE": "'..'",
    "COMMA": "','",
    "NOTE": "a note ('per', 'ruling' or 'as')",
    "PER": "'per'",
    "RULING": "'ruling'",
    "AS": "'as'",
    "_NL": "the end of the line",
    "$END": "the end of the file",
}

# Words the language reserves: they cannot be used as names.
_KEYWORDS = {"VARIANT", "OPTION", "REQUIRES", "EXTENDS", "SOURCE", "PER", "RULING", "AS",
             "IF", "THEN", "ELSE",
             "AND", "OR", "NOT"}

_OPERATORS = {"COMPARE", "ADD_OP", "MUL_OP", "AND", "OR"}

_HEADER_HINT = 'a spec starts with its header line: variant my-rook "My Rook"'

_GENERIC_HINT = ("a spec is 'variant NAME \"Title\"', then sections such as 'deck:' on their own "
                 "line, each followed by clauses 'key value, value' (one a line)")

# The deepest a formula may nest (parentheses, signs, 'not', 'if' inside 'if' ...).
MAX_NESTING = 64


def expected_words(names) -> str:
    """What the grammar would have accepted, in plain words: "a name, ':' or the end of
    the line"."""
    names = {n for n in names if not n.startswith("__")}
    if {"NAME", "NUMBER", "STRING"} <= names:
        names -= {"NAME", "NUMBER", "STRING", "SIGNED_NUMBER"}   # a value may be -250
        names.add("VALUE")
    if {"NAME", "NUMBER", "LPAR"} <= names:
        names -= {"NAME", "NUMBER", "LPAR", "ADD_OP", "IF", "NOT"}
        names.add("AMOUNT")
    if {"PER", "RULING", "AS"} <= names:
        names -= {"PER", "RULING", "AS"}
        names.add("NOTE")
    order = list(_TERMINAL_WORDS)
    words = [_word_for(n) for n in sorted(
        names, key=lambda n: order.index(n) if n in order else len(order))]
    if not words:
        return "something else"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _word_for(name: str) -> str:
    """Plain words for one terminal; a terminal added to the grammar but not yet to
    :data:`_TERMINAL_WORDS` is shown by its text ('review') rather than its name."""
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    try:
        pattern = spec_parser().get_terminal(name).pattern
    except KeyError:
        return name.lower()
    return repr(pattern.value) if pattern.type == "str" else name.lower().replace("_", " ")


def syntax_error(error: lark.exceptions.UnexpectedInput, text: str, path: str) -> SpecError:
    """The SpecError for a lark parse failure in ``text`` (the file ``path``)."""
    if isinstance(error, lark.exceptions.UnexpectedCharacters):
        return _character_error(error, text, path)
    token = getattr(error, "token", None)
    # ``accepts`` (what the parser can really take here) is exact; ``expected`` is the
    # looser set of LALR lookaheads, used only when lark could not work out ``accepts``.
    expected = set(getattr(error, "accepts", None) or getattr(error, "expected", None) or ())
    if token is None or token.type == "$END":
        return _end_of_file_error(error, expected, text, path)
    if token.type == "_NL":
        return _end_of_line_error(token, expected, text, path)
    return _token_error(token, expected, text, path)


def not_utf8(error: UnicodeDecodeError, data: bytes, path: str) -> SpecError:
    """A spec file that is not UTF-8 text (saved as Latin-1 or Windows-1252, say)."""
    before = data[:error.start]
    line = before.count(b"\n") + 1
    column = len(before[before.rfind(b"\n") + 1:].decode("utf-8", errors="replace")) + 1
    return SpecError("the file is not UTF-8 text", Span(path, line, column,
                                                         f"the byte 0x{data[error.start]:02x}"),
                     expected="text encoded as UTF-8",
                     hint="save the spec as UTF-8; an editor's 'Western' or 'ANSI' encoding "
                          "writes accented letters and curly quotes as single bytes",
                     code="file-unreadable")


def check_nesting(tree: Tree, text: str, path: str) -> None:
    """Refuse a formula nested more than :data:`MAX_NESTING` deep.

    Readers of the tree recurse once a level; a spec must end in an error message, not in
    Python's recursion limit.  The walk here is iterative.
    """
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_NESTING:
            meta = node.meta
            line = getattr(meta, "line", 1)
            raise SpecError(f"a formula nested more than {MAX_NESTING} levels deep",
                            Span(path, line, getattr(meta, "column", 1),
                                 _line_text(text, line)[:60]),
                            expected=f"at most {MAX_NESTING} levels of parentheses, signs "
                                     "and 'if'",
                            hint="write the formula more simply; min(), max() and "
                                 "'if ... then ... else ...' rarely need nesting",
                            code="syntax-error")
        for child in node.children:
            if isinstance(child, Tree):
                nested = child.data not in ("start", "header", "section", "plain_clause",
                                            "formula_clause", "values", "note")
                stack.append((child, depth + 1 if nested else depth))


# -- the three kinds of failure ----------------------------------------------------------------

def _character_error(error: lark.exceptions.UnexpectedCharacters, text: str,
                     path: str) -> SpecError:
    """The lexer met a character that starts no token."""
    char = text[error.pos_in_stream] if error.pos_in_stream < len(text) else ""
    span = Span(path, error.line, error.column, char if char.isprintable() else repr(char))
    allowed = set(error.allowed or ())
    expected = expected_words(allowed)
    before = _raw_line(text, error.line)[:error.column - 1].strip()

    def fail(message: str, hint: str, expected: str = expected) -> SpecError:
        return SpecError(message, span, expected=expected, hint=hint, code="syntax-error")

    if char == '"':
        return fail("a quoted string is not closed", "a quoted string ends on the line it "
                    "starts on; add the closing '\"'", expected='a closing \'"\' on the same line')
    if char == "'":
        return fail("single quotes are not used", 'quote text with double quotes, e.g. '
                    'per "Bidding"')
    if char in "\u201c\u201d\u2018\u2019":
        return fail(f"a curly quote {char!r}", 'quote text with straight double quotes ("), '
                    "as a word processor's curly quotes are not read")
    if char == "{" and re.fullmatch(r"[A-Za-z_][\w-]*:", before):
        return fail("braces are not used in specs", f"a section is its header alone on a line "
                    f"('{before}') with its clauses on the lines below, one a line; remove "
                    "the braces", expected=f"the end of the line after '{before}'")
    if char in "{}[]":
        return fail(f"braces and brackets are not used in specs ({char!r})",
                    "a section is its header alone on a line ('deck:') with its clauses on the "
                    "lines below, one a line; list values with commas: 5..14, 1")
    if char == ";":
        return fail("semicolons are not used in specs",
                    "put each clause on its own line instead of separating clauses with ';'")
    if char == ".":
        return fail("a single '.'", "numbers are whole numbers; a range is written 5..14, and "
                    "the Rook between the 10 and the 11 is 'rook above 10'")
    if char in "\u2013\u2014\u2212":
        return fail(f"a dash {char!r} where '..' or '-' was meant",
                    "write a range with two dots (5..14) and subtraction with '-'")
    if char == "\r":
        return fail("a carriage return without a line feed",
                    "save the file with \\n (or \\r\\n) line ends")
    if char == "\t" or char == " ":
        return fail("unexpected white space", _GENERIC_HINT)
    shown = char if char.isprintable() else repr(char)
    return fail(f"the character {shown!r} has no meaning in a spec" if char.isprintable()
                else f"an invisible character {shown} in the text",
                "values are names, whole numbers and quoted strings; besides them a spec uses "
                "only , .. = : ( ) + - * < > ! and # for comments")


def _end_of_file_error(error, expected: set[str], text: str, path: str) -> SpecError:
    """The file stops before the spec is complete (an empty file, a header alone)."""
    meaningful = [line for line in text.splitlines()
                  if line.strip() and not line.strip().startswith("#")]
    if not meaningful:
        return SpecError("the spec is empty", Span(path, 1, 1, ""),
                         expected="the header line 'variant NAME \"Title\"'",
                         hint=_HEADER_HINT + ", then sections such as 'deck:'",
                         code="syntax-error")
    line = len(text.splitlines())
    return SpecError("the file ends too early", Span(path, line, 1, ""),
                     expected=expected_words(expected), hint=_GENERIC_HINT, code="syntax-error")


def _end_of_line_error(token: Token, expected: set[str], text: str, path: str) -> SpecError:
    """A line stops before its clause is complete."""
    before = _raw_line(text, token.line)[:token.column - 1].rstrip()
    span = Span(path, token.line, len(before) + 1, f"the end of the line after '{before.strip()}'")
    words = before.split()
    last = words[-1] if words else ""
    message = "the line ends too early"
    if before.endswith(","):
        message = "the line ends with a ','"
        hint = "remove the ',' at the end of the line, or write the value that should follow it"
    elif last == "ruling":
        message = "a ruling without its reason"
        hint = 'a ruling gives its reason in double quotes: ruling "why we read the source so"'
    elif last == "per" or (len(words) > 1 and words[-2] == "per"):
        place = last if last != "per" else "Bidding"
        message = "a citation without its place in quotes"
        hint = (f"a citation gives its place in the source in double quotes: per \"{place}\" "
                f"(or, naming the source, per wikipedia-rook \"{place}\")")
    elif "ELSE" in expected or "THEN" in expected:
        missing = "else" if "ELSE" in expected else "then"
        message = f"the line ends before the 'if' has its '{missing}'"
        hint = "an 'if' needs both branches: if CONDITION then AMOUNT else AMOUNT"
    elif "RPAR" in expected:
        message = "the line ends with a '(' still open"
        hint = "close every '(' with ')' before the end of the line"
    elif last in ("variant", "extends", "source"):
        message = f"'{last}' without a name after it"
        hint = {"variant": _HEADER_HINT,
                "extends": "name the variant this one changes: extends tournament",
                "source": "name the default source of citations: source wikipedia-rook"}[last]
    elif re.search(r"(>=|<=|==|!=|[<>+*-]|\band|\bor|\bnot|\bif|\bthen|\belse)$", before):
        message = f"the formula stops after '{last}'"
        hint = (f"'{last}' needs something after it; finish the formula on this line (or "
                "end the line with '\\' to continue it on the next)")
    elif last == "as":
        message = "'as' without a rule id after it"
        hint = "'as' gives the rule an id of its own: as rook-anytime"
    else:
        hint = "the line stops where a value should follow"
    return SpecError(message, span, expected=expected_words(expected), hint=hint,
                     code="syntax-error")


def _token_error(token: Token, expected: set[str], text: str, path: str) -> SpecError:
    """A token stands where the grammar cannot take it."""
    line_raw = _raw_line(text, token.line)
    before = line_raw[:token.column - 1].strip()
    shown = str(token)
    moved = _moved_quote(token, before)
    if moved:
        word, hint = moved
        return SpecError(f"a quote out of place: the note '{word}' is inside the quotes",
                         Span(path, token.line, token.column, '"'),
                         expected=f"{word} \"...\" (the quotes after '{word}')", hint=hint,
                         code="syntax-error")
    message, hint = _explain_token(token, shown, expected, before, line_raw.strip())
    return SpecError(message, Span(path, token.line, token.column, shown),
                     expected=expected_words(expected), hint=hint, code="syntax-error")


def _moved_quote(token: Token, before: str) -> tuple[str, str] | None:
    """A quoted string that starts with a note's word (``5..14"   per The deal"``): the
    opening quote was moved from after ``per`` (or ``ruling``) to before it, taking in
    the spaces that line the notes up.  The note's word, and a hint that writes the line
    as meant."""
    if token.type != "STRING":
        return None
    inside = re.fullmatch(r'"\s*(per|ruling)\s+(.*?)\s*"', str(token), re.S)
    if not inside:
        return None
    word, place = inside.groups()
    return word, (f"the quotes go around the note's text alone, after '{word}': "
                   f'{before} {word} "{place}"')


def _explain_token(token: Token, shown: str, expected: set[str], before: str,
                   line: str) -> tuple[str, str]:
    """The message and hint for ``token`` met after ``before`` on ``line``."""
    from .vocabulary import FORMULA_KEYS  # the keys whose clauses are formulas

    kind = token.type
    words = before.split()
    first = words[0] if words else ""
    is_value = kind in ("NAME", "NUMBER", "STRING")
    if "VARIANT" in expected:
        return (f"a spec must start with its variant line, not {shown!r}", _HEADER_HINT)
    if kind == "EQUALS" and ":" in before and before.split(":")[0].strip() in FORMULA_KEYS:
        return _equals_in_formula(before, line)
    if kind == "COMMA" and ":" in before and before.split(":")[0].strip() in FORMULA_KEYS \
            and before.count("(") <= before.count(")"):
        return ("a ',' in a formula", "a formula is one amount or condition: commas only "
                "separate the amounts inside min(...) and max(...); remove the ','")
    if expected == {"RULE_ID"}:
        return (f"{shown!r} is not a rule id",
                "a rule id given with 'as' is the section and a name joined by a dot, "
                "e.g. as bidding.lowest-bid")
    if kind == "VARIANT" and "SECTION" in expected:
        return ("a second variant line",
                "a spec file holds one variant; to build on another, write 'extends ID' "
                "in a file of its own")
    if first == "variant" and kind == "STRING" and len(words) == 1:
        return ("the variant line has a title but no id",
                f"give the id before the title: variant my-rook {shown}")
    if is_value and before.endswith('"'):
        return (f"{shown!r} after a closing quote",
                "quoted text ends at the next '\"', so a '\"' cannot stand inside it; "
                "write ' inside quotes, or move the words into the quotes")
    if first == "variant" and is_value:
        return ("the variant's title is not in quotes",
                'write the title in double quotes: variant my-rook "My Rook"')
    if kind in ("PER", "RULING", "AS") and "SECTION" in expected:
        return (f"'{shown}' outside any section",
                "a note ('per', 'ruling' or 'as') follows a clause of a section, on the "
                "clause's line or indented on the lines below it")
    if kind in _KEYWORDS and ("NAME" in expected or "VALUE" in expected):
        return (f"'{shown}' is a reserved word and cannot be used as a name",
                "the words variant, extends, source, per, ruling, as, if, then, else, and, "
                "or and not belong to the language; choose another word")
    if kind in ("NAME", "SECTION") and "SECTION" in expected and not before:
        section = re.match(r"([A-Za-z_][\w-]*):\s*(.+)", line)
        if section:
            return (f"a section header with text after it: '{line}'",
                    f"a section header stands alone on its line: write '{section.group(1)}:' "
                    f"and put '{section.group(2).strip()}' on the next line")
        return (f"'{shown}' is outside any section",
                "clauses belong in a section: start one with a header such as 'deck:'")
    if kind == "STRING" and expected == {"NAME"}:
        return ("a quoted string where a name should be",
                "ids and names are written without quotes: extends tournament, "
                "source wikipedia-rook")
    if kind == "STRING" and expected == {"STRING"} or kind == "NAME" and expected == {"STRING"}:
        if first and (words[-1] == "per" or len(words) > 1 and words[-2] == "per"):
            return ("a citation without its place in quotes",
                    f'a citation gives its place in the source in double quotes: per "{shown}"')
    if kind in _OPERATORS | {"LPAR", "RPAR"} and ":" not in before and first:
        if first in FORMULA_KEYS:
            rest = line[len(first):].strip()
            return (f"a formula without the colon after '{first}'",
                    f"a formula follows a colon after its key: {first}: {rest}")
        return (f"{shown!r} among the values of '{first}'",
                "values are names, numbers and quoted strings separated by ','; operators "
                "belong in formulas (made:, bidders:, defenders:)")
    if kind in _OPERATORS | {"RPAR", "THEN", "ELSE", "COMMA"} and "LPAR" in expected:
        return (f"unexpected {shown!r} where an amount should be",
                "an operator needs an amount on each side: a number, a quantity such as "
                "'taken', or a formula in parentheses")
    if "RPAR" in expected and before.count("(") > before.count(")"):
        return (f"unexpected {shown!r} inside parentheses",
                "close the '(' with ')' first, or separate the amounts with ','")
    if "ELSE" in expected or "THEN" in expected:
        missing = "else" if "ELSE" in expected else "then"
        return (f"unexpected {shown!r}: the 'if' has no '{missing}'",
                "an 'if' needs both branches: if CONDITION then AMOUNT else AMOUNT")
    if is_value and "COMMA" in expected:
        return (f"{shown!r} follows a value without a ','",
                "separate values with commas (5=5, 10=10); a range (5..14) or a pair "
                "(ROOK=20) is one value")
    if is_value and expected <= {"PER", "RULING", "AS", "_NL"}:
        return (f"{shown!r} after the clause's notes",
                "after a note (per \"...\", ruling \"...\", as ID) only another note or the "
                "end of the line may follow")
    if not before and kind not in ("RANGE", "COMMA", "COLON", "EQUALS"):
        return (f"a line cannot start with {shown!r}",
                "each line of a section is a clause that starts with its key (hand 9), or a "
                "note under a clause (per \"...\", ruling \"...\")")
    if kind == "RANGE":
        return ("a second '..' in a range",
                "a range has one '..' between its lowest and highest rank: 5..14")
    if kind == "COMMA":
        return ("a ',' with no value before it", "',' goes between two values: black B, red R")
    if kind == "COLON":
        return ("unexpected ':'", "a section header is a name and a colon alone on its line; "
                                  "a formula clause is 'key: formula'")
    if kind == "EQUALS":
        return ("unexpected '='",
                "'=' joins a rank or card to its points (ROOK=20); in formulas equality is '=='")
    return (f"unexpected {shown!r}", _GENERIC_HINT)


def _equals_in_formula(before: str, line: str) -> tuple[str, str]:
    """'=' in a formula (``if taken = 180``): the author meant to compare."""
    formula = line.split(":", 1)[1].strip() if ":" in line else line
    fixed = re.sub(r"(?<![<>=!])=(?!=)", "==", formula)
    return ("'=' in a formula", f"write == to compare: {before.split(':')[0].strip()}: "
                                f"{fixed}" if fixed != formula else "write == to compare")


def _raw_line(text: str, line: int) -> str:
    """Line ``line`` (1-based) of ``text`` as written, or "" past the end."""
    lines = text.split("\n")
    return lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else ""


def _line_text(text: str, line: int) -> str:
    return _raw_line(text, line).strip()
