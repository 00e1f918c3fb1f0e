"""An engine of another flow: Tournament Rook, but the bid winner names trump with the
nest in hand and lays its five cards aside after (``trump: named after-taking-nest``),
where the rules lay the nest aside first.  Everything else it plays by the rules: the
corpus must block or fail only the cases about the order of those two acts."""
from _protocol import main

from rookery.language.load import load_text

SPEC = '''variant tournament "Tournament Rook, trump named before the burial"
extends tournament

trump:
  named after-taking-nest
    ruling "an engine of another flow, for the tests"
'''

main(variants={"tournament": load_text(SPEC, "trump_first.rook")})
