"""The formula language of scoring clauses: checked statically, compiled to closures.

A formula such as ``if taken >= bid then taken else -bid`` is checked once (every name
must be a known quantity, conditions must be true/false, amounts must be numbers) and
compiled into nested Python closures.  Nothing in a spec is ever executed as code: the
closures only combine the values the engine passes in.
"""

from __future__ import annotations

import difflib
import operator
from collections.abc import Callable, Mapping

from . import ast
from ..errors import Span, SpecError

# Quantities a scoring formula may read, with their type and meaning.
QUANTITIES: dict[str, tuple[str, str]] = {
    "taken": ("number", "points the side took: counters, trick points and bonuses"),
    "counters": ("number", "points of the counter cards the side took (nest included)"),
    "tricks": ("number", "tricks the side took"),
    "bid": ("number", "the winning bid (the contract)"),
    "total": ("number", "points available in the hand"),
    "all_tricks": ("number", "tricks in the hand"),
    "score": ("number", "the side's running score before the hand"),
    "made": ("bool", "whether the bidding side made its bid"),
}

FUNCTIONS = {"min": min, "max": max}

_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul}
_COMPARE = {">=": operator.ge, "<=": operator.le, "==": operator.eq, "!=": operator.ne,
            ">": operator.gt, "<": operator.lt}

Compiled = Callable[[Mapping[str, int | bool]], int | bool]


def compile_formula(expr: ast.Expr, want: str, allowed: set[str] | None = None) -> Compiled:
    """Check ``expr`` yields ``want`` ("number" or "bool") and compile it."""
    allowed = set(QUANTITIES) if allowed is None else allowed
    kind, fn = _compile(expr, allowed)
    fn.tree = expr          # the checked tree, for :func:`python_expression`
    if kind != want:
        raise SpecError(f"this formula gives a {_word(kind)}, but a {_word(want)} is needed",
                        _where(expr), expected=f"a formula giving a {_word(want)}",
                        hint="conditions use comparisons (taken >= bid); amounts use numbers "
                             "and quantities (taken, bid, ...)", code="formula-type")
    return fn


def _where(expr: ast.Expr) -> Span:
    """The span of ``expr`` showing the formula text it stands for."""
    return Span(expr.span.file, expr.span.line, expr.span.column, render(expr))


def _word(kind: str) -> str:
    return "true/false condition" if kind == "bool" else "number"


def _compile(expr: ast.Expr, allowed: set[str]) -> tuple[str, Compiled]:
    if isinstance(expr, ast.Num):
        value = expr.value
        return "number", lambda env: value
    if isinstance(expr, ast.Var):
        name = expr.name
        if name in QUANTITIES and name not in allowed:
            raise SpecError(f"'{name}' cannot be read in this formula", expr.span,
                            expected="one of " + ", ".join(sorted(allowed)),
                            hint=f"'{name}' is worked out by this formula itself; compare "
                                 "amounts instead (taken >= bid)", code="unknown-quantity")
        if name not in allowed:
            close = difflib.get_close_matches(name, sorted(allowed), n=1)
            raise SpecError(f"unknown quantity '{name}' in formula",
                            expr.span, expected="one of " + ", ".join(sorted(allowed)),
                            hint=f"did you mean '{close[0]}'?" if close else
                            "formulas read only the quantities listed", code="unknown-quantity")
        return QUANTITIES[name][0], lambda env: env[name]
    if isinstance(expr, ast.Unary):
        kind, inner = _compile(expr.operand, allowed)
        if expr.op == "not":
            _need(kind, "bool", expr)
            return "bool", lambda env: not inner(env)
        _need(kind, "number", expr)
        return "number", lambda env: -inner(env)
    if isinstance(expr, ast.Binary):
        lk, left = _compile(expr.left, allowed)
        rk, right = _compile(expr.right, allowed)
        if expr.op in ("and", "or"):
            _need(lk, "bool", expr.left)
            _need(rk, "bool", expr.right)
            if expr.op == "and":
                return "bool", lambda env: left(env) and right(env)
            return "bool", lambda env: left(env) or right(env)
        if expr.op in _COMPARE:
            if expr.op in ("==", "!=") and lk == rk:
                fn = _COMPARE[expr.op]
                return "bool", lambda env: fn(left(env), right(env))
            _need(lk, "number", expr.left)
            _need(rk, "number", expr.right)
            fn = _COMPARE[expr.op]
            return "bool", lambda env: fn(left(env), right(env))
        _need(lk, "number", expr.left)
        _need(rk, "number", expr.right)
        fn = _ARITH[expr.op]
        return "number", lambda env: fn(left(env), right(env))
    if isinstance(expr, ast.If):
        ck, cond = _compile(expr.condition, allowed)
        _need(ck, "bool", expr.condition)
        tk, then = _compile(expr.then, allowed)
        ek, otherwise = _compile(expr.otherwise, allowed)
        if tk != ek:
            raise SpecError("the two branches of 'if' give different kinds of value", _where(expr),
                            expected=f"both branches giving a {_word(tk)}",
                            hint="write both branches as amounts, or both as conditions",
                            code="formula-type")
        return tk, lambda env: then(env) if cond(env) else otherwise(env)
    if isinstance(expr, ast.Call):
        if expr.name not in FUNCTIONS:
            raise SpecError(f"unknown function '{expr.name}'", expr.span,
                            expected="min(...) or max(...)",
                            hint="formulas have no user functions; only min and max",
                            code="unknown-function")
        if len(expr.args) < 2:
            raise SpecError(f"{expr.name}() needs at least two amounts", expr.span,
                            expected=f"{expr.name}(a, b)", hint="for example max(0, taken - bid)",
                            code="formula-arity")
        parts = [_compile(a, allowed) for a in expr.args]
        for (kind, _), arg in zip(parts, expr.args):
            _need(kind, "number", arg)
        fns = tuple(fn for _, fn in parts)
        builtin = FUNCTIONS[expr.name]
        return "number", lambda env: builtin(f(env) for f in fns)
    raise AssertionError(f"unknown formula node {expr!r}")


# -- the same formula as one Python function (issue 21) ------------------------------------

# A tree deeper than this keeps its closures: Python's own compiler has a nesting limit.
_DEEPEST = 40

_PYTHON_OPS = {"+": "+", "-": "-", "*": "*", "and": "and", "or": "or", ">=": ">=", "<=": "<=",
               "==": "==", "!=": "!=", ">": ">", "<": "<"}


def python_expression(compiled: Compiled, names: Mapping[str, str]) -> str | None:
    """The formula ``compiled`` as a Python expression in which each quantity is the
    caller's ``names[quantity]`` (a local name or a number of its own); or ``None`` for a
    formula too deep for Python's compiler, or a function :func:`compile_formula` did not
    make.  Evaluated with Python's ``min`` and ``max``, it gives what ``compiled(env)``
    gives for the same values (a playout's scorer, ``engine/fast_scoring.py``).

    The expression is written from the checked tree only, never from the spec's text:
    every number is a Python ``int`` written back by ``repr``, every quantity one of the
    caller's names, every operator and function one of a fixed table, and every operation
    in parentheses, so Python's precedence and chained comparisons never apply.  The
    closures stay what the interpreter reads (``engine/scoring.py``);
    ``tests/test_engine_fast.py`` compares the two on every built-in and house formula."""
    tree = getattr(compiled, "tree", None)
    if tree is None:
        return None
    try:
        return _python(tree, 0, names)
    except _NotWritten:
        return None     # the closures serve


def python_type(compiled: Compiled, bools: frozenset[str] = frozenset()) -> type | None:
    """``int`` or ``bool`` where the checked tree of ``compiled`` always gives a value of
    that type (the quantities named in ``bools`` being booleans, every other one a whole
    number), else ``None``: where it is known, a written-out scorer needs no ``int()``
    or ``bool()`` around the expression (:func:`python_expression`)."""
    tree = getattr(compiled, "tree", None)
    return None if tree is None else _type(tree, bools, 0)


def _type(expr: ast.Expr, bools: frozenset[str], depth: int) -> type | None:
    if depth > _DEEPEST:
        return None
    depth += 1
    if isinstance(expr, ast.Num):
        return int if type(expr.value) is int else None
    if isinstance(expr, ast.Var):
        return bool if expr.name in bools else int
    if isinstance(expr, ast.Unary):
        return bool if expr.op == "not" else int      # -True is 1's negation, an int
    if isinstance(expr, ast.Binary):
        if expr.op in _ARITH:
            return int                                  # True + 1 is an int as well
        if expr.op in _COMPARE:
            return bool
        # and, or: one operand or the other, as it is
        return _same(_type(expr.left, bools, depth), _type(expr.right, bools, depth))
    if isinstance(expr, ast.If):
        return _same(_type(expr.then, bools, depth), _type(expr.otherwise, bools, depth))
    if isinstance(expr, ast.Call) and expr.args:
        # min and max give one of their arguments, as it is
        found = _type(expr.args[0], bools, depth)
        for arg in expr.args[1:]:
            found = _same(found, _type(arg, bools, depth))
        return found
    return None


def _same(one: type | None, other: type | None) -> type | None:
    return one if one is other else None


class _NotWritten(Exception):
    """A tree :func:`python_expression` does not write out (too deep, or not a checked
    one)."""


def _python(expr: ast.Expr, depth: int, names: Mapping[str, str]) -> str:
    """``expr`` as a Python expression (see :func:`python_expression`)."""
    if depth > _DEEPEST:
        raise _NotWritten
    depth += 1
    if isinstance(expr, ast.Num):
        if type(expr.value) is not int:
            raise _NotWritten
        return f"({expr.value!r})"
    if isinstance(expr, ast.Var):
        if expr.name not in names:
            raise _NotWritten
        return names[expr.name]
    if isinstance(expr, ast.Unary):
        operand = _python(expr.operand, depth, names)
        if expr.op not in ("not", "-"):
            raise _NotWritten
        return f"(not {operand})" if expr.op == "not" else f"(-{operand})"
    if isinstance(expr, ast.Binary):
        if expr.op not in _PYTHON_OPS:
            raise _NotWritten
        return f"({_python(expr.left, depth, names)} {_PYTHON_OPS[expr.op]} " \
               f"{_python(expr.right, depth, names)})"
    if isinstance(expr, ast.If):
        return f"({_python(expr.then, depth, names)} if " \
               f"{_python(expr.condition, depth, names)} else " \
               f"{_python(expr.otherwise, depth, names)})"
    if isinstance(expr, ast.Call):
        if expr.name not in FUNCTIONS or len(expr.args) > _DEEPEST:
            raise _NotWritten
        return f"{expr.name}({', '.join(_python(a, depth, names) for a in expr.args)})"
    raise _NotWritten


def _need(kind: str, want: str, expr: ast.Expr) -> None:
    if kind != want:
        raise SpecError(f"a {_word(want)} is needed here, but this gives a {_word(kind)}",
                        _where(expr), expected=f"a {_word(want)}",
                        hint="compare amounts to get a condition (taken >= bid); "
                             "use 'if ... then ... else ...' to turn a condition into an amount",
                        code="formula-type")


def render(expr: ast.Expr) -> str:
    """The formula written back as text (for docs and exports)."""
    if isinstance(expr, ast.Num):
        return str(expr.value)
    if isinstance(expr, ast.Var):
        return expr.name
    if isinstance(expr, ast.Unary):
        return f"not {render(expr.operand)}" if expr.op == "not" else f"-{render(expr.operand)}"
    if isinstance(expr, ast.Binary):
        return f"{_wrap(expr.left)} {expr.op} {_wrap(expr.right)}"
    if isinstance(expr, ast.If):
        return f"if {render(expr.condition)} then {render(expr.then)} else {render(expr.otherwise)}"
    if isinstance(expr, ast.Call):
        return f"{expr.name}({', '.join(render(a) for a in expr.args)})"
    raise AssertionError(expr)


def _wrap(expr: ast.Expr) -> str:
    text = render(expr)
    return f"({text})" if isinstance(expr, (ast.Binary, ast.If)) else text
