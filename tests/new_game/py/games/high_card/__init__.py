"""High card: a few cards each, one a trick, the highest card takes the trick's points; the most
points wins. The smallest complete game: tests/test_new_game.py adds it to a copy of the site to
show that a new game needs its own files only (README, "Adding a game")."""
from games.high_card.game import GAME

__all__ = ["GAME"]
