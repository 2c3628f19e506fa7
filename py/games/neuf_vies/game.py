"""Neuf vies declares itself: the protocol of engine/game.py over rules.py, view.py and state.py."""
from engine.game import HIGH_WINS, PRIVATE_HANDS, GameBase
from games.neuf_vies import options as opts
from games.neuf_vies import rules as _rules
from games.neuf_vies import state as _states
from games.neuf_vies import view as _views
from games.neuf_vies.state import State
from games.neuf_vies.schema import View


class NeufVies(GameBase[State, View]):
    id = "neuf-vies"
    catalog_order = 4
    seats = (2, 6)
    information = PRIVATE_HANDS
    scoring = HIGH_WINS
    options = opts.OPTIONS
    levels = ("easy", "medium", "hard")
    rules = _rules
    views = _views
    states = _states

    def check_options(self, given: dict) -> dict:
        """The options resolved, and the first player checked against the player count."""
        return opts.check(given)


GAME = NEUF_VIES = NeufVies()
