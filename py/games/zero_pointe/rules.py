"""The rules: dealing, whose move, the legal moves and playing one (state in, new state out)."""
from dataclasses import replace

from engine.rng import shuffled
from games.zero_pointe import grid as G
from games.zero_pointe import scoring
from games.zero_pointe.cards import full_deck
from games.zero_pointe.errors import illegal
from games.zero_pointe.moves import move_text, parse_move
from games.zero_pointe.state import State


def new_match(options: dict, seed: str) -> State:
    empty = State(
        seed=seed, options=dict(options), draws=0, ply=0, round=1, phase="opening", current=0,
        grids=(), draw=(), discard=(), drawn=None, pending=(), starter=None, start_sums=None,
        closer=None, totals=(0,) * options["players"], last_round=None,
    )
    return deal(empty, 1)


def deal(state: State, round_no: int) -> State:
    """Steps 1-2 of a round: shuffle all 150 cards, 12 face down to each, turn up the discard."""
    players = state.options["players"]
    deck = shuffled(full_deck(), state.seed, state.draws)
    grids = tuple(G.dealt(deck[seat * G.SIZE:(seat + 1) * G.SIZE]) for seat in range(players))
    rest = deck[players * G.SIZE:]
    return replace(
        state, draws=state.draws + 1, round=round_no, phase="opening", current=0, grids=grids,
        draw=tuple(rest[:-1]), discard=(rest[-1],), drawn=None, pending=(), starter=None,
        start_sums=None, closer=None,
    )


def legal_moves(state: State) -> list:
    if state.phase == "over":
        return []
    grid = state.grids[state.current]
    if state.phase in ("opening", "turn_after_reject"):
        return [move_text("turn", *G.coords(i)) for i in G.face_down(grid)]
    if state.phase == "columns":
        col = state.pending[0]
        return [move_text("remove", col=col), move_text("leave", col=col)]
    kind = "take" if state.phase == "turn" else "keep"
    places = [move_text(kind, *G.coords(i)) for i in G.filled(grid)]
    if state.phase == "turn":
        return places + ["draw"]
    return places + (["reject"] if G.face_down(grid) else [])


def play(state: State, move: str) -> State:
    if state.phase == "over":
        raise illegal("over")
    parsed = parse_move(move)
    return _PHASES[state.phase](replace(state, ply=state.ply + 1), parsed)


# --- the phases: each checks the move against its phase, then applies it -------------------

def _opening(state, move):
    if move.kind != "turn":
        raise illegal("opening_turn")
    state = _set_grid(state, G.turned(_grid(state), _face_down_slot(state, move)))
    waiting = [seat for seat, g in enumerate(state.grids) if len(G.face_up_values(g)) < 2]
    if waiting:
        return replace(state, current=waiting[0])
    sums = tuple(sum(G.face_up_values(g)) for g in state.grids)
    starter = _starter(state, sums)
    return replace(state, phase="turn", current=starter, starter=starter, start_sums=sums)


def _starter(state, sums) -> int:
    """Highest two face-up cards, first in seat order among equals; or, with the option, the
    previous round's closer."""
    if start_reason(state, sums) == "closer":
        return state.last_round["closer"]
    return sums.index(max(sums))


def start_reason(state, sums) -> str:
    """Why the starter starts: "closer" (the option, after round 1), "tied" (highest sum, first
    in seat order among equals) or "highest"."""
    if state.options["later_starter"] == "closer" and state.last_round is not None:
        return "closer"
    return "tied" if sums.count(max(sums)) > 1 else "highest"


def _turn(state, move):
    if move.kind == "take":
        i = _slot(state, move)
        top = state.discard[-1]
        return _swap(replace(state, discard=state.discard[:-1]), i, top)
    if move.kind == "draw":
        state = _refill_draw(state)
        return replace(state, draw=state.draw[:-1], drawn=state.draw[-1], phase="drawn")
    raise illegal("take_or_draw")


def _drawn(state, move):
    if move.kind == "keep":
        i = _slot(state, move)
        return _swap(replace(state, drawn=None), i, state.drawn)
    if move.kind == "reject":
        if not G.face_down(_grid(state)):
            raise illegal("reject_no_face_down")
        return replace(state, discard=state.discard + (state.drawn,), drawn=None,
                       phase="turn_after_reject")
    raise illegal("keep_or_reject")


def _after_reject(state, move):
    if move.kind != "turn":
        raise illegal("must_turn")
    state = _set_grid(state, G.turned(_grid(state), _face_down_slot(state, move)))
    return _after_action(state)


def _columns(state, move):
    col = state.pending[0]
    if move.kind not in ("remove", "leave") or move.col != col:
        raise illegal("decide_column", col=col + 1)
    if move.kind == "remove":
        grid = _grid(state)
        gone = tuple(grid[i][0] for i in G.column(col))
        state = _set_grid(state, G.without_column(grid, col))
        state = replace(state, discard=state.discard + gone)
    state = replace(state, pending=state.pending[1:])
    return state if state.pending else _end_turn(state)


_PHASES = {
    "opening": _opening,
    "turn": _turn,
    "drawn": _drawn,
    "turn_after_reject": _after_reject,
    "columns": _columns,
}


# --- helpers ----------------------------------------------------------------------------

def _grid(state):
    return state.grids[state.current]


def _set_grid(state, grid):
    grids = list(state.grids)
    grids[state.current] = grid
    return replace(state, grids=tuple(grids))


def _slot(state, move) -> int:
    i = G.index(move.row, move.col)
    if _grid(state)[i] is None:
        raise illegal("removed")
    return i


def _face_down_slot(state, move) -> int:
    i = _slot(state, move)
    if _grid(state)[i][1]:
        raise illegal("face_up")
    return i


def _swap(state, i, card):
    """The new card lies face up in slot i; the replaced one goes face up onto the discard."""
    grid = _grid(state)
    old = grid[i][0]
    state = _set_grid(state, G.put(grid, i, (card, True)))
    return _after_action(replace(state, discard=state.discard + (old,)))


def _refill_draw(state):
    """Edition: an empty draw pile is remade from every discard but the top one."""
    if state.draw:
        return state
    pile = shuffled(state.discard[:-1], state.seed, state.draws)
    return replace(state, draw=tuple(pile), discard=state.discard[-1:], draws=state.draws + 1)


def _after_action(state):
    """Columns of three are offered after the action, one decision each, lowest first."""
    cols = G.removable_columns(_grid(state))
    if cols:
        return replace(state, phase="columns", pending=tuple(cols))
    return _end_turn(state)


def _end_turn(state):
    closer = state.closer
    if closer is None and not G.face_down(_grid(state)):
        closer = state.current
    nxt = (state.current + 1) % state.players
    state = replace(state, closer=closer, pending=())
    if closer is not None and nxt == closer:
        return _end_round(state)
    return replace(state, current=nxt, phase="turn")


def _end_round(state):
    """Reveal (no column removed now), score, record, then deal again or end the match."""
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
