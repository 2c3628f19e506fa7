"""Seats played on other devices: the host's session (session) and a guest's (net.guest), and
what the host sends each guest (net.wire.state_for)."""
import pytest

from ai import think
from engine.errors import BadSave, IllegalMove
from match import Match
from net import wire
from net.guest import NOT_SENT, GuestSession
from session import NOT_YOUR_TURN, LocalSession, Step


def seats(*kinds):
    return [{"kind": kind, "name": f"P{i}" if kind != "remote" else ""} for i, kind in enumerate(kinds)]


def state_message(match, seat):
    """What the host sends a guest, as the guest's device reads it."""
    return wire.from_host(wire.state_for(LocalSession(match), seat))


class Channel:
    """A guest's connection to the host: what it sent, and whether it takes more."""
    def __init__(self):
        self.sent, self.open = [], True

    def __call__(self, text):
        if self.open:
            self.sent.append(wire.from_guest(text))
        return self.open


def guest_of(match, seat):
    return GuestSession(match.game, seat, Channel())


def test_a_remote_seat_is_a_person_elsewhere():
    session = LocalSession(Match.new("punttu", {"players": 3}, "far", seats("human", "remote", "human"), think=think))
    match = session.match
    kinds = set()
    for _ in range(9):
        step = session.next()
        kinds.add((step.kind, step.seat))
        if step.kind == "gate":
            session.show_to(step.seat)
            step = session.next()
        session.play(step.seat, match.legal_moves()[0])
    assert ("remote", 1) in kinds
    assert not {kind for kind, seat in kinds if seat == 1} - {"remote"}
    assert match.is_human(1) and match.humans() == [0, 2] and match.remotes() == [1]
    # Two people share this device: the gate is theirs; the remote player's hand is never here.
    assert session.needs_gate(2) or session.viewer == 2


def test_no_undo_with_players_on_other_devices():
    def replay(kinds, moves):
        match = Match.new("zero-pointe", {"players": 2}, "u", seats(*kinds), think=think)
        for move in moves:
            match.play(move)
        return match

    # The first moves after which seat 1 could take back the move it just made (nobody moved
    # since), with a computer in seat 2.
    moves = []
    while replay(("human", "easy"), moves).undo_point(0) != 1:
        moves.append(replay(("human", "easy"), moves).legal_moves()[-1])
        assert len(moves) < 60
    remote = replay(("human", "remote"), moves)  # the same moves, a friend's phone in seat 2
    assert remote.game.undo and remote.undo_point(0) is None


def test_a_remote_seat_named_then_given_to_a_computer_is_saved_so():
    match = Match.new("punto", {"players": 2}, "n", seats("human", "remote"), think=think)
    match.set_seat(1, "remote", "Ane")
    assert match.seats[1] == {"kind": "remote", "name": "Ane"}
    loaded = Match.load(match.dump(), think)
    assert loaded.seats == match.seats and LocalSession(loaded).next().kind in ("human", "remote")
    match.set_seat(1, "hard")
    assert match.seats[1] == {"kind": "hard", "name": "Ane"}
    with pytest.raises(BadSave):
        match.set_seat(1, "robot")
    with pytest.raises(BadSave):
        match.set_seat(1, "remote", "x" * 25)


def test_the_guest_s_session_answers_as_the_host_s_does_for_its_seat():
    host = LocalSession(Match.new("punttu", {"players": 2}, "mirror", seats("human", "remote"), think=think))
    match = host.match
    channel = Channel()
    guest = GuestSession(match.game, 1, channel)
    while True:
        guest.update(state_message(match, 1))
        # The guest's device: itself unnamed (the player is "You"), the host's player remote.
        assert guest.seats[1] == {"kind": "human", "name": ""} and guest.seats[0]["kind"] == "remote"
        assert guest.view(1) == match.view(1) and guest.humans() == [1] and guest.remotes() == [0]
        step = guest.next()
        if match.over:
            assert step.kind == "over"
            break
        if step.kind == "round_end":
            assert match.rounds_done > guest.seen_rounds
            guest.acknowledge_round()
            step = guest.next()
        assert step.kind == ("human" if match.to_move == 1 else "remote")
        assert step.seat == match.to_move
        match.acknowledge_round()
        if step.kind == "human":  # the guest's move goes to the host, who plays it
            guest.play(1, match.legal_moves()[0])
            assert guest.next().kind == "sent"
            sent = channel.sent[-1]
            assert sent == {"kind": "move", "move": match.legal_moves()[0], "n": len(match.moves)}
            assert host.receive(1, sent["move"], sent["n"]) is None and host.land(1) == sent["move"]
        else:
            host.play(0, match.legal_moves()[0])
        assert guest.last_move() is None or guest.last_move().move == match.moves[-2]
    assert guest.undo_seat() is None and guest.undo(1) == []


def test_a_guest_s_move_goes_once_and_a_lost_one_is_played_again_by_hand():
    match = Match.new("punto", {"players": 2}, "lost", seats("remote", "human"), think=think)
    channel = Channel()
    guest = GuestSession(match.game, 0, channel)
    guest.update(state_message(match, 0))
    move = match.legal_moves()[0]
    channel.open = False
    with pytest.raises(IllegalMove) as err:
        guest.play(0, move)
    assert err.value.code == NOT_SENT and guest.next().kind == "human"
    assert not guest.may_play_for(0, move)  # an automatic move is not sent twice
    channel.open = True
    guest.play(0, move)
    with pytest.raises(IllegalMove) as err:
        guest.play(0, move)  # one move on its way at a time
    assert err.value.code == NOT_YOUR_TURN and len(channel.sent) == 1
    guest.refused()
    assert guest.next().kind == "human"


def test_a_guest_joining_late_or_at_a_rematch_sees_no_old_result():
    match = Match.new("punttu", {"players": 2, "match": "to_points"}, "late", seats("human", "remote"), think=think)
    while match.rounds_done == 0:
        match.play(match.legal_moves()[0])
    guest = guest_of(match, 1)
    guest.update(state_message(match, 1))
    assert guest.next().kind != "round_end"  # ended before this device joined
    again = Match.new("punttu", {"players": 2}, "again", seats("human", "remote"), think=think)
    guest.seen_rounds = 5
    guest.update(state_message(again, 1))
    assert guest.next().kind in ("human", "remote") and guest.seen_rounds == 0


def test_computers_on_the_host_are_computers_on_the_guest():
    match = Match.new("neuf-vies", {"players": 3}, "c", seats("human", "remote", "easy"), think=think)
    guest = guest_of(match, 1)
    guest.update(state_message(match, 1))
    assert guest.seats[2]["kind"] == "easy" and not guest.is_human(2)
    while match.to_move != 2:
        match.play(match.legal_moves()[0])
    guest.update(state_message(match, 1))
    assert guest.next() == Step("remote", 2)  # played on the host's device, not here
