"""rookery: the rules of the Rook card game family as data.

>>> import rookery
>>> variant = rookery.load_variant("tournament")
>>> hand = rookery.deal_hand(variant, seed=1)
>>> hand.phase, hand.to_act
('bidding', 1)
>>> hand.apply("bid 70")[0].kind
'bid'
"""

from .engine import PASS, Action, Event, Game, Hand, HandResult, deal_hand
from .errors import IllegalAction, RookeryError, SpecError, SpecWarning, UsageError
from .load import builtin_variants, load_text, load_variant
from .model import Variant
from .lint import spec_warnings

__version__ = "0.1.0"

__all__ = ["load_variant", "load_text", "builtin_variants", "Variant", "Hand", "Game",
           "Action", "Event", "PASS", "HandResult", "deal_hand", "IllegalAction",
           "SpecError", "SpecWarning", "spec_warnings", "RookeryError", "UsageError",
           "__version__"]
