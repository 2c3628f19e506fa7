"""Why a Punto move: it completes a line; it stops a line another colour would complete on that
cell; it crushes a card; it makes a run of the player's colour; else the hard level rates it best."""
from games.punto import board as geo
from games.punto.cards import card_colour
from games.punto.schema import PuntoView, parse_move


def why(view: PuntoView, move: str) -> tuple[str, dict]:
    card, me = view["card"], view["to_move"]
    assert card is not None and me is not None, "a move of a match going on"
    board, at = geo.from_cells(view["board"]), parse_move(move)
    cell = (at.x, at.y)
    below = geo.top(board, cell)
    after = geo.place(board, cell, card)
    length = view["line_length"]
    if geo.winning_line(after, cell, length):
        return "coach.punto.line", {"n": length}
    mine = set(view["colours"][me])
    for colour in sorted({c for owned in view["colours"] for c in owned} - mine):
        threat = geo.place(board, cell, f"{colour}9a")  # that colour's card on the cell: a line?
        if geo.winning_line(threat, cell, length):
            return "coach.punto.block", {"colour": colour}
    if below is not None and card_colour(below) not in mine:
        return "coach.punto.crush", {"card": below}
    run = max(len(geo.run_through(after, cell, d)) for d in geo.DIRECTIONS)
    if run >= 2:
        return "coach.punto.run", {"n": run}
    return "coach.best", {}
