"""The Zéro Pointé game object: the protocol of engine/game.py over the modules of this package."""
from dataclasses import replace

from engine.errors import BadOptions, BadSave
from engine.game import Game
from engine.options import Option
from games.zero_pointe import checks, rules, view as views
from games.zero_pointe import state as states
from games.zero_pointe.cards import full_deck


class ZeroPointe(Game):
    id = "zero-pointe"
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

    def reshuffle_hidden(self, state, rng):
        """Shuffle the draw pile and deal the face-down cards of all grids anew among the
        face-down slots: nobody, the owner included, knows any of them."""
        places = [(seat, i) for seat, grid in enumerate(state.grids) for i in range(len(grid))
                  if grid[i] is not None and not grid[i][1]]
        hidden = [state.grids[seat][i][0] for seat, i in places]
        rng.shuffle(hidden)
        grids = [list(grid) for grid in state.grids]
        for (seat, i), card in zip(places, hidden):
            grids[seat][i] = (card, False)
        draw = list(state.draw)
        rng.shuffle(draw)
        return replace(state, grids=tuple(map(tuple, grids)), draw=tuple(draw))


ZERO_POINTE = ZeroPointe()
