"""An engine that, after four passes, makes the dealer take the bid (``dealer_forced.rook``
beside it) where the spec throws the hand in.  Fuzz and the corpus must charge
``bidding.all-pass`` and no other rule, whatever phase the engine goes into next
(``tests/test_witnesses.py``)."""
from pathlib import Path

from _protocol import main

from rookery import load_variant

variant = load_variant(Path(__file__).with_suffix(".rook"))
main(variants={variant.id: variant})
