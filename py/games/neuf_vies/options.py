"""Neuf vies' new-game options (default first) and their cross-check."""
from engine.errors import BadOptions
from engine.options import Option, resolve

OPTIONS = (
    Option("players", 2, choices=(2, 3, 4, 5, 6)),
    Option("first_player", 0, choices=(0, 1, 2, 3, 4, 5, "random")),
)


def check(given: dict) -> dict:
    options = resolve(OPTIONS, given)
    first = options["first_player"]
    if first != "random" and first >= options["players"]:
        players = options["players"]
        raise BadOptions("first_player", f"seat {first} does not exist with {players} players")
    return options
