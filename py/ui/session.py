"""A match at the table: the game, its state and who sits where. Pure (no DOM), so the page's
bookkeeping is tested in CPython."""
import random

import ai
from engine import registry, save
from engine.rng import new_seed


class Session:
    def __init__(self, game, state, seats: list, screen: dict):
        self.game = game
        self.state = state
        self.seats = seats
        self.screen = screen  # the page's notes, saved with the match (see engine.save)

    @classmethod
    def start(cls, game_id: str, options: dict, seed, seats: list) -> "Session":
        """A new match; bad options raise BadOptions, bad seats BadSave (both ValueError)."""
        game = registry.get(game_id)
        state = game.new_game(options, seed if seed is not None else new_seed())
        seats = save.check_seats(seats, game.players(state))
        return cls(game, state, seats, {"options": options, "seen_round": 0})

    @classmethod
    def restore(cls, data) -> "Session":
        return cls(*save.load(data))

    def dump(self) -> dict:
        return save.dump(self.game, self.state, self.seats, self.screen)

    @property
    def to_move(self):
        return self.game.to_move(self.state)

    @property
    def over(self) -> bool:
        return self.game.outcome(self.state) is not None

    def is_human(self, seat) -> bool:
        return seat is not None and self.seats[seat]["kind"] == "human"

    def human_seats(self) -> list:
        return [i for i, s in enumerate(self.seats) if s["kind"] == "human"]

    def screen_seat(self, previous=None) -> int:
        """Whose view the screen shows: the human on turn; while a computer plays, the human who
        last had the screen (or the first human; seat 0 when only computers play)."""
        if self.is_human(self.to_move):
            return self.to_move
        humans = self.human_seats()
        if previous in humans:
            return previous
        return humans[0] if humans else 0

    def view(self, seat: int) -> dict:
        return self.game.view(self.state, seat)

    def legal_moves(self) -> list:
        return self.game.legal_moves(self.state)

    def play(self, move: str):
        """Apply a move; an illegal one raises IllegalMove and changes nothing."""
        self.state = self.game.play(self.state, move)

    def computer_move(self) -> str:
        """The move the computer on turn chooses, from its own view only. Its randomness comes
        from the match seed and the ply, so a reloaded match goes on exactly as it would have."""
        seat = self.to_move
        rng = random.Random(f"{self.state.seed}:ai:{self.state.ply}")
        view = self.game.view(self.state, seat)
        return ai.choose(self.game.id, self.seats[seat]["kind"], view, self.legal_moves(), rng)

    def round_no(self) -> int:
        return self.view(self.screen_seat())["round"]
