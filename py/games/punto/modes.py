"""Who owns which colours, and the line and series lengths, in each mode of the rules' table.

A "side" is what wins a round: one seat, or in teams the two seats of a team (0 and 2, 1 and 3).
"""
from dataclasses import dataclass

from games.punto.schema import Colour
from games.punto.schema import Mode as Name


@dataclass(frozen=True)
class Mode:
    name: Name                # "two", "three", "four" or "teams"
    sides: tuple[tuple[int, ...], ...]         # seats of each side
    side_colours: tuple[tuple[Colour, ...], ...]  # colours owned by each side
    neutral: Colour | None    # the colour nobody owns (three players)
    line_length: int
    series_length: int

    @property
    def players(self) -> int:
        return sum(len(seats) for seats in self.sides)

    def side_of(self, seat: int) -> int:
        return next(i for i, seats in enumerate(self.sides) if seat in seats)

    def colours_of(self, seat: int) -> tuple[Colour, ...]:
        return self.side_colours[self.side_of(seat)]


def mode_for(options: dict) -> Mode:
    """The mode of a resolved option dict (see games.punto.options)."""
    players = options["players"]
    if players == 2:
        line = options["line_two"]
        return Mode("two", ((0,), (1,)), (("r", "g"), ("b", "y")), None, line, line - 1)
    if players == 3:
        return Mode("three", ((0,), (1,), (2,)), (("r",), ("b",), ("g",)), "y", 4, 3)
    if options["teams"]:
        return Mode("teams", ((0, 2), (1, 3)), (("r", "g"), ("b", "y")), None, 5, 4)
    return Mode("four", ((0,), (1,), (2,), (3,)), (("r",), ("b",), ("g",), ("y",)), None, 4, 3)
