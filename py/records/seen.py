"""A replay of a match in progress as one seat saw it (a link's "seen" data, records.link): the
session (``session.Session``) the page draws it through, the same tables and loop as any match.
It holds no state of the game, only that seat's views, one a move, and the moves as that seat was
told them: every seat's moves are the replay's ("replay" steps), played through the door in order.
"""
from collections.abc import Iterator

from engine.errors import IllegalMove
from engine.game import Game
from match import REMOTE, Automatic, LastMove
from records.link import Seen
from session import NOT_YOUR_TURN, Step


class SeenReplay:
    authority = False  # nothing here is saved, restarted or run by a computer

    def __init__(self, game: Game, seen: Seen):
        self.game = game
        self.seat = seen["seat"]
        self.seats = [dict(s) for s in seen["seats"]]
        self.views = seen["views"]
        self.moves = seen["moves"]
        self.ply = 0
        self.seen_rounds = 0
        self.ends = tuple(i + 1 for i in range(len(self.moves)) if self._done(i + 1) != self._done(i))

    def _done(self, ply: int) -> int:
        view = self.views[ply]
        return int(view["round"]) - (0 if view["outcome"] is not None else 1)

    # --- the questions the page asks -------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        seat = self.views[self.ply]["to_move"]
        return seat if isinstance(seat, int) else None

    @property
    def over(self) -> bool:
        return self.views[self.ply]["outcome"] is not None

    @property
    def rounds_done(self) -> int:
        return self._done(self.ply)

    def round_no(self) -> int:
        return int(self.views[self.ply]["round"])

    def next(self) -> Step:
        if self.over or self.rounds_done > self.seen_rounds:
            return Step("over" if self.over else "round_end", self.seat)
        seat = self.to_move
        assert seat is not None
        return Step("replay", seat)

    def view(self, seat: int) -> dict:
        return self.views[self.ply]  # the sharing seat's: there is no other here

    def screen_seat(self) -> int:
        return self.seat

    def last_move(self) -> LastMove | None:
        if not self.ply:
            return None
        mover = self.views[self.ply - 1]["to_move"]
        return LastMove(self.moves[self.ply - 1], mover, self.ply in self.ends)

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat]["kind"] in ("human", REMOTE)

    def humans(self) -> list[int]:
        return []  # nobody watching played it: every seat is named, none is "you"

    def remotes(self) -> list[int]:
        return []

    def show_to(self, seat: int) -> None:
        pass

    def acknowledge_round(self) -> None:
        self.seen_rounds = self.rounds_done

    # --- the door: the replay's own moves, in order ----------------------------------------
    def play(self, seat: int, move: str, ply: int | None = None) -> bool:
        if seat != self.to_move or self.replay_move() != move or (ply is not None and ply != self.ply):
            raise IllegalMove(NOT_YOUR_TURN)
        self.ply += 1
        return True

    def replay_move(self) -> str | None:
        return self.moves[self.ply] if self.ply < len(self.moves) else None

    def go_to(self, ply: int) -> None:
        """Straight to ``ply`` moves played, each round's end on the way seen (as
        ``session.LocalSession.go_to``): a replay's jump."""
        if ply < self.ply:
            self.rewind(ply)
        elif ply > self.ply:
            assert ply <= len(self.moves)
            self.seen_rounds = max(self.seen_rounds, self._done(ply - 1))
            self.ply = ply

    def rewind(self, ply: int) -> None:
        assert 0 <= ply <= len(self.moves)
        self.ply = ply
        self.seen_rounds = min(self.seen_rounds, self.rounds_done)

    def may_play_for(self, seat: int, move: str) -> bool:
        return False

    # --- what only a match played here has -----------------------------------------------------
    def held(self, seat: int) -> None:
        return None

    def land(self, seat: int) -> None:
        return None

    def computer_think(self) -> Iterator[str | None]:
        raise RuntimeError("a replay's moves are its own")

    def dump(self) -> None:
        return None

    def undo_seat(self, automatic: Automatic | None = None) -> None:
        return None

    def undo_count(self, seat: int, automatic: Automatic | None = None) -> None:
        return None

    def undo(self, seat: int, automatic: Automatic | None = None) -> list[tuple[int, str]]:
        return []
