"""The protocol every Tapis game follows (after OpenSpiel's game/state split and pgx's pure step).

A game is one object that declares itself (``GameBase`` below) and is found by the registry. Its
state is the game's own immutable value; no function here mutates its input. Moves are short
strings in the game's own notation ("2,-1", "take 0 3"): JSON-able, hashable, readable in logs,
what a save holds; ``games/<game>/schema.py`` reads them into values for whoever needs their parts.

Every game package has the same layout: ``game.py`` declares the game (a ``GameBase``), whose
protocol methods forward to ``rules.py`` (the moves and the ends), ``view.py`` (what a seat may
know) and ``state.py`` (the state, saved and read back with checks); ``schema.py`` types the
views and the moves, and is all the page may import of a game.
"""
from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any, Generic, Protocol, TypeVar, cast, runtime_checkable

from engine import options as _options
from engine.view import Outcome, ranks

class Position(Protocol):
    """What the kit reads of every game's state itself: the moves played (a view's "ply")."""
    @property
    def ply(self) -> int: ...


State = TypeVar("State", bound=Position)  # a game's state: its own immutable value
View = TypeVar("View")  # a seat's view: the TypedDict its schema.py declares
View_co = TypeVar("View_co", covariant=True)

# Information models: what a seat may not know.
PUBLIC = "public"            # nothing is hidden
HIDDEN_PILES = "hidden"      # piles or face-down cards nobody knows (Punto, Zéro Pointé)
PRIVATE_HANDS = "private"    # each seat holds cards the others must not see (Punttu, Neuf vies)

# Which way scores count.
HIGH_WINS = "high"
LOW_WINS = "low"


@runtime_checkable
class Game(Protocol[State, View_co]):
    """What the match controller, the computer players and the conformance suite rely on: a game
    over its own ``State`` (immutable) and ``View`` (its schema's, JSON-able) types; whoever names
    no game (the registry, a match) holds a ``Game[Any, Any]``."""

    id: str                    # "zero-pointe"; the package is the id with "_" for "-"
    seats: tuple[int, int]     # (fewest, most) players
    information: str           # PUBLIC, HIDDEN_PILES or PRIVATE_HANDS
    scoring: str               # HIGH_WINS or LOW_WINS
    options: tuple[_options.Option, ...]  # "players" among them
    levels: tuple[str, ...]    # computer levels, weakest first ("easy", "medium", ...)
    catalog_order: int         # where the home page lists it
    undo: bool                 # whether a player may ever take a move back
    counts_points: bool        # a score is points (statistics average them a round), not rounds won

    def check_options(self, given: dict) -> dict:
        """The complete option dict, or BadOptions naming the faulty key."""

    def new_game(self, options: dict, seed: str) -> State:
        """A new match; every shuffle comes from ``seed`` (see engine.rng)."""

    def players(self, state: State) -> int:
        ...

    def to_move(self, state: State) -> int | None:
        """The seat that must decide now (decisions that interrupt a turn are ordinary moves of
        whoever must decide), or None once the match is over."""

    def legal_moves(self, state: State) -> list[str]:
        """Every legal move of ``to_move(state)``, in a stable order; never empty mid-match."""

    def play(self, state: State, move: str) -> State:
        """A new state; an illegal move raises IllegalMove with its reason."""

    def view(self, state: State, seat: int) -> View_co:
        """All that ``seat`` may know and nothing else, as fresh JSON-able data that shares no
        object with the state: ``engine.view.ViewHeader`` and the game's own part, typed in its
        ``schema.py``. Screens and computer players only ever see views."""

    def outcome(self, state: State) -> Outcome | None:
        """None while playing; then the winners, the scores and the ranks."""

    def returns(self, state: State) -> list[float]:
        """One number per seat, higher is better, in every game: at the end 1 for a winner and
        0 otherwise; before, the standing so far (what a search compares)."""

    def rounds_done(self, state: State) -> int:
        """How many rounds (deals) have ended: the controller shows each end once."""

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """A state ``seat`` cannot tell from ``state``: every card it cannot know redealt at
        random among the places it cannot see, everything it knows kept."""

    def to_json(self, state: State) -> dict:
        ...

    def from_json(self, data: Any) -> State:
        """The state of ``data``, or BadSave saying why it cannot be trusted."""

    def full_deck(self, options: dict) -> list[str]:
        """The id of every physical card of a match with these options."""

    def cards(self, state: State) -> list[str]:
        """The id of every card wherever it is (hands, piles, table, out of the game)."""

    def public_move(self, move: str, seat: int) -> str:
        """What ``seat`` may be told of ``move`` once it is played (another device's screen shows
        and tells it): a text naming no card the seat cannot see, before or after the move."""


class Rules(Protocol):
    """A game's ``rules.py``: the moves and the ends of a match, over the game's state."""

    def new_game(self, options: dict, seed: str) -> Any: ...
    def players(self, state: Any) -> int: ...
    def to_move(self, state: Any) -> int | None: ...
    def legal_moves(self, state: Any) -> list[str]: ...
    def play(self, state: Any, move: str) -> Any: ...
    def rounds_done(self, state: Any) -> int: ...
    def outcome(self, state: Any) -> Mapping[str, Any] | None: ...
    def scores(self, state: Any) -> list: ...
    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any: ...
    def full_deck(self, options: dict) -> list[str]: ...
    def cards(self, state: Any) -> list[str]: ...


class Views(Protocol):
    """A game's ``view.py``: the game's own part of a seat's view, and the last round's record."""

    def view(self, state: Any, seat: int) -> Any: ...
    def last_round(self, state: Any) -> Any: ...


class States(Protocol):
    """A game's ``state.py``: the state as JSON and back; ``from_json`` checks everything and
    raises BadSave saying why it cannot trust the data."""

    def to_json(self, state: Any) -> dict: ...
    def from_json(self, data: Any) -> Any: ...


class GameBase(Generic[State, View]):
    """Declarations, and the protocol over the game's modules. A game subclasses it, sets the
    class attributes and names its modules; its package exposes the instance as ``GAME``."""

    id: str = ""
    seats: tuple[int, int] = (2, 2)
    information: str = PUBLIC
    scoring: str = HIGH_WINS
    options: tuple[_options.Option, ...] = ()
    levels: tuple[str, ...] = ("easy", "medium")
    catalog_order: int = 0
    undo: bool = True  # False: a player may never take a move back (the page shows no Undo)
    counts_points: bool = True  # False: a score counts rounds won (Punto), not points
    rules: Rules
    views: Views
    states: States

    def check_options(self, given: dict) -> dict:
        return _options.resolve(self.options, given)

    def new_game(self, options: dict, seed: Any) -> State:
        return self.rules.new_game(self.check_options(options), str(seed))

    def players(self, state: State) -> int:
        return self.rules.players(state)

    def to_move(self, state: State) -> int | None:
        return self.rules.to_move(state)

    def legal_moves(self, state: State) -> list[str]:
        return self.rules.legal_moves(state)

    def play(self, state: State, move: str) -> State:
        return self.rules.play(state, move)

    def rounds_done(self, state: State) -> int:
        return self.rules.rounds_done(state)

    def outcome(self, state: State) -> Outcome | None:
        """The rules' outcome, ranked: by the rules where they break ties further than the
        winners (their outcome then holds "ranks"), else by score."""
        found = self.rules.outcome(state)
        if found is None:
            return None
        winners, scores = list(found["winners"]), list(found["scores"])
        order = found.get("ranks") or ranks(scores, winners, self.scoring == LOW_WINS)
        return {"winners": winners, "scores": scores, "ranks": list(order)}

    def view(self, state: State, seat: int) -> View:
        """The engine's header (``engine.view.ViewHeader``), then the game's own part."""
        players = self.players(state)
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"no seat {seat!r}")
        outcome = self.outcome(state)
        to_move = None if outcome is not None else self.to_move(state)
        done = self.rounds_done(state)
        header = {"game": self.id, "seat": seat, "players": players,
                  "round": done if outcome is not None else done + 1, "ply": state.ply,
                  "to_move": to_move,
                  "legal": self.legal_moves(state) if seat == to_move else [],
                  "outcome": outcome, "last_round": self.views.last_round(state)}
        return cast(View, {**header, **self.views.view(state, seat)})

    def returns(self, state: State) -> list[float]:
        outcome = self.rules.outcome(state)
        if outcome is not None:
            return [1.0 if seat in outcome["winners"] else 0.0
                    for seat in range(self.players(state))]
        sign = 1.0 if self.scoring == HIGH_WINS else -1.0
        return [sign * score for score in self.rules.scores(state)]

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return self.rules.determinize(state, seat, rng)

    def to_json(self, state: State) -> dict:
        return self.states.to_json(state)

    def from_json(self, data: Any) -> State:
        return self.states.from_json(data)

    def full_deck(self, options: dict) -> list[str]:
        return self.rules.full_deck(options)

    def cards(self, state: State) -> list[str]:
        return self.rules.cards(state)

    def public_move(self, move: str, seat: int) -> str:
        """Every seat may be told a move as it is: a game whose moves name a hidden card (none
        of these four: their moves name cards played face up, or places) says otherwise here.
        The conformance suite holds each game to it."""
        return move


def fresh(data: Any) -> Any:
    """A deep copy of JSON-able data: what a view hands out must share nothing with the state."""
    return json.loads(json.dumps(data))
