"""The rules: each round every seat is dealt three cards; the leader plays one, then each seat in
turn; the highest card takes the trick (the first played of equal ones) and its points (the sum
of its values), and leads the next. After the last round the most points win."""
import random
from dataclasses import replace

from engine.decks import redeal
from engine.rng import shuffled
from games.high_card.cards import DECK, HAND, in_order, value
from games.high_card.errors import illegal
from games.high_card.schema import parse_move
from games.high_card.state import State


def new_game(options: dict, seed: str) -> State:
    n = options["players"]
    return _deal(State(seed=seed, options=options, ply=0, round=1, leader=0, hands=((),) * n, stock=(),
                       trick=(), played=(), taken=(0,) * n, totals=(0,) * n, last_round=None), 1)


def _deal(state: State, round_no: int) -> State:
    n = state.players
    deck = shuffled(DECK, state.seed, round_no)
    return replace(state, round=round_no, leader=(round_no - 1) % n,
                   hands=tuple(in_order(deck[seat * HAND:(seat + 1) * HAND]) for seat in range(n)),
                   stock=tuple(deck[n * HAND:]), trick=(), played=(), taken=(0,) * n)


def players(state: State) -> int:
    return state.players


def rounds_done(state: State) -> int:
    return state.last_round["round"] if state.last_round else 0


def over(state: State) -> bool:
    return rounds_done(state) == state.options["rounds"]


def to_move(state: State) -> int | None:
    return None if over(state) else (state.leader + len(state.trick)) % state.players


def legal_moves(state: State) -> list[str]:
    seat = to_move(state)
    return [] if seat is None else [f"play {card}" for card in state.hands[seat]]


def best(points) -> list[int]:
    return [seat for seat, p in enumerate(points) if p == max(points)]


def trick_winner(leader: int, trick, players: int) -> int:
    first = max(range(len(trick)), key=lambda i: (value(trick[i]), -i))
    return (leader + first) % players


def play(state: State, move: str) -> State:
    if over(state):
        raise illegal("over")
    card = parse_move(move).card
    seat = to_move(state)
    assert seat is not None
    if card not in state.hands[seat]:
        raise illegal("not_in_hand", card=card)
    hands = tuple(tuple(c for c in hand if c != card) if s == seat else hand for s, hand in enumerate(state.hands))
    state = replace(state, ply=state.ply + 1, hands=hands, trick=state.trick + (card,))
    n = state.players
    if len(state.trick) < n:
        return state
    winner = trick_winner(state.leader, state.trick, n)
    taken = tuple(t + (sum(map(value, state.trick)) if s == winner else 0) for s, t in enumerate(state.taken))
    state = replace(state, leader=winner, trick=(), played=state.played + state.trick, taken=taken)
    if any(state.hands):
        return state
    totals = tuple(t + p for t, p in zip(state.totals, taken))
    record = {"round": state.round, "points": list(taken), "winners": best(taken), "totals": list(totals)}
    state = replace(state, totals=totals, last_round=record)
    return state if over(state) else _deal(state, state.round + 1)


def outcome(state: State) -> dict | None:
    if not over(state):
        return None
    return {"winners": best(state.totals), "scores": list(state.totals)}


def scores(state: State) -> list:
    """The points so far: the finished rounds' and the tricks taken in this one."""
    if over(state):
        return list(state.totals)
    return [t + p for t, p in zip(state.totals, state.taken)]


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """The other hands and the stock dealt anew among themselves; the seat's own hand and every
    card played stay."""
    places = [(owner, i) for owner, hand in enumerate(state.hands) if owner != seat for i in range(len(hand))]
    places += [(-1, i) for i in range(len(state.stock))]  # the stock
    laid = redeal(places, [state.hands[o][i] if o >= 0 else state.stock[i] for o, i in places], rng)
    hands = tuple(hand if owner == seat else in_order(laid[owner, i] for i in range(len(hand)))
                  for owner, hand in enumerate(state.hands))
    return replace(state, hands=hands, stock=tuple(laid[-1, i] for i in range(len(state.stock))))


def full_deck(options: dict) -> list[str]:
    return list(DECK)


def cards(state: State) -> list[str]:
    return [*(c for hand in state.hands for c in hand), *state.stock, *state.trick, *state.played]
