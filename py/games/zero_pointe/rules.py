"""The rules: dealing, whose move, the legal moves and playing one (state in, new state out),
the match's end, and what a seat cannot know (``determinize``)."""
import random
from collections.abc import Callable
from dataclasses import replace

from engine.decks import redeal
from engine.rng import shuffled
from games.zero_pointe import cards as C
from games.zero_pointe import grid as G
from games.zero_pointe import scoring
from games.zero_pointe.errors import illegal
from games.zero_pointe.schema import (Draw, Keep, Leave, Move, Reject, Remove, StartReason, Take, Turn,
                                      move_text, parse_move)
from games.zero_pointe.state import State


def new_game(options: dict, seed: str) -> State:
    empty = State(
        seed=seed, options=dict(options), draws=0, ply=0, round=1, phase="opening", current=0,
        grids=(), draw=(), discard=(), drawn=None, pending=(), starter=None, start_sums=None,
        closer=None, totals=(0,) * options["players"], last_round=None,
    )
    return deal(empty, 1)


def deal(state: State, round_no: int) -> State:
    """Steps 1-2 of a round: shuffle all 150 cards, 12 face down to each, turn up the discard."""
    players = state.options["players"]
    deck = shuffled(C.full_deck(), state.seed, state.draws)
    grids = tuple(G.dealt(deck[seat * G.SIZE:(seat + 1) * G.SIZE]) for seat in range(players))
    rest = deck[players * G.SIZE:]
    return replace(
        state, draws=state.draws + 1, round=round_no, phase="opening", current=0, grids=grids,
        draw=tuple(rest[:-1]), discard=(rest[-1],), drawn=None, pending=(), starter=None,
        start_sums=None, closer=None,
    )


# --- the protocol -----------------------------------------------------------------------

def players(state: State) -> int:
    return state.players


def to_move(state: State) -> int | None:
    return state.current


def legal_moves(state: State) -> list[str]:
    return [move_text(move) for move in legal(state)]


def legal(state: State) -> list[Move]:
    """The legal moves as values, in the order of ``legal_moves``."""
    if state.phase == "over":
        return []
    grid = _grid(state)
    if state.phase in ("opening", "turn_after_reject"):
        return [Turn(*G.coords(i)) for i in G.face_down(grid)]
    if state.phase == "columns":
        col = state.pending[0]
        return [Remove(col), Leave(col)]
    if state.phase == "turn":
        return [*(Take(*G.coords(i)) for i in G.filled(grid)), Draw()]
    keeps: list[Move] = [Keep(*G.coords(i)) for i in G.filled(grid)]
    return keeps + ([Reject()] if G.face_down(grid) else [])


def play(state: State, move: str) -> State:
    if state.phase == "over":
        raise illegal("over")
    parsed = parse_move(move)
    return _PHASES[state.phase](replace(state, ply=state.ply + 1), parsed)


def rounds_done(state: State) -> int:
    return state.last_round["round"] if state.last_round else 0


def outcome(state: State) -> dict | None:
    """None while playing; then the lowest totals win (equal lowest totals share the win)."""
    if state.phase != "over":
        return None
    return {"winners": scoring.winners(list(state.totals)), "scores": list(state.totals)}


def scores(state: State) -> list[int]:
    return list(state.totals)


def full_deck(options: dict) -> list[str]:
    return C.full_deck()


def cards(state: State) -> list[str]:
    out = [slot[0] for grid in state.grids for slot in grid if slot is not None]
    out += list(state.draw) + list(state.discard)
    return out + ([state.drawn] if state.drawn is not None else [])


Place = tuple  # ("grid", owner, slot), ("draw", index) or ("drawn",)


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """Nobody, the owner included, knows a face-down card or the draw pile; only the drawer
    knows the card just drawn. Those cards are dealt anew among the same places."""
    places: list[Place] = [("grid", owner, i) for owner, grid in enumerate(state.grids)
                           for i in G.face_down(grid)]
    places += [("draw", i) for i in range(len(state.draw))]
    if state.drawn is not None and seat != state.current:
        places.append(("drawn",))
    hidden = [_card_at(state, place) for place in places]
    laid = redeal(places, hidden, rng)
    grids = tuple(tuple((laid[("grid", owner, i)], False) if ("grid", owner, i) in laid
                        else slot for i, slot in enumerate(grid))
                  for owner, grid in enumerate(state.grids))
    return replace(state, grids=grids,
                   draw=tuple(laid[("draw", i)] for i in range(len(state.draw))),
                   drawn=laid.get(("drawn",), state.drawn))


def _card_at(state: State, place: Place) -> str:
    if place[0] == "grid":
        slot = state.grids[place[1]][place[2]]
        assert slot is not None
        return slot[0]
    if place[0] == "draw":
        return state.draw[place[1]]
    assert state.drawn is not None
    return state.drawn


def start_reason(state: State, sums: tuple[int, ...]) -> StartReason:
    """Why the starter starts: "closer" (the option, after round 1), "tied" (highest sum, first
    in seat order among equals) or "highest"."""
    if state.options["later_starter"] == "closer" and state.last_round is not None:
        return "closer"
    return "tied" if sums.count(max(sums)) > 1 else "highest"


# --- the phases: each checks the move against its phase, then applies it -------------------

def _opening(state: State, move: Move) -> State:
    if not isinstance(move, Turn):
        raise illegal("opening_turn")
    state = _set_grid(state, G.turned(_grid(state), _face_down_slot(state, move)))
    waiting = [seat for seat, g in enumerate(state.grids) if len(G.face_up_values(g)) < 2]
    if waiting:
        return replace(state, current=waiting[0])
    sums = tuple(sum(G.face_up_values(g)) for g in state.grids)
    starter = _starter(state, sums)
    return replace(state, phase="turn", current=starter, starter=starter, start_sums=sums)


def _starter(state: State, sums: tuple[int, ...]) -> int:
    """Highest two face-up cards, first in seat order among equals; or, with the option, the
    previous round's closer."""
    if start_reason(state, sums) == "closer":
        assert state.last_round is not None
        return state.last_round["closer"]
    return sums.index(max(sums))


def _turn(state: State, move: Move) -> State:
    if isinstance(move, Take):
        i = _slot(state, move)
        top = state.discard[-1]
        return _swap(replace(state, discard=state.discard[:-1]), i, top)
    if isinstance(move, Draw):
        state = _refill_draw(state)
        return replace(state, draw=state.draw[:-1], drawn=state.draw[-1], phase="drawn")
    raise illegal("take_or_draw")


def _drawn(state: State, move: Move) -> State:
    if isinstance(move, Keep):
        i = _slot(state, move)
        assert state.drawn is not None
        return _swap(replace(state, drawn=None), i, state.drawn)
    if isinstance(move, Reject):
        if not G.face_down(_grid(state)):
            raise illegal("reject_no_face_down")
        assert state.drawn is not None
        return replace(state, discard=state.discard + (state.drawn,), drawn=None,
                       phase="turn_after_reject")
    raise illegal("keep_or_reject")


def _after_reject(state: State, move: Move) -> State:
    if not isinstance(move, Turn):
        raise illegal("must_turn")
    state = _set_grid(state, G.turned(_grid(state), _face_down_slot(state, move)))
    return _after_action(state)


def _columns(state: State, move: Move) -> State:
    col = state.pending[0]
    if not isinstance(move, Remove | Leave) or move.col != col:
        raise illegal("decide_column", col=col + 1)
    if isinstance(move, Remove):
        grid = _grid(state)
        gone = tuple(slot[0] for slot in (grid[i] for i in G.column(col)) if slot is not None)
        state = _set_grid(state, G.without_column(grid, col))
        state = replace(state, discard=state.discard + gone)
    state = replace(state, pending=state.pending[1:])
    return state if state.pending else _end_turn(state)


_PHASES: dict[str, Callable[[State, Move], State]] = {
    "opening": _opening,
    "turn": _turn,
    "drawn": _drawn,
    "turn_after_reject": _after_reject,
    "columns": _columns,
}


# --- helpers ----------------------------------------------------------------------------

def _grid(state: State) -> G.Grid:
    assert state.current is not None
    return state.grids[state.current]


def _set_grid(state: State, grid: G.Grid) -> State:
    assert state.current is not None
    grids = list(state.grids)
    grids[state.current] = grid
    return replace(state, grids=tuple(grids))


def _slot(state: State, move: Turn | Take | Keep) -> int:
    i = G.index(move.row, move.col)
    if _grid(state)[i] is None:
        raise illegal("removed")
    return i


def _face_down_slot(state: State, move: Turn) -> int:
    i = _slot(state, move)
    slot = _grid(state)[i]
    if slot is not None and slot[1]:
        raise illegal("face_up")
    return i


def _swap(state: State, i: int, card: str) -> State:
    """The new card lies face up in slot i; the replaced one goes face up onto the discard."""
    grid = _grid(state)
    old = grid[i]
    assert old is not None
    state = _set_grid(state, G.put(grid, i, (card, True)))
    return _after_action(replace(state, discard=state.discard + (old[0],)))


def _refill_draw(state: State) -> State:
    """Edition: an empty draw pile is remade from every discard but the top one."""
    if state.draw:
        return state
    pile = shuffled(state.discard[:-1], state.seed, state.draws)
    return replace(state, draw=tuple(pile), discard=state.discard[-1:], draws=state.draws + 1)


def _after_action(state: State) -> State:
    """Columns of three are offered after the action, one decision each, lowest first."""
    cols = G.removable_columns(_grid(state))
    if cols:
        return replace(state, phase="columns", pending=tuple(cols))
    return _end_turn(state)


def _end_turn(state: State) -> State:
    assert state.current is not None
    closer = state.closer
    if closer is None and not G.face_down(_grid(state)):
        closer = state.current
    nxt = (state.current + 1) % state.players
    state = replace(state, closer=closer, pending=())
    if closer is not None and nxt == closer:
        return _end_round(state)
    return replace(state, current=nxt, phase="turn")


def _end_round(state: State) -> State:
    """Reveal (no column removed now), score, record, then deal again or end the match."""
    assert state.closer is not None
    grids = tuple(G.revealed(g) for g in state.grids)
    raw = [G.score(g) for g in grids]
    opts = state.options
    result = scoring.round_scores(raw, state.closer, opts["multiplier"], opts["tie_doubled"])
    totals = tuple(t + s for t, s in zip(state.totals, result["scores"]))
    record = {
        "round": state.round,
        "grids": [G.rows_view(g) for g in grids],
        **result,
        "totals": list(totals),
    }
    state = replace(state, grids=grids, totals=totals, last_round=record)
    if max(totals) >= opts["target"]:
        return replace(state, phase="over", current=None)
    return deal(state, state.round + 1)
