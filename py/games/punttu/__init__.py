"""Punttu: a Basque trick game with the Spanish deck; the most points wins (rules/punttu.md)."""
from games.punttu.cards import value
from games.punttu.game import GAME, PUNTTU
from games.punttu.moves import parse_move

__all__ = ["GAME", "PUNTTU", "parse_move", "value"]
