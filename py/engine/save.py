"""The save envelope: a game's JSON, who sits where and the screen's own notes (which round
end was already shown, the options to offer again), with a format version.

The page stores ``dump(...)`` in localStorage and reads it back with ``load``; anything that
cannot be trusted raises BadSave with a reason, so the screen can keep it aside and say why.
"""
from engine import registry
from engine.errors import BadSave

FORMAT = 1
SEAT_KINDS = ("human", "easy", "medium")
NAME_MAX = 24


def dump(game, state, seats: list, screen: dict) -> dict:
    return {"format": FORMAT, "game": game.id, "seats": seats, "screen": screen,
            "state": game.to_json(state)}


def check_seats(seats, count: int) -> list:
    if not isinstance(seats, list) or len(seats) != count:
        raise BadSave(f"expected {count} seats")
    for seat in seats:
        if not isinstance(seat, dict) or seat.get("kind") not in SEAT_KINDS:
            raise BadSave(f"bad seat {seat!r}")
        name = seat.get("name")
        if not isinstance(name, str) or len(name) > NAME_MAX:
            raise BadSave("bad player name")
    return seats


def load(data) -> tuple:
    """``(game, state, seats, screen)`` from a dumped dict, or BadSave saying what is wrong."""
    if not isinstance(data, dict):
        raise BadSave("not a saved game")
    if data.get("format") != FORMAT:
        raise BadSave(f"save format {data.get('format')!r}, this version reads {FORMAT}")
    try:
        game = registry.get(data.get("game"))
    except ValueError as err:
        raise BadSave(str(err)) from None
    try:
        state = game.from_json(data.get("state"))
    except BadSave:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as err:
        raise BadSave(f"unreadable game state ({err})") from None
    screen = data.get("screen")
    if not isinstance(screen, dict):
        raise BadSave("no screen notes")
    return game, state, check_seats(data.get("seats"), game.players(state)), screen
