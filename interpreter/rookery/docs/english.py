"""Small pieces of English the rules pages are written with: numbers in words, lists,
card and rank names, and scoring formulas read aloud.

Everything here is a plain function of the compiled model, so a rules page says what the
spec says and nothing the sources say in their own words.
"""

from __future__ import annotations

from ..language import ast
from ..language.model import Deck, Variant

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
          "ten", "eleven", "twelve")


def number(n: int) -> str:
    """``4`` -> ``four`` (up to twelve; larger numbers stay figures)."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def plural(n: int, word: str, words: str | None = None) -> str:
    """``plural(2, "card")`` -> ``two cards``."""
    return f"{number(n)} {word if n == 1 else (words or word + 's')}"


def listing(items: list[str] | tuple[str, ...], last: str = "and") -> str:
    """``["a", "b", "c"]`` -> ``a, b and c``."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def rank_runs(ranks: tuple[str, ...] | list[str]) -> str:
    """Ranks low to high, consecutive numbers folded: ``5 to 14, then 1``;
    ``2 to 10, J, Q, K, A``."""
    parts: list[str] = []
    run: list[int] = []

    def flush() -> None:
        if len(run) >= 3:
            parts.append(f"{run[0]} to {run[-1]}")
        else:
            parts.extend(str(r) for r in run)
        run.clear()

    for rank in ranks:
        if rank.isdigit() and run and int(rank) == run[-1] + 1:
            run.append(int(rank))
            continue
        flush()
        if rank.isdigit():
            run.append(int(rank))
        else:
            parts.append(rank)
    flush()
    return ", ".join(parts)


def out_of_order(ranks: tuple[str, ...]) -> list[tuple[str, str]]:
    """Numeric ranks placed above a larger number (``1`` above ``14``): (rank, below it)."""
    found = []
    numeric = [r for r in ranks if r.isdigit()]
    for i, rank in enumerate(numeric[1:], start=1):
        if int(rank) < int(numeric[i - 1]):
            found.append((rank, numeric[i - 1]))
    return found


def card_name(deck: Deck, code: str) -> str:
    """``R14`` -> ``the red 14``; the Rook's code -> ``the Rook``."""
    if code == deck.rook:
        return "the Rook"
    for color in deck.colors:
        rank = code[len(color.letter):]
        if code.startswith(color.letter) and rank in deck.ranks:
            # Suits named in the plural read "the 3 of spades"; Rook colors "the red 14".
            if color.name.endswith("s"):
                return f"the {rank} of {color.name}"
            return f"the {color.name} {rank}"
    return code


def card_with_code(deck: Deck, code: str) -> str:
    """``the red 14 (R14)``."""
    name = card_name(deck, code)
    return name if name == code else f"{name} (`{code}`)"


def color_names(deck: Deck) -> str:
    return listing([f"{c.name} (`{c.letter}`)" for c in deck.colors])


def side_words(variant: Variant) -> tuple[str, str]:
    """What a scoring side is called at this table: (one side, the other sides)."""
    table = variant.table
    if table.sides == "teams":
        return ("team", "the other team" if table.teams == 2 else "each other team")
    if table.sides == "individual":
        return ("player", "every other player")
    return ("side", "the other side")


def keeper_words(variant: Variant) -> tuple[str, str]:
    """Who keeps a score at this table, for the rules of the game's end: (one, the
    others).  With a called partner the sides change every hand and each player keeps
    a score of their own, so a total, a target reached or a low score is a player's."""
    if variant.table.sides == "called":
        return ("player", "every other player")
    return side_words(variant)


# -- formulas read aloud ---------------------------------------------------------------------

_QUANTITY = {
    "taken": "the points they took",
    "counters": "the counters they took",
    "tricks": "the number of tricks they took",
    "bid": "the bid",
    "total": "all the points of the hand",
    "all_tricks": "the number of tricks in the hand",
    "score": "their running score before the hand",
}
_COMPARE = {">=": "at least", "<=": "at most", ">": "more than", "<": "less than",
            "==": "exactly", "!=": "other than"}
_ARITH = {"+": "plus", "-": "minus", "*": "times"}


def condition(expr: ast.Expr) -> str:
    """A true/false formula as a clause: ``taken >= bid`` -> ``the points it took are
    at least the bid``."""
    if isinstance(expr, ast.Var) and expr.name == "made":
        return "the bid was made"
    if isinstance(expr, ast.Unary) and expr.op == "not":
        return f"it is not so that {condition(expr.operand)}"
    if isinstance(expr, ast.Binary) and expr.op in ("and", "or"):
        return f"{condition(expr.left)} {expr.op} {condition(expr.right)}"
    if isinstance(expr, ast.Binary) and expr.op in _COMPARE:
        verb = "are" if _is_plural(expr.left) else "is"
        return f"{amount(expr.left)} {verb} {_COMPARE[expr.op]} {amount(expr.right)}"
    if isinstance(expr, ast.If):
        return (f"{condition(expr.then)} when {condition(expr.condition)}, "
                f"and otherwise {condition(expr.otherwise)}")
    return amount(expr)


def _is_plural(expr: ast.Expr) -> bool:
    return isinstance(expr, ast.Var) and expr.name in ("taken", "counters")


def amount(expr: ast.Expr) -> str:
    """A number formula as a noun phrase: ``max(0, taken - bid)`` -> ``the larger of 0
    and the points it took minus the bid``."""
    if isinstance(expr, ast.Num):
        return str(expr.value)
    if isinstance(expr, ast.Var):
        return _QUANTITY.get(expr.name, expr.name)
    if isinstance(expr, ast.Unary) and expr.op == "-":
        return f"minus {amount(expr.operand)}"
    if isinstance(expr, ast.Binary) and expr.op in _ARITH:
        right = amount(expr.right)
        if isinstance(expr.right, ast.Binary) and expr.right.op in _ARITH:
            right = f"({right})"
        return f"{amount(expr.left)} {_ARITH[expr.op]} {right}"
    if isinstance(expr, ast.Call):
        word = "larger" if expr.name == "max" else "smaller"
        if len(expr.args) > 2:
            word = "largest" if expr.name == "max" else "smallest"
        return f"the {word} of " + listing([amount(a) for a in expr.args])
    if isinstance(expr, ast.If):
        return (f"{amount(expr.then)} if {condition(expr.condition)}, "
                f"otherwise {amount(expr.otherwise)}")
    return condition(expr)


def score_phrase(expr: ast.Expr) -> str:
    """What a side scores, as a verb phrase: ``-bid`` reads ``loses the bid``, an ``if``
    reads as two cases: ``scores the points it took if the bid was made, and otherwise
    loses the bid``."""
    if isinstance(expr, ast.If):
        return (f"{score_phrase(expr.then)} if {condition(expr.condition)}, "
                f"and otherwise {score_phrase(expr.otherwise)}")
    if isinstance(expr, ast.Unary) and expr.op == "-":
        return f"loses {amount(expr.operand)}"
    if isinstance(expr, ast.Num) and expr.value == 0:
        return "scores nothing"
    return f"scores {amount(expr)}"
