"""A match as this device plays it: what happens next, and the one door every move enters by.

Pure, so the whole game loop runs in CPython tests without a page. The page draws what ``next``
says and forwards what players do; it talks to a ``Session`` only, whichever device holds the
match:

- ``LocalSession`` holds the match (``match.Match``, the only authority on its moves). Its seats
  are people on this device ("human"), computers run here (their level), people on other devices
  (``REMOTE``) and, in a replay, the moves of a match played before; in a lesson (coach.lesson)
  the learner plays the moves of the list itself, the others come from it. Every move, whoever makes
  it, enters by ``play``, which checks the seat on turn and the move number when the move is
  played. A remote seat's moves arrive by ``receive``: checked at once (a refusal goes back at
  once), then held, one at most per seat, until the page plays them through the door, checked
  again; a refusal then is queued in ``refusals`` for its device.
- ``net.guest.GuestSession`` is a guest's device: it holds only what the host last sent for its
  seat, and its door sends the move to the host.
"""
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from engine.errors import IllegalMove
from engine.game import PRIVATE_HANDS, Game
from match import REMOTE, Automatic, LastMove, Match

StepKind = Literal["round_end", "over", "gate", "human", "computer", "remote", "replay", "sent"]
NOT_YOUR_TURN = "remote.not_your_turn"  # the i18n key of a move made out of turn
BUSY = "remote.busy"  # a second move of a seat before its first was played
REFUSED = "remote.refused"
FOLLOW = "coach.lesson.follow"  # in a lesson, a move other than the one it shows


@dataclass(frozen=True)
class Step:
    """What the screen does next: a result ("round_end", "over": shown from ``seat``'s side);
    "gate" (pass the device to ``seat``); or ``seat`` is to move: "human" (a person here),
    "computer" (a computer this device runs), "remote" (another device moves: wait), "replay"
    (the next move of a match played before), "sent" (this device's move is on its way to the
    host, whose answer is awaited)."""
    kind: StepKind
    seat: int


@dataclass(frozen=True)
class Refusal:
    """A remote seat's move the door refused: ``reason`` goes back to its device."""
    seat: int
    reason: IllegalMove
    ply: int


class Session(Protocol):
    """What the page asks of a match and tells it, whichever device holds the match."""
    authority: bool  # this device holds the match (it saves it, restarts it, runs its computers)

    @property
    def game(self) -> Game: ...
    @property
    def seats(self) -> list[dict]: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def over(self) -> bool: ...
    @property
    def rounds_done(self) -> int: ...
    @property
    def seen_rounds(self) -> int: ...
    def round_no(self) -> int: ...
    def next(self) -> Step: ...
    def view(self, seat: int) -> dict: ...
    def screen_seat(self) -> int | None: ...
    def last_move(self) -> LastMove | None: ...
    def is_human(self, seat: int | None) -> bool: ...
    def humans(self) -> list[int]: ...
    def remotes(self) -> list[int]: ...
    def show_to(self, seat: int) -> None: ...
    def acknowledge_round(self) -> None: ...
    def play(self, seat: int, move: str, ply: int | None = None) -> bool: ...
    def may_play_for(self, seat: int, move: str) -> bool: ...
    def held(self, seat: int) -> str | None: ...
    def land(self, seat: int) -> str | None: ...
    def computer_think(self) -> Iterator[str | None]: ...
    def dump(self) -> dict | None: ...
    def undo_seat(self, automatic: Automatic | None = None) -> int | None: ...
    def undo_count(self, seat: int, automatic: Automatic | None = None) -> int | None: ...
    def undo(self, seat: int, automatic: Automatic | None = None) -> list[tuple[int, str]]: ...


@dataclass
class LocalSession:
    """The session of the device that holds the match (see the module's text); with ``script``,
    a replay: every seat's moves come from it, in order."""
    match: Match
    script: Sequence[str] | None = None
    here: list[int] | None = None  # a replay: the seats played by the people watching it (None: the match's)
    learners: tuple[int, ...] = ()  # a lesson: the seats that play the script's moves themselves
    ends: tuple[int, ...] = ()  # a replay: the moves played when each round ended
    viewer: int | None = None  # the human the screen showed last (hot-seat secrecy)
    pending: dict[int, tuple[str, int]] = field(default_factory=dict)  # remote seat -> (move, ply)
    refusals: list[Refusal] = field(default_factory=list)  # for the remote seats' devices
    authority = True

    # --- the match, as the page reads it -----------------------------------------------------
    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def seats(self) -> list[dict]:
        return self.match.seats

    @property
    def to_move(self) -> int | None:
        return self.match.to_move

    @property
    def over(self) -> bool:
        return self.match.over

    @property
    def rounds_done(self) -> int:
        return self.match.rounds_done

    @property
    def seen_rounds(self) -> int:
        return self.match.seen_rounds

    @property
    def ply(self) -> int:
        return len(self.match.moves)

    def round_no(self) -> int:
        return self.match.round_no()

    def view(self, seat: int) -> dict:
        return self.match.view(seat)

    def last_move(self) -> LastMove | None:
        return self.match.last_move()

    def is_human(self, seat: int | None) -> bool:
        return self.match.is_human(seat)

    def humans(self) -> list[int]:
        return self.match.humans() if self.here is None else self.here

    def remotes(self) -> list[int]:
        return self.match.remotes()

    def dump(self) -> dict | None:
        """The match's save; None for a replay, which leaves the saved match alone."""
        return self.match.dump() if self.script is None else None

    def computer_think(self) -> Iterator[str | None]:
        """The computer on turn's thinking, in slices (``match.Match.computer_think``)."""
        return self.match.computer_think()

    # --- what happens next -----------------------------------------------------------------
    def next(self) -> Step:
        """What comes next; a question only (``show_to`` records who has the screen)."""
        m = self.match
        if m.rounds_done > m.seen_rounds or m.over:
            # Results are public: with nobody at the screen yet (a reload in hot-seat play),
            # they are shown from the first human's side.
            seat = self.screen_seat()
            if seat is None:
                seat = (m.humans() or [0])[0]
            # The round that ends the match is told with the match's end, in one screen.
            return Step("over" if m.over else "round_end", seat)
        seat = m.to_move
        assert seat is not None  # a match not over has a seat on turn
        if self.script is not None:
            return Step("human" if seat in self.learners else "replay", seat)
        kind = m.seats[seat]["kind"]
        if kind == REMOTE:
            return Step("remote", seat)
        if kind != "human":
            return Step("computer", seat)
        if self.needs_gate(seat):
            return Step("gate", seat)
        return Step("human", seat)

    def needs_gate(self, seat: int) -> bool:
        """Pass the device first when the screen would otherwise show one human's secrets to
        another: only games with private hands, only when several humans share the device; also
        before the first of them sees anything (the others are looking on)."""
        return (self.game.information == PRIVATE_HANDS and len(self.humans()) > 1
                and self.viewer != seat)

    def show_to(self, seat: int) -> None:
        """The screen now shows ``seat``'s side: its turn is drawn, or it took the device."""
        self.viewer = seat

    def screen_seat(self) -> int | None:
        """Whose view the screen shows: the human on turn once past the gate; otherwise the human
        who had the screen last (the first human before anyone; seat 0 with nobody here)."""
        humans = self.humans()
        if self.viewer in humans or (self.script is not None and self.viewer is not None):
            return self.viewer  # a replay shows the seat the watcher chose
        if self.script is None and self.game.information == PRIVATE_HANDS and len(humans) > 1:
            return None  # nobody's secrets until a human takes the device
        return humans[0] if humans else 0

    def acknowledge_round(self) -> None:
        """The players have seen a result: the screen was everyone's, so the next private view
        waits behind the gate, whoever had the device before."""
        self.match.acknowledge_round()
        self.viewer = None

    # --- the door ----------------------------------------------------------------------------
    def play(self, seat: int, move: str, ply: int | None = None) -> bool:
        """The one door every move enters by: ``seat``'s ``move``, chosen when ``ply`` moves had
        been played (None: now). Refused (IllegalMove, nothing changed) unless the seat is on
        turn at this very moment, the match has not moved on since it chose, and the move is
        exactly one of the rules' legal moves. True: the move is played (here, always)."""
        self._check_turn(seat, ply)
        if self.script is not None and self.replay_move() != move:
            raise IllegalMove(FOLLOW)  # a replay's or a lesson's moves are its list's
        self.match.play(move)
        self.pending.pop(seat, None)
        return True

    def may_play_for(self, seat: int, move: str) -> bool:
        """Whether the page may play ``move`` for ``seat`` by itself (a guest's device sends it
        once: see net.guest); here, always."""
        return True

    def _check_turn(self, seat: int, ply: int | None) -> None:
        m = self.match
        if m.over or seat != m.to_move or (ply is not None and ply != len(m.moves)):
            raise IllegalMove(NOT_YOUR_TURN)

    # --- remote seats ------------------------------------------------------------------------
    def receive(self, seat: int, move: str, ply: int) -> IllegalMove | None:
        """A move from ``seat``'s device, chosen after ``ply`` moves: the reason it is refused,
        or None, and it is held until the page plays it (``land``). One move at a time a seat."""
        if self.match.seats[seat]["kind"] != REMOTE:
            return IllegalMove(NOT_YOUR_TURN)
        if seat in self.pending:
            return IllegalMove(BUSY)
        try:
            self._check_turn(seat, ply)
            self._check_move(move)
        except IllegalMove as err:
            return err
        self.pending[seat] = (move, ply)
        return None

    def _check_move(self, move: str) -> None:
        """The rules' verdict on ``move`` now, without playing it: one of the legal moves, or the
        rules' reason it is not."""
        m = self.match
        if move not in m.legal_moves():
            m.game.play(m.state, move)  # raises IllegalMove with the rules' reason
            raise IllegalMove(REFUSED)  # the rules would play it: not one of theirs all the same

    def held(self, seat: int) -> str | None:
        """The move ``seat``'s device sent, held until the page plays it, or None."""
        held = self.pending.get(seat)
        return None if held is None else held[0]

    def land(self, seat: int) -> str | None:
        """Play ``seat``'s held move through the door: the move, or None when there was none or
        the door refused it (the refusal is queued for its device)."""
        held = self.pending.pop(seat, None)
        if held is None:
            return None
        move, ply = held
        try:
            self.play(seat, move, ply)
        except IllegalMove as err:
            self.refusals.append(Refusal(seat, err, ply))
            return None
        return move

    def give_seat(self, seat: int, kind: str) -> None:
        """``seat`` changes hands (a remote seat given to a computer): its held move goes."""
        self.match.set_seat(seat, kind)
        self.pending.pop(seat, None)

    # --- undo --------------------------------------------------------------------------------
    def undo_seat(self, automatic: Automatic | None = None) -> int | None:
        """The human an undo would act for now, or None when it cannot act."""
        if self.script is not None:
            return None
        seat = self.match.last_human(automatic)
        return seat if seat is not None and self.undo_count(seat, automatic) else None

    def undo_count(self, seat: int, automatic: Automatic | None = None) -> int | None:
        """How many moves an undo by ``seat`` would take back now, or None when it may not."""
        return self.match.undo_point(seat, automatic) if self.script is None else None

    def undo(self, seat: int, automatic: Automatic | None = None) -> list[tuple[int, str]]:
        """Take back ``seat``'s last decision and what followed: the moves taken back, each with
        its player, first first (empty when it may not)."""
        count = self.undo_count(seat, automatic)
        if not count:
            return []
        m = self.match
        taken = [(self._mover(len(m.moves) - count + i), move) for i, move in enumerate(m.moves[-count:])]
        m.undo(seat, automatic)
        return taken

    def _mover(self, index: int) -> int:
        seat = self.game.to_move(self.match.states[index])
        assert seat is not None  # a move was played from that state
        return seat

    # --- replays -----------------------------------------------------------------------------
    def replay_move(self) -> str | None:
        """The next move of the replay, or None at its end."""
        if self.script is None or self.ply >= len(self.script):
            return None
        return self.script[self.ply]

    def rewind(self, ply: int) -> None:
        """The replay back at ``ply`` moves; round ends after it are unseen again."""
        m = self.match
        assert self.script is not None and 0 <= ply <= len(m.moves)
        del m.moves[ply:]
        del m.states[ply + 1:]
        m.seen_rounds = min(m.seen_rounds, m.rounds_done)


def replay(match: Match, here: list[int] | None = None) -> LocalSession:
    """A replay of ``match`` from its first position, every seat's moves played back from its
    list (``here``: the seats of the people watching; None: the match's own); the match itself
    is left as it is."""
    start = Match(match.game, match.options, match.seed, [dict(s) for s in match.seats], match.start_json)
    game = match.game
    ends = tuple(i + 1 for i in range(len(match.moves))
                 if game.rounds_done(match.states[i + 1]) != game.rounds_done(match.states[i]))
    return LocalSession(start, script=tuple(match.moves), here=here, ends=ends)

