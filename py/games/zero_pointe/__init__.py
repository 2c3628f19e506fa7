"""Zéro Pointé: a 3 × 4 grid of cards from −2 to 12, the lowest total wins (rules/zero-pointe.md)."""
from engine import registry
from games.zero_pointe.cards import card_value
from games.zero_pointe.game import ZERO_POINTE
from games.zero_pointe.moves import parse_move

registry.register(ZERO_POINTE)

__all__ = ["ZERO_POINTE", "card_value", "parse_move"]
