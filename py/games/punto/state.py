"""The state of a match and its plain-JSON form (format 1).

Decks list their top card first; the top card of ``to_move``'s deck is the turned card.
"""
from dataclasses import dataclass
from typing import Any

from engine import checks
from engine.errors import BadSave
from games.punto import board as geo
from games.punto import options as opts
from games.punto.cards import FULL_DECK, is_card
from games.punto.schema import BoardCell

_KNOWN = frozenset(FULL_DECK)

FORMAT = 1


@dataclass(frozen=True)
class State:
    seed: str
    options: dict          # resolved options
    draws: int             # shuffles drawn so far from the seed
    ply: int               # moves played since the start of the match
    round: int             # 1-based
    starter: int           # who placed the round's first card
    to_move: int | None    # None once the match is over
    decks: tuple[tuple[str, ...], ...]     # per seat, its card ids, top first
    board: geo.Board       # {(x, y): (card ids bottom to top)}
    wins: tuple[int, ...]  # rounds won per seat (both members of a team)
    trophies: tuple[tuple[str, ...], ...]  # per seat, the cards it took out of the game
    last_round: dict | None  # the last round's record, JSON-ready (schema.PuntoRound, less what
                             # the view works out from it)


def board_cells(board: geo.Board) -> list[BoardCell]:
    """The board as JSON: [{"x", "y", "cards"}...] sorted by (y, x)."""
    return geo.to_cells(board)


def board_from_cells(cells: list) -> geo.Board:
    """The board of saved cells, or BadSave."""
    board: geo.Board = {}
    for cell in cells:
        x, y, cards = cell["x"], cell["y"], cell["cards"]
        if type(x) is not int or type(y) is not int or not cards or (x, y) in board:
            raise BadSave(f"bad board cell {cell!r}")
        board[(x, y)] = tuple(cards)
    return board


def to_json(state: State) -> dict:
    return {
        "format": FORMAT,
        "seed": state.seed,
        "options": dict(state.options),
        "draws": state.draws,
        "ply": state.ply,
        "round": state.round,
        "starter": state.starter,
        "to_move": state.to_move,
        "decks": [list(deck) for deck in state.decks],
        "board": board_cells(state.board),
        "wins": list(state.wins),
        "trophies": [list(won) for won in state.trophies],
        "last_round": state.last_round,
    }


def _cell(cell: object) -> bool:
    return isinstance(cell, list) and len(cell) == 2 and all(type(v) is int for v in cell)


LAST_ROUND = {
    "round": int, "result": checks.OneOf(("line", "series", "points", "draw")),
    "why_blocked": (None, checks.OneOf(("empty_deck", "no_cell"))), "winners": [int],
    "line": [_cell], "series": [[_cell]], "series_counts": [int], "series_points": [int],
    "trophy": (None, is_card), "board": [{"x": int, "y": int, "cards": [is_card]}],
}


def from_json(data: Any) -> State:
    """The state of ``data``, or BadSave if anything in it cannot be trusted."""
    try:
        return _read(data)
    except BadSave:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise BadSave(f"unreadable Punto state ({err!r})") from None


def _read(data: Any) -> State:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadSave("not a Punto state of format 1")
    try:
        options = opts.check(data["options"])
    except ValueError as err:
        raise BadSave(f"bad options ({err})") from None
    players = options["players"]
    seed = data["seed"]
    if not isinstance(seed, str):
        raise BadSave("bad seed")
    to_move = data["to_move"]
    if to_move is not None:
        checks.count(to_move, "to_move", 0, players - 1)
    board_json = data["board"]
    board = _board(board_json)
    last_round = data["last_round"]
    if last_round is not None:
        checks.shape(last_round, LAST_ROUND, "last round")
        _board(last_round["board"])
        checks.need(all(0 <= seat < players for seat in last_round["winners"]), "bad last round")
        checks.need(len(last_round["series_counts"]) == len(last_round["series_points"]) == players,
                    "bad last round")
        checks.need(last_round["round"] == data["round"] - (data["to_move"] is not None),
                    "the last round is not the one before")
    state = State(
        seed=seed,
        options=options,
        draws=checks.count(data["draws"], "draws"),
        ply=checks.count(data["ply"], "ply"),
        round=checks.count(data["round"], "round", 1),
        starter=checks.count(data["starter"], "starter", 0, players - 1),
        to_move=to_move,
        decks=tuple(checks.cards(deck, _KNOWN, "deck")
                    for deck in checks.per_seat(data["decks"], players, "decks")),
        board=board,
        wins=tuple(checks.count(w, "wins", 0, options["rounds_to_win"])
                   for w in checks.per_seat(data["wins"], players, "wins")),
        trophies=tuple(checks.cards(won, _KNOWN, "trophies")
                       for won in checks.per_seat(data["trophies"], players, "trophies")),
        last_round=last_round,
    )
    _check_cards(state)
    if to_move is not None and not state.decks[to_move]:
        raise BadSave("the player on turn has no card")
    if (to_move is None) != any(w >= options["rounds_to_win"] for w in state.wins):
        raise BadSave("the match is over exactly when somebody has won enough rounds")
    return state


def _board(cells: Any) -> geo.Board:
    """A board read from JSON, within the 6 × 6 square."""
    if not isinstance(cells, list):
        raise BadSave("bad board")
    board = board_from_cells(cells)
    for stack in board.values():
        checks.cards(list(stack), _KNOWN, "board cards")
    box = geo.bounds(board)
    if box and (box[2] - box[0] >= geo.SQUARE or box[3] - box[1] >= geo.SQUARE):
        raise BadSave("the board is larger than 6 × 6")
    return board


def _check_cards(state: State) -> None:
    seen = [card for deck in state.decks for card in deck]
    seen += [card for stack in state.board.values() for card in stack]
    seen += [card for won in state.trophies for card in won]
    if sorted(seen) != sorted(FULL_DECK):
        raise BadSave("the cards do not add up to the 72 of the game")
