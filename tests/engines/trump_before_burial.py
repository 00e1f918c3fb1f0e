"""An engine of another flow: Tournament Rook in which the bid winner names trump with
the nest in hand and lays its cards aside after (``trump: named after-taking-nest``, in
``trump_before_burial.rook`` beside it), where the spec lays the nest aside first.

Every other rule is the spec's, so the corpus must block or fail only the cases about
the order of those two acts (``tests/test_corpus_flow.py``), and a fuzzing run must learn
the order, play each hand on to its end and give the scoring rules their verdicts
(``tests/test_verdicts.py``)."""
from pathlib import Path

from _protocol import main

from rookery import load_variant

variant = load_variant(Path(__file__).with_suffix(".rook"))
main(variants={variant.id: variant})
