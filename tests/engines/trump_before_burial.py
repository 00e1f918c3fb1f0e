"""An engine with another order of the phases: Tournament Rook in which the bid winner
names trump with the nest in hand, before laying cards aside (the spec says after).
Every other rule is the spec's, so a fuzzing run must learn the order, play each hand on
to its end and give the scoring rules their verdicts."""
from pathlib import Path

from _protocol import main

from rookery import load_variant

variant = load_variant(Path(__file__).with_suffix(".rook"))
main(variants={variant.id: variant})
