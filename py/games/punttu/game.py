"""The Punttu game object: the protocol of engine/game.py over the modules of this package."""
from dataclasses import replace

from engine.checks import need, reading
from engine.decks import redeal
from engine.errors import BadOptions, BadSave
from engine.game import HIGH_WINS, PRIVATE_HANDS, GameBase
from games.punttu import cards as C
from games.punttu import checks, rules
from games.punttu import options as opts
from games.punttu import state as states
from games.punttu import view as views


class Punttu(GameBase):
    id = "punttu"
    catalog_order = 3
    seats = (2, 6)
    information = PRIVATE_HANDS  # the hands; the stock is unknown to all
    scoring = HIGH_WINS
    options = opts.OPTIONS
    levels = ("easy", "medium", "hard")

    def check_options(self, given: dict) -> dict:
        return opts.check(given)

    def new_game(self, options: dict, seed):
        return rules.new_match(self.check_options(options), str(seed))

    def players(self, state) -> int:
        return state.players

    def to_move(self, state):
        return rules.to_move(state)

    def legal_moves(self, state) -> list:
        return rules.legal_moves(state)

    def play(self, state, move: str):
        return rules.play(state, move)

    def view(self, state, seat: int) -> dict:
        return views.view(state, seat)

    def outcome(self, state):
        return views.outcome(state)

    def scores(self, state) -> list:
        """The match totals plus the points taken so far in the deal being played."""
        if rules.over(state):
            return list(state.totals)
        return [t + C.points(pile) for t, pile in zip(state.totals, rules.won_piles(state))]

    def rounds_done(self, state) -> int:
        return state.last_round["round"] if state.last_round else 0

    def to_json(self, state) -> dict:
        return states.to_json(state)

    def from_json(self, data):
        return reading("Punttu", _read, data)

    def full_deck(self, options: dict) -> list:
        return list(C.DECK)

    def cards(self, state) -> list:
        out = [card for hand in state.hands for card in hand]
        out += list(state.stock) + list(state.trick)
        out += [card for _, cards in state.tricks for card in cards]
        return out + list(C.removed(state.players))

    def determinize(self, state, seat: int, rng):
        """The other hands and the stock are dealt anew among themselves, every size kept; the
        seat's own hand and every card that has been face up stay."""
        places = [("hand", owner, i) for owner, hand in enumerate(state.hands) if owner != seat
                  for i in range(len(hand))]
        places += [("stock", i) for i in range(len(state.stock))]
        hidden = [state.hands[p[1]][p[2]] if p[0] == "hand" else state.stock[p[1]] for p in places]
        laid = redeal(places, hidden, rng)
        hands = tuple(hand if owner == seat else
                      C.in_order(laid[("hand", owner, i)] for i in range(len(hand)))
                      for owner, hand in enumerate(state.hands))
        return replace(state, hands=hands,
                       stock=tuple(laid[("stock", i)] for i in range(len(state.stock))))


def _read(data):
    need(isinstance(data, dict) and data.get("format") == states.FORMAT,
         "not a Punttu state of this version")
    try:
        options = opts.check(data["options"])
    except BadOptions as err:
        raise BadSave(str(err)) from None
    need(options == data["options"], "incomplete options")
    state = states.from_json(data, options)
    checks.check(state)
    return state


GAME = PUNTTU = Punttu()
