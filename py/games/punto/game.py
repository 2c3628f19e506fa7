"""The Punto game object: what it declares; its protocol is rules.py, view.py and state.py."""
from engine.game import HIDDEN_PILES, HIGH_WINS, GameBase
from games.punto import options as opts
from games.punto import rules
from games.punto import state as states
from games.punto import view as views
from games.punto.state import State
from games.punto.schema import View


class Punto(GameBase[State, View]):
    id = "punto"
    catalog_order = 1
    seats = (2, 4)
    information = HIDDEN_PILES  # the decks' order; the turned card is public
    scoring = HIGH_WINS         # rounds won
    options = opts.OPTIONS
    levels = ("easy", "medium", "hard")
    # Each move draws the mover's next card: taking it back would let a player redraw (the
    # last few moves, with the deck out, are the only ones that show nothing new).
    undo = False
    counts_points = False  # a score is rounds won
    rules = rules
    views = views
    states = states

    def check_options(self, given: dict) -> dict:
        """The options resolved, and checked together (teams need four players; the first
        player must be a seat)."""
        return opts.check(given)
