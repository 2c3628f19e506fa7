"""The move notation: "turn R C", "take R C", "draw", "keep R C", "reject", "remove C", "leave C"."""
from typing import NamedTuple

from games.zero_pointe.errors import illegal
from games.zero_pointe.grid import COLS, ROWS

# kind -> the coordinates it carries
SHAPES = {
    "turn": ("row", "col"),
    "take": ("row", "col"),
    "keep": ("row", "col"),
    "draw": (),
    "reject": (),
    "remove": ("col",),
    "leave": ("col",),
}
LIMITS = {"row": ROWS, "col": COLS}


class Move(NamedTuple):
    kind: str
    row: int | None = None
    col: int | None = None


def parse_move(move) -> Move:
    """The parsed move, or IllegalMove("zero_pointe.err.bad_move") on anything else."""
    parts = move.split(" ") if isinstance(move, str) else []
    shape = SHAPES.get(parts[0]) if parts else None
    if shape is None or len(parts) != len(shape) + 1:
        raise illegal("bad_move", move=str(move))
    coords = {}
    for name, text in zip(shape, parts[1:]):
        if not (text.isdigit() and text.isascii()) or int(text) >= LIMITS[name]:
            raise illegal("bad_move", move=move)
        coords[name] = int(text)
    return Move(parts[0], coords.get("row"), coords.get("col"))


def move_text(kind: str, row: int | None = None, col: int | None = None) -> str:
    shape = SHAPES[kind]
    values = {"row": row, "col": col}
    return " ".join([kind, *(str(values[name]) for name in shape)])
