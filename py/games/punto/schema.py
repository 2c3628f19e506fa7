"""Punto's contract with the page and the computer players: what a view holds, what a round's
record holds, and the moves as values.

A move is the cell where the turned card goes, written "x,y" ("0,0", "-1,2"): x grows
rightwards, y downwards, the round's first card at 0,0. The string is what a save holds and the
page sends; ``parse_move`` reads it into a ``Cell`` and ``move_text`` writes one. A card id is
its colour, its value and its copy ("r7a": the first red 7); ``face`` reads what a card shows.
This module imports nothing of the game: the page may import it, and nothing else of games/.
"""
import re
from typing import Literal, NamedTuple, TypedDict

from engine.errors import IllegalMove
from engine.view import ViewHeader

Colour = Literal["r", "b", "g", "y"]  # red, blue, green, yellow
Mode = Literal["two", "three", "four", "teams"]
Result = Literal["line", "series", "points", "draw"]  # how a round ended
Blocked = Literal["empty_deck", "no_cell"]  # why a blocked round ended


class Cell(NamedTuple):
    """A cell of the table; also a move: the cell where the turned card goes."""
    x: int
    y: int


Move = Cell


class Face(NamedTuple):
    """What a card shows: its colour and its value (1 to 9)."""
    colour: str
    value: int


class BoardCell(TypedDict):
    """An occupied cell: its cards, bottom to top (only the top one counts)."""
    x: int
    y: int
    cards: list[str]


class Limits(TypedDict):
    """How much of the 6 × 6 square the cards use: the columns and rows between the outermost
    cards, and whether the square is closed that way (``size`` in use: no card may go beyond)."""
    size: int
    cols: int
    rows: int
    wall_x: bool
    wall_y: bool


class Span(TypedDict):
    """The cells to draw, as a box: every occupied cell and every cell the turned card may reach."""
    left: int
    top: int
    right: int
    bottom: int


class PuntoRound(TypedDict):
    """A finished round: how it ended, with the table as it was then. Cells are [x, y]."""
    round: int
    result: Result
    why_blocked: Blocked | None      # None when a line ended it
    winners: list[int]               # both members of a team; [] for a draw
    line: list[list[int]]            # the cells of the winning line (of every run, if several)
    line_run: int                    # the longest run of the winning line; 0 without a line
    series: list[list[list[int]]]    # the winning side's series
    won_cells: list[list[int]]       # the cells of the line and series that won, reading order
    series_counts: list[int]         # per seat, its side's series
    series_points: list[int]         # per seat, the points of its side's series (each card once)
    ranks: list[int]                 # per seat: winners 1, then most series, then points as the tie-break says
    trophy: str | None               # the card the winner took out of the game
    board: list[BoardCell]           # the final table
    limits: Limits                   # of the final table
    span: Span                       # its occupied cells


class PuntoPart(TypedDict):
    """Punto's part of a view (games/punto/view.py), after the engine's header."""
    mode: Mode
    card: str | None                 # the turned card (public), None once the match is over
    board: list[BoardCell]           # occupied cells in reading order (top row first)
    reach: list[str]                 # the moves open to the turned card, seen by every seat
    limits: Limits
    span: Span
    deck_sizes: list[int]
    colours: list[list[Colour]]      # per seat, the colours its side owns
    neutral: Colour | None           # three players: the colour nobody owns
    team: list[int] | None           # teams: each seat's team (0 or 1)
    line_length: int                 # a line of this many wins a round
    series_length: int               # a series counts from this many
    rounds_to_win: int
    wins: list[int]                  # rounds won per seat (both members of a team)
    wins_ranks: list[int]            # per seat, its rank by rounds won (equal ones shared)
    trophies: list[list[str]]        # per seat, the cards it took out of the game


class PuntoView(ViewHeader[PuntoRound], PuntoPart):
    """A seat's whole view: the engine's header, then Punto's part."""


View = PuntoView
Round = PuntoRound

_MOVE = re.compile(r"(-?[0-9]{1,3}),(-?[0-9]{1,3})")


def parse_move(text: object) -> Cell:
    """The cell of a move; IllegalMove "punto.err.bad_move" on anything else, other spellings of
    a cell included ("01,0", "-0,0"): a move has one text, the one saves and the wire carry."""
    found = _MOVE.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        raise IllegalMove("punto.err.bad_move", move=str(text)[:40])
    cell = Cell(int(found.group(1)), int(found.group(2)))
    if move_text(cell) != text:
        raise IllegalMove("punto.err.bad_move", move=str(text)[:40])
    return cell


def move_text(move: Cell) -> str:
    return f"{move.x},{move.y}"


def face(card: str) -> Face:
    """What a card id shows ("r7a": red, 7)."""
    return Face(card[0], int(card[1]))
