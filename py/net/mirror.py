"""A match as a guest's device knows it: what the host last sent for this device's seat.

The guest's page draws it with the same tables and the same loop as a local match (``ui/app.py``
asks it the same questions as a ``Match``), but it holds no state of the game: the host's match
is the only authority. Only the seat's view, the seats, the rounds ended and the last move are
here, as the host's last "state" message said them.
"""
from match import REMOTE, LastMove, Step


class Mirror:
    def __init__(self, game, seat: int):
        self.game = game  # the rules' metadata (undo, information); never asked to play
        self.seat = seat
        self.seats: list = []
        self.current: dict = {}
        self.last: LastMove | None = None
        self.rounds_done = 0
        self.seen_rounds = 0  # round ends this device has shown (each device acknowledges its own)
        self.viewer = seat

    def update(self, message: dict) -> None:
        """Take the host's word (a "state" message, checked by net.wire). The seats as this
        device sees them: its own is "human" and unnamed (the player is "You" here, with the
        second-person words), every other person is remote, computers stay computers."""
        first = not self.current
        self.seats = [{"kind": "human", "name": ""} if i == self.seat else
                      {"kind": REMOTE if s["kind"] in ("human", REMOTE) else s["kind"], "name": s["name"]}
                      for i, s in enumerate(message["seats"])]
        self.current = message["view"]
        last = message["last"]
        self.last = None if last is None else LastMove(last["move"], last["seat"], last["ended_round"])
        self.rounds_done = message["rounds"]
        if first or self.rounds_done < self.seen_rounds:  # joined late, or a rematch: no old result
            self.seen_rounds = self.rounds_done

    # --- the questions the page asks of a match ------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self.current["to_move"]

    @property
    def over(self) -> bool:
        return self.current["outcome"] is not None

    def view(self, seat: int) -> dict:
        return self.current  # this device's seat only: there is no other view here

    def last_move(self) -> LastMove | None:
        return self.last

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat]["kind"] in ("human", REMOTE)

    def humans(self) -> list:
        return [self.seat]

    def remotes(self) -> list:
        return [i for i, s in enumerate(self.seats) if s["kind"] == REMOTE]

    def step(self) -> Step:
        """A result until this device has seen it; then this seat's turn, or someone else's
        (another device's player, or a computer that plays on the host's device)."""
        if self.over or self.rounds_done > self.seen_rounds:
            return Step("over" if self.over else "round_end", self.seat)
        seat = self.to_move
        assert seat is not None
        if seat == self.seat:
            return Step("human", seat)
        return Step("remote" if self.is_human(seat) else "computer", seat)

    def show_to(self, seat: int) -> None:
        pass  # one player per guest device: nothing to hide between turns

    def screen_seat(self) -> int:
        return self.seat

    def acknowledge_round(self) -> None:
        self.seen_rounds = self.rounds_done

    def last_human(self) -> None:
        return None  # no undo from a guest's device

    def undo_point(self, seat: int) -> None:
        return None
