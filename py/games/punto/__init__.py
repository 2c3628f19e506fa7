"""Punto: line up cards of your colour on a table that never outgrows 6 × 6 (rules/punto.md).

Importing this package registers the game.
"""
from engine import registry
from games.punto.cards import card_colour, card_value
from games.punto.game import Punto
from games.punto.moves import move_at, parse_move

PUNTO = registry.register(Punto())

__all__ = ["PUNTO", "card_colour", "card_value", "move_at", "parse_move"]
