"""An engine with one scoring quirk: Tournament Rook with the Rook worth 25 points
(``rook_worth_25.rook`` beside it).  Every result it states differs where the Rook is
taken, and a game ends where those totals take it: the corpus must charge each failure to
``scoring.counters`` alone, a game end judged from the engine's own totals
(``tests/test_corpus_charge.py``)."""
from pathlib import Path

from _protocol import main

from rookery import load_variant

variant = load_variant(Path(__file__).with_suffix(".rook"))
main(variants={variant.id: variant})
