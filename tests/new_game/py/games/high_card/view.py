"""What one seat may know: its own hand, how many cards the others hold, every card played."""
from engine.game import fresh
from games.high_card.state import State


def view(state: State, seat: int) -> dict:
    """The game's part of the view (GameBase.view adds the header), typed in schema.py."""
    return {"leader": state.leader, "hand": list(state.hands[seat]),
            "hand_sizes": [len(hand) for hand in state.hands], "stock_size": len(state.stock),
            "trick": list(state.trick), "played": list(state.played), "taken": list(state.taken),
            "totals": list(state.totals), "rounds": state.options["rounds"]}


def last_round(state: State) -> dict | None:
    return None if state.last_round is None else fresh(state.last_round)
