"""The interpreter: a variant's hands and games as state machines."""

from .actions import PASS, Action, Event
from .deal import deal_cards, deal_hand
from .game import Game
from .hand import Hand
from .scoring import HandResult, SideResult

__all__ = ["Action", "Event", "PASS", "Hand", "Game", "HandResult", "SideResult",
           "deal_hand", "deal_cards"]
