"""Punto: line up cards of your colour on a table that never outgrows 6 × 6 (rules/punto.md)."""
from games.punto.cards import card_colour, card_value
from games.punto.game import Punto
from games.punto.moves import move_at, parse_move

GAME = PUNTO = Punto()

__all__ = ["GAME", "PUNTO", "card_colour", "card_value", "move_at", "parse_move"]
