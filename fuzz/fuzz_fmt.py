"""``rookery fmt`` on valid specs written every which way: the shipped specs that check
(built-in variants, options, house specs) laid out anew and changed, kept only while they
stay valid.  On every one, formatting must be safe (the same parsed clauses and compiled
variant, :mod:`rookery.editor.safety`) and idempotent; on those changed only in layout
(spaces, tabs, blank lines, ``\\`` continuations, indentation, section order) the result
must be the very text the original formats to.

    python fuzz/fuzz_fmt.py --count 1000 --seed 7
"""

from __future__ import annotations

import random
import re
import sys
import warnings
from pathlib import Path

from _common import Tally, arguments, counted, limit_memory

BAD = ("traceback", "hang", "over-1GB", "unsafe", "layout-changed-the-result")
ROOT = Path(__file__).resolve().parent.parent
GAPS = (" ", " ", "  ", "\t", "   ", " \t ")
# A line's pieces: strings, a comment, the punctuation the grammar lets stand apart, words.
PIECE = re.compile(r'"[^"\n]*"|#.*|\.\.|>=|<=|==|!=|[=,()<>*+]|'
                   r'[^\s"#=,()<>*+.]+(?:\.[^\s"#=,()<>*+.]+)*')
NUMBERS = ("0", "1", "2", "5", "7", "10", "14", "20", "50", "100", "180", "300", "500")


def shipped_specs() -> list[Path]:
    """The specs the project ships that check (the tutorial's broken file aside)."""
    folders = [ROOT / "specs", ROOT / "specs" / "options", ROOT / "conformance" / "house"]
    files = [p for folder in folders for p in sorted(folder.glob("*.rook"))]
    return files + [ROOT / "docs" / "house-rules" / "club.rook",
                    *sorted((ROOT / "conformance" / "examples").glob("*/*.rook"))]


def is_valid(text: str, path: Path) -> bool:
    """A variant that checks, or an option that parses."""
    from rookery.errors import RookeryError
    from rookery.language.load import load_text
    from rookery.language.parse import parse_text

    try:
        if parse_text(text, str(path)).kind == "option":
            return True
        load_text(text, str(path))
        return True
    except RookeryError:
        return False


def respaced(line: str, rng: random.Random) -> str:
    """The line's pieces with random gaps between them (a section header stays whole)."""
    stripped = line.strip()
    if not stripped or re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*:\s*", stripped):
        return line
    pieces = PIECE.findall(stripped)
    indent = "" if line[:1] not in " \t" else rng.choice(("  ", " ", "\t", "      ", "   "))
    out = indent + pieces[0]
    for before, piece in zip(pieces, pieces[1:]):
        tight = piece in (",", ")", "..", "=") or before in ("(", "..", "=")
        out += ("" if tight and rng.random() < 0.5 else rng.choice(GAPS)) + piece
    return out + rng.choice(("", "", " ", "\t"))


def continued(line: str, rng: random.Random) -> str:
    """A clause line broken in two with a ``\\`` at a gap between pieces."""
    if not line.startswith((" ", "\t")) or "#" in line or line.strip().endswith(":"):
        return line
    gaps = [m.start() for m in re.finditer(r"[ \t]+", line.strip())]
    if not gaps:
        return line
    indent = line[:len(line) - len(line.lstrip())]
    body = line.strip()
    cut = rng.choice(gaps)
    return indent + body[:cut] + " \\\n" + rng.choice(("    ", "\t", "  ")) + body[cut:].lstrip()


def sections_of(lines: list[str]) -> tuple[list[str], list[list[str]]]:
    """The header lines and each section's lines (its header line first)."""
    head: list[str] = []
    blocks: list[list[str]] = []
    for line in lines:
        if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*:\s*", line):
            blocks.append([line])
        elif blocks:
            blocks[-1].append(line)
        else:
            head.append(line)
    return head, blocks


def layout_only(text: str, rng: random.Random) -> str:
    """The same spec in another layout: spaces, blank lines, continuations, indentation,
    section order."""
    head, blocks = sections_of(text.splitlines())
    if rng.random() < 0.5:
        rng.shuffle(blocks)
    lines = head + [line for block in blocks for line in [""] * rng.randint(0, 2) + block]
    out = []
    for line in lines:
        if rng.random() < 0.5:
            line = respaced(line, rng)
        if rng.random() < 0.15:
            line = continued(line, rng)
        out.append(line)
        if rng.random() < 0.1:
            out.append(rng.choice(("", "   ", "\t")))
    return "\n".join(out) + rng.choice(("\n", "\n\n", ""))


def rewritten(text: str, rng: random.Random) -> str:
    """The spec with comments added, citations moved to note lines, parentheses around a
    formula, numbers changed and clauses dropped (the caller keeps it only if valid)."""
    lines = text.splitlines()
    for _ in range(rng.randint(1, 6)):
        i = rng.randrange(len(lines))
        kind = rng.randrange(6)
        if kind == 0:
            lines.insert(i, rng.choice(("", "  ", "    ")) + '# a note, "with # inside"')
        elif kind == 1 and '"' not in lines[i] and "#" not in lines[i] and lines[i].strip():
            lines[i] += rng.choice(("  # why", " #x", '\t# "quoted"'))
        elif kind == 2 and re.match(r"\s+\S.*\S\s+per ", lines[i]):
            code, citation = re.split(r"\s+(?=per )", lines[i], maxsplit=1)
            lines[i:i + 1] = [code, "      " + citation]
        elif kind == 3 and re.match(r"\s+(made|bidders|defenders):", lines[i]):
            key, rest = lines[i].split(":", 1)
            formula, _, notes = rest.partition(" per ")
            lines[i] = f"{key}: ({formula.strip()})" + (f"  per {notes}" if notes else "")
        elif kind == 4:
            lines[i] = re.sub(r"\b\d+\b", lambda m: rng.choice(NUMBERS), lines[i], count=1)
        elif kind == 5 and lines[i].startswith("  ") and not lines[i].startswith("   "):
            del lines[i]
    return "\n".join(lines) + "\n"


def trial(path: Path, original: str, rng: random.Random, tally: Tally) -> bool:
    """One valid spec formatted and checked; False (nothing counted) when 20 rewrites of
    ``original`` in a row were not valid."""
    from rookery.editor.fmt import format_spec
    from rookery.editor.layout import format_text
    from rookery.editor.safety import FormatUnsafe

    kind = "layout-only" if rng.random() < 0.5 else "rewritten"
    for _ in range(20):     # a rewritten spec that is no longer valid is drawn again
        text = layout_only(original, rng) if kind == "layout-only" else \
            layout_only(rewritten(original, rng), rng)
        if is_valid(text, path):
            break
    else:
        return False
    with counted(tally, text, 20):
        try:
            result = format_spec(text, str(path))
            if format_text(result.text, str(path)) != result.text:
                raise FormatUnsafe("formatting twice changed the text")
        except FormatUnsafe as error:
            tally.surprise("unsafe", error, text)
            return True
        if kind == "layout-only" and result.text != format_text(original, str(path)):
            tally.surprise("layout-changed-the-result", AssertionError(path.name), text)
            return True
        checked = ("already canonical" if not result.changed else "variant compared"
                   if result.unchecked is None else "clauses compared")
        tally.add(f"{kind}: safe ({checked})")
    return True


def main() -> int:
    args = arguments(__doc__.splitlines()[0], count=1000, budget=900.0)
    warnings.simplefilter("ignore")
    limit_memory()
    rng = random.Random(args.seed)
    specs = [(p, p.read_text(encoding="utf-8")) for p in shipped_specs()]
    tally = Tally("fuzz_fmt", args.budget, args.count)
    passed_over = 0
    while tally.more():
        path, text = rng.choice(specs)
        passed_over += not trial(path, text, rng, tally)
    print(f"(every trial is a valid spec; {passed_over} draws of a spec whose 20 rewrites "
          "were all invalid were passed over)")
    return tally.summary(BAD)


if __name__ == "__main__":
    sys.exit(main())
