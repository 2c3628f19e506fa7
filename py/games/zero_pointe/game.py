"""Zéro Pointé declared: its seats, information, scoring, options and levels, and the modules
that play it (``engine.game.GameBase`` forwards the protocol to them)."""
from engine.game import HIDDEN_PILES, LOW_WINS, GameBase
from games.zero_pointe import rules as _rules
from games.zero_pointe import state as _states
from games.zero_pointe import view as _views
from games.zero_pointe.options import OPTIONS
from games.zero_pointe.state import State
from games.zero_pointe.schema import View


class ZeroPointe(GameBase[State, View]):
    id = "zero-pointe"
    catalog_order = 2
    seats = (2, 8)
    information = HIDDEN_PILES  # face-down cards and the draw pile; a drawn card to the others
    scoring = LOW_WINS
    options = OPTIONS
    levels = ("easy", "medium", "hard")
    rules = _rules
    views = _views
    states = _states
