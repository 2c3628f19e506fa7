"""The Punttu game: its declarations, and the modules engine.game.GameBase forwards the protocol to."""
from engine.game import HIGH_WINS, PRIVATE_HANDS, GameBase
from games.punttu import options as opts
from games.punttu import rules as _rules
from games.punttu import state as _states
from games.punttu import view as _views
from games.punttu.state import State
from games.punttu.schema import View


class Punttu(GameBase[State, View]):
    id = "punttu"
    catalog_order = 3
    seats = (2, 6)
    information = PRIVATE_HANDS  # the hands; the stock is unknown to all
    scoring = HIGH_WINS
    options = opts.OPTIONS
    levels = ("easy", "medium", "hard")
    rules = _rules
    views = _views
    states = _states

    def check_options(self, given: dict) -> dict:
        """The options resolved, and the first dealer one of the seats (options.check)."""
        return opts.check(given)
