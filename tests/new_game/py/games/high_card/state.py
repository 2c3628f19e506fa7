"""The state of a match (immutable: ``play`` builds a new one) and its plain-JSON form. The
deal of round ``r`` is shuffle number ``r`` of the seed (engine.rng)."""
from dataclasses import dataclass

from engine import checks
from engine.errors import BadOptions, BadSave
from engine.options import resolve
from games.high_card.cards import DECK, HAND, KNOWN
from games.high_card.options import OPTIONS

FORMAT = 1
FIELDS = ("format", "seed", "options", "ply", "round", "leader", "hands", "stock", "trick", "played",
          "taken", "totals", "last_round")


@dataclass(frozen=True)
class State:
    seed: str
    options: dict            # resolved; never mutated
    ply: int                 # moves played in the match
    round: int               # the round being played, 1-based (the last one once the match is over)
    leader: int              # who led the trick on the table
    hands: tuple             # per seat, its cards in deck order
    stock: tuple             # the cards nobody was dealt
    trick: tuple             # the trick on the table, the leader's card first
    played: tuple            # the round's finished tricks, one after the other
    taken: tuple             # per seat, the points taken this round
    totals: tuple            # per seat, the points of the finished rounds
    last_round: dict | None  # the record of the last finished round (rules.play)

    @property
    def players(self) -> int:
        return len(self.hands)


def to_json(state: State) -> dict:
    return {"format": FORMAT, "seed": state.seed, "options": dict(state.options), "ply": state.ply,
            "round": state.round, "leader": state.leader, "hands": [list(hand) for hand in state.hands],
            "stock": list(state.stock), "trick": list(state.trick), "played": list(state.played),
            "taken": list(state.taken), "totals": list(state.totals),
            "last_round": None if state.last_round is None else _record_copy(state.last_round)}


def from_json(data) -> State:
    """The state ``data`` holds, every field and the position checked, or BadSave."""
    return checks.reading("High card", _read, data)


def _read(data) -> State:
    checks.keys(data, FIELDS, "High card state fields")
    checks.need(data["format"] == FORMAT, "not a High card state of this version")
    try:
        options = resolve(OPTIONS, data["options"])
    except BadOptions as err:
        raise BadSave(str(err)) from None
    checks.need(options == data["options"], "incomplete options")
    n = options["players"]
    record = data["last_round"]
    if record is not None:
        checks.shape(record, {"round": int, "points": [int], "winners": [int], "totals": [int]}, "last round")
        checks.need(all(len(record[key]) == n for key in ("points", "totals")), "bad last round")
        checks.need(all(0 <= seat < n for seat in record["winners"]), "bad last round")
    state = State(
        seed=checks.text(data["seed"], "seed"),
        options=options,
        ply=checks.count(data["ply"], "ply"),
        round=checks.count(data["round"], "round", 1, options["rounds"]),
        leader=checks.count(data["leader"], "leader", 0, n - 1),
        hands=tuple(checks.cards(hand, KNOWN, "hand") for hand in checks.per_seat(data["hands"], n, "hands")),
        stock=checks.cards(data["stock"], KNOWN, "stock"),
        trick=checks.cards(data["trick"], KNOWN, "trick"),
        played=checks.cards(data["played"], KNOWN, "played cards"),
        taken=tuple(checks.count(t, "points") for t in checks.per_seat(data["taken"], n, "points")),
        totals=tuple(checks.count(t, "total") for t in checks.per_seat(data["totals"], n, "totals")),
        last_round=None if record is None else _record_copy(record),
    )
    _check_position(state)
    return state


def _check_position(state: State) -> None:
    """A position the rules can reach: every card once, hands that fit the tricks played."""
    n = state.players
    checks.same_cards([*(c for hand in state.hands for c in hand), *state.stock, *state.trick, *state.played],
                      DECK)
    checks.need(len(state.trick) < n and len(state.played) % n == 0, "bad trick")
    done = len(state.played) // n
    for seat, hand in enumerate(state.hands):
        in_trick = (seat - state.leader) % n < len(state.trick)
        checks.need(len(hand) == HAND - done - in_trick, "a hand of the wrong size")
    rounds_done = state.last_round["round"] if state.last_round else 0
    over = rounds_done == state.options["rounds"]
    checks.need(state.round == (rounds_done if over else rounds_done + 1), "bad round")
    checks.need(not over or done == HAND, "cards left after the match")


def _record_copy(record: dict) -> dict:
    return {**record, "points": list(record["points"]), "winners": list(record["winners"]),
            "totals": list(record["totals"])}
