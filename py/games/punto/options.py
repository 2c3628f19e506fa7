"""Punto's new-game options (default first) and their cross-checks."""
from engine.errors import BadOptions
from engine.options import Option, resolve

OPTIONS = (
    Option("players", 2, choices=(2, 3, 4)),
    Option("teams", False, choices=(False, True)),
    Option("rounds_to_win", 2, choices=(2, 1)),
    Option("line_two", 5, choices=(5, 4)),
    Option("tie_break", "fewer", choices=("fewer", "more")),
    Option("first_player", 0, choices=(0, 1, 2, 3, "random")),
)


def check(given: dict) -> dict:
    options = resolve(OPTIONS, given)
    if options["teams"] and options["players"] != 4:
        raise BadOptions("teams", "teams need four players")
    first = options["first_player"]
    if first != "random" and first >= options["players"]:
        players = options["players"]
        raise BadOptions("first_player", f"seat {first} does not exist with {players} players")
    return options
