"""What the page and the computer players read of Zéro Pointé: the view, the round's record and
the moves, typed.

A view is the engine's header (``engine.view.ViewHeader``) and the facts below; the table lays
them out and works nothing out again. A move is sent and saved as text ("turn 2 3", "take 0 1",
"draw", "keep 1 2", "reject", "remove 3", "leave 0"); ``parse_move`` reads it into one of the
NamedTuples below and ``move_text`` writes it back, for the rules, the page and the computer
players alike. Rows count from 0 at the top, columns from 0 at the left.

This module imports nothing of the game: the page imports it alone.
"""
from collections.abc import Callable
from functools import partial
from typing import Literal, NamedTuple, TypedDict, final, get_args

from engine import errors as _errors
from engine.view import ViewHeader

ROWS = 3  # a grid is 3 rows of 4 columns
COLS = 4

_illegal = partial(_errors.illegal, "zero_pointe")

Phase = Literal["opening", "turn", "drawn", "turn_after_reject", "columns", "over"]
PHASES: tuple[Phase, ...] = get_args(Phase)
# Why the starter starts: the previous closer (the option, after round 1), or the highest two
# face-up cards ("tied": the first in seat order among equal sums).
StartReason = Literal["closer", "tied", "highest"]
# How the closer's round score came out: "not_positive" (never multiplied), "lowest" (strictly),
# "tied" for the lowest (multiplied only with the tie_doubled option) or "not_lowest" (multiplied).
Why = Literal["not_positive", "not_lowest", "tied", "lowest"]


# --- the view ---------------------------------------------------------------------------------
# Card, FaceDown and Hidden are final: a union of them is told apart by its keys ("value" in slot).

@final
class Card(TypedDict):
    """A face-up card: its id ("value.copy", one for each of the 150 cards) and its value."""
    id: str
    value: int


@final
class FaceDown(TypedDict):
    down: Literal[True]


@final
class Hidden(TypedDict):
    """The card another seat has drawn and not yet kept or rejected."""
    hidden: Literal[True]


Slot = Card | FaceDown | None  # None: the slot of a removed column
Grid = list[list[Slot]]  # ROWS rows of COLS slots


class ZeroPointeRound(TypedDict):
    """The record of a round that ended: every grid revealed, each seat's cards (``raw_scores``),
    the columns it cleared, its round score (the closer's multiplied when ``doubled``), who
    scored the lowest, and each total after the round."""
    round: int
    grids: list[list[list[Card | None]]]
    raw_scores: list[int]
    cleared: list[int]                 # columns of three each seat removed during the round
    scores: list[int]
    lowest: list[int]                  # the seats with the lowest round score, by seat
    closer: int
    doubled: bool  # the closer's score was multiplied (never with the multiplier 1)
    why: Why
    totals: list[int]


class ZeroPointeView(ViewHeader[ZeroPointeRound]):
    """What one seat sees: every grid (its face-down cards hidden from all), the piles, the
    drawn card (to its drawer), the round's progress and the match's options."""
    phase: Phase
    grids: list[Grid]                  # every seat's grid, by seat
    showing: list[int]                 # each seat's face-up cards added up
    discard_top: Card
    discard_size: int
    discard: list[str]                 # the whole pile, bottom first: every card was shown face up
    draw_size: int
    drawn: Card | Hidden | None        # the card drawn, seen by its drawer only
    pending_columns: list[int]         # columns of three still to decide this turn, lowest first
    asked_column: int | None           # the one to decide now, in to_move's grid ("columns")
    starter: int | None                # who started the round, once the opening is over
    start_sums: list[int] | None       # each seat's two opening cards, once the opening is over
    start_reason: StartReason | None   # why the starter started, once the opening is over
    closer: int | None                 # the first seat left without a face-down card
    last_lap: bool                     # a closer is known: every other seat plays one last turn
    totals: list[int]                  # each seat's total over the rounds ended
    target: int                        # option: the match ends once a total reaches it
    multiplier: int                    # option: the closer's penalty (1: none)
    tie_doubled: bool                  # option: a closer tied for the lowest is penalised too


View = ZeroPointeView
Round = ZeroPointeRound


# --- the moves --------------------------------------------------------------------------------

class Turn(NamedTuple):
    """Turn a face-down card face up (the opening, and after a reject)."""
    row: int
    col: int
    kind: Literal["turn"] = "turn"


class Take(NamedTuple):
    """Swap the top of the discard pile for the card at (row, col)."""
    row: int
    col: int
    kind: Literal["take"] = "take"


class Draw(NamedTuple):
    kind: Literal["draw"] = "draw"


class Keep(NamedTuple):
    """Swap the drawn card for the card at (row, col)."""
    row: int
    col: int
    kind: Literal["keep"] = "keep"


class Reject(NamedTuple):
    """Put the drawn card on the discard pile (a face-down card must then be turned)."""
    kind: Literal["reject"] = "reject"


class Remove(NamedTuple):
    """Discard a column of three equal face-up cards."""
    col: int
    kind: Literal["remove"] = "remove"


class Leave(NamedTuple):
    """Leave a column of three equal face-up cards standing."""
    col: int
    kind: Literal["leave"] = "leave"


Move = Turn | Take | Draw | Keep | Reject | Remove | Leave
PlaceMove = Turn | Take | Keep  # the moves that name a slot
ColumnMove = Remove | Leave

# kind -> the upper bound of each coordinate it carries, and its NamedTuple
_SHAPES: dict[str, tuple[tuple[int, ...], Callable[..., Move]]] = {
    "turn": ((ROWS, COLS), Turn),
    "take": ((ROWS, COLS), Take),
    "draw": ((), Draw),
    "keep": ((ROWS, COLS), Keep),
    "reject": ((), Reject),
    "remove": ((COLS,), Remove),
    "leave": ((COLS,), Leave),
}


def parse_move(text: object) -> Move:
    """The move ``text`` says, or IllegalMove "zero_pointe.err.bad_move" for anything else (only
    the exact notation: one space between parts, plain digits within the grid)."""
    parts = text.split(" ") if isinstance(text, str) else []
    shape = _SHAPES.get(parts[0]) if parts else None
    if shape is None or len(parts) != len(shape[0]) + 1:
        raise _illegal("bad_move", move=str(text))
    limits, build = shape
    for part, limit in zip(parts[1:], limits):
        if not (part.isdigit() and part.isascii()) or int(part) >= limit:
            raise _illegal("bad_move", move=str(text))
    move = build(*(int(part) for part in parts[1:]))
    if move_text(move) != text:  # "turn 00 0": a move has one text, the one saves carry
        raise _illegal("bad_move", move=str(text))
    return move


def move_text(move: Move) -> str:
    """The notation of ``move``: its kind, then its coordinates."""
    return " ".join([move.kind, *(str(value) for value in move[:-1])])
