"""The High card game object: its declarations, and the protocol over this package's modules."""
from engine.game import HIGH_WINS, PRIVATE_HANDS, GameBase
from games.high_card import rules as rules_module
from games.high_card import state as state_module
from games.high_card import view as view_module
from games.high_card.options import OPTIONS


class HighCard(GameBase):
    id = "high-card"
    catalog_order = 99  # after every real game
    seats = (2, 4)
    information = PRIVATE_HANDS  # the hands; the stock is unknown to all
    scoring = HIGH_WINS
    options = OPTIONS
    levels = ("easy", "medium")
    rules = rules_module
    views = view_module
    states = state_module


GAME = HighCard()
