"""What one seat may know: everything but the order of the decks (the turned card is public, and
so is where it may go). The engine writes the view's header; this is Punto's part
(``schema.PuntoView``), with the facts the rules imply worked out here for the page: the 6 × 6
limits, the cells to draw, the cells and ranks of a finished round."""
from engine.game import fresh
from engine.view import ranks
from games.punto import board as geo
from games.punto import rounds
from games.punto.modes import mode_for
from games.punto.rules import open_cells, turned
from games.punto.schema import Cell, PuntoPart, PuntoRound, move_text
from games.punto.state import State, board_cells


def view(state: State, seat: int) -> PuntoPart:
    mode = mode_for(state.options)
    seats = range(mode.players)
    reach = open_cells(state)
    return {
        "mode": mode.name,
        "card": turned(state),
        "board": board_cells(state.board),
        "reach": [move_text(Cell(*cell)) for cell in reach],
        "limits": geo.limits(state.board),
        "span": geo.span(state.board, reach),
        "deck_sizes": [len(deck) for deck in state.decks],
        "colours": [list(mode.colours_of(s)) for s in seats],
        "neutral": mode.neutral,
        "team": [mode.side_of(s) for s in seats] if mode.name == "teams" else None,
        "line_length": mode.line_length,
        "series_length": mode.series_length,
        "rounds_to_win": state.options["rounds_to_win"],
        "wins": list(state.wins),
        "wins_ranks": ranks(list(state.wins), [], low_wins=False),
        "trophies": [list(won) for won in state.trophies],
    }


def last_round(state: State) -> PuntoRound | None:
    """A fresh copy of the last round's record (``schema.PuntoRound``) with what follows from
    it: the longest run of its line, the cells that won it, the seats' ranks, the final table's
    limits and span."""
    record = fresh(state.last_round)
    if record is None:
        return None
    table = geo.from_cells(record["board"])
    line = [(x, y) for x, y in record["line"]]
    won = {(x, y) for x, y in line} | {(x, y) for run in record["series"] for x, y in run}
    record.update(
        line_run=geo.longest_run(line),
        won_cells=[list(cell) for cell in sorted(won, key=geo.reading)],
        ranks=rounds.ranks(record["winners"], record["series_counts"], record["series_points"],
                           state.options["tie_break"]),
        limits=geo.limits(table),
        span=geo.span(table),
    )
    return record
