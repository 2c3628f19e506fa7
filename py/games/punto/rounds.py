"""How a round ends: a winning line, or a blocked round decided by series (rules §A round 5-6),
and how the seats rank in it."""
from dataclasses import dataclass

from games.punto import board as geo
from games.punto.board import XY, Board
from games.punto.cards import card_value
from games.punto.modes import Mode


@dataclass(frozen=True)
class Ending:
    result: str            # "line", "series", "points" or "draw"
    why_blocked: str | None
    side: int | None       # index of the winning side in mode.sides
    seat: int | None       # the winning seat: takes the trophy, the next round starts after it
    line: list[XY]         # cells of the winning line
    series: list[list[list[XY]]]  # per side, its series (lists of cells)
    points: list[int]      # per side, the value of its series cards, each card once
    trophy: str | None


def count_series(board: Board, mode: Mode) -> tuple[list[list[list[XY]]], list[int]]:
    """(series per side, points per side) of the board as it stands."""
    runs, points = [], []
    for colours in mode.side_colours:
        found = [run for colour in colours for run in geo.series(board, colour, mode.series_length)]
        cells = {cell for run in found for cell in run}
        runs.append(found)
        points.append(sum(card_value(board[cell][-1]) for cell in cells))
    return runs, points


def by_line(board: Board, mode: Mode, seat: int, line: list[XY]) -> Ending:
    runs, points = count_series(board, mode)
    return Ending("line", None, mode.side_of(seat), seat, line, runs, points,
                  geo.highest(board, line))


def blocked(board: Board, mode: Mode, tie_break: str, stuck: int, why: str) -> Ending:
    """The round ended because seat ``stuck`` had no card or nowhere to put it."""
    runs, points = count_series(board, mode)
    most = max(len(found) for found in runs)
    tied = [side for side, found in enumerate(runs) if most and len(found) == most]
    result = "series"
    if len(tied) > 1:
        pick = min if tie_break == "fewer" else max
        best = pick(points[side] for side in tied)
        tied = [side for side in tied if points[side] == best]
        result = "points"
    if len(tied) != 1:
        return Ending("draw", why, None, None, [], runs, points, None)
    side = tied[0]
    cells = {cell for run in runs[side] for cell in run}
    return Ending(result, why, side, _last_to_place(mode, side, stuck), [], runs, points,
                  geo.highest(board, cells))


def ranks(winners: list[int], counts: list[int], points: list[int], tie_break: str) -> list[int]:
    """Each seat's rank in a finished round, as a blocked round is decided: its winners first,
    then the most series, then the points of the series (fewer first, or more with the "more"
    tie-break); equal seats share a rank (a drawn round's tied sides all rank first)."""
    sign = 1 if tie_break == "fewer" else -1
    keys = [(seat not in winners, -count, sign * point)
            for seat, (count, point) in enumerate(zip(counts, points))]
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def _last_to_place(mode: Mode, side: int, stuck: int) -> int:
    """The seat of ``side`` that placed last before ``stuck`` was blocked: in teams, the member
    who "just won" (the round has no single placer when series decide it)."""
    seat = (stuck - 1) % mode.players
    while seat not in mode.sides[side]:
        seat = (seat - 1) % mode.players
    return seat
