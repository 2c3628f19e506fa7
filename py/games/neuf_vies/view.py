"""What one seat may know: its own hand, sizes of the others and of the pile, the tableaux
(an unturned 9×2 card shows only its back), the discard pile and the log."""
from engine.game import fresh
from games.neuf_vies import columns as K
from games.neuf_vies import rules
from games.neuf_vies.cards import card_view, full_deck


def outcome(state):
    if state.phase != "over":
        return None
    record = state.last_round
    return {"winners": list(record["winners"]), "scores": list(record["scores"])}


def pending(state) -> dict | None:
    """The decision awaited and the seats involved."""
    phase, attack = state.phase, state.attack
    if phase == "turn":
        return {"kind": "turn", "seat": state.current}
    if phase in ("counter", "renew"):
        out = {"kind": phase, "attacker": state.current, "target": attack.target,
               "col": attack.col, "card": card_view(attack.card)}
        if phase == "renew":
            out["counter"] = card_view(state.discard[-1][0])
        return out
    if phase == "put":
        return {"kind": "put", "seat": state.current,
                "won": "pair" if state.holding.warrior else "gain",
                "cards": K.column_view(state.holding)["cards"]}
    return None


def view(state, seat: int) -> dict:
    if type(seat) is not int or not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat!r}")
    to_move = state.to_move
    return {
        "game": "neuf-vies",
        "seat": seat,
        "players": state.players,
        "ply": state.ply,
        "round": 1,
        "to_move": to_move,
        "current": state.current,
        "phase": state.phase,
        "hand": [card_view(c) for c in state.hands[seat]],
        "hand_sizes": [len(hand) for hand in state.hands],
        "pile_size": len(state.pile),
        "deck_size": len(full_deck(state.players)),
        "discard": [card_view(c) if up else {"back": True} for c, up in state.discard],
        "tableaux": [K.tableau_view(t) for t in state.tableaux],
        "totals": [K.total(t) for t in state.tableaux],
        "backs": [K.backs(t) for t in state.tableaux],
        "pending": pending(state),
        "legal": rules.legal_moves(state) if seat == to_move else [],
        "log": [[s, text] for s, text in state.log],
        "last_round": fresh(state.last_round),
        "outcome": outcome(state),
    }
