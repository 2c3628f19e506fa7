"""The Zéro Pointé game object: the protocol of engine/game.py over the modules of this package."""
from dataclasses import replace

from engine.decks import redeal
from engine.errors import BadOptions, BadSave
from engine.game import HIDDEN_PILES, LOW_WINS, GameBase
from engine.options import Option
from games.zero_pointe import checks, rules, view as views
from games.zero_pointe import state as states
from games.zero_pointe.cards import full_deck


class ZeroPointe(GameBase):
    id = "zero-pointe"
    catalog_order = 2
    seats = (2, 8)
    information = HIDDEN_PILES  # face-down cards and the draw pile; a drawn card to the others
    scoring = LOW_WINS
    levels = ("easy", "medium", "hard")
    options = (
        Option("players", 2, choices=(2, 3, 4, 5, 6, 7, 8)),
        Option("target", 100, low=20, high=500),
        Option("tie_doubled", False, choices=(False, True)),
        Option("multiplier", 2, choices=(2, 3, 1)),
        Option("later_starter", "highest", choices=("highest", "closer")),
    )

    def new_game(self, options: dict, seed):
        return rules.new_match(self.check_options(options), str(seed))

    def to_move(self, state):
        return state.current

    def legal_moves(self, state) -> list:
        return rules.legal_moves(state)

    def play(self, state, move: str):
        return rules.play(state, move)

    def view(self, state, seat: int) -> dict:
        return views.view(state, seat)

    def outcome(self, state):
        return views.outcome(state)

    def players(self, state) -> int:
        return state.players

    def to_json(self, state) -> dict:
        return states.to_json(state)

    def from_json(self, data):
        if not isinstance(data, dict) or data.get("format") != states.FORMAT:
            raise BadSave("not a Zéro Pointé state of this version")
        try:
            state = states.from_json(data)
            if self.check_options(state.options) != state.options:
                raise BadSave("incomplete options")
            checks.check(state)
        except BadSave:
            raise
        except BadOptions as err:
            raise BadSave(str(err)) from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
            raise BadSave(f"unreadable Zéro Pointé state ({err!r})") from None
        return state

    def full_deck(self, options: dict) -> list:
        return full_deck()

    def cards(self, state) -> list:
        out = [slot[0] for grid in state.grids for slot in grid if slot is not None]
        out += list(state.draw) + list(state.discard)
        return out + ([state.drawn] if state.drawn is not None else [])

    def scores(self, state) -> list:
        return list(state.totals)

    def rounds_done(self, state) -> int:
        return state.last_round["round"] if state.last_round else 0

    def determinize(self, state, seat: int, rng):
        """Nobody, the owner included, knows a face-down card or the draw pile; only the drawer
        knows the card just drawn. Those cards are dealt anew among the same places."""
        places = [("grid", owner, i) for owner, grid in enumerate(state.grids)
                  for i, slot in enumerate(grid) if slot is not None and not slot[1]]
        places += [("draw", i) for i in range(len(state.draw))]
        if state.drawn is not None and seat != state.current:
            places.append(("drawn",))
        hidden = [self._card_at(state, place) for place in places]
        laid = redeal(places, hidden, rng)
        grids = tuple(tuple((laid[("grid", owner, i)], False) if ("grid", owner, i) in laid
                            else slot for i, slot in enumerate(grid))
                      for owner, grid in enumerate(state.grids))
        return replace(state, grids=grids,
                       draw=tuple(laid[("draw", i)] for i in range(len(state.draw))),
                       drawn=laid.get(("drawn",), state.drawn))

    @staticmethod
    def _card_at(state, place):
        if place[0] == "grid":
            return state.grids[place[1]][place[2]][0]
        return state.draw[place[1]] if place[0] == "draw" else state.drawn

GAME = ZERO_POINTE = ZeroPointe()
