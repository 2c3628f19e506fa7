"""The rules (the protocol of engine.game.Rules): the deal, the legal moves, playing a move, the
end of a turn and of the game, and the worlds a seat cannot tell apart."""
import random
from dataclasses import replace

from engine.decks import redeal
from engine.rng import shuffled
from games.neuf_vies import cards as C
from games.neuf_vies import columns as K
from games.neuf_vies import ending
from games.neuf_vies.cards import sorted_hand
from games.neuf_vies.columns import Column
from games.neuf_vies.errors import illegal
from games.neuf_vies.placing import counters, judge, won_pair
from games.neuf_vies.schema import (Allow, Counter, Discard, Move, Place, Put, Renew, Stop,
                                    move_text, parse_move)
from games.neuf_vies.state import Attack, State, cards

__all__ = ["new_game", "players", "to_move", "legal_moves", "play", "rounds_done", "outcome",
           "scores", "determinize", "full_deck", "cards", "placements"]


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


def players(state: State) -> int:
    return state.players


def to_move(state: State) -> int | None:
    return state.to_move


def rounds_done(state: State) -> int:
    """One game is the match: one round, done once the game is over."""
    return 1 if state.phase == "over" else 0


def scores(state: State) -> list[int]:
    return [K.total(t) for t in state.tableaux]


def outcome(state: State) -> dict | None:
    """The winners and scores of the final record, and the ranks after the tie-break (more cards
    on the 9×2 side): an engine.view.Outcome."""
    record = state.last_round
    if state.phase != "over" or record is None:
        return None
    return {"winners": list(record["winners"]), "scores": list(record["scores"]),
            "ranks": ending.ranks(record["scores"], record["backs"])}


def full_deck(options: dict) -> list[str]:
    """The cards in play: the copies taken out for the player count are not in the game."""
    return C.full_deck(options["players"])


# --- the legal moves -----------------------------------------------------------------------

def placements(state: State, seat: int) -> list[str]:
    hand = state.hands[seat]
    return [move_text(Place(card, target, col))
            for card in hand for target in range(state.players) for col in range(K.SLOTS)
            if judge(state.tableaux, seat, card, target, col)[0]]


def legal_moves(state: State) -> list[str]:
    phase, attack = state.phase, state.attack
    if phase == "turn":
        hand = state.hands[state.current]
        return placements(state, state.current) or [move_text(Discard(c)) for c in hand]
    if phase == "counter" and attack is not None:
        return [move_text(Allow())] + [move_text(Counter(c)) for c in state.hands[attack.target]
                                       if counters(c, attack.card)]
    if phase == "renew" and attack is not None:
        return [move_text(Renew(c)) for c in state.hands[state.current]
                if C.identical(c, attack.card)] + [move_text(Stop())]
    if phase == "put" and state.holding is not None:
        return [move_text(Put(col))
                for col in K.places(state.tableaux[state.current], state.holding)]
    return []


# --- playing a move ------------------------------------------------------------------------

def play(state: State, move: str) -> State:
    if state.phase == "over":
        raise illegal("over")
    parsed = parse_move(move)
    if isinstance(parsed, Place) and parsed.seat >= state.players:
        raise illegal("no_seat", seat=parsed.seat)
    if state.phase == "turn":
        return _turn(state, parsed)
    if state.phase == "counter":
        return _counter(state, parsed)
    if state.phase == "renew":
        return _renew(state, parsed)
    return _put(state, parsed)


def _logged(state: State, move: Move) -> State:
    """The move counted and written in the log (in its canonical spelling)."""
    seat = state.to_move
    assert seat is not None
    return replace(state, ply=state.ply + 1, log=state.log + ((seat, move_text(move)),))


def _note(state: State, seat: int, text: str) -> State:
    return replace(state, log=state.log + ((seat, text),))


def _in_hand(state: State, seat: int, card: str) -> None:
    if card not in state.hands[seat]:
        raise illegal("not_in_hand", card=card)


def _take(state: State, seat: int, card: str) -> State:
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    return replace(state, hands=tuple(hands))


def _attack(state: State) -> Attack:
    assert state.attack is not None
    return state.attack


def _turn(state: State, move: Move) -> State:
    seat = state.current
    if not isinstance(move, (Place, Discard)):
        raise illegal("must_place")
    _in_hand(state, seat, move.card)
    if isinstance(move, Discard):
        if placements(state, seat):
            raise illegal("can_place")
        state = _take(_logged(state, move), seat, move.card)
        return _end_turn(replace(state, discard=state.discard + ((move.card, True),)))
    ok, effect = judge(state.tableaux, seat, move.card, move.seat, move.col)
    if not ok:
        raise illegal(effect)
    state = _take(_logged(state, move), seat, move.card)
    if move.seat != seat:
        return replace(state, phase="counter", attack=Attack(move.seat, move.col, move.card))
    return _land(state, move.card, seat, move.col, effect)


def _counter(state: State, move: Move) -> State:
    attack = _attack(state)
    if isinstance(move, Allow):
        return _strike(_logged(state, move), attack.card)
    if not isinstance(move, Counter):
        raise illegal("must_answer")
    _in_hand(state, attack.target, move.card)
    if not counters(move.card, attack.card):
        raise illegal("counter_card")
    state = _take(_logged(state, move), attack.target, move.card)
    return replace(state, phase="renew",
                   discard=state.discard + ((attack.card, True), (move.card, True)))


def _renew(state: State, move: Move) -> State:
    if isinstance(move, Stop):
        # A countered attack still used up the placement: the turn goes on to drawing.
        return _end_turn(replace(_logged(state, move), phase="turn", attack=None))
    if not isinstance(move, Renew):
        raise illegal("must_renew")
    _in_hand(state, state.current, move.card)
    if not C.identical(move.card, _attack(state).card):
        raise illegal("renew_card")
    return _strike(_take(_logged(state, move), state.current, move.card), move.card)


def _put(state: State, move: Move) -> State:
    if not isinstance(move, Put):
        raise illegal("must_put")
    assert state.holding is not None
    tableau = state.tableaux[state.current]
    column = K.merge(tableau[move.col], state.holding)
    if column is None:
        raise illegal("no_place", col=move.col + 1)
    state = _set(_logged(state, move), state.current, move.col, column)
    return _after(replace(state, phase="turn", holding=None))


# --- what a placement does ---------------------------------------------------------------

def _set(state: State, seat: int, col: int, column: Column | None) -> State:
    tableaux = list(state.tableaux)
    tableaux[seat] = K.put(tableaux[seat], col, column)
    return replace(state, tableaux=tuple(tableaux))


def _strike(state: State, card: str) -> State:
    """An attack that was let through (or renewed) takes effect."""
    attack = _attack(state)
    # Still legal: neither tableau changed while the attack waited.
    _, effect = judge(state.tableaux, state.current, card, attack.target, attack.col)
    state = replace(state, phase="turn", attack=None)
    return _land(state, card, attack.target, attack.col, effect)


def _land(state: State, card: str, target: int, col: int, effect: str) -> State:
    """``card`` of the player on turn lands on ``target``'s slot ``col``; pairs resolve at once."""
    column = state.tableaux[target][col]
    if effect == "column":
        return _after(_set(state, target, col, Column(warrior=card)))
    assert column is not None
    if effect == "stack":
        return _after(_set(state, target, col, column._replace(warrior=card)))
    if effect == "spirit":
        return _after(_set(state, target, col, column._replace(spirit=card)))
    top = column.spirit or column.warrior
    assert top is not None
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


# --- what a seat cannot know ---------------------------------------------------------------

def determinize(state: State, seat: int, rng: random.Random) -> State:
    """The other hands, the draw pile and every unturned 9×2 card (on a tableau, held, or
    discarded face down) dealt anew among the same places; all else is known to ``seat``."""
    places: list[tuple] = []
    hidden: list[str] = []
    for owner, hand in enumerate(state.hands):
        if owner != seat:
            places += [("hand", owner, i) for i in range(len(hand))]
            hidden += hand
    places += [("pile", i) for i in range(len(state.pile))]
    hidden += state.pile
    for owner, tableau in enumerate(state.tableaux):
        for col, column in enumerate(tableau):
            for i, (card, known) in enumerate(column.backs if column else ()):
                if not known:
                    places.append(("back", owner, col, i))
                    hidden.append(card)
    if state.holding is not None and not state.holding.backs[0][1]:
        places.append(("held",))
        hidden.append(state.holding.backs[0][0])
    for i, (card, up) in enumerate(state.discard):
        if not up:
            places.append(("discard", i))
            hidden.append(card)
    laid = redeal(places, hidden, rng)
    hands = tuple(hand if owner == seat else sorted_hand(
        laid[("hand", owner, i)] for i in range(len(hand)))
        for owner, hand in enumerate(state.hands))
    tableaux = tuple(tuple(_relaid(column, laid, owner, col) for col, column in enumerate(t))
                     for owner, t in enumerate(state.tableaux))
    holding = state.holding
    if holding is not None and ("held",) in laid:
        holding = holding._replace(backs=((laid[("held",)], False),))
    discard = tuple((laid[("discard", i)], False) if not up else (card, up)
                    for i, (card, up) in enumerate(state.discard))
    return replace(state, hands=hands, tableaux=tableaux, holding=holding, discard=discard,
                   pile=tuple(laid[("pile", i)] for i in range(len(state.pile))))


def _relaid(column: Column | None, laid: dict, owner: int, col: int) -> Column | None:
    if column is None:
        return None
    backs = tuple((card, True) if known else (laid[("back", owner, col, i)], False)
                  for i, (card, known) in enumerate(column.backs))
    return column._replace(backs=backs)
