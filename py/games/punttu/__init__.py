"""Punttu: a Basque trick game with the Spanish deck; the most points wins (rules/punttu.md)."""
from games.punttu.cards import value
from games.punttu.game import Punttu
from games.punttu.schema import parse_move

GAME = PUNTTU = Punttu()

__all__ = ["GAME", "PUNTTU", "Punttu", "parse_move", "value"]
