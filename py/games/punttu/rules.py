"""The rules (rules/punttu.md): the deal, a trick and its winner, drawing, the score, the match."""
from dataclasses import replace
from functools import lru_cache

from engine.rng import shuffled
from games.punttu import cards as C
from games.punttu.errors import illegal
from games.punttu.moves import move_for, parse_move
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


def new_match(options: dict, seed: str) -> State:
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
    hands = [[] for _ in range(players)]
    for i, card in enumerate(deck[:HAND * players]):
        hands[(state.dealer + 1 + i) % players].append(card)
    return replace(state, draws=state.draws + 1, hands=tuple(C.in_order(h) for h in hands),
                   stock=tuple(deck[HAND * players:]), trick=(), tricks=())


# --- derived facts ---------------------------------------------------------------------------

@lru_cache(maxsize=4096)  # asked again and again of the same finished tricks
def trick_winner(leader: int, cards: tuple, players: int) -> tuple:
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


def to_move(state: State):
    if over(state):
        return None
    return (leader(state) + len(state.trick)) % state.players


def won_piles(state: State) -> list:
    """Per seat, the cards it has taken this deal, trick by trick."""
    piles = [[] for _ in range(state.players)]
    for lead, cards in state.tricks:
        piles[trick_winner(lead, cards, state.players)[0]].extend(cards)
    return piles


def best_seats(scores) -> list:
    """Equal best scores share the win (rules: Score, and A match)."""
    top = max(scores)
    return [seat for seat, score in enumerate(scores) if score == top]


def trick_record(lead: int, cards, players: int) -> dict:
    """A finished trick as views and records show it."""
    winner, reason = trick_winner(lead, cards, players)
    return {"leader": lead, "trick": [{"seat": (lead + i) % players, "card": card}
                                      for i, card in enumerate(cards)],
            "winner": winner, "reason": reason}


# --- moves -----------------------------------------------------------------------------------

def legal_moves(state: State) -> list:
    seat = to_move(state)
    return [] if seat is None else [move_for(card) for card in state.hands[seat]]


def play(state: State, move: str) -> State:
    if over(state):
        raise illegal("over")
    card = parse_move(move)
    seat = to_move(state)
    if card not in state.hands[seat]:
        raise illegal("not_in_hand", card=card)
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    state = replace(state, ply=state.ply + 1, hands=tuple(hands), trick=state.trick + (card,))
    if len(state.trick) < state.players:
        return state  # no duty to follow: any card of the hand may be played
    return _end_trick(state)


def draw_order(winner: int, players: int) -> list:
    """Who draws after a trick, in order: the winner first, then in turn order."""
    return [(winner + i) % players for i in range(players)]


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


def deal_record(state: State, before) -> dict:
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
