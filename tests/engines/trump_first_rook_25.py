"""An engine of another flow with a scoring quirk: Tournament Rook in which the bid
winner names trump with the nest in hand, then lays cards aside, and the Rook is worth 25
points (``trump_first_rook_25.rook`` beside it).  The corpus must charge the cases about
the order to ``trump.named`` and every other failure to ``scoring.counters`` alone: the
hand replayed in the engine's order, never a group of scoring rules
(``tests/test_corpus_charge.py``)."""
from pathlib import Path

from _protocol import main

from rookery import load_variant

variant = load_variant(Path(__file__).with_suffix(".rook"))
main(variants={variant.id: variant})
