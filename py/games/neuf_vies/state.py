"""The state of a game (immutable: ``play`` builds a new one) and its JSON form."""
from dataclasses import dataclass
from typing import NamedTuple

from games.neuf_vies.columns import Column

# "turn": the player on turn places (or must discard); "counter": the attacked player answers;
# "renew": the countered attacker may attack again; "put": the player on turn places what a
# pair won them; "over".
PHASES = ("turn", "counter", "renew", "put", "over")
FORMAT = 1


class Attack(NamedTuple):
    target: int
    col: int
    card: str  # in the air while "counter"; on the discard pile (under the counter) in "renew"


@dataclass(frozen=True)
class State:
    seed: str
    options: dict  # resolved options; never mutated
    draws: int  # shuffles made: the counter of engine.rng.shuffled
    ply: int
    phase: str
    current: int  # the player on turn (kept once over: the record names them)
    hands: tuple  # per seat, card ids in cards.sort_key order
    pile: tuple  # the draw pile, top last
    discard: tuple  # ((card, face_up), ...), top last; face down: a 9×2 that fitted nowhere
    tableaux: tuple  # per seat, SLOTS entries: None or a Column
    attack: Attack | None  # while "counter" and "renew"
    holding: Column | None  # while "put": the won 9×2 card, or a twin pair
    log: tuple  # ((seat, text), ...): every move and every automatic step, all public
    last_round: dict | None  # the final record, once over

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def to_move(self):
        if self.phase == "over":
            return None
        return self.attack.target if self.phase == "counter" else self.current


def column_json(column):
    if column is None:
        return None
    return {"backs": [[card, known] for card, known in column.backs],
            "warrior": column.warrior, "spirit": column.spirit}


def column_from_json(data):
    if data is None:
        return None
    return Column(tuple((card, known) for card, known in data["backs"]),
                  data["warrior"], data["spirit"])


def to_json(state: State) -> dict:
    attack = state.attack
    return {
        "format": FORMAT,
        "seed": state.seed,
        "options": dict(state.options),
        "draws": state.draws,
        "ply": state.ply,
        "phase": state.phase,
        "current": state.current,
        "hands": [list(hand) for hand in state.hands],
        "pile": list(state.pile),
        "discard": [[card, up] for card, up in state.discard],
        "tableaux": [[column_json(c) for c in tableau] for tableau in state.tableaux],
        "attack": None if attack is None else {"target": attack.target, "col": attack.col,
                                               "card": attack.card},
        "holding": column_json(state.holding),
        "log": [[seat, text] for seat, text in state.log],
        "last_round": state.last_round,
    }
