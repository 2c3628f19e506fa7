"""Why a Zéro Pointé move: it closes the round; it makes a column of three; it swaps a card for a
lower one, or puts a low card over a face-down one; it rejects a card too high; it draws rather
than take the discard; it turns a card; it removes, or leaves, a column of three."""
from games.zero_pointe.schema import Draw, Leave, Reject, Remove, Take, Turn, View, parse_move


def why(view: View, move: str) -> tuple[str, dict]:
    seat, parsed = view["seat"], parse_move(move)
    grid = view["grids"][seat]
    down = [(r, c) for r, row in enumerate(grid) for c, slot in enumerate(row)
            if slot is not None and "down" in slot]
    if isinstance(parsed, Remove | Leave):
        return f"coach.zero_pointe.{parsed.kind}", {"col": parsed.col + 1}
    if isinstance(parsed, Draw):
        return "coach.zero_pointe.draw", {"value": view["discard_top"]["value"]}
    if isinstance(parsed, Reject):
        drawn = view["drawn"]
        return "coach.zero_pointe.reject", {"value": drawn["value"] if drawn and "value" in drawn else 0}
    # The last face-down card turned or replaced: the round closes.
    closes = view["closer"] is None and down == [(parsed.row, parsed.col)]
    if isinstance(parsed, Turn):
        return ("coach.zero_pointe.close", {}) if closes else ("coach.zero_pointe.turn", {})
    value = view["discard_top"]["value"] if isinstance(parsed, Take) else _drawn(view)
    if closes:
        return "coach.zero_pointe.close", {}
    column = [grid[r][parsed.col] for r in range(len(grid)) if r != parsed.row]
    if all(slot is not None and "value" in slot and slot["value"] == value for slot in column):
        return "coach.zero_pointe.column", {"value": value}
    slot = grid[parsed.row][parsed.col]
    if slot is not None and "value" in slot:
        return "coach.zero_pointe.lower", {"value": value, "old": slot["value"]}
    return "coach.zero_pointe.hidden", {"value": value}


def _drawn(view: View) -> int:
    drawn = view["drawn"]
    assert drawn is not None and "value" in drawn, "the drawn card, seen by its drawer"
    return drawn["value"]
