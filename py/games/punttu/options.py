"""Punttu's new-game options (default first) and their cross-check."""
from engine.errors import BadOptions
from engine.options import Option, resolve

OPTIONS = (
    Option("players", 2, choices=(2, 3, 4, 5, 6)),
    Option("match", "one_deal", choices=("one_deal", "to_points")),
    Option("target", 100, low=100, high=500),  # only read with "to_points"
    Option("memory_aid", False, choices=(False, True)),
    Option("dealer", "random", choices=("random", 0, 1, 2, 3, 4, 5)),  # the first deal's
)


def check(given: dict) -> dict:
    options = resolve(OPTIONS, given)
    dealer, players = options["dealer"], options["players"]
    if dealer != "random" and dealer >= players:
        raise BadOptions("dealer", f"seat {dealer} does not exist with {players} players")
    return options
