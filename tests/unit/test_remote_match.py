"""Seats played on other devices: the host's match (match) and a guest's mirror of it (net.mirror)."""
import pytest

from ai import think
from engine.errors import BadSave
from match import Match
from net.mirror import Mirror


def seats(*kinds):
    return [{"kind": kind, "name": f"P{i}" if kind != "remote" else ""} for i, kind in enumerate(kinds)]


def state_message(match, seat):
    """What the host sends a guest (ui/remote.py Host.send_state), as net.wire hands it over."""
    last = match.last_move()
    return {"kind": "state", "game": match.game.id, "seat": seat, "seats": [dict(s) for s in match.seats],
            "view": match.view(seat), "n": len(match.moves), "rounds": match.rounds_done,
            "last": None if last is None else {"move": last.move, "seat": last.seat, "ended_round": last.ended_round}}


def test_a_remote_seat_is_a_person_elsewhere():
    match = Match.new("punttu", {"players": 3}, "far", seats("human", "remote", "human"), think=think)
    kinds = set()
    for _ in range(9):
        step = match.step()
        kinds.add((step.kind, step.seat))
        if step.kind == "gate":
            match.show_to(step.seat)
            step = match.step()
        match.play(match.legal_moves()[0])
    assert ("remote", 1) in kinds
    assert not {kind for kind, seat in kinds if seat == 1} - {"remote"}
    assert match.is_human(1) and match.humans() == [0, 2] and match.remotes() == [1]
    # Two people share this device: the gate is theirs; the remote player's hand is never here.
    assert match.needs_gate(2) or match.viewer == 2


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
    assert loaded.seats == match.seats and loaded.step().kind in ("human", "remote")
    match.set_seat(1, "hard")
    assert match.seats[1] == {"kind": "hard", "name": "Ane"}
    with pytest.raises(BadSave):
        match.set_seat(1, "robot")
    with pytest.raises(BadSave):
        match.set_seat(1, "remote", "x" * 25)


def test_the_mirror_answers_as_the_match_does_for_its_seat():
    match = Match.new("punttu", {"players": 2}, "mirror", seats("human", "remote"), think=think)
    mirror = Mirror(match.game, 1)
    while True:
        mirror.update(state_message(match, 1))
        # The guest's device: itself unnamed (the player is "You"), the host's player remote.
        assert mirror.seats[1] == {"kind": "human", "name": ""} and mirror.seats[0]["kind"] == "remote"
        assert mirror.view(1) == match.view(1) and mirror.humans() == [1] and mirror.remotes() == [0]
        step = mirror.step()
        if match.over:
            assert step.kind == "over"
            break
        if step.kind == "round_end":
            assert match.rounds_done > mirror.seen_rounds
            mirror.acknowledge_round()
            step = mirror.step()
        assert step.kind == ("human" if match.to_move == 1 else "remote")
        assert step.seat == match.to_move
        if match.step().kind == "round_end":
            match.acknowledge_round()
        match.play(match.legal_moves()[0])
        assert mirror.last_move() is None or mirror.last_move().move == match.moves[-2]
    assert mirror.undo_point(1) is None and mirror.last_human() is None


def test_a_mirror_joining_late_or_at_a_rematch_shows_no_old_result():
    match = Match.new("punttu", {"players": 2, "match": "to_points"}, "late", seats("human", "remote"), think=think)
    while match.rounds_done == 0:
        match.play(match.legal_moves()[0])
    mirror = Mirror(match.game, 1)
    mirror.update(state_message(match, 1))
    assert mirror.step().kind != "round_end"  # ended before this device joined
    again = Match.new("punttu", {"players": 2}, "again", seats("human", "remote"), think=think)
    mirror.seen_rounds = 5
    mirror.update(state_message(again, 1))
    assert mirror.step().kind in ("human", "remote") and mirror.seen_rounds == 0


def test_computers_on_the_host_are_computers_on_the_guest():
    match = Match.new("neuf-vies", {"players": 3}, "c", seats("human", "remote", "easy"), think=think)
    mirror = Mirror(match.game, 1)
    mirror.update(state_message(match, 1))
    assert mirror.seats[2]["kind"] == "easy" and not mirror.is_human(2)
    while match.to_move != 2:
        match.play(match.legal_moves()[0])
    mirror.update(state_message(match, 1))
    assert mirror.step().kind == "computer"
