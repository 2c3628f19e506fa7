"""The Neuf vies game object: the protocol of engine/game.py over the modules of this package."""
from dataclasses import replace

from engine.decks import redeal
from engine.game import HIGH_WINS, PRIVATE_HANDS, GameBase
from games.neuf_vies import cards as C
from games.neuf_vies import checks, rules
from games.neuf_vies import columns as K
from games.neuf_vies import options as opts
from games.neuf_vies import state as states
from games.neuf_vies import view as views


class NeufVies(GameBase):
    id = "neuf-vies"
    catalog_order = 4
    seats = (2, 6)
    information = PRIVATE_HANDS
    scoring = HIGH_WINS
    options = opts.OPTIONS
    levels = ("easy", "medium", "hard")

    def check_options(self, given: dict) -> dict:
        return opts.check(given)

    def new_game(self, options: dict, seed):
        return rules.new_game(self.check_options(options), str(seed))

    def players(self, state) -> int:
        return state.players

    def to_move(self, state):
        return state.to_move

    def legal_moves(self, state) -> list:
        return rules.legal_moves(state)

    def play(self, state, move: str):
        return rules.play(state, move)

    def view(self, state, seat: int) -> dict:
        return views.view(state, seat)

    def outcome(self, state):
        return views.outcome(state)

    def scores(self, state) -> list:
        return [K.total(t) for t in state.tableaux]

    def rounds_done(self, state) -> int:
        return 1 if state.phase == "over" else 0

    def to_json(self, state) -> dict:
        return states.to_json(state)

    def from_json(self, data):
        return checks.from_json(data)

    def full_deck(self, options: dict) -> list:
        """The cards in play: the copies taken out for the player count are not in the game."""
        return C.full_deck(options["players"])

    def cards(self, state) -> list:
        out = [c for hand in state.hands for c in hand] + list(state.pile)
        out += [c for c, _ in state.discard]
        out += [c for t in state.tableaux for col in t if col is not None for c in col.cards()]
        if state.holding is not None:
            out += state.holding.cards()
        if state.phase == "counter":
            out.append(state.attack.card)
        return out

    def determinize(self, state, seat: int, rng):
        """The other hands, the draw pile and every unturned 9×2 card (on a tableau, held, or
        discarded face down) dealt anew among the same places; all else is known to ``seat``."""
        places, hidden = [], []
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
        hands = tuple(hand if owner == seat else rules.sorted_hand(
            laid[("hand", owner, i)] for i in range(len(hand)))
            for owner, hand in enumerate(state.hands))
        tableaux = tuple(tuple(_relaid(column, laid, owner, col) for col, column in enumerate(t))
                         for owner, t in enumerate(state.tableaux))
        holding = state.holding
        if ("held",) in laid:
            holding = holding._replace(backs=((laid[("held",)], False),))
        discard = tuple((laid[("discard", i)], False) if not up else (card, up)
                        for i, (card, up) in enumerate(state.discard))
        return replace(state, hands=hands, tableaux=tableaux, holding=holding, discard=discard,
                       pile=tuple(laid[("pile", i)] for i in range(len(state.pile))))


def _relaid(column, laid: dict, owner: int, col: int):
    if column is None:
        return None
    backs = tuple((card, True) if known else (laid[("back", owner, col, i)], False)
                  for i, (card, known) in enumerate(column.backs))
    return column._replace(backs=backs)


GAME = NEUF_VIES = NeufVies()
