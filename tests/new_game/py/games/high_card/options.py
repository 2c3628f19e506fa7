"""High card's new-game options (default first)."""
from engine.options import Option

OPTIONS = (
    Option("players", 2, choices=(2, 3, 4)),
    Option("rounds", 1, choices=(1, 3)),
)
