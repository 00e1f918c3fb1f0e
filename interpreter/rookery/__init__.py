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

from .engine import PASS, Action, Event, Game, Hand, HandResult, deal_hand
from .errors import IllegalAction, RookeryError, SpecError, UsageError
from .load import builtin_variants, load_text, load_variant
from .model import Variant
from .options import builtin_options

__version__ = "0.1.0"

__all__ = ["load_variant", "load_text", "builtin_variants", "builtin_options", "Variant",
           "Hand", "Game", "Action", "Event", "PASS", "HandResult", "deal_hand", "IllegalAction",
           "SpecError", "RookeryError", "UsageError", "__version__"]
