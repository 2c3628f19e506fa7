"""Zéro Pointé: a 3 × 4 grid of cards from −2 to 12, the lowest total wins (rules/zero-pointe.md)."""
from games.zero_pointe.cards import card_value
from games.zero_pointe.game import ZeroPointe
from games.zero_pointe.schema import parse_move

GAME = ZERO_POINTE = ZeroPointe()

__all__ = ["GAME", "ZERO_POINTE", "card_value", "parse_move"]
