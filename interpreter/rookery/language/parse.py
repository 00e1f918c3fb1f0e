"""Stage 1: spec text -> :class:`~rookery.language.ast.SpecFile`.

lark (LALR, positions propagated) reads the text with ``grammar/rook.lark``; a small
walker turns lark's tree into our immutable AST.  Every lark exception is caught here
and re-raised as a :class:`~rookery.errors.SpecError` that names the file, line and
column, the offending text, what was expected in plain words, and a hint (worded by
:mod:`rookery.language.syntax_errors`).
"""

from __future__ import annotations

from pathlib import Path

import lark
from lark import Token, Tree

from . import ast
from ..errors import Span, SpecError
from ..escaping import control_characters, shown_character
from .grammar import spec_parser as _parser
from ..limits import MAX_FORMULA_CHARS, MAX_NUMBER_DIGITS, MAX_SPEC_BYTES
from .syntax_errors import check_nesting, not_utf8, syntax_error


def parse_text(text: str, path: str = "<spec>") -> ast.SpecFile:
    """Parse the text of one spec file; every syntax error is reported (in one
    :class:`SpecError`, in line order)."""
    spec, errors = parse_text_recovering(text, path)
    if errors:
        raise SpecError.gather(errors)
    return spec  # type: ignore[return-value]


def parse_text_recovering(text: str, path: str = "<spec>"
                          ) -> tuple[ast.SpecFile | None, list[SpecError]]:
    """Parse as much of a spec as can be read, and every syntax error on the way.

    A line that does not parse is reported and then read as if it were blank (a section
    header with text after it as the header alone), and the text is read again, so one
    run finds the mistakes of every line (see :mod:`rookery.language.recovery`).  The spec
    returned (``None`` when even its header is unreadable) marks in ``tainted`` the
    sections that lost a line, so that later stages do not report what follows from the
    loss (a clause "missing" because its line was unreadable).
    """
    from .recovery import recover

    text = text.removeprefix("\ufeff")  # the byte-order mark some editors write
    if len(text) > MAX_SPEC_BYTES:
        return None, [_too_large(path, len(text), "characters")]
    found = control_characters(text)
    if found:
        return None, _control_errors(text, path, found)
    if not text.endswith("\n"):
        text += "\n"
    return recover(text, path, _parse_once)


def _control_errors(text: str, path: str, found: list[int], shown: int = 10
                    ) -> list[SpecError]:
    """A spec holding control characters is refused whole, before it is parsed: an ESC,
    BEL or CR in a title or citation would be printed by every command and written into
    every page (:mod:`rookery.escaping`).  One error for each of the first ``shown``."""
    errors = []
    for offset in found[:shown]:
        line = text.count("\n", 0, offset) + 1
        column = offset - text.rfind("\n", 0, offset)
        ch = shown_character(text[offset])
        more = (f" (and {len(found) - shown} more after it)"
                if len(found) > shown and offset == found[shown - 1] else "")
        errors.append(SpecError(
            f"a control character {ch} in the spec{more}", Span(path, line, column, ch),
            expected="printable text: a tab, a space and line ends (LF or CRLF) are the "
                     "only control characters a spec may hold",
            hint="delete it: an escape sequence (ESC, BEL, a lone CR) pasted from a "
                 "terminal would be replayed by every command that prints the spec",
            code="control-character"))
    return errors


def _parse_once(text: str, path: str) -> ast.SpecFile:
    """Parse ``text``; the first mistake raises."""
    try:
        tree = _parser().parse(text)
    except lark.exceptions.UnexpectedInput as error:
        raise syntax_error(error, text, path) from None
    check_nesting(tree, text, path)
    return _Walker(path, text).spec(tree)


def parse_file(path: str | Path) -> ast.SpecFile:
    """Read and parse a spec file; a missing or unreadable file is a SpecError too."""
    spec, errors = parse_file_recovering(path)
    if errors:
        raise SpecError.gather(errors)
    return spec  # type: ignore[return-value]


def parse_file_recovering(path: str | Path) -> tuple[ast.SpecFile | None, list[SpecError]]:
    """Read a spec file and parse as much of it as can be read (see
    :func:`parse_text_recovering`); a missing or unreadable file raises at once."""
    path = Path(path)
    try:
        data = _read_spec_file(path)
    except FileNotFoundError:
        raise SpecError(f"no such spec file: {path}", code="file-not-found",
                        expected="the path of a .rook file",
                        hint="check the path, or run 'rookery list' for the built-in variants"
                        ) from None
    except OSError as error:
        raise SpecError(f"cannot read {path}: {error.strerror or error}", code="file-unreadable",
                        expected="a readable .rook file",
                        hint="check the file's permissions, or that it is a file and not "
                             "a folder") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise not_utf8(error, data, str(path)) from None
    return parse_text_recovering(text, str(path))


def _read_spec_file(path: Path) -> bytes:
    """A spec file's bytes: a regular file only (a FIFO is opened without blocking and
    refused, as is a device: :func:`rookery.bounded.read_bytes`), of at most
    :data:`MAX_SPEC_BYTES`."""
    from ..bounded import TooLarge, read_bytes
    try:
        return read_bytes(path, MAX_SPEC_BYTES)
    except TooLarge:
        raise _too_large(str(path), MAX_SPEC_BYTES + 1, "bytes") from None


def _too_large(path: str, size: int, unit: str) -> SpecError:
    return SpecError(f"the spec file is too large ({size:,} {unit} or more)", Span(path, 1, 1),
                     expected=f"a spec of at most {MAX_SPEC_BYTES // 1024} KB",
                     hint="a variant's rules fit in a few KB; extend a variant instead of "
                          "repeating it", code="spec-too-large")


def _number(token: Token, span: Span) -> int:
    """A whole number of the spec, at most MAX_NUMBER_DIGITS digits."""
    text = str(token)
    if len(text) > MAX_NUMBER_DIGITS:
        raise SpecError(f"the number {text[:12]}... has {len(text)} digits",
                        Span(span.file, span.line, span.column, text[:20]),
                        expected=f"a number of at most {MAX_NUMBER_DIGITS} digits",
                        hint="no figure of a Rook game comes near a million",
                        code="number-too-large")
    return int(text)


# -- tree walking --------------------------------------------------------------------------

class _Walker:
    """Turns lark's tree into :mod:`rookery.language.ast` nodes."""

    def __init__(self, path: str, text: str):
        self.path = path
        self.text = text

    def span(self, node, text: str = "") -> Span:
        if isinstance(node, Token):
            return Span(self.path, node.line, node.column, text or str(node))
        meta = node.meta
        return Span(self.path, getattr(meta, "line", 1), getattr(meta, "column", 1), text)

    def spec(self, tree: Tree) -> ast.SpecFile:
        header = next(c for c in tree.children if isinstance(c, Tree) and c.data == "header")
        variant_line = header.children[0]
        name_token = variant_line.children[1]
        title = None
        if len(variant_line.children) > 2:
            title = str(variant_line.children[2])[1:-1]
        extends = source = None
        extends_span = None
        extends_path = False
        source_span = None
        declared: list[ast.SourceDeclaration] = []
        requires: list[ast.Requirement] = []
        for line in header.children[1:]:
            if line.data == "extends":
                token = line.children[1]
                extends_path = token.type == "STRING"
                extends = str(token)[1:-1] if extends_path else str(token)
                extends_span = self.span(token)
            elif line.data == "source_declaration":
                declared.append(self.source_declaration(line))
            elif line.data == "requires":
                requires += [self.requirement(r) for r in line.children
                             if isinstance(r, Tree)]
            else:
                source = str(line.children[1])
                source_span = self.span(line.children[1])
        sections = tuple(self.section(c) for c in tree.children
                         if isinstance(c, Tree) and c.data == "section")
        return ast.SpecFile(self.path, str(name_token), title, extends, source, sections,
                            self.span(name_token), extends_span, extends_path, tuple(declared),
                            source_span=source_span,
                            kind="option" if variant_line.data == "option_line" else "variant",
                            requires=tuple(requires))

    def source_declaration(self, tree: Tree) -> ast.SourceDeclaration:
        """``source ID "Title" url "https://..."`` or ``... file "rules.txt"``."""
        _, name, title, kind, location = tree.children
        if str(kind) not in ("url", "file"):
            raise SpecError(f"a source is found by 'url' or 'file', not {str(kind)!r}",
                            self.span(kind), expected="url \"https://...\" or file "
                            "\"rules.txt\"", hint=f'source {name} {title} url "https://..." '
                            "(a web page) or file \"rules.txt\" (beside the spec)",
                            code="syntax-error")
        if not str(location)[1:-1].strip():
            raise SpecError(f"the {kind} of source '{name}' is empty", self.span(location),
                            expected=f"the source's {kind} in double quotes",
                            hint=f'for example: source {name} {title} {kind} '
                                 + ('"https://example.org/rules"' if str(kind) == "url"
                                    else '"rules.txt"'), code="syntax-error")
        return ast.SourceDeclaration(str(name), str(title)[1:-1], str(kind),
                                     str(location)[1:-1], self.span(name))

    def requirement(self, tree: Tree) -> ast.Requirement:
        what = tree.children[0]
        words = tuple(str(self.atom(a).value) for a in tree.children[1:])
        return ast.Requirement(str(what), words,
                               self.span(what, " ".join((str(what),) + words)))

    def section(self, tree: Tree) -> ast.Section:
        header = tree.children[0]
        name = str(header).rstrip().rstrip(":")
        clauses = tuple(self.clause(name, c) for c in tree.children[1:] if isinstance(c, Tree))
        return ast.Section(name, clauses, self.span(header, name + ":"))

    def clause(self, section: str, tree: Tree) -> ast.Clause:
        key_token = tree.children[0]
        values: tuple[ast.Value, ...] = ()
        formula = None
        annotations = []
        end = key_token.end_pos  # where the key and its values or formula end
        for child in tree.children[1:]:
            if isinstance(child, Token):
                continue
            if child.data not in ("citation", "ruling", "rule_id", "note"):
                end = max(end, getattr(child.meta, "end_pos", end))
            if child.data == "values":
                values = tuple(self.value(v) for v in child.children if isinstance(v, Tree))
            elif child.data in ("citation", "ruling", "rule_id"):
                annotations.append(child)
            elif child.data == "note":
                annotations.extend(c for c in child.children if isinstance(c, Tree))
            else:
                length = child.meta.end_pos - child.meta.start_pos
                if length > MAX_FORMULA_CHARS:
                    start = child.meta.start_pos
                    raise SpecError(f"a formula of {length:,} characters",
                                    self.span(child, self.text[start:start + 40]),
                                    expected=f"a formula of at most {MAX_FORMULA_CHARS} "
                                    "characters", hint="scoring formulas of the sources fit "
                                    "on a line", code="formula-too-large")
                formula = self.expr(child)
        citations, rulings, explicit_id = [], [], None
        for note in annotations:
            tokens = [t for t in note.children if isinstance(t, Token)]
            if note.data == "citation":
                source = str(tokens[1]) if len(tokens) == 3 else None
                citations.append(ast.Citation(source, str(tokens[-1])[1:-1], self.span(tokens[0])))
            elif note.data == "ruling":
                rulings.append(str(tokens[1])[1:-1])
            else:
                explicit_id = str(tokens[1])
        # the clause as written, without its notes: "hand 10", not "hand 10  per ..."
        line_text = " ".join(self.text[key_token.start_pos:end].replace("\\\n", " ").split())
        return ast.Clause(section, str(key_token), values, formula, tuple(citations),
                          tuple(rulings), explicit_id, self.span(key_token, line_text),
                          self.span(key_token))

    def atom(self, tree: Tree) -> ast.Atom:
        token = tree.children[0]
        if tree.data == "number":
            return ast.Atom("number", _number(token, self.span(token)), self.span(token))
        if tree.data == "signed_number":
            # A negative value such as a low score ('game: low -250'); the readers of
            # other clauses refuse numbers below their lower limit.
            digits = Token("NUMBER", str(token)[1:], line=token.line, column=token.column)
            return ast.Atom("number", -_number(digits, self.span(token)), self.span(token))
        if tree.data == "string":
            return ast.Atom("string", str(token)[1:-1], self.span(token))
        return ast.Atom("name", str(token), self.span(token))

    def value(self, tree: Tree) -> ast.Value:
        atoms = tuple(self.atom(c) for c in tree.children if isinstance(c, Tree))
        value = ast.Value(tree.data, atoms, atoms[0].span)
        return ast.Value(tree.data, atoms, Span(self.path, atoms[0].span.line,
                                                 atoms[0].span.column, str(value)))

    def expr(self, node) -> ast.Expr:
        if isinstance(node, Token):
            if node.type == "NUMBER":
                return ast.Num(_number(node, self.span(node)), self.span(node))
            return ast.Var(str(node), self.span(node))
        kids = node.children
        span = self.span(node)
        data = node.data
        if data == "number":
            return ast.Num(_number(kids[0], self.span(kids[0])), self.span(kids[0]))
        if data == "variable":
            return ast.Var(str(kids[0]), self.span(kids[0]))
        if data == "conditional":
            parts = [c for c in kids if not (isinstance(c, Token) and c.type in ("IF", "THEN", "ELSE"))]
            return ast.If(self.expr(parts[0]), self.expr(parts[1]), self.expr(parts[2]), span)
        if data in ("or_op", "and_op", "compare", "arith"):
            left, op, right = kids
            return ast.Binary(str(op), self.expr(left), self.expr(right), span)
        if data == "not_op":
            return ast.Unary("not", self.expr(kids[1]), span)
        if data == "negate":
            if str(kids[0]) == "+":
                return self.expr(kids[1])
            return ast.Unary("-", self.expr(kids[1]), span)
        if data == "call":
            args = tuple(self.expr(c) for c in kids[1:]
                         if not (isinstance(c, Token) and c.type in ("LPAR", "RPAR", "COMMA")))
            return ast.Call(str(kids[0]), args, self.span(kids[0]))
        # parenthesised expression: LPAR expr RPAR
        inner = [c for c in kids if not (isinstance(c, Token) and c.type in ("LPAR", "RPAR"))]
        return self.expr(inner[0])
