"""Zéro Pointé's new-game options, default first (rules/zero-pointe.md, "Options")."""
from engine.options import Option

OPTIONS = (
    Option("players", 2, choices=(2, 3, 4, 5, 6, 7, 8)),
    Option("target", 100, low=20, high=500),  # the match ends once a total reaches it
    Option("tie_doubled", False, choices=(False, True)),  # a closer tied for the lowest is penalised
    Option("multiplier", 2, choices=(2, 3, 1)),  # the closer's penalty (1: none)
    Option("later_starter", "highest", choices=("highest", "closer")),  # who starts rounds after the first
)
