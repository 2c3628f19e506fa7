"""A match as a guest's device knows it: the session (``session.Session``) of a device that plays
one seat of a match another device holds.

It holds no state of the game: the host's match is the only authority. Only the seat's view, the
seats, the rounds ended and the last move are here, as the host's last "state" message said them
(``update``). Its door sends this seat's move to the host (``net.wire``) and waits for the host's
answer: the next state, or a refusal.
"""
from collections.abc import Callable, Iterator

from engine.errors import IllegalMove
from engine.game import Game
from engine.typecheck import problems
from games import registry
from match import REMOTE, Automatic, LastMove
from net import wire
from net.wire import BadMessage
from session import NOT_YOUR_TURN, Step

NOT_SENT = "remote.not_sent"  # the connection could not take the move


class GuestSession:
    authority = False  # the host's device holds the match: it saves it and runs its computers

    def __init__(self, game: Game, seat: int, send: Callable[[str], bool]):
        self.game = game  # the rules' metadata (undo, information); never asked to play
        self.seat = seat
        self.send = send  # hands a message to the connection; False if it could not take it
        self.seats: list[dict] = []
        self.current: dict = {}
        self.last: LastMove | None = None
        self._rounds = 0
        self.seen_rounds = 0  # round ends this device has shown (each device acknowledges its own)
        self.sent: tuple[int, str] | None = None  # (moves played, move) of the move sent last
        self.awaiting = False  # that move's answer has not come yet

    def check(self, message: dict) -> None:
        """BadMessage unless a "state" message (its form checked by net.wire) is this seat's view
        of this game, of the type the game's schema declares, with as many seats as it says:
        what a host that lies or errs sends is never drawn."""
        view = message["view"]
        if message["game"] != self.game.id or message["seat"] != self.seat:
            raise BadMessage("a state for another game or seat")
        found = problems(view, registry.schema(self.game.id).View)
        if found:
            raise BadMessage(f"not a view of {self.game.id}: {found[0][:200]}")
        if (view["game"], view["seat"], view["players"]) != (self.game.id, self.seat, len(message["seats"])):
            raise BadMessage("a view of another game, seat or table")
        if view["to_move"] is not None and not 0 <= view["to_move"] < view["players"]:
            raise BadMessage("no such seat on turn")

    def update(self, message: dict) -> None:
        """Take the host's word (a "state" message, checked by net.wire and ``check``). The seats
        as this device sees them: its own is "human" and unnamed (the player is "You" here, with
        the second-person words), every other person is remote, computers stay computers."""
        self.check(message)
        first = not self.current
        self.seats = [{"kind": "human", "name": ""} if i == self.seat else
                      {"kind": REMOTE if s["kind"] in ("human", REMOTE) else s["kind"], "name": s["name"]}
                      for i, s in enumerate(message["seats"])]
        self.current = message["view"]
        last = message["last"]
        self.last = None if last is None else LastMove(last["move"], last["seat"], last["ended_round"])
        self._rounds = message["rounds"]
        self.awaiting = False
        if first or self._rounds < self.seen_rounds:  # joined late, or a rematch: no old result
            self.seen_rounds = self._rounds

    def refused(self) -> None:
        """The host did not play the move sent: the turn is this device's again."""
        self.awaiting = False

    # --- the questions the page asks -------------------------------------------------------
    @property
    def ply(self) -> int:
        return int(self.current["ply"])

    @property
    def to_move(self) -> int | None:
        seat = self.current["to_move"]
        return seat if isinstance(seat, int) else None

    @property
    def over(self) -> bool:
        return self.current["outcome"] is not None

    @property
    def rounds_done(self) -> int:
        return self._rounds

    def round_no(self) -> int:
        return int(self.current["round"])

    def view(self, seat: int) -> dict:
        return self.current  # this device's seat only: there is no other view here

    def last_move(self) -> LastMove | None:
        return self.last

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat]["kind"] in ("human", REMOTE)

    def humans(self) -> list[int]:
        return [self.seat]

    def remotes(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s["kind"] == REMOTE]

    def next(self) -> Step:
        """A result until this device has seen it; then this seat's turn (or its move on the
        way), or someone else's: another device's player, or a computer of the host's device."""
        if self.over or self._rounds > self.seen_rounds:
            return Step("over" if self.over else "round_end", self.seat)
        seat = self.to_move
        assert seat is not None
        if seat != self.seat:
            return Step("remote", seat)
        return Step("sent" if self.awaiting else "human", seat)

    def show_to(self, seat: int) -> None:
        pass  # one player per guest device: nothing to hide between turns

    def screen_seat(self) -> int:
        return self.seat

    def acknowledge_round(self) -> None:
        self.seen_rounds = self._rounds

    # --- the door ----------------------------------------------------------------------------
    def play(self, seat: int, move: str, ply: int | None = None) -> bool:
        """This seat's move, sent to the host, whose rules decide (with their reason, in the
        player's words): its answer is the next state, or a refusal. Refused here (IllegalMove)
        when it is not this seat's turn or a move is already on its way, or when the connection
        could not take it (the player plays it again)."""
        if (seat != self.seat or self.to_move != seat or self.awaiting
                or (ply is not None and ply != self.ply)):
            raise IllegalMove(NOT_YOUR_TURN)
        self.sent = (self.ply, move)
        if not self.send(wire.move(move, self.ply)):
            raise IllegalMove(NOT_SENT)
        self.awaiting = True
        return False  # sent, not played: the host's answer tells it

    def may_play_for(self, seat: int, move: str) -> bool:
        """An automatic move goes once: refused or lost, the player makes it by hand."""
        return self.sent != (self.ply, move)

    # --- what only the host's device does -------------------------------------------------
    def held(self, seat: int) -> None:
        return None  # the other seats' moves are played on the host's device

    def land(self, seat: int) -> None:
        return None

    def computer_think(self) -> Iterator[str | None]:
        raise RuntimeError("the host's device runs its computers")

    def dump(self) -> None:
        return None  # the host's device saves the match

    def undo_seat(self, automatic: Automatic | None = None) -> None:
        return None  # no undo from a guest's device: the host's match is the authority

    def undo_count(self, seat: int, automatic: Automatic | None = None) -> None:
        return None

    def undo(self, seat: int, automatic: Automatic | None = None) -> list[tuple[int, str]]:
        return []
