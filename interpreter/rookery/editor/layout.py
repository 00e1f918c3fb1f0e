"""``rookery fmt``'s one canonical layout of a spec, written from its parse tree.

The layout, as the built-in specs are written:

- the header first (``variant`` or ``option``, then ``extends``, ``source``, ``requires``
  lines in the order written), then each section after one blank line, in the order rules
  are told (:data:`~rookery.language.vocabulary.SECTION_ORDER`: table, deck, deal, bidding,
  nest, passing, trump, play, scoring, game; a section the vocabulary does not know keeps
  its place after them);
- a clause a line, indented two spaces, its words one space apart (``5..14``, ``ROOK=20``,
  ``black B, red R``; a formula's operators between spaces, ``-bid`` and ``max(a, b)``
  tight); a line continued with ``\\`` is joined;
- the annotations on a clause's line (``per``, ``ruling``, ``as``) start at column 33, or
  at the next tab stop of 16 (49, 65 ...) when the clause is longer, so citations line up;
- a note line (annotations alone, under their clause) indented four spaces;
- comments kept: a comment line stays above what follows it, indented as that is; a
  comment after code stays at the end of its line, two spaces after it; an indented
  comment line after a section's last clause (a clause commented out) stays at the end
  of that section, wherever the section moves (:func:`comment_places`).

Clause order inside a section is never changed (a repeated key such as ``trump: bird``
keeps its order), so the formatted spec says the same rules in the same order; the safety
check (:mod:`rookery.editor.safety`) proves it for every file formatted.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token, Tree

from ..language.vocabulary import SECTION_ORDER
from .comments import Comment, comments_of

CLAUSE_INDENT = "  "
NOTE_INDENT = "    "
ANNOTATION_COLUMN = 32   # 0-based: annotations start at the 33rd character of the line
TAB_STOP = 16            # ... or at the next stop of 16 after a long clause


def format_text(text: str, path: str = "<spec>") -> str:
    """The canonical layout of a spec's text.  A spec that does not parse raises its
    :class:`~rookery.errors.SpecError` (every syntax error of the file, in line order)."""
    tree, text = parse_tree(text, path)
    return _Layout(text).spec(tree)


def parse_tree(text: str, path: str = "<spec>") -> tuple[Tree, str]:
    """The lark tree of a spec that parses (the text as the parser reads it: no byte-order
    mark, a final line end); a spec that does not parse raises its SpecError."""
    from ..language.grammar import spec_parser
    from ..language.parse import parse_text

    parse_text(text, path)            # every syntax error, worded for a person
    text = text.removeprefix("\ufeff")
    if not text.endswith("\n"):
        text += "\n"
    return spec_parser().parse(text), text


def section_rank(name: str) -> int:
    """Where a section goes in the canonical order (an unknown one after the known)."""
    return SECTION_ORDER.index(name) if name in SECTION_ORDER else len(SECTION_ORDER)


# -- the pieces of a line --------------------------------------------------------------------

def first_line(node) -> int:
    """The line a token or tree starts on."""
    if isinstance(node, Token):
        return node.line
    return min(first_line(child) for child in node.children)


def last_line(node) -> int:
    """The line a token or tree ends on (its last token's)."""
    if isinstance(node, Token):
        return node.end_line
    return max(last_line(child) for child in node.children)


def atom_text(tree: Tree) -> str:
    """A word, number or quoted string, as written."""
    return str(tree.children[0])


def value_text(tree: Tree) -> str:
    """``black B``, ``5..14``, ``ROOK=20``."""
    atoms = [atom_text(c) for c in tree.children if isinstance(c, Tree)]
    if tree.data == "range":
        return f"{atoms[0]}..{atoms[1]}"
    if tree.data == "pair":
        return f"{atoms[0]}={atoms[1]}"
    return " ".join(atoms)


def values_text(tree: Tree) -> str:
    return ", ".join(value_text(c) for c in tree.children if isinstance(c, Tree))


def expr_text(node) -> str:
    """A formula with one space around each operator and word: ``if made then taken else
    -bid``, ``max(taken, 0)``, ``(taken + 20) * 2``."""
    if isinstance(node, Token):
        return str(node)
    kids = node.children
    if node.data in ("number", "variable"):
        return str(kids[0])
    if node.data == "negate":
        return str(kids[0]) + expr_text(kids[1])
    if node.data == "call":
        args = [expr_text(c) for c in kids[1:]
                if not (isinstance(c, Token) and c.type in ("LPAR", "RPAR", "COMMA"))]
        return f"{kids[0]}({', '.join(args)})"
    if isinstance(kids[0], Token) and kids[0].type == "LPAR":    # ( expr ), kept as written
        return "(" + expr_text(kids[1]) + ")"
    return " ".join(expr_text(c) for c in kids)


def annotation_text(tree: Tree) -> str:
    """``per "Scoring"``, ``per wikipedia-rook "The deal"``, ``ruling "..."``, ``as x.y``."""
    return " ".join(str(t) for t in tree.children)


def requirement_text(tree: Tree) -> str:
    return " ".join([str(tree.children[0])] + [atom_text(c) for c in tree.children[1:]])


def header_line_text(tree: Tree) -> str:
    """A header line: ``variant id "Title"``, ``extends x``, ``source x "T" url "u"``,
    ``requires rook, card B2``."""
    if tree.data == "requires":
        return "requires " + ", ".join(requirement_text(c) for c in tree.children
                                       if isinstance(c, Tree))
    return " ".join(str(t) for t in tree.children)


def aligned(code: str, annotations: list[str], indent: str = CLAUSE_INDENT) -> str:
    """A clause (written after ``indent``) with its annotations at the citation column,
    counted from the line's start (see the module's doc)."""
    if not annotations:
        return code
    column = ANNOTATION_COLUMN
    while len(indent) + len(code) + 1 > column:
        column += TAB_STOP
    return code.ljust(column - len(indent)) + " ".join(annotations)


# -- the layout ----------------------------------------------------------------------------------

@dataclass
class _Line:
    """A line of the output: its text, its indentation, the lines of the input it stands
    for (which decide the comments it carries), and its place in the spec (``key``: the
    header's line, a section by name and occurrence, a clause or note by its index in
    it), which formatting never changes."""

    text: str
    indent: str
    first: int
    last: int
    key: tuple = ()
    head: bool = False            # a section's ``name:`` line
    comments_above: list[Comment] = field(default_factory=list)
    comment_after: Comment | None = None
    comments_below: list[Comment] = field(default_factory=list)


def comment_places(text: str, path: str = "<spec>") -> list[tuple[str, str, tuple]]:
    """Every comment of a spec that parses, with where it sits: ``(text, "on" | "above" |
    "below" | "end", key)``, the key naming the header line, section, clause or note it
    sits on, above or below (:class:`_Line`), sorted.  Formatting must keep this list as
    it is (:func:`rookery.editor.safety.same_comments`): no comment dropped, cut, or
    moved to another clause or section."""
    tree, text = parse_tree(text, path)
    layout = _Layout(text)
    head, blocks, _ = layout.lines(tree)
    places = layout.place_comments(head + [line for block in blocks for line in block])
    return sorted((comment.text, where, line.key if line is not None else ())
                  for comment, where, line in places)


class _Layout:
    """Writes one spec's tree in the canonical layout, with the comments of its text."""

    def __init__(self, text: str):
        self.comments = comments_of(text)

    def lines(self, tree: Tree) -> tuple[list[_Line], list[list[_Line]], list[Tree]]:
        """The header's lines and each section's, in the order written (and the
        sections' trees)."""
        header = next(c for c in tree.children if isinstance(c, Tree) and c.data == "header")
        sections = [c for c in tree.children if isinstance(c, Tree) and c.data == "section"]
        head = [_Line(header_line_text(line), "", first_line(line), last_line(line),
                      ("header", index)) for index, line in enumerate(header.children)]
        seen: dict[str, int] = {}
        blocks = []
        for section in sections:
            name = _section_name(section)
            seen[name] = seen.get(name, -1) + 1
            blocks.append(self.section(section, (name, seen[name])))
        return head, blocks, sections

    def spec(self, tree: Tree) -> str:
        head, blocks, sections = self.lines(tree)
        everything = head + [line for block in blocks for line in block]
        leftover = []
        for comment, where, line in self.place_comments(everything):
            if where == "on":
                line.comment_after = comment
            elif where == "above":
                line.comments_above.append(comment)
            elif where == "below":
                line.comments_below.append(comment)
            else:
                leftover.append(comment)
        blocks = [block for _, block in sorted(
            enumerate(blocks), key=lambda item: (section_rank(_section_name(sections[item[0]])),
                                                 item[0]))]
        out = self.render(head)
        for block in blocks:
            out.append("")
            out += self.render(block)
        if leftover:
            out.append("")
            out += [comment.text for comment in leftover]
        return "\n".join(out) + "\n"

    def section(self, tree: Tree, key: tuple) -> list[_Line]:
        header = tree.children[0]
        lines = [_Line(_section_name(tree) + ":", "", header.line, header.line, key, True)]
        clauses = [clause for clause in tree.children[1:] if isinstance(clause, Tree)]
        for index, clause in enumerate(clauses):
            lines += self.clause(clause, key + ("clause", index))
        return lines

    def clause(self, tree: Tree, place: tuple) -> list[_Line]:
        key = tree.children[0]
        code, annotations, notes = str(key), [], []
        own = [key]
        for child in tree.children[1:]:
            if isinstance(child, Token):      # the colon of a formula clause
                code += ":"
                own.append(child)
            elif child.data == "values":
                code += " " + values_text(child)
                own.append(child)
            elif child.data in ("citation", "ruling", "rule_id"):
                annotations.append(annotation_text(child))
                own.append(child)
            elif child.data == "note":
                notes.append(_Line(" ".join(annotation_text(a) for a in child.children
                                            if isinstance(a, Tree)),
                                   NOTE_INDENT, first_line(child), last_line(child),
                                   place + ("note", len(notes))))
            else:                             # the formula
                code += " " + expr_text(child)
                own.append(child)
        line = _Line(aligned(code, annotations), CLAUSE_INDENT,
                     min(first_line(n) for n in own), max(last_line(n) for n in own), place)
        return [line] + notes

    def place_comments(self, lines: list[_Line]) -> list[tuple[Comment, str, _Line | None]]:
        """Where each comment goes: ``on`` the line it ends (a trailing comment),
        ``below`` the last line of a section when it is an indented comment line after
        that section's last clause (a clause commented out stays in its section),
        ``above`` the next line below it (a comment line), or at the ``end`` (None)."""
        ordered = sorted(lines, key=lambda line: line.first)
        taken: set[int] = set()
        places: list[tuple[Comment, str, _Line | None]] = []
        for comment in self.comments:
            if comment.trailing:
                owner = next((line for line in ordered
                              if line.first <= comment.line <= line.last), None)
                if owner is not None and id(owner) not in taken:
                    taken.add(id(owner))
                    places.append((comment, "on", owner))
                    continue
            below = next((line for line in ordered if line.first > comment.line), None)
            above = next((line for line in reversed(ordered) if line.last < comment.line),
                         None)
            if comment.indented and (below is None or below.head) and above is not None \
                    and above.key[0] != "header":
                places.append((comment, "below", above))
            elif below is None:
                places.append((comment, "end", None))
            else:
                places.append((comment, "above", below))
        return places

    @staticmethod
    def render(lines: list[_Line]) -> list[str]:
        out = []
        for line in lines:
            out += [line.indent + comment.text for comment in line.comments_above]
            text = line.indent + line.text
            if line.comment_after is not None:
                text += "  " + line.comment_after.text
            out.append(text)
            out += [CLAUSE_INDENT + comment.text for comment in line.comments_below]
        return out


def _section_name(tree: Tree) -> str:
    return str(tree.children[0]).rstrip().rstrip(":")
