"""Move notation: the cell where the turned card goes, "x,y" ("0,0", "-1,2")."""
import re

from games.punto.errors import illegal

_MOVE = re.compile(r"(-?\d{1,3}),(-?\d{1,3})")


def move_at(x: int, y: int) -> str:
    return f"{x},{y}"


def parse_move(move) -> tuple:
    """(x, y) of a move; IllegalMove "punto.err.bad_move" on anything else."""
    found = _MOVE.fullmatch(move) if isinstance(move, str) else None
    if found is None:
        raise illegal("bad_move", move=str(move))
    return int(found.group(1)), int(found.group(2))
