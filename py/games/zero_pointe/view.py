"""What one seat may know, beyond the engine's header: face-down cards and the draw pile are
hidden from everybody, a drawn card from everybody but its drawer. Every figure the table shows
is here, worked out from the state (the state itself keeps none of them)."""
from typing import Any

from engine.game import fresh
from games.zero_pointe import grid as G
from games.zero_pointe import rules
from games.zero_pointe.schema import COLS, Card, Hidden
from games.zero_pointe.state import State


def view(state: State, seat: int) -> dict[str, Any]:
    """The game's part of ``seat``'s view (``schema.ZeroPointeView`` less the header)."""
    drawn: Card | Hidden | None = None
    if state.drawn is not None:
        drawn = G.card_view(state.drawn) if seat == state.current else {"hidden": True}
    opts = state.options
    asking = state.phase == "columns"
    return {
        "phase": state.phase,
        "grids": [G.rows_view(g) for g in state.grids],
        "showing": [sum(G.face_up_values(g)) for g in state.grids],
        "discard_top": G.card_view(state.discard[-1]),
        "discard_size": len(state.discard),
        "discard": list(state.discard),
        "draw_size": len(state.draw),
        "drawn": drawn,
        "pending_columns": list(state.pending),
        "asked_column": state.pending[0] if asking else None,
        "starter": state.starter,
        "start_sums": None if state.start_sums is None else list(state.start_sums),
        "start_reason": None if state.start_sums is None else rules.start_reason(state, state.start_sums),
        "closer": state.closer,
        "last_lap": state.closer is not None and state.phase != "over",
        "totals": list(state.totals),
        "target": opts["target"],
        "multiplier": opts["multiplier"],
        "tie_doubled": opts["tie_doubled"],
    }


def last_round(state: State) -> dict | None:
    """A fresh copy of the last round's record (``schema.ZeroPointeRound``), None before, with
    the columns each seat cleared and who scored the lowest."""
    record = fresh(state.last_round)
    if record is None:
        return None
    record["cleared"] = [sum(all(row[col] is None for row in grid) for col in range(COLS))
                         for grid in record["grids"]]
    low = min(record["scores"])
    record["lowest"] = [seat for seat, score in enumerate(record["scores"]) if score == low]
    return record
