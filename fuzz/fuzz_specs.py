"""Specs, generated from the grammar (``hypothesis.extra.lark``) and mutated from the
built-in ones, through the whole pipeline: every spec must end as a variant that deals
and plays a hand to its end, or as a SpecError; never a traceback, a hang or a run over
1 GB.

    python fuzz/fuzz_specs.py --budget 600 --count 20000
"""

from __future__ import annotations

import random
import warnings

from _common import Tally, arguments, counted, limit_memory

import rookery
from rookery.errors import RookeryError
from rookery.language.load import builtin_variants
from rookery.resources import specs_dir
from rookery.language.vocabulary import SECTION_ORDER, SECTIONS

BAD = ("traceback", "hang", "over-1GB", "accepted-but-unplayable")
WORDS = sorted({key for keys in SECTIONS.values() for key in keys} | {
    "teams", "individual", "called", "none", "partner", "highest", "lowest", "left", "right",
    "bidder", "made", "taken", "bid", "counters", "forced", "unless", "trump", "ROOK", "R",
    "B", "Y", "G", "red", "black", "R14", "B5", "last", "rounds", "top", "bottom", "above"})
NUMBERS = ["0", "1", "2", "4", "5", "9", "10", "14", "70", "120", "300", "999999",
           "1000000", "9" * 4301, "00"]


def grammar_specs(seed: int):
    """Texts drawn from the grammar, every terminal spaced out so that tokens cannot
    run together."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st
    from hypothesis.extra.lark import from_lark
    from rookery.language.parse import _parser

    def spaced(strategy):
        return strategy.map(lambda text: f" {text} ")

    explicit = {
        "SECTION": st.sampled_from([f"{name}:" for name in SECTION_ORDER] + ["dekc:"]),
        "NAME": spaced(st.sampled_from(WORDS + builtin_variants()[:5])),
        "NUMBER": spaced(st.sampled_from(NUMBERS)),
        "STRING": spaced(st.sampled_from(['"Official rules"', '"x"', '""'])),
        "RULE_ID": spaced(st.sampled_from(["scoring.bonus", "play.x-y", "deck.ranks"])),
        "_NL": st.sampled_from(["\n", "\n  ", "  # note\n  "]),
    }
    for name in ("VARIANT", "EXTENDS", "SOURCE", "PER", "RULING", "AS", "IF", "THEN",
                 "ELSE", "AND", "OR", "NOT"):
        explicit[name] = st.just(f" {name.lower()} ")
    strategy = from_lark(_parser(), explicit=explicit)
    out: list[str] = []

    @settings(max_examples=10 ** 9, database=None, deadline=None, derandomize=True,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(text):
        out.append(text)
        if len(out) >= batch:
            raise _Enough

    batch = 200
    while True:
        out.clear()
        try:
            collect()
        except _Enough:
            pass
        yield from out


class _Enough(Exception):
    pass


def mutated_specs(seed: int):
    rng = random.Random(seed)
    texts = [path.read_text(encoding="utf-8") for path in sorted(specs_dir().glob("*.rook"))]
    ids = builtin_variants()
    while True:
        lines = rng.choice(texts).splitlines()
        for _ in range(rng.randint(1, 4)):
            lines = mutate(lines, rng, ids)
        yield "\n".join(lines) + "\n"


def mutate(lines: list[str], rng: random.Random, ids: list[str]) -> list[str]:
    lines = list(lines)
    i = rng.randrange(len(lines))
    kind = rng.randrange(9)
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif kind == 2:
        words = lines[i].split(" ")
        j = rng.randrange(len(words))
        words[j] = rng.choice(NUMBERS + WORDS + ["", "..", "=", ",", ":", "(", "\\"])
        lines[i] = " ".join(words)
    elif kind == 3:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 4:
        lines.insert(1, f"extends {rng.choice(ids)}")
    elif kind == 5:
        cut = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:cut] + rng.choice(["\x00", "é", "\t", '"', "#", "9" * 50,
                                                 "((((", "\ufeff"]) + lines[i][cut:]
    elif kind == 6:
        lines = lines[:i]
    elif kind == 7:
        digits = [k for k, c in enumerate(lines[i]) if c.isdigit()]
        if digits:
            k = rng.choice(digits)
            lines[i] = lines[i][:k] + rng.choice(NUMBERS) + lines[i][k + 1:]
    else:
        lines.insert(i, "  " + rng.choice(WORDS) + " " + rng.choice(NUMBERS + WORDS))
    return lines or ["variant x"]


def play_one_hand(variant, rng: random.Random) -> None:
    hand = rookery.deal_hand(variant, seed=rng.randrange(10 ** 6), dealer=0)
    while not hand.is_over:
        legal = hand.legal_actions()
        if not legal:
            raise AssertionError(f"no legal action in phase {hand.phase}")
        hand.apply(rng.choice(legal))
    if hand.result is None:
        raise AssertionError("the hand ended without a result")


def trial(text: str, rng: random.Random, tally: Tally, source: str) -> None:
    with counted(tally, text, 10):
        try:
            variant = rookery.load_text(text, f"<{source}>")
        except RookeryError:
            tally.add(f"{source}: refused")
            return
        try:
            play_one_hand(variant, rng)
        except Exception as error:  # noqa: BLE001 - counted
            tally.surprise("accepted-but-unplayable", error, text)
            return
        tally.add(f"{source}: accepted and played")


def main() -> int:
    args = arguments(__doc__.splitlines()[0], count=20_000, budget=600.0,
                     grammar_share=(float, 0.3, "share of grammar-generated specs"))
    warnings.simplefilter("ignore")
    limit_memory()
    rng = random.Random(args.seed)
    tally = Tally("fuzz_specs", args.budget, args.count)
    grammar, mutants = grammar_specs(args.seed), mutated_specs(args.seed)
    while tally.more():
        if rng.random() < args.grammar_share:
            trial(next(grammar), rng, tally, "grammar")
        else:
            trial(next(mutants), rng, tally, "mutant")
    return tally.summary(BAD)


if __name__ == "__main__":
    raise SystemExit(main())
