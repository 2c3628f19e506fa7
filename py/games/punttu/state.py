"""The state of a match (immutable: ``play`` builds a new one) and its plain-JSON form.

Only what cannot be derived is kept: the leader, the seat to move, the won piles and the end of
the match all follow from the finished tricks (see rules.py).
"""
from dataclasses import dataclass
from typing import Any

from engine import checks
from engine.errors import BadOptions, BadSave
from games.punttu import options as opts
from games.punttu.cards import KNOWN

FORMAT = 1


@dataclass(frozen=True)
class State:
    seed: str
    options: dict          # resolved options; never mutated
    draws: int             # shuffles made so far: the counter of engine.rng.shuffled
    ply: int               # cards played since the start of the match
    round: int             # the deal, 1-based
    dealer: int
    hands: tuple[tuple[str, ...], ...]  # per seat, its cards in deck order
    stock: tuple[str, ...]  # face down, top first
    trick: tuple[str, ...]  # the cards on the table, in playing order (the leader's first)
    tricks: tuple[tuple[int, tuple[str, ...]], ...]  # the deal's finished tricks: (leader, cards in playing order)
    totals: tuple[int, ...]  # per seat, the points of the finished deals
    last_round: dict | None  # JSON-ready record of the previous finished deal (rules.deal_record)

    @property
    def players(self) -> int:
        return len(self.hands)


def to_json(state: State) -> dict:
    return {
        "format": FORMAT,
        "seed": state.seed,
        "options": dict(state.options),
        "draws": state.draws,
        "ply": state.ply,
        "round": state.round,
        "dealer": state.dealer,
        "hands": [list(hand) for hand in state.hands],
        "stock": list(state.stock),
        "trick": list(state.trick),
        "tricks": [{"leader": leader, "cards": list(cards)} for leader, cards in state.tricks],
        "totals": list(state.totals),
        "last_round": state.last_round,
    }


_FIELDS = ("format", "seed", "options", "draws", "ply", "round", "dealer", "hands", "stock",
           "trick", "tricks", "totals", "last_round")


def from_json(data: Any) -> State:
    """The state ``data`` holds, or BadSave saying why it cannot be trusted: its fields read with
    their types checked here, then whether they make a position the rules reach (checks.py)."""
    return checks.reading("Punttu", _read, data)


def _read(data: Any) -> State:
    from games.punttu import checks as reach  # it needs the rules, which need State

    checks.need(isinstance(data, dict) and data.get("format") == FORMAT,
                "not a Punttu state of this version")
    try:
        options = opts.check(data["options"])
    except BadOptions as err:
        raise BadSave(str(err)) from None
    checks.need(options == data["options"], "incomplete options")
    state = _fields(data, options)
    reach.check(state)
    return state


def _fields(data: dict, options: dict) -> State:
    """The fields of ``data`` read with their types checked; ``options`` already resolved."""
    checks.keys(data, _FIELDS, "state fields")
    players = options["players"]
    hands = checks.per_seat(data["hands"], players, "hands")
    tricks = data["tricks"]
    checks.need(isinstance(tricks, list), "bad tricks")
    return State(
        seed=checks.text(data["seed"], "seed"),
        options=options,
        draws=checks.count(data["draws"], "draws", 1),
        ply=checks.count(data["ply"], "ply"),
        round=checks.count(data["round"], "round", 1),
        dealer=checks.count(data["dealer"], "dealer", 0, players - 1),
        hands=tuple(checks.cards(hand, KNOWN, "hand") for hand in hands),
        stock=checks.cards(data["stock"], KNOWN, "stock"),
        trick=checks.cards(data["trick"], KNOWN, "trick"),
        tricks=tuple(_trick(t, players) for t in tricks),
        totals=tuple(checks.count(t, "total")
                     for t in checks.per_seat(data["totals"], players, "totals")),
        last_round=data["last_round"],
    )


def _trick(data: Any, players: int) -> tuple[int, tuple[str, ...]]:
    checks.keys(data, ("leader", "cards"), "finished trick")
    return (checks.count(data["leader"], "trick leader", 0, players - 1),
            checks.cards(data["cards"], KNOWN, "trick cards"))
