"""The move notation (see the package docstring): parsing and writing moves."""
from typing import NamedTuple

from games.neuf_vies.cards import is_card
from games.neuf_vies.columns import SLOTS
from games.neuf_vies.errors import illegal

MAX_SEATS = 6
SHAPES = {
    "place": ("card", "seat", "col"),
    "discard": ("card",),
    "counter": ("card",),
    "allow": (),
    "renew": ("card",),
    "stop": (),
    "put": ("col",),
}
_LIMITS = {"seat": MAX_SEATS, "col": SLOTS}


class Move(NamedTuple):
    kind: str
    card: str | None = None
    seat: int | None = None
    col: int | None = None


def parse_move(move) -> Move:
    """The parsed move, or IllegalMove("neuf_vies.err.bad_move")."""
    parts = move.split(" ") if isinstance(move, str) else []
    shape = SHAPES.get(parts[0]) if parts else None
    if shape is None or len(parts) != len(shape) + 1:
        raise illegal("bad_move", move=str(move)[:40])
    fields = {}
    for name, text in zip(shape, parts[1:]):
        if name == "card":
            if not is_card(text):
                raise illegal("bad_move", move=move[:40])
            fields[name] = text
        elif text.isascii() and text.isdigit() and int(text) < _LIMITS[name]:
            fields[name] = int(text)
        else:
            raise illegal("bad_move", move=move[:40])
    return Move(parts[0], **fields)


def move_text(kind: str, card: str | None = None, seat: int | None = None,
              col: int | None = None) -> str:
    values = {"card": card, "seat": seat, "col": col}
    return " ".join([kind, *(str(values[name]) for name in SHAPES[kind])])
