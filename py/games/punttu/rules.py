"""The rules (rules/punttu.md): the deal, a trick and its winner, drawing, the score, the match;
and the protocol functions of engine.game's ``Rules`` over the state of state.py."""
import random
from dataclasses import replace
from functools import lru_cache
from typing import Any

from engine.decks import redeal
from engine.rng import shuffled
from games.punttu import cards as C
from games.punttu.errors import illegal
from games.punttu.schema import Play, move_text, parse_move
from games.punttu.state import State

HAND = 3  # cards dealt to each player, and held again after each draw


def first_dealer(options: dict, seed: str) -> int:
    """The option's seat, or one drawn from the match seed (shuffle number 0)."""
    if options["dealer"] == "random":
        return _drawn_dealer(seed, options["players"])
    return options["dealer"]


@lru_cache(maxsize=64)  # from_json checks the dealer of every state it reads
def _drawn_dealer(seed: str, players: int) -> int:
    return shuffled(range(players), seed, 0)[0]


def new_game(options: dict, seed: str) -> State:
    players = options["players"]
    empty = State(seed=seed, options=dict(options), draws=int(options["dealer"] == "random"),
                  ply=0, round=1, dealer=first_dealer(options, seed), hands=((),) * players,
                  stock=(), trick=(), tricks=(), totals=(0,) * players, last_round=None)
    return deal(empty)


def deal(state: State) -> State:
    """Shuffle the cards in play, deal 3 to each one at a time starting after the dealer; the
    rest is the stock."""
    players = state.players
    deck = shuffled(C.in_play(players), state.seed, state.draws)
    hands: list[list[str]] = [[] for _ in range(players)]
    for i, card in enumerate(deck[:HAND * players]):
        hands[(state.dealer + 1 + i) % players].append(card)
    return replace(state, draws=state.draws + 1, hands=tuple(C.in_order(h) for h in hands),
                   stock=tuple(deck[HAND * players:]), trick=(), tricks=())


# --- derived facts ---------------------------------------------------------------------------

def players(state: State) -> int:
    return state.players


@lru_cache(maxsize=4096)  # asked again and again of the same finished tricks
def trick_winner(leader: int, cards: tuple[str, ...], players: int) -> tuple[int, str]:
    """(winning seat, reason): the highest value wins; among equal highest, the card played
    first ("first_of_equal"), else "highest"."""
    values = [C.VALUES[card] for card in cards]
    best = max(values)
    first = values.index(best)
    return (leader + first) % players, ("first_of_equal" if values.count(best) > 1 else "highest")


def leader(state: State) -> int:
    """Who leads the trick on the table: the last trick's winner, or the player after the dealer."""
    if state.tricks:
        lead, cards = state.tricks[-1]
        return trick_winner(lead, cards, state.players)[0]
    return (state.dealer + 1) % state.players


def over(state: State) -> bool:
    # A deal's end deals the next one at once: empty hands mean the match has ended.
    return not any(state.hands)


def to_move(state: State) -> int | None:
    if over(state):
        return None
    return (leader(state) + len(state.trick)) % state.players


def playing_order(lead: int, players: int) -> list[int]:
    """The seats in the order they play a trick that ``lead`` leads."""
    return [(lead + i) % players for i in range(players)]


def won_piles(state: State) -> list[list[str]]:
    """Per seat, the cards it has taken this deal, trick by trick."""
    piles: list[list[str]] = [[] for _ in range(state.players)]
    for lead, cards in state.tricks:
        piles[trick_winner(lead, cards, state.players)[0]].extend(cards)
    return piles


def best_seats(scores: list[int] | tuple[int, ...]) -> list[int]:
    """Equal best scores share the win (rules: Score, and A match)."""
    top = max(scores)
    return [seat for seat, score in enumerate(scores) if score == top]


def trick_record(lead: int, cards: tuple[str, ...], players: int) -> dict:
    """A finished trick as the deal's record keeps it (state.last_round["last_trick"])."""
    winner, reason = trick_winner(lead, cards, players)
    return {"leader": lead, "trick": [{"seat": (lead + i) % players, "card": card}
                                      for i, card in enumerate(cards)],
            "winner": winner, "reason": reason}


def draw_order(winner: int, players: int) -> list[int]:
    """Who draws after a trick, in order: the winner first, then in turn order."""
    return playing_order(winner, players)


def drew_after_last_trick(state: State) -> bool:
    """Whether everyone drew after the deal's last finished trick: the stock still had cards
    then (it loses one card a seat after each trick)."""
    n = state.players
    return bool(state.tricks) and len(C.in_play(n)) > (HAND + len(state.tricks) - 1) * n


def rounds_done(state: State) -> int:
    return state.last_round["round"] if state.last_round else 0


def outcome(state: State) -> dict | None:
    """Once the match is over: the best totals win (equal best share the win)."""
    if not over(state):
        return None
    return {"winners": best_seats(state.totals), "scores": list(state.totals)}


def scores(state: State) -> list[int]:
    """The match totals plus the points taken so far in the deal being played."""
    if over(state):
        return list(state.totals)
    return [t + C.points(pile) for t, pile in zip(state.totals, won_piles(state))]


# --- moves -----------------------------------------------------------------------------------

def legal_moves(state: State) -> list[str]:
    seat = to_move(state)
    return [] if seat is None else [move_text(Play(card)) for card in state.hands[seat]]


def play(state: State, move: str) -> State:
    seat = to_move(state)
    if seat is None:
        raise illegal("over")
    card = parse_move(move).card
    if card not in state.hands[seat]:
        raise illegal("not_in_hand", card=card)
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    state = replace(state, ply=state.ply + 1, hands=tuple(hands), trick=state.trick + (card,))
    if len(state.trick) < state.players:
        return state  # no duty to follow: any card of the hand may be played
    return _end_trick(state)


def _end_trick(state: State) -> State:
    """The winner takes the trick; while the stock lasts everyone draws, the winner first, then
    in turn order; the winner leads next."""
    players = state.players
    lead = leader(state)
    winner = trick_winner(lead, state.trick, players)[0]
    hands, stock = list(state.hands), state.stock
    if stock:
        for seat in draw_order(winner, players):
            hands[seat] = C.in_order(hands[seat] + stock[:1])
            stock = stock[1:]
    state = replace(state, hands=tuple(hands), stock=stock, trick=(),
                    tricks=state.tricks + ((lead, state.trick),))
    return _end_deal(state) if over(state) else state


def deal_record(state: State, before: list[int] | tuple[int, ...]) -> dict:
    """The deal just finished: each seat's won cards and points, the winners, and the totals
    once its points are added to ``before``."""
    won = won_piles(state)
    points = [C.points(pile) for pile in won]
    lead, cards = state.tricks[-1]
    return {"round": state.round, "dealer": state.dealer, "won": won, "points": points,
            "winners": best_seats(points), "totals": [t + p for t, p in zip(before, points)],
            "last_trick": trick_record(lead, cards, state.players)}


def _end_deal(state: State) -> State:
    """Score the deal; then the match ends, or the next dealer (next seat) deals at once."""
    record = deal_record(state, state.totals)
    state = replace(state, totals=tuple(record["totals"]), last_round=record)
    opts = state.options
    if opts["match"] == "one_deal" or max(state.totals) >= opts["target"]:
        return state  # over: the hands are empty, the last deal's tricks stay on record
    return deal(replace(state, round=state.round + 1, dealer=(state.dealer + 1) % state.players))


# --- the cards -------------------------------------------------------------------------------

def full_deck(options: dict) -> list[str]:
    return list(C.DECK)


def cards(state: State) -> list[str]:
    out = [card for hand in state.hands for card in hand]
    out += list(state.stock) + list(state.trick)
    out += [card for _, cards in state.tricks for card in cards]
    return out + list(C.removed(state.players))


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """The other hands and the stock are dealt anew among themselves, every size kept; the
    seat's own hand and every card that has been face up stay."""
    places: list[Any] = [("hand", owner, i) for owner, hand in enumerate(state.hands)
                         if owner != seat for i in range(len(hand))]
    places += [("stock", i) for i in range(len(state.stock))]
    hidden = [state.hands[p[1]][p[2]] if p[0] == "hand" else state.stock[p[1]] for p in places]
    laid = redeal(places, hidden, rng)
    hands = tuple(hand if owner == seat else
                  C.in_order(laid[("hand", owner, i)] for i in range(len(hand)))
                  for owner, hand in enumerate(state.hands))
    return replace(state, hands=hands,
                   stock=tuple(laid[("stock", i)] for i in range(len(state.stock))))
