"""The table's geometry, pure: the 6 × 6 limit, where a card may go, lines and series.

A board is a dict {(x, y): (card ids, bottom to top)}; x grows rightwards, y downwards. Functions
here never change the board they are given. Only top cards count for everything.
"""
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.punto.cards import card_colour, card_value
from games.punto.schema import BoardCell, Limits, Span

XY = tuple[int, int]
Board = dict[XY, tuple[str, ...]]
Box = tuple[int, int, int, int]  # (min_x, min_y, max_x, max_y)

SQUARE = 6
CENTRE = (0, 0)
NEIGHBOURS = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)
# Row, column and both diagonals; a run is walked both ways along each.
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def reading(cell: XY) -> XY:
    """Sort key of reading order: top row first, then left to right."""
    return cell[1], cell[0]


def top(board: Board, cell: XY) -> str | None:
    stack = board.get(cell)
    return stack[-1] if stack else None


def bounds(board: Board) -> Box | None:
    """(min_x, min_y, max_x, max_y) of the occupied cells, or None on an empty board."""
    if not board:
        return None
    xs = [x for x, _ in board]
    ys = [y for _, y in board]
    return min(xs), min(ys), max(xs), max(ys)


def area(box: Box) -> Box:
    """(min_x, min_y, max_x, max_y) of the cells a card may still occupy so that the table fits
    in the 6 × 6 square; any run of at most 6 cells inside it fits with the table."""
    min_x, min_y, max_x, max_y = box
    return max_x - SQUARE + 1, max_y - SQUARE + 1, min_x + SQUARE - 1, min_y + SQUARE - 1


def fits(box: Box | None, cell: XY) -> bool:
    """Whether the occupied cells plus ``cell`` still fit in the 6 × 6 square."""
    if box is None:
        return True
    low_x, low_y, high_x, high_y = area(box)
    return low_x <= cell[0] <= high_x and low_y <= cell[1] <= high_y


def why_illegal(board: Board, cell: XY, value: int) -> str | None:
    """None if a card of ``value`` may go on ``cell``, else the reason (an i18n key's tail)."""
    if not board:
        return None if cell == CENTRE else "first_card"
    covered = top(board, cell)
    if covered is not None:
        below = card_value(covered)
        if below == value:
            return "equal_value"
        return "not_lower" if below > value else None
    x, y = cell
    if not any((x + dx, y + dy) in board for dx, dy in NEIGHBOURS):
        return "not_adjacent"
    return None if fits(bounds(board), cell) else "outside_square"


def legal_cells(board: Board, value: int) -> list[XY]:
    """Every cell a card of ``value`` may go on, in reading order (see why_illegal)."""
    if not board:
        return [CENTRE]
    box = bounds(board)
    crushable = [cell for cell, stack in board.items() if card_value(stack[-1]) < value]
    touching = {(x + dx, y + dy) for x, y in board for dx, dy in NEIGHBOURS}
    free = [cell for cell in touching if cell not in board and fits(box, cell)]
    return sorted(crushable + free, key=reading)


def place(board: Board, cell: XY, card: str) -> Board:
    after = dict(board)
    after[cell] = board.get(cell, ()) + (card,)
    return after


def _colour_at(board: Board, cell: XY) -> str | None:
    card = top(board, cell)
    return card_colour(card) if card else None


def run_through(board: Board, cell: XY, direction: XY) -> list[XY]:
    """The maximal run of cells whose top card has the colour of ``cell``'s, along one direction."""
    colour = _colour_at(board, cell)
    dx, dy = direction
    x, y = cell
    while _colour_at(board, (x - dx, y - dy)) == colour:
        x, y = x - dx, y - dy
    cells = []
    while _colour_at(board, (x, y)) == colour:
        cells.append((x, y))
        x, y = x + dx, y + dy
    return cells


def winning_line(board: Board, cell: XY, length: int) -> list[XY]:
    """The cells of every run of at least ``length`` through ``cell`` (in reading order), or []."""
    if top(board, cell) is None:
        return []
    cells = set()
    for direction in DIRECTIONS:
        run = run_through(board, cell, direction)
        if len(run) >= length:
            cells.update(run)
    return sorted(cells, key=reading)


def series(board: Board, colour: str, length: int) -> list[list[XY]]:
    """Every maximal run of at least ``length`` top cards of ``colour``, each once (a longer run
    is one series; a card may be in runs of several directions)."""
    owned = {cell for cell, stack in board.items() if card_colour(stack[-1]) == colour}
    found = []
    for x, y in sorted(owned, key=reading):
        for dx, dy in DIRECTIONS:
            if (x - dx, y - dy) in owned:
                continue  # not the start of its run
            run = [(x, y)]
            while (run[-1][0] + dx, run[-1][1] + dy) in owned:
                run.append((run[-1][0] + dx, run[-1][1] + dy))
            if len(run) >= length:
                found.append(run)
    return found


def highest(board: Board, cells: Iterable[XY]) -> str:
    """The top card of highest value among ``cells``; between equals, the first in reading order."""
    best = min(cells, key=lambda c: (-card_value(board[c][-1]), reading(c)))
    return board[best][-1]


def longest_run(cells: Iterable[XY]) -> int:
    """The most of ``cells`` in a row along one direction (0 for none): how long a winning line
    is, when the card that completed it completed several."""
    found = set(cells)
    best = 0
    for x, y in found:
        for dx, dy in DIRECTIONS:
            if (x - dx, y - dy) in found:
                continue  # not the start of its run
            run = 1
            while (x + run * dx, y + run * dy) in found:
                run += 1
            best = max(best, run)
    return best


def limits(board: Board) -> Limits:
    """How much of the 6 × 6 square the table uses (``schema.Limits``): the columns and rows from
    one outermost card to the other, and whether the square is closed that way (six in use: no
    card may go beyond them)."""
    box = bounds(board)
    cols = box[2] - box[0] + 1 if box else 0
    rows = box[3] - box[1] + 1 if box else 0
    return {"size": SQUARE, "cols": cols, "rows": rows, "wall_x": cols >= SQUARE, "wall_y": rows >= SQUARE}


def span(board: Board, more: Sequence[XY] = ()) -> Span:
    """The box of the occupied cells and ``more`` (``schema.Span``), (0, 0) alone when both are
    empty: what the page draws of the table."""
    cells = list(board) + list(more) or [CENTRE]
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return {"left": min(xs), "top": min(ys), "right": max(xs), "bottom": max(ys)}


def from_cells(cells: Iterable[Mapping[str, Any]]) -> Board:
    """A board from its cells as views and saves list them ({"x", "y", "cards"})."""
    return {(cell["x"], cell["y"]): tuple(cell["cards"]) for cell in cells}


def to_cells(board: Board) -> list[BoardCell]:
    """The board as views and saves list it: [{"x", "y", "cards"}...] in reading order."""
    return [{"x": x, "y": y, "cards": list(board[(x, y)])} for x, y in sorted(board, key=reading)]
