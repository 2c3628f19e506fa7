"""Punto: line up cards of your colour on a table that never outgrows 6 × 6 (rules/punto.md)."""
from games.punto.cards import card_colour, card_value
from games.punto.game import Punto
from games.punto.schema import Cell, move_text, parse_move

GAME = PUNTO = Punto()

__all__ = ["GAME", "PUNTO", "Cell", "card_colour", "card_value", "move_text", "parse_move"]
