"""The protocol every Tapis game follows (after OpenSpiel's game/state split and pgx's pure step).

A game is one object, registered by id. Its state is the game's own value type; the functions
below never mutate their input. Moves are short strings in the game's own notation ("2,-1",
"take 0 3"): JSON-able, hashable, readable in logs and golden tests.

- ``new_game(options, seed) -> state``: options are checked against ``options`` (a tuple of
  engine.options.Option); a bad one raises BadOptions (a ValueError) naming it.
- ``to_move(state)``: the seat that must decide now, or None once the match is over.
  Decisions that interrupt a turn are ordinary moves of whoever must decide.
- ``legal_moves(state)``: every legal move of ``to_move(state)``, in a stable order.
- ``play(state, move) -> state``: a new state; an illegal move raises IllegalMove with the reason.
- ``view(state, seat) -> dict``: all that seat may know and nothing else (JSON-able). Screens and
  computer players only ever see views.
- ``outcome(state)``: None while playing; then ``{"winners": [seats], "scores": [per seat]}``.
- ``to_json(state) -> dict`` / ``from_json(dict) -> state``: plain JSON with a format version;
  from_json raises BadSave on anything it cannot trust.
- ``players(state) -> int``: the number of seats.

For the conformance suite:
- ``full_deck(options) -> list``: the id of every physical card of the match.
- ``cards(state) -> list``: the id of every card wherever it is (hand, board, out of the game).
- ``reshuffle_hidden(state, rng) -> state``: the same state with every hidden order shuffled, so
  a test can check that no view depends on what its seat may not know.
"""
from engine import options as _options


class Game:
    """Base of every game: identity, options and their checking."""

    id: str = ""
    options: tuple = ()

    def check_options(self, given: dict) -> dict:
        """The complete option dict, or BadOptions. Games add cross-option checks on top."""
        return _options.resolve(self.options, given)
