"""Reading a state back from JSON: every field checked, then the position as a whole (the cards
of the game, each exactly once; a phase with what it needs). BadSave says what is wrong."""
from engine import checks
from engine.errors import BadOptions, BadSave
from games.neuf_vies import cards as C
from games.neuf_vies import columns as K
from games.neuf_vies import ending, rules
from games.neuf_vies import options as opts
from games.neuf_vies.columns import Column
from games.neuf_vies.state import FORMAT, PHASES, Attack, State, to_json

KEYS = ("format", "seed", "options", "draws", "ply", "phase", "current", "hands", "pile",
        "discard", "tableaux", "attack", "holding", "log", "last_round")
KNOWN = frozenset(C.ALL)
LOG_TEXT = 40


def from_json(data) -> State:
    return checks.reading("Neuf vies", _read, data)


def _read(data) -> State:
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
        current=checks.seat(data["current"], players, "current player"),
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


def _list(value, name: str) -> list:
    checks.need(isinstance(value, list), f"bad {name}")
    return value


def _hand(value) -> tuple:
    hand = checks.cards(value, KNOWN, "hand")
    checks.need(len(hand) <= C.HAND, "a hand of more than four cards")
    checks.need(hand == rules.sorted_hand(hand), "a hand out of order")
    return hand


def _sided(entry, name: str) -> tuple:
    checks.need(isinstance(entry, list) and len(entry) == 2 and entry[0] in KNOWN
                and type(entry[1]) is bool, f"bad {name}")
    return entry[0], entry[1]


def _column(value, name: str):
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


def _tableau(value) -> tuple:
    checks.need(isinstance(value, list) and len(value) == K.SLOTS, "bad tableau")
    return tuple(_column(c, "column") for c in value)


def _attack(value, players: int):
    if value is None:
        return None
    checks.keys(value, ("target", "col", "card"), "attack")
    checks.need(value["card"] in KNOWN, "bad attacking card")
    return Attack(checks.seat(value["target"], players, "attacked seat"),
                  checks.count(value["col"], "attacked column", 0, K.SLOTS - 1), value["card"])


def _entry(value, players: int) -> tuple:
    checks.need(isinstance(value, list) and len(value) == 2, "bad log entry")
    return checks.seat(value[0], players, "log seat"), checks.text(value[1], "log entry", LOG_TEXT)


def _check(state: State) -> None:
    """The position as a whole."""
    options, phase = state.options, state.phase
    checks.need(state.draws == 1 + (options["first_player"] == "random"), "bad draws")
    checks.need((state.attack is not None) == (phase in ("counter", "renew")),
                "an attack outside its phases")
    checks.need((state.holding is not None) == (phase == "put"), "held cards outside their phase")
    found = [c for hand in state.hands for c in hand] + list(state.pile)
    found += [c for c, _ in state.discard]
    found += [c for t in state.tableaux for col in t if col is not None for c in col.cards()]
    if state.holding is not None:
        found += state.holding.cards()
    if phase == "counter":
        found.append(state.attack.card)
    checks.same_cards(found, C.full_deck(options["players"]))
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


def _check_holding(state: State) -> None:
    held = state.holding
    gain = held.warrior is None and len(held.backs) == 1 and not held.backs[0][1]
    pair = (held.warrior is not None and len(held.backs) == 1 and held.backs[0][1]
            and C.identical(held.backs[0][0], held.warrior))
    checks.need(held.spirit is None and (gain or pair), "bad held cards")
    checks.need(bool(K.places(state.tableaux[state.current], held)), "held cards fit nowhere")


def _check_attack(state: State) -> None:
    attack = state.attack
    checks.need(attack.target != state.current, "an attack on one's own column")
    ok, _ = rules.judge(state, state.current, attack.card, attack.target, attack.col)
    checks.need(ok, "an attack the rules do not allow")
    if state.phase == "renew":
        top = state.discard[-2:]
        countered = (len(top) == 2 and top[0] == (attack.card, True) and top[1][1]
                     and rules.counters(top[1][0], attack.card))
        checks.need(countered, "no countered attack on the discard")
