"""The state of a game (immutable: ``play`` builds a new one), its JSON form, and reading that
form back: every field checked, then the position as a whole (the cards of the game, each
exactly once; a phase with what it needs). BadSave says what is wrong."""
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine import checks
from engine.errors import BadOptions, BadSave, IllegalMove
from games.neuf_vies import cards as C
from games.neuf_vies import columns as K
from games.neuf_vies import ending, placing
from games.neuf_vies import options as opts
from games.neuf_vies.columns import Column, Tableau
from games.neuf_vies.schema import move_text, parse_move

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
    hands: tuple[tuple[str, ...], ...]  # per seat, card ids in cards.sort_key order
    pile: tuple[str, ...]  # the draw pile, top last
    discard: tuple[tuple[str, bool], ...]  # ((card, face_up), ...), top last; face down: a 9×2 that fitted nowhere
    tableaux: tuple[Tableau, ...]  # per seat, SLOTS entries: None or a Column
    attack: Attack | None  # while "counter" and "renew"
    holding: Column | None  # while "put": the won 9×2 card, or a twin pair
    log: tuple[tuple[int, str], ...]  # ((seat, text), ...): every move and every automatic step, all public
    last_round: dict | None  # the final record (ending.record), once over

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def to_move(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "counter":
            assert self.attack is not None
            return self.attack.target
        return self.current


# --- to JSON --------------------------------------------------------------------------------

def column_json(column: Column | None) -> dict | None:
    if column is None:
        return None
    return {"backs": [[card, known] for card, known in column.backs],
            "warrior": column.warrior, "spirit": column.spirit}


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


# --- from JSON ------------------------------------------------------------------------------

KEYS = ("format", "seed", "options", "draws", "ply", "phase", "current", "hands", "pile",
        "discard", "tableaux", "attack", "holding", "log", "last_round")
KNOWN = frozenset(C.ALL)
LOG_TEXT = 40
# The steps the rules log besides the moves: a 9×2 card gained from the pile, lost (it fitted
# nowhere), none (the pile was empty); an empty hand that places nothing; the draw back to four.
STEPS = frozenset(("gain", "gain lost", "gain none", "skip") + tuple(f"draw {n}" for n in range(1, C.HAND + 1)))


def from_json(data: Any) -> State:
    return checks.reading("Neuf vies", _read, data)


def _read(data: Any) -> State:
    checks.need(isinstance(data, dict) and data.get("format") == FORMAT,
                "not a Neuf vies state of this version")
    checks.keys(data, KEYS, "state")
    try:
        options = opts.check(data["options"])
    except BadOptions as err:
        raise BadSave(str(err)) from None
    checks.need(options == data["options"], "incomplete options")
    players = options["players"]
    phase = data["phase"]
    checks.need(phase in PHASES, "bad phase")
    state = State(
        seed=checks.text(data["seed"], "seed", 80),
        options=options,
        draws=checks.count(data["draws"], "draws", 1, 2),
        ply=checks.count(data["ply"], "ply"),
        phase=phase,
        current=_seat(data["current"], players, "current player"),
        hands=tuple(_hand(h) for h in checks.per_seat(data["hands"], players, "hands")),
        pile=checks.cards(data["pile"], KNOWN, "draw pile"),
        discard=tuple(_sided(e, "discard") for e in _list(data["discard"], "discard")),
        tableaux=tuple(_tableau(t) for t in checks.per_seat(data["tableaux"], players, "tableaux")),
        attack=_attack(data["attack"], players),
        holding=_column(data["holding"], "held cards"),
        log=tuple(_entry(e, players) for e in _list(data["log"], "log")),
        last_round=data["last_round"],
    )
    _check(state)
    checks.need(to_json(state) == data, "unexpected values in the state")
    return state


def _list(value: Any, name: str) -> list:
    checks.need(isinstance(value, list), f"bad {name}")
    return value


def _hand(value: Any) -> tuple[str, ...]:
    hand = checks.cards(value, KNOWN, "hand")
    checks.need(len(hand) <= C.HAND, "a hand of more than four cards")
    checks.need(hand == C.sorted_hand(hand), "a hand out of order")
    return hand


def _sided(entry: Any, name: str) -> tuple[str, bool]:
    checks.need(isinstance(entry, list) and len(entry) == 2 and entry[0] in KNOWN
                and type(entry[1]) is bool, f"bad {name}")
    return entry[0], entry[1]


def _column(value: Any, name: str) -> Column | None:
    if value is None:
        return None
    checks.keys(value, ("backs", "warrior", "spirit"), name)
    backs = tuple(_sided(e, name) for e in _list(value["backs"], name))
    warrior, spirit = value["warrior"], value["spirit"]
    checks.need(warrior is None or (warrior in KNOWN and C.kind(warrior) == "warrior"),
                f"{name}: the warrior is not a warrior")
    checks.need(spirit is None or (spirit in KNOWN and C.kind(spirit) == "spirit"),
                f"{name}: the spirit is not a spirit")
    column = Column(backs, warrior, spirit)
    checks.need(K.fits(column), f"{name}: more than four cards, or more than three 9×2 cards")
    # Only the lower card of a twin pair lies 9×2 side up with its face known.
    checks.need(all(C.kind(card) == "warrior" for card, known in backs if known),
                f"{name}: a known 9×2 card that is not a warrior")
    return column


def _tableau(value: Any) -> Tableau:
    checks.need(isinstance(value, list) and len(value) == K.SLOTS, "bad tableau")
    return tuple(_column(c, "column") for c in value)


def _attack(value: Any, players: int) -> Attack | None:
    if value is None:
        return None
    checks.keys(value, ("target", "col", "card"), "attack")
    checks.need(value["card"] in KNOWN, "bad attacking card")
    return Attack(_seat(value["target"], players, "attacked seat"),
                  checks.count(value["col"], "attacked column", 0, K.SLOTS - 1), value["card"])


def _entry(value: Any, players: int) -> tuple[int, str]:
    """A log line: a move in its canonical spelling, or a step of the rules."""
    checks.need(isinstance(value, list) and len(value) == 2, "bad log entry")
    seat, text = _seat(value[0], players, "log seat"), checks.text(value[1], "log entry", LOG_TEXT)
    checks.need(text in STEPS or _is_move(text), "bad log entry")
    return seat, text


def _seat(value: Any, players: int, name: str) -> int:
    seat = checks.seat(value, players, name)
    assert seat is not None  # checks.seat refuses None unless told otherwise
    return seat


def _is_move(text: str) -> bool:
    try:
        return move_text(parse_move(text)) == text
    except IllegalMove:
        return False


def _check(state: State) -> None:
    """The position as a whole."""
    options, phase = state.options, state.phase
    checks.need(state.draws == 1 + (options["first_player"] == "random"), "bad draws")
    checks.need((state.attack is not None) == (phase in ("counter", "renew")),
                "an attack outside its phases")
    checks.need((state.holding is not None) == (phase == "put"), "held cards outside their phase")
    checks.same_cards(cards(state), C.full_deck(options["players"]))
    if phase == "over":
        checks.need(state.last_round == ending.record(state.tableaux, state.current),
                    "the final record does not match the tableaux")
        return
    checks.need(state.last_round is None, "a final record before the end")
    checks.need(all(K.full_columns(t) < 3 for t in state.tableaux),
                "three columns of three 9×2 cards and the game goes on")
    if phase == "turn":
        checks.need(bool(state.hands[state.current]), "the player on turn has no card")
    elif phase == "put":
        _check_holding(state)
    else:
        _check_attack(state)


def cards(state: State) -> list[str]:
    """The id of every card wherever it is (hands, pile, discard, tableaux, held, in the air)."""
    out = [c for hand in state.hands for c in hand] + list(state.pile)
    out += [c for c, _ in state.discard]
    out += [c for t in state.tableaux for col in t if col is not None for c in col.cards()]
    if state.holding is not None:
        out += state.holding.cards()
    if state.phase == "counter" and state.attack is not None:
        out.append(state.attack.card)
    return out


def _check_holding(state: State) -> None:
    held = state.holding
    assert held is not None
    gain = held.warrior is None and len(held.backs) == 1 and not held.backs[0][1]
    pair = (held.warrior is not None and len(held.backs) == 1 and held.backs[0][1]
            and C.identical(held.backs[0][0], held.warrior))
    checks.need(held.spirit is None and (gain or pair), "bad held cards")
    checks.need(bool(K.places(state.tableaux[state.current], held)), "held cards fit nowhere")


def _check_attack(state: State) -> None:
    attack = state.attack
    assert attack is not None
    checks.need(attack.target != state.current, "an attack on one's own column")
    ok, _ = placing.judge(state.tableaux, state.current, attack.card, attack.target, attack.col)
    checks.need(ok, "an attack the rules do not allow")
    if state.phase == "renew":
        top = state.discard[-2:]
        countered = (len(top) == 2 and top[0] == (attack.card, True) and top[1][1]
                     and placing.counters(top[1][0], attack.card))
        checks.need(countered, "no countered attack on the discard")
