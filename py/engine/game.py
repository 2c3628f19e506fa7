"""The protocol every Tapis game follows (after OpenSpiel's game/state split and pgx's pure step).

A game is one object that declares itself (``GameBase`` below) and is found by the registry. Its
state is the game's own immutable value; no function here mutates its input. Moves are short
strings in the game's own notation ("2,-1", "take 0 3"): JSON-able, hashable, readable in logs.
"""
from __future__ import annotations

import json
import random
from typing import Any, Protocol, runtime_checkable

from engine import options as _options

# Information models: what a seat may not know.
PUBLIC = "public"            # nothing is hidden
HIDDEN_PILES = "hidden"      # piles or face-down cards nobody knows (Punto, Zéro Pointé)
PRIVATE_HANDS = "private"    # each seat holds cards the others must not see (Punttu, Neuf vies)

# Which way scores count.
HIGH_WINS = "high"
LOW_WINS = "low"


@runtime_checkable
class Game(Protocol):
    """What the match controller, the computer players and the conformance suite rely on."""

    id: str                  # "zero-pointe"; the package is the id with "_" for "-"
    seats: tuple             # (fewest, most) players
    information: str         # PUBLIC, HIDDEN_PILES or PRIVATE_HANDS
    scoring: str             # HIGH_WINS or LOW_WINS
    options: tuple           # engine.options.Option, "players" among them
    levels: tuple            # computer levels, weakest first ("easy", "medium", ...)
    catalog_order: int       # where the home page lists it

    def check_options(self, given: dict) -> dict:
        """The complete option dict, or BadOptions naming the faulty key."""

    def new_game(self, options: dict, seed: str) -> Any:
        """A new match; every shuffle comes from ``seed`` (see engine.rng)."""

    def players(self, state) -> int:
        ...

    def to_move(self, state) -> int | None:
        """The seat that must decide now (decisions that interrupt a turn are ordinary moves of
        whoever must decide), or None once the match is over."""

    def legal_moves(self, state) -> list:
        """Every legal move of ``to_move(state)``, in a stable order; never empty mid-match."""

    def play(self, state, move: str) -> Any:
        """A new state; an illegal move raises IllegalMove with its reason."""

    def view(self, state, seat: int) -> dict:
        """All that ``seat`` may know and nothing else, as fresh JSON-able data that shares no
        object with the state. Screens and computer players only ever see views."""

    def outcome(self, state) -> dict | None:
        """None while playing; then ``{"winners": [seats], "scores": [per seat]}``."""

    def returns(self, state) -> list:
        """One number per seat, higher is better, in every game: at the end 1 for a winner and
        0 otherwise; before, the standing so far (what a search compares)."""

    def rounds_done(self, state) -> int:
        """How many rounds (deals) have ended: the controller shows each end once."""

    def determinize(self, state, seat: int, rng: random.Random) -> Any:
        """A state ``seat`` cannot tell from ``state``: every card it cannot know redealt at
        random among the places it cannot see, everything it knows kept."""

    def to_json(self, state) -> dict:
        ...

    def from_json(self, data) -> Any:
        """The state of ``data``, or BadSave saying why it cannot be trusted."""

    def full_deck(self, options: dict) -> list:
        """The id of every physical card of a match with these options."""

    def cards(self, state) -> list:
        """The id of every card wherever it is (hands, piles, table, out of the game)."""


class GameBase:
    """Declarations and the parts every game shares. A game subclasses it and sets the class
    attributes; its package exposes the instance as ``GAME``."""

    id: str = ""
    seats: tuple = (2, 2)
    information: str = PUBLIC
    scoring: str = HIGH_WINS
    options: tuple = ()
    levels: tuple = ("easy", "medium")
    catalog_order: int = 0

    def check_options(self, given: dict) -> dict:
        return _options.resolve(self.options, given)

    def returns(self, state) -> list:
        outcome = self.outcome(state)
        if outcome is not None:
            return [1.0 if seat in outcome["winners"] else 0.0
                    for seat in range(self.players(state))]
        return self.standing(state)

    def standing(self, state) -> list:
        """Before the end: each seat's score so far, turned so that higher is better."""
        scores = self.scores(state)
        sign = 1.0 if self.scoring == HIGH_WINS else -1.0
        return [sign * score for score in scores]

    def scores(self, state) -> list:
        raise NotImplementedError


def fresh(data):
    """A deep copy of JSON-able data: what a view hands out must share nothing with the state."""
    return json.loads(json.dumps(data))
