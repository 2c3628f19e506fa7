"""The rules: the deal, the legal placements, playing a move and the end of a turn."""
from dataclasses import replace

from engine.rng import shuffled
from games.neuf_vies import cards as C
from games.neuf_vies import columns as K
from games.neuf_vies import ending
from games.neuf_vies.columns import Column
from games.neuf_vies.errors import illegal
from games.neuf_vies.moves import move_text, parse_move
from games.neuf_vies.state import Attack, State


def new_game(options: dict, seed: str) -> State:
    players, first, draws = options["players"], options["first_player"], 0
    if first == "random":
        first = shuffled(range(players), seed, draws)[0]
        draws += 1
    deck = shuffled(C.full_deck(players), seed, draws)
    hands = tuple(sorted_hand(deck[seat * C.HAND:(seat + 1) * C.HAND]) for seat in range(players))
    return State(seed=seed, options=dict(options), draws=draws + 1, ply=0, phase="turn",
                 current=first, hands=hands, pile=tuple(deck[players * C.HAND:]), discard=(),
                 tableaux=((None,) * K.SLOTS,) * players, attack=None, holding=None, log=(),
                 last_round=None)


def sorted_hand(cards) -> tuple:
    return tuple(sorted(cards, key=C.sort_key))


# --- placements --------------------------------------------------------------------------

def judge(state: State, seat: int, card: str, target: int, col: int) -> tuple:
    """``(True, effect)`` when ``seat`` may place ``card`` on ``target``'s slot ``col``, else
    ``(False, reason)``. Effects: "column" (a new column), "stack" (a warrior on one's own 9×2
    cards), "nine" and "twin" (pairs), "spirit" (a spirit attack), "spirits" (a spirit pair)."""
    what = C.kind(card)
    column = state.tableaux[target][col]
    own = target == seat
    if what == "joker":
        return False, "joker"
    if what == "spirit":
        if own:
            paired = column is not None and column.spirit is not None
            return (True, "spirits") if paired else (False, "spirit_own")
        if column is None:
            return False, "empty_slot"
        if column.spirit is not None:
            return False, "spirit_on_spirit"
        return (True, "spirit") if column.size < K.MAX_CARDS else (False, "spirit_full")
    if column is None:
        return (True, "column") if own else (False, "empty_slot")
    if column.spirit is not None:
        return False, "on_spirit"
    if column.warrior is None:
        return (True, "stack") if own else (False, "other_backs")
    if C.colour(column.warrior) != C.colour(card):
        return False, "other_colour"
    if C.value(column.warrior) != C.value(card):
        return True, "nine"
    if own:
        return (True, "twin") if len(column.backs) < K.MAX_BACKS else (False, "twin_full")
    room = K.places(state.tableaux[seat], won_pair(column.warrior, card))
    return (True, "twin") if room else (False, "no_room")


def won_pair(lower: str, upper: str) -> Column:
    """A twin pair won on another player's column: their warrior turned, the attacker's on top."""
    return Column(((lower, True),), upper)


def placements(state: State, seat: int) -> list:
    hand = state.hands[seat]
    return [move_text("place", card, target, col)
            for card in hand for target in range(state.players) for col in range(K.SLOTS)
            if judge(state, seat, card, target, col)[0]]


def legal_moves(state: State) -> list:
    phase = state.phase
    if phase == "turn":
        hand = state.hands[state.current]
        return placements(state, state.current) or [move_text("discard", c) for c in hand]
    if phase == "counter":
        attack = state.attack
        return ["allow"] + [move_text("counter", c) for c in state.hands[attack.target]
                            if counters(c, attack.card)]
    if phase == "renew":
        card = state.attack.card
        return [move_text("renew", c) for c in state.hands[state.current]
                if C.identical(c, card)] + ["stop"]
    if phase == "put":
        return [move_text("put", col=col)
                for col in K.places(state.tableaux[state.current], state.holding)]
    return []


def counters(card: str, attacking: str) -> bool:
    return C.identical(card, attacking) or C.kind(card) == "joker"


# --- playing a move ------------------------------------------------------------------------

def play(state: State, move: str) -> State:
    if state.phase == "over":
        raise illegal("over")
    parsed = parse_move(move)
    if parsed.seat is not None and parsed.seat >= state.players:
        raise illegal("no_seat", seat=parsed.seat)
    return _PHASES[state.phase](state, parsed)


def _logged(state: State, move) -> State:
    """The move counted and written in the log (in its canonical spelling)."""
    text = move_text(move.kind, move.card, move.seat, move.col)
    return replace(state, ply=state.ply + 1, log=state.log + ((state.to_move, text),))


def _note(state: State, seat: int, text: str) -> State:
    return replace(state, log=state.log + ((seat, text),))


def _in_hand(state: State, seat: int, card: str) -> None:
    if card not in state.hands[seat]:
        raise illegal("not_in_hand", card=card)


def _take(state: State, seat: int, card: str) -> State:
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    return replace(state, hands=tuple(hands))


def _turn(state: State, move) -> State:
    seat = state.current
    if move.kind not in ("place", "discard"):
        raise illegal("must_place")
    _in_hand(state, seat, move.card)
    if move.kind == "discard":
        if placements(state, seat):
            raise illegal("can_place")
        state = _take(_logged(state, move), seat, move.card)
        return _end_turn(replace(state, discard=state.discard + ((move.card, True),)))
    ok, effect = judge(state, seat, move.card, move.seat, move.col)
    if not ok:
        raise illegal(effect)
    state = _take(_logged(state, move), seat, move.card)
    if move.seat != seat:
        return replace(state, phase="counter", attack=Attack(move.seat, move.col, move.card))
    return _land(state, move.card, seat, move.col, effect)


def _counter(state: State, move) -> State:
    attack = state.attack
    if move.kind == "allow":
        return _strike(_logged(state, move), attack.card)
    if move.kind != "counter":
        raise illegal("must_answer")
    _in_hand(state, attack.target, move.card)
    if not counters(move.card, attack.card):
        raise illegal("counter_card")
    state = _take(_logged(state, move), attack.target, move.card)
    return replace(state, phase="renew",
                   discard=state.discard + ((attack.card, True), (move.card, True)))


def _renew(state: State, move) -> State:
    if move.kind == "stop":
        # A countered attack still used up the placement: the turn goes on to drawing.
        return _end_turn(replace(_logged(state, move), phase="turn", attack=None))
    if move.kind != "renew":
        raise illegal("must_renew")
    _in_hand(state, state.current, move.card)
    if not C.identical(move.card, state.attack.card):
        raise illegal("renew_card")
    return _strike(_take(_logged(state, move), state.current, move.card), move.card)


def _put(state: State, move) -> State:
    if move.kind != "put":
        raise illegal("must_put")
    tableau = state.tableaux[state.current]
    column = K.merge(tableau[move.col], state.holding)
    if column is None:
        raise illegal("no_place", col=move.col + 1)
    state = _set(_logged(state, move), state.current, move.col, column)
    return _after(replace(state, phase="turn", holding=None))


_PHASES = {"turn": _turn, "counter": _counter, "renew": _renew, "put": _put}


# --- what a placement does ---------------------------------------------------------------

def _set(state: State, seat: int, col: int, column) -> State:
    tableaux = list(state.tableaux)
    tableaux[seat] = K.put(tableaux[seat], col, column)
    return replace(state, tableaux=tuple(tableaux))


def _strike(state: State, card: str) -> State:
    """An attack that was let through (or renewed) takes effect."""
    attack = state.attack
    # Still legal: neither tableau changed while the attack waited.
    _, effect = judge(state, state.current, card, attack.target, attack.col)
    state = replace(state, phase="turn", attack=None)
    return _land(state, card, attack.target, attack.col, effect)


def _land(state: State, card: str, target: int, col: int, effect: str) -> State:
    """``card`` of the player on turn lands on ``target``'s slot ``col``; pairs resolve at once."""
    column = state.tableaux[target][col]
    if effect == "column":
        return _after(_set(state, target, col, Column(warrior=card)))
    if effect == "stack":
        return _after(_set(state, target, col, column._replace(warrior=card)))
    if effect == "spirit":
        return _after(_set(state, target, col, column._replace(spirit=card)))
    top = column.spirit or column.warrior
    if effect == "twin" and target == state.current:
        grown = Column(column.backs + ((top, True),), card)
        return _after(_set(state, target, col, grown))
    state = _set(state, target, col, K.without_top(column))
    if effect == "twin":
        return replace(state, phase="put", holding=won_pair(top, card))
    state = replace(state, discard=state.discard + ((top, True), (card, True)))
    return _gain(state) if effect == "nine" else _after(state)


def _gain(state: State) -> State:
    """A nine-pair's reward: the top of the draw pile, unturned, to place on one's tableau."""
    seat = state.current
    if not state.pile:
        return _after(_note(state, seat, "gain none"))
    held = Column(((state.pile[-1], False),))
    state = replace(state, pile=state.pile[:-1])
    if not K.places(state.tableaux[seat], held):
        state = replace(state, discard=state.discard + ((held.backs[0][0], False),))
        return _after(_note(state, seat, "gain lost"))
    return replace(_note(state, seat, "gain"), phase="put", holding=held)


def _after(state: State) -> State:
    """The end check that comes at once, then the rest of the turn."""
    if any(K.full_columns(t) >= 3 for t in state.tableaux):
        return _over(state)
    return _end_turn(state)


def _end_turn(state: State) -> State:
    """Draw back to four, or end the game when the pile cannot; then the next player (who skips
    placing while their hand is empty: they countered attacks)."""
    seat = state.current
    while True:
        need = C.HAND - len(state.hands[seat])
        if len(state.pile) < need:
            return _over(state)
        if need:
            keep = len(state.pile) - need
            hands = list(state.hands)
            hands[seat] = sorted_hand(hands[seat] + state.pile[keep:])
            state = replace(state, hands=tuple(hands), pile=state.pile[:keep])
            state = _note(state, seat, f"draw {need}")
        seat = (seat + 1) % state.players
        state = replace(state, current=seat, phase="turn")
        if state.hands[seat]:
            return state
        state = _note(state, seat, "skip")


def _over(state: State) -> State:
    state = replace(state, phase="over", attack=None, holding=None)
    return replace(state, last_round=ending.record(state.tableaux, state.current))
