"""The state of a match (immutable: ``play`` builds a new one) and its JSON form, read back with
every check (``checks.py``)."""
from dataclasses import dataclass
from typing import Any

from engine.errors import BadOptions, BadSave
from engine.options import resolve
from games.zero_pointe import checks
from games.zero_pointe.grid import Grid
from games.zero_pointe.options import OPTIONS


@dataclass(frozen=True)
class State:
    seed: str
    options: dict  # resolved options; never mutated
    draws: int  # shuffles made so far: the counter of engine.rng.shuffled
    ply: int  # moves played since the start of the match
    round: int  # 1-based
    phase: str  # one of schema.PHASES
    current: int | None  # the seat to move (None once over)
    grids: tuple[Grid, ...]  # per seat, a grid (see grid.py)
    draw: tuple[str, ...]  # draw pile, top last
    discard: tuple[str, ...]  # discard pile, top last
    drawn: str | None  # the card drawn and not yet kept or rejected
    pending: tuple[int, ...]  # columns still to decide this turn, lowest first
    starter: int | None  # None during the opening
    start_sums: tuple[int, ...] | None  # each seat's two opening cards, once all are turned
    closer: int | None
    totals: tuple[int, ...]
    last_round: dict | None  # JSON-ready record of the previous round (schema.ZeroPointeRound)

    @property
    def players(self) -> int:
        return len(self.grids)


FORMAT = 1


def to_json(state: State) -> dict:
    return {
        "format": FORMAT,
        "seed": state.seed,
        "options": dict(state.options),
        "draws": state.draws,
        "ply": state.ply,
        "round": state.round,
        "phase": state.phase,
        "current": state.current,
        "grids": [[None if s is None else [s[0], s[1]] for s in grid] for grid in state.grids],
        "draw": list(state.draw),
        "discard": list(state.discard),
        "drawn": state.drawn,
        "pending": list(state.pending),
        "starter": state.starter,
        "start_sums": None if state.start_sums is None else list(state.start_sums),
        "closer": state.closer,
        "totals": list(state.totals),
        "last_round": state.last_round,
    }


def from_json(data: Any) -> State:
    """The state of ``data``, or BadSave when it is not a position this game can reach."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadSave("not a Zéro Pointé state of this version")
    try:
        state = _build(data)
        if resolve(OPTIONS, state.options) != state.options:
            raise BadSave("incomplete options")
        checks.check(state)
    except BadSave:
        raise
    except BadOptions as err:
        raise BadSave(str(err)) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        raise BadSave(f"unreadable Zéro Pointé state ({err!r})") from None
    return state


def _build(data: dict) -> State:
    grids = tuple(
        tuple(None if s is None else (s[0], s[1]) for s in grid) for grid in data["grids"]
    )
    sums = data["start_sums"]
    return State(
        seed=data["seed"],
        options=dict(data["options"]),
        draws=data["draws"],
        ply=data["ply"],
        round=data["round"],
        phase=data["phase"],
        current=data["current"],
        grids=grids,
        draw=tuple(data["draw"]),
        discard=tuple(data["discard"]),
        drawn=data["drawn"],
        pending=tuple(data["pending"]),
        starter=data["starter"],
        start_sums=None if sums is None else tuple(sums),
        closer=data["closer"],
        totals=tuple(data["totals"]),
        last_round=data["last_round"],
    )
