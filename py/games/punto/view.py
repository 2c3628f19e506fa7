"""What one seat may know: everything but the order of the decks (the turned card is public)."""
from engine.game import fresh
from games.punto.modes import mode_for
from games.punto.state import board_cells


def build_view(state, seat: int, outcome, legal: list) -> dict:
    mode = mode_for(state.options)
    seats = range(mode.players)
    on_turn = state.to_move
    return {
        "game": "punto",
        "seat": seat,
        "players": mode.players,
        "mode": mode.name,
        "ply": state.ply,
        "round": state.round,
        "to_move": on_turn,
        "card": state.decks[on_turn][0] if on_turn is not None else None,
        "board": board_cells(state.board),
        "legal": list(legal),
        "deck_sizes": [len(deck) for deck in state.decks],
        "colours": [list(mode.colours_of(s)) for s in seats],
        "neutral": mode.neutral,
        "team": [mode.side_of(s) for s in seats] if mode.name == "teams" else None,
        "line_length": mode.line_length,
        "series_length": mode.series_length,
        "rounds_to_win": state.options["rounds_to_win"],
        "wins": list(state.wins),
        "trophies": [list(won) for won in state.trophies],
        "last_round": fresh(state.last_round),
        "outcome": outcome,
    }
