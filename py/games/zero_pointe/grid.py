"""A player's grid: 3 rows × 4 columns kept as a flat tuple of 12 slots, index row * 4 + col.

A slot is None once its column is removed (coordinates never shift), else ``(card, face_up)``.
"""
from games.zero_pointe.cards import card_value
from games.zero_pointe.schema import COLS, ROWS, Card, Slot

SIZE = ROWS * COLS

StateSlot = tuple[str, bool] | None  # (card, face up), None once its column is removed
Grid = tuple[StateSlot, ...]


def index(row: int, col: int) -> int:
    return row * COLS + col


def coords(i: int) -> tuple[int, int]:
    return divmod(i, COLS)


_COLUMNS = tuple(tuple(index(row, col) for row in range(ROWS)) for col in range(COLS))


def column(col: int) -> tuple[int, ...]:
    """The slot indexes of a column, top to bottom."""
    return _COLUMNS[col]


def dealt(cards: list[str]) -> Grid:
    return tuple((card, False) for card in cards)


def face_down(grid: Grid) -> list[int]:
    return [i for i, slot in enumerate(grid) if slot is not None and not slot[1]]


def filled(grid: Grid) -> list[int]:
    return [i for i, slot in enumerate(grid) if slot is not None]


def face_up_values(grid: Grid) -> list[int]:
    return [card_value(slot[0]) for slot in grid if slot is not None and slot[1]]


def put(grid: Grid, i: int, slot: StateSlot) -> Grid:
    return grid[:i] + (slot,) + grid[i + 1:]


def turned(grid: Grid, i: int) -> Grid:
    slot = grid[i]
    assert slot is not None
    return put(grid, i, (slot[0], True))


def revealed(grid: Grid) -> Grid:
    return tuple(None if slot is None else (slot[0], True) for slot in grid)


def removable_columns(grid: Grid) -> list[int]:
    """Columns whose three cards are face up and of one value, lowest column first."""
    out = []
    for col in range(COLS):
        slots = [grid[i] for i in column(col)]
        if all(s is not None and s[1] for s in slots) and len({card_value(s[0]) for s in slots if s}) == 1:
            out.append(col)
    return out


def without_column(grid: Grid, col: int) -> Grid:
    gone = set(column(col))
    return tuple(None if i in gone else slot for i, slot in enumerate(grid))


def score(grid: Grid) -> int:
    """The sum of every card still in the grid, face up or not."""
    return sum(card_value(slot[0]) for slot in grid if slot is not None)


def card_view(card: str) -> Card:
    return {"id": card, "value": card_value(card)}


def slot_view(slot: StateSlot) -> Slot:
    """A slot as a view shows it: None (removed), {"down": True} or the card."""
    if slot is None:
        return None
    return card_view(slot[0]) if slot[1] else {"down": True}


def rows_view(grid: Grid) -> list[list[Slot]]:
    """The grid as the view shows it: 3 rows of 4 slots."""
    return [[slot_view(grid[index(row, col)]) for col in range(COLS)] for row in range(ROWS)]
