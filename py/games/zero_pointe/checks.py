"""Is a state read back from JSON a position this game can reach? BadSave says why not."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, get_args

from engine.checks import OneOf, shape
from engine.errors import BadSave
from games.zero_pointe import grid as G
from games.zero_pointe.cards import full_deck
from games.zero_pointe.schema import PHASES, Why

if TYPE_CHECKING:
    from games.zero_pointe.state import State

_DECK = sorted(full_deck())
_KNOWN = frozenset(_DECK)
_SLOT = (None, {"id": lambda card: card in _KNOWN, "value": int})
_ROUND = {"round": int, "grids": [[[_SLOT]]], "scores": [int], "raw_scores": [int],
          "closer": int, "doubled": bool, "why": OneOf(get_args(Why)), "totals": [int]}


def _need(ok: object, why: str) -> None:
    if not ok:
        raise BadSave(why)


def _seat_or_none(value: Any, players: int) -> bool:
    return value is None or (type(value) is int and 0 <= value < players)


def _ints(values: Any, count: int) -> bool:
    return isinstance(values, tuple) and len(values) == count and all(type(v) is int for v in values)


def check(state: State) -> None:
    players = state.options["players"]
    _need(isinstance(state.seed, str), "bad seed")
    for name, low in (("draws", 1), ("ply", 0), ("round", 1)):
        _need(type(getattr(state, name)) is int and getattr(state, name) >= low, f"bad {name}")
    _need(state.phase in PHASES, "bad phase")
    _need(len(state.grids) == players, "wrong number of grids")
    for grid in state.grids:
        _need(len(grid) == G.SIZE, "a grid is not 3 × 4")
        for slot in grid:
            _need(slot is None or (isinstance(slot[0], str) and type(slot[1]) is bool), "bad slot")
        for col in range(G.COLS):
            gone = [grid[i] is None for i in G.column(col)]
            _need(all(gone) or not any(gone), "a column is partly removed")
    cards = [s[0] for g in state.grids for s in g if s is not None]
    cards += list(state.draw) + list(state.discard) + ([state.drawn] if state.drawn else [])
    _need(sorted(cards) == _DECK, "the cards are not the 150 of the game")
    _need(bool(state.discard), "empty discard pile")
    _need(_ints(state.totals, players), "bad totals")

    over = state.phase == "over"
    _need(
        (state.current is None) if over else (type(state.current) is int and 0 <= state.current < players),
        "bad player to move",
    )
    _need((state.drawn is not None) == (state.phase == "drawn"), "drawn card and phase disagree")
    if state.phase == "columns" and state.current is not None:
        removable = G.removable_columns(state.grids[state.current])
        _need(state.pending and all(c in removable for c in state.pending), "bad pending columns")
        _need(list(state.pending) == sorted(set(state.pending)), "bad pending columns")
    else:
        _need(state.pending == (), "pending columns outside their phase")
    opening = state.phase == "opening"
    _need((state.starter is None) == opening, "starter and phase disagree")
    _need((state.start_sums is None) == opening, "start sums and phase disagree")
    _need(_seat_or_none(state.starter, players), "bad starter")
    _need(opening or _ints(state.start_sums, players), "bad start sums")
    _need(_seat_or_none(state.closer, players), "bad closer")
    if state.closer is not None:
        _need(not opening, "a closer during the opening")
        _need(not G.face_down(state.grids[state.closer]), "the closer has a face-down card")
    if opening:
        waiting = [s for s, g in enumerate(state.grids) if len(G.face_up_values(g)) < 2]
        _need(waiting and state.current == waiting[0], "bad player to move in the opening")
    last = state.last_round
    if last is not None:
        shape(last, _ROUND, "last round")
        _need(last["round"] == state.round - (not over), "the last round is not the one before")
        _need(all(len(last[key]) == players for key in ("grids", "scores", "raw_scores", "totals"))
              and _seat_or_none(last["closer"], players), "bad last round")
        _need(all(len(grid) == G.ROWS and all(len(row) == G.COLS for row in grid)
                  for grid in last["grids"]), "bad last round grids")
    _need(not over or last is not None, "a finished match without its last round")
