"""A match: its game, options and seed, who sits where, every move played, undo and the save.

Pure (no DOM), and tested in CPython. What happens next, and the one door every move enters by,
are the session's (``session.py``), which holds a match. It names no game and no computer
player: the game comes from the registry, the computers' choice (``ai.think``) from whoever makes
the match.

The save is the match's game, options, seed, seats and move list. Loading replays the moves
through the rules, so a save can only ever hold a position the rules reach. A save of format 1
(a whole state, written by the first version) becomes the start position of a format-2 match.
"""
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from engine import checks
from engine.errors import BadOptions, BadSave, IllegalMove
from engine.game import Game
from engine.rng import new_seed
from engine.view import card_ids
from games import registry

FORMAT = 2
NAME_MAX = 24
MAX_MOVES = 100_000  # far beyond any real match: a bound on what a save may make us replay


# A seat played from another device (ui/remote.py): a person, whose moves this match receives.
REMOTE = "remote"

# How a computer chooses (``ai.think``): from the game's id, the seat's level, its view, the legal
# moves, a seeded rng and the state (which only the hard level reads, to redeal hidden cards), a
# generator that yields None after each slice of thought and last the move.
Think = Callable[[str, str, dict, list, random.Random, Any], Iterator[str | None]]
# The move the page plays by itself for a seat, from its view (a decision with one sensible
# answer), or None: such a move is no decision of the player's, and an undo goes past it.
Automatic = Callable[[dict], str | None]


@dataclass(frozen=True)
class LastMove:
    """The move played last (its text), by ``seat``, and whether it ended a round: what the
    page marks on the table until the next move."""
    move: str
    seat: int
    ended_round: bool


def seat_kinds(game: Game) -> tuple[str, ...]:
    return ("human",) + tuple(game.levels)


def check_seats(game: Game, seats: Any, count: int) -> list[dict]:
    checks.need(isinstance(seats, list) and len(seats) == count, f"expected {count} seats")
    kinds = seat_kinds(game) + (REMOTE,)
    out = []
    for seat in seats:
        checks.need(isinstance(seat, dict) and seat.get("kind") in kinds, "bad seat")
        name = seat.get("name")
        # An empty name is an unnamed seat: the page calls it "You", "Player 2" or "Computer 3".
        checks.need(isinstance(name, str) and len(name) <= NAME_MAX, "bad player name")
        out.append({"kind": seat["kind"], "name": name})
    return out


class Match:
    def __init__(self, game: Game, options: dict, seed: str, seats: list, start: dict | None = None,
                 think: Think | None = None):
        self.game = game
        self.options = options
        self.seed = seed
        self.start_json = start  # a migrated format-1 state, or None: a new game from the seed
        self.think = think  # how computers choose; None for a match of humans only (tests)
        first = game.from_json(start) if start is not None else game.new_game(options, seed)
        self.seats = check_seats(game, seats, game.players(first))
        self.deck = frozenset(game.full_deck(options))
        self.states = [first]  # the state before each move, and the current one last
        self.moves: list[str] = []
        self.seen_rounds = game.rounds_done(first)  # round ends the players have looked at

    # --- making and saving ------------------------------------------------------------------
    @classmethod
    def new(cls, game_id: str, options: dict, seed: Any, seats: list,
            think: Think | None = None) -> "Match":
        """A new match; bad options raise BadOptions, bad seats BadSave (both ValueError)."""
        game = registry.get(game_id)
        options = game.check_options(options)
        return cls(game, options, str(seed) if seed is not None else new_seed(), seats, think=think)

    def dump(self) -> dict:
        data = {"format": FORMAT, "game": self.game.id, "options": self.options,
                "seed": self.seed, "seats": self.seats, "moves": list(self.moves),
                "seen_rounds": self.seen_rounds}
        if self.start_json is not None:
            data["start"] = self.start_json
        return data

    @classmethod
    def load(cls, data: Any, think: Think | None = None) -> "Match":
        """The match a save holds, replayed move by move, or BadSave saying what is wrong."""
        checks.need(isinstance(data, dict), "not a saved game")
        if data.get("format") == 1:
            data = _from_format_1(data)
        checks.need(data.get("format") == FORMAT, "unknown save format")
        expected = {"format", "game", "options", "seed", "seats", "moves", "seen_rounds"}
        checks.need(set(data) in (expected, expected | {"start"}), "unexpected save fields")
        try:
            game = registry.get(data["game"])
        except ValueError:
            raise BadSave("unknown game") from None
        seed = checks.text(data["seed"], "seed", 80)
        try:
            options = game.check_options(data["options"])
        except BadOptions as err:
            raise BadSave(str(err)) from None
        checks.need(options == data["options"], "incomplete options")
        moves = data["moves"]
        checks.need(isinstance(moves, list) and len(moves) <= MAX_MOVES, "bad move list")
        checks.need(all(isinstance(m, str) and len(m) <= 40 for m in moves), "bad move list")
        match = cls(game, options, seed, data["seats"], data.get("start"), think)
        checks.need(match.options == options, "options differ from the start position")
        for move in moves:
            checks.need(match.to_move is not None, "moves after the end of the match")
            try:
                match.play(move)
            except IllegalMove as err:
                raise BadSave(f"illegal move {move!r} ({err})") from None
        checks.need(match.over or game.legal_moves(match.state), "nobody can move")
        match.seen_rounds = checks.count(data["seen_rounds"], "seen rounds", 0,
                                         game.rounds_done(match.state))
        return match

    # --- the position -----------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    @property
    def over(self) -> bool:
        return self.game.outcome(self.state) is not None

    @property
    def rounds_done(self) -> int:
        return self.game.rounds_done(self.state)

    def last_move(self) -> LastMove | None:
        if not self.moves:
            return None
        before = self.states[-2]
        seat = self.game.to_move(before)
        assert seat is not None  # a move was played from that state
        return LastMove(self.moves[-1], seat, self.game.rounds_done(before) != self.rounds_done)

    def round_no(self) -> int:
        """The round being played (the last one once the match is over)."""
        return self.rounds_done + (0 if self.over else 1)

    def is_human(self, seat: int | None) -> bool:
        """A person plays the seat, on this device or another."""
        return seat is not None and self.seats[seat]["kind"] in ("human", REMOTE)

    def humans(self) -> list:
        """The seats played on this device by people (whose screen this is)."""
        return [i for i, s in enumerate(self.seats) if s["kind"] == "human"]

    def remotes(self) -> list:
        return [i for i, s in enumerate(self.seats) if s["kind"] == REMOTE]

    def set_seat(self, seat: int, kind: str, name: str | None = None) -> None:
        """A seat changes hands (a remote seat given to a computer) or is named by its player."""
        self.seats[seat] = check_seats(self.game, [{"kind": kind, "name": self.seats[seat]["name"]
                                                    if name is None else name}], 1)[0]

    def view(self, seat: int) -> dict:
        return self.game.view(self.state, seat)

    def legal_moves(self) -> list:
        return self.game.legal_moves(self.state)

    def acknowledge_round(self) -> None:
        self.seen_rounds = self.rounds_done

    # --- moves ------------------------------------------------------------------------------
    def play(self, move: str) -> None:
        """Apply a move; an illegal one raises IllegalMove and changes nothing. Whose move it is
        is the session's to check (``session.LocalSession.play``): here it is the rules'."""
        after = self.game.play(self.state, move)
        self.states.append(after)
        self.moves.append(move)

    def computer_move(self) -> str:
        """The move the computer on turn chooses, from its own view only (the hard level gets
        the state to redeal what the seat cannot know). Its randomness comes from the match
        seed and the move number, so a reloaded match goes on as it would have."""
        for move in self.computer_think():
            if move is not None:
                return move
        raise RuntimeError("the computer's thinking ended with no move")

    def computer_think(self) -> Iterator[str | None]:
        """``computer_move`` in slices for the page: yields None after each step of a level
        that works in steps (each rollout of the hard search), then the move (to ``play``). The
        same move as ``computer_move``."""
        seat = self.to_move
        if self.think is None or not isinstance(seat, int):
            raise RuntimeError("no computer to move, or no chooser given to this match")
        rng = random.Random(f"{self.seed}:ai:{len(self.moves)}")
        yield from self.think(self.game.id, self.seats[seat]["kind"], self.view(seat),
                              self.legal_moves(), rng, self.state)

    # --- undo -------------------------------------------------------------------------------
    def _decided(self, index: int, automatic: Automatic | None) -> bool:
        """Whether the move played from ``states[index]`` was its player's choice, not one the
        page plays by itself (``automatic``: the move it would play for a seat, from its view)."""
        if automatic is None:
            return True
        mover = self.game.to_move(self.states[index])
        assert mover is not None  # a move was played from that state
        return automatic(self.game.view(self.states[index], mover)) is None

    def last_human(self, automatic: Automatic | None = None) -> int | None:
        """The human who decided last (a move the page played by itself is no decision): the
        one an undo button speaks for."""
        for index in range(len(self.moves) - 1, -1, -1):
            mover = self.game.to_move(self.states[index])
            if self.is_human(mover) and self._decided(index, automatic):
                return mover
        return None

    def undo_point(self, seat: int, automatic: Automatic | None = None) -> int | None:
        """How many moves an undo by ``seat`` takes back, or None when it may not.

        It takes back ``seat``'s last decision and every move since (the answers the page played
        for it, the computers' moves), as long as no other human decided since, no round ended
        since, and no move since showed the seat a card it did not know at its decision: no card
        id in its views since that was not in its view then. Never with players on other
        devices: a move they saw would vanish from their screens."""
        if not self.game.undo or not self.is_human(seat) or self.over or self.remotes():
            return None
        for index in range(len(self.moves) - 1, -1, -1):
            mover = self.game.to_move(self.states[index])
            if self.is_human(mover) and self._decided(index, automatic):
                if mover != seat:
                    return None
                break
        else:
            return None
        before = self.states[index]
        if self.game.rounds_done(before) != self.rounds_done:
            return None
        known = card_ids(self.game.view(before, seat), self.deck)
        if any(card_ids(self.game.view(state, seat), self.deck) - known for state in self.states[index + 1:]):
            return None
        return len(self.moves) - index

    def undo(self, seat: int, automatic: Automatic | None = None) -> int:
        """Take back what ``undo_point`` allows; returns the number of moves taken back."""
        count = self.undo_point(seat, automatic)
        if not count:
            return 0
        del self.moves[-count:]
        del self.states[-count:]
        return count


def _from_format_1(data: dict) -> dict:
    """A save of the first version: its whole state becomes the start of the match."""
    screen = data.get("screen")
    state = data.get("state")
    if not isinstance(screen, dict):
        raise BadSave("no screen notes")
    if not isinstance(state, dict):
        raise BadSave("no game state")
    seen = screen.get("seen_round", 0)
    return {"format": FORMAT, "game": data.get("game"), "options": state.get("options"),
            "seed": state.get("seed"), "seats": data.get("seats"), "moves": [],
            "seen_rounds": seen if type(seen) is int and seen >= 0 else 0, "start": state}
