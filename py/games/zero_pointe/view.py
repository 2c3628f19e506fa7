"""What one seat may know: face-down cards and the draw pile are hidden from everybody, a drawn
card from everybody but its drawer."""
from engine.game import fresh
from games.zero_pointe import grid as G
from games.zero_pointe import rules, scoring


def outcome(state):
    if state.phase != "over":
        return None
    return {"winners": scoring.winners(state.totals), "scores": list(state.totals)}


def view(state, seat: int) -> dict:
    if type(seat) is not int or not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat!r}")
    drawn = None
    if state.drawn is not None:
        drawn = G.card_view(state.drawn) if seat == state.current else {"hidden": True}
    opts = state.options
    return {
        "game": "zero-pointe",
        "seat": seat,
        "players": state.players,
        "ply": state.ply,
        "round": state.round,
        "to_move": state.current,
        "phase": state.phase,
        "grids": [G.rows_view(g) for g in state.grids],
        "discard_top": G.card_view(state.discard[-1]) if state.discard else None,
        "discard_size": len(state.discard),
        # The whole pile, bottom first: every card in it was shown face up to the table.
        "discard": list(state.discard),
        "draw_size": len(state.draw),
        "drawn": drawn,
        "pending_columns": list(state.pending),
        "starter": state.starter,
        "start_sums": None if state.start_sums is None else list(state.start_sums),
        "start_reason": None if state.start_sums is None else rules.start_reason(state, state.start_sums),
        "closer": state.closer,
        "last_lap": state.closer is not None and state.phase != "over",
        "totals": list(state.totals),
        "target": opts["target"],
        "multiplier": opts["multiplier"],
        "tie_doubled": opts["tie_doubled"],
        "legal": rules.legal_moves(state) if seat == state.current else [],
        "last_round": fresh(state.last_round),
        "outcome": outcome(state),
    }
