"""What one seat may know (the game's part of its view, schema.NeufViesView): its own hand,
the sizes of the others and of the pile, the tableaux (an unturned 9×2 card shows only its
back), the discard pile, the decision awaited and the latest moves; and the final record."""
from typing import Literal

from games.neuf_vies import cards as C
from games.neuf_vies import columns as K
from games.neuf_vies import ending
from games.neuf_vies.schema import KINDS, LogEntry, Pending, Round, Slot
from games.neuf_vies.state import State

RECENT = 12  # log entries a view holds: every other one at most is a draw, so six moves or steps


def view(state: State, seat: int) -> dict:
    """The game's part of ``seat``'s view (the engine adds the header): fresh plain data."""
    tableaux = [K.tableau_view(t) for t in state.tableaux]
    return {
        "current": state.current,
        "phase": state.phase,
        "hand": [C.card_view(c) for c in state.hands[seat]],
        "hand_sizes": [len(hand) for hand in state.hands],
        "pile_size": len(state.pile),
        "deck_size": C.deck_size(state.players),
        "discard": [C.card_view(c) if up else {"back": True} for c, up in state.discard],
        "tableaux": tableaux,
        "totals": [sum(column["score"] for column in t if column is not None) for t in tableaux],
        "backs": [sum(column["backs"] for column in t if column is not None) for t in tableaux],
        "pending": pending(state),
        "log": [entry(seat_, text) for seat_, text in state.log[-RECENT:]],
        "last_move": [entry(seat_, text) for seat_, text in state.log[_last_move_start(state):]],
        "last_slot": last_slot(state),
    }


def pending(state: State) -> Pending | None:
    """The decision awaited and the seats involved."""
    phase, attack = state.phase, state.attack
    if phase == "turn":
        return {"kind": "turn", "seat": state.current}
    if phase == "counter" and attack is not None:
        return {"kind": "counter", "attacker": state.current, "target": attack.target,
                "col": attack.col, "card": C.card_view(attack.card)}
    if phase == "renew" and attack is not None:
        return {"kind": "renew", "attacker": state.current, "target": attack.target,
                "col": attack.col, "card": C.card_view(attack.card),
                "counter": C.card_view(state.discard[-1][0])}
    if phase == "put" and state.holding is not None:
        return {"kind": "put", "seat": state.current,
                "won": "pair" if state.holding.warrior else "gain",
                "cards": K.cards_view(state.holding)}
    return None


def entry(seat: int, text: str) -> LogEntry:
    """A log line of the state as the view tells it: its card face up where it names one."""
    parts = text.split(" ")
    kind = parts[0]
    if kind == "place":
        return {"seat": seat, "kind": "place", "card": C.card_view(parts[1]),
                "target": int(parts[2]), "col": int(parts[3])}
    if kind in _WITH_CARD:
        return {"seat": seat, "kind": _WITH_CARD[kind], "card": C.card_view(parts[1])}
    if kind == "put":
        return {"seat": seat, "kind": "put", "col": int(parts[1])}
    if kind == "draw":
        return {"seat": seat, "kind": "draw", "count": int(parts[1])}
    return {"seat": seat, "kind": _STEPS[text]}


_WITH_CARD: dict[str, Literal["discard", "counter", "renew"]] = {
    "discard": "discard", "counter": "counter", "renew": "renew"}
_STEPS: dict[str, Literal["allow", "stop", "gain", "gain_lost", "gain_none", "skip"]] = {
    "allow": "allow", "stop": "stop", "gain": "gain", "gain lost": "gain_lost",
    "gain none": "gain_none", "skip": "skip"}


def _last_move_start(state: State) -> int:
    """Where the latest move begins in the log (the steps it brought about follow it)."""
    for i in range(len(state.log) - 1, -1, -1):
        if state.log[i][1].split(" ")[0] in KINDS:
            return i
    return len(state.log)


# Log lines passed over when looking for the slot of the latest placement: they change no slot.
_PASSED = frozenset(("draw", "skip", "gain", "counter", "allow", "renew", "stop"))


def last_slot(state: State) -> Slot | None:
    """The slot the latest placement or put went to (the page outlines it, so a move is seen
    after it), until a discard."""
    for seat, text in reversed(state.log):
        parts = text.split(" ")
        if parts[0] == "place":
            return {"seat": int(parts[2]), "col": int(parts[3])}
        if parts[0] == "put":
            return {"seat": seat, "col": int(parts[1])}
        if parts[0] not in _PASSED:
            return None
    return None


def last_round(state: State) -> Round | None:
    """The final record, with what the page tells of it: who ended the game, how a tie of best
    scores was settled, and each column's top value."""
    record = state.last_round
    if record is None:
        return None
    why, winners = record["why"], list(record["winners"])
    return {"round": record["round"], "why": why, "seat": record["seat"],
            "ended_by": ending.ended_by(state.tableaux, why, record["seat"]),
            "scores": list(record["scores"]), "backs": list(record["backs"]), "winners": winners,
            "tiebreak": ending.tiebreak(record["scores"], winners),
            "tableaux": [K.tableau_view(t) for t in state.tableaux]}
