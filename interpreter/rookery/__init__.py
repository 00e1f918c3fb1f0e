"""rookery: the rules of the Rook card game family as data.

>>> import rookery
>>> variant = rookery.load_variant("tournament")
>>> hand = rookery.deal_hand(variant, seed=1)
>>> hand.phase, hand.to_act
('bidding', 1)
>>> hand.apply("bid 70")[0].kind
'bid'
>>> rookery.load_variant("kentucky-rook+rook-low").trump.rook   # a base with an option
'lowest'
"""

from .lazy import lazy_names

__version__ = "0.1.0"

# Each public name and the module it comes from.  A name is imported when first used,
# so that ``rookery --help`` and other light commands do not load the engine and the
# parser (and their libraries) for nothing.
_PUBLIC = {
    "PASS": "engine", "Action": "engine", "Event": "engine", "Game": "engine",
    "Hand": "engine", "HandResult": "engine", "deal_hand": "engine",
    "IllegalAction": "errors", "RookeryError": "errors", "SpecError": "errors",
    "UsageError": "errors", "SpecWarning": "errors",
    "spec_warnings": "language.lint",
    "builtin_variants": "language.load", "load_text": "language.load",
    "load_variant": "language.load", "Variant": "language.model",
    "builtin_options": "language.options",
}

__all__ = ["load_variant", "load_text", "builtin_variants", "builtin_options", "Variant",
           "Hand", "Game", "Action", "Event", "PASS", "HandResult", "deal_hand", "IllegalAction",
           "SpecError", "SpecWarning", "spec_warnings", "RookeryError", "UsageError",
           "__version__"]


__getattr__, __dir__ = lazy_names(__name__, _PUBLIC)
