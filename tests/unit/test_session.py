"""The session (session.py): what comes next for every kind of seat, the one door every move
enters by, a remote seat's moves held until their turn, replays."""
import json

import pytest

from ai import think
from engine.errors import IllegalMove
from engine.game import PRIVATE_HANDS
from match import Match
from session import BUSY, NOT_YOUR_TURN, LocalSession, Step, replay


def seats(*kinds):
    return [{"kind": kind, "name": f"P{i}"} for i, kind in enumerate(kinds)]


def session_of(game_id, options, seed, *kinds):
    return LocalSession(Match.new(game_id, options, seed, seats(*kinds), think=think))


def play_on(session, count):
    """``count`` moves through the door: computers choose theirs, the others the first legal one."""
    m = session.match
    for _ in range(count):
        if m.over:
            return
        m.acknowledge_round()
        seat = m.to_move
        session.play(seat, m.legal_moves()[0] if m.is_human(seat) else m.computer_move())


def test_steps_follow_mixed_seats():
    s = session_of("punto", {"players": 4}, "mix", "medium", "human", "easy", "remote")
    kinds = []
    for _ in range(8):
        step = s.next()
        kinds.append((step.kind, step.seat))
        s.play(step.seat, s.match.legal_moves()[0])
    assert kinds == [("computer", 0), ("human", 1), ("computer", 2), ("remote", 3)] * 2


def test_a_round_end_is_shown_once_then_play_goes_on():
    s = session_of("zero-pointe", {"players": 2, "target": 500}, "r", "easy", "easy")
    while s.rounds_done == 0:
        s.play(s.to_move, s.match.computer_move())
    assert s.next() == Step("round_end", 0)
    s.acknowledge_round()
    assert s.next().kind == "computer"
    again = LocalSession(Match.load(json.loads(json.dumps(s.match.dump())), think=think))
    assert again.next().kind == "computer" and again.match.seen_rounds == 1


def test_the_round_that_ends_the_match_is_told_with_the_match_end_in_one_step():
    s = session_of("punto", {"rounds_to_win": 1}, "end", "medium", "easy")
    while not s.over:
        play_on(s, 1)
    s.match.seen_rounds = 0
    assert s.next() == Step("over", 0)
    s.acknowledge_round()
    assert s.next() == Step("over", 0)


class PrivateHands:
    """A wrapper that declares Punto's hidden decks private, to test the gate on the kit alone."""
    def __init__(self, game):
        self._game = game
        self.information = PRIVATE_HANDS

    def __getattr__(self, name):
        return getattr(self._game, name)


def private(*kinds):
    s = session_of("punto", {"rounds_to_win": 2}, "g", *kinds)
    s.match.game = PrivateHands(s.match.game)
    return s


def test_gates_only_between_humans_with_private_hands_and_before_the_first_view():
    assert session_of("punto", {}, "g", "human", "human").next() == Step("human", 0)
    s = private("human", "human")
    # The first player's secrets are not shown before the device is theirs: the other looks on.
    assert s.next() == Step("gate", 0) and s.screen_seat() is None
    s.show_to(0)
    assert s.next() == Step("human", 0) and s.screen_seat() == 0
    s.play(0, s.match.legal_moves()[0])
    assert s.next() == Step("gate", 1) and s.screen_seat() == 0
    s.show_to(1)
    assert s.next() == Step("human", 1)
    assert private("human", "medium").next() == Step("human", 0)


def test_after_a_result_the_next_private_view_waits_behind_the_gate():
    """A round's result is shown to everyone at the table: the first hand of the next round is not
    shown before the device is passed, even to the player who had it last."""
    s = private("human", "human")
    while s.rounds_done == 0:
        step = s.next()
        if step.kind == "gate":
            s.show_to(step.seat)
        s.play(s.to_move, s.match.legal_moves()[0])
    assert s.next().kind == "round_end"
    s.acknowledge_round()
    assert s.next() == Step("gate", s.to_move) and s.screen_seat() is None


def test_asking_what_comes_next_changes_nothing():
    s = private("human", "human")
    s.show_to(0)
    s.play(0, s.match.legal_moves()[0])
    for _ in range(3):
        assert s.next() == Step("gate", 1)
    assert s.viewer == 0 and s.screen_seat() == 0


def test_a_round_end_after_a_reload_in_hot_seat_has_a_seat_to_show():
    """Private hands, two humans, nobody past the gate yet (as after a reload)."""
    s = private("human", "human")
    while s.rounds_done == 0:
        s.play(s.to_move, s.match.legal_moves()[0])
    assert s.screen_seat() is None
    assert s.next() == Step("round_end", 0)


# --- the door ------------------------------------------------------------------------------------

def test_the_door_checks_the_seat_on_turn_and_the_move_number_when_the_move_is_played():
    s = session_of("punttu", {"players": 3}, "door", "human", "remote", "easy")
    seat = s.to_move
    other = (seat + 1) % 3
    for who, ply in ((other, None), (seat, s.ply + 1), (seat, s.ply - 1 if s.ply else 99)):
        with pytest.raises(IllegalMove) as err:
            s.play(who, s.match.legal_moves()[0], ply)
        assert err.value.code == NOT_YOUR_TURN
    assert s.ply == 0
    s.play(seat, s.match.legal_moves()[0], 0)
    assert s.ply == 1


def _punttu_at_first_deal_end():
    """Punttu, 3 players, a match to points, the third seat deals, the second a remote device:
    played to the end of the first deal, its result not yet seen by the host."""
    match = Match.new("punttu", {"players": 3, "match": "to_points", "dealer": 2}, "race",
                      seats("human", "remote", "easy"), think=think)
    s = LocalSession(match)
    while match.rounds_done == 0:
        s.play(match.to_move, match.legal_moves()[0])
    assert s.next().kind == "round_end"
    return s


def test_two_moves_sent_at_once_at_a_round_end_are_played_for_their_sender_or_refused_back():
    s = _punttu_at_first_deal_end()
    m = s.match
    assert m.to_move == 1 and s.ply == 39  # the remote seat leads the next deal
    first, second = m.legal_moves()[:2]
    ply = s.ply
    assert s.receive(1, first, ply) is None
    refusal = s.receive(1, second, ply)
    assert refusal is not None and refusal.code == BUSY
    # Behind the host's dialog, the held move is played for its sender: checked again then.
    assert s.land(1) == first and m.moves[-1] == first
    assert s.land(1) is None and s.refusals == []
    late = s.receive(1, second, ply)  # the same move number again: the match has moved on
    assert late is not None and late.code == NOT_YOUR_TURN and len(m.moves) == ply + 1


def _punto_round_two_begun_by(seat: int) -> LocalSession:
    """Punto, 3 players, the second a remote device: at the first move of round 2, which ``seat``
    makes (the first seed where it does)."""
    for attempt in range(50):
        match = Match.new("punto", {"players": 3}, f"twice{attempt}", seats("human", "remote", "easy"), think=think)
        s = LocalSession(match)
        while match.rounds_done == 0:
            s.play(match.to_move, match.legal_moves()[0])
        if not match.over and match.to_move == seat:
            return s
    raise AssertionError("no seed in 50 where that seat begins round 2")


def test_punto_a_move_sent_twice_is_never_played_for_the_next_seat():
    """Punto: the guest who starts round 2 sends "0,0" twice; the second must not place the next
    seat's card (it could go there too), whether refused on arrival or held and played later."""
    s = _punto_round_two_begun_by(1)
    match, ply = s.match, s.ply
    assert s.receive(1, "0,0", ply) is None
    assert s.receive(1, "0,0", ply).code == BUSY
    assert s.land(1) == "0,0"
    assert match.last_move().seat == 1
    # Whatever else arrives with that move number is refused, never played for seat 2.
    assert s.receive(1, "0,0", ply).code == NOT_YOUR_TURN and s.land(1) is None
    assert len(match.moves) == ply + 1


def test_a_held_move_landing_for_a_seat_no_longer_on_turn_goes_back_refused():
    s = session_of("punttu", {"players": 2}, "gone", "human", "remote")
    while s.to_move != 1:
        s.play(s.to_move, s.match.legal_moves()[0])
    move, ply = s.match.legal_moves()[0], s.ply
    assert s.receive(1, move, ply) is None
    s.match.play(move)  # the match moved on meanwhile (another door: a test's shortcut)
    assert s.land(1) is None
    assert [(r.seat, r.reason.code, r.ply) for r in s.refusals] == [(1, NOT_YOUR_TURN, ply)]


def test_a_seat_given_to_a_computer_drops_its_held_move():
    s = session_of("punttu", {"players": 2}, "given", "human", "remote")
    while s.to_move != 1:
        s.play(s.to_move, s.match.legal_moves()[0])
    assert s.receive(1, s.match.legal_moves()[0], s.ply) is None
    s.give_seat(1, "easy")
    assert s.pending == {} and s.next().kind == "computer"
    assert s.receive(1, s.match.legal_moves()[0], s.ply).code == NOT_YOUR_TURN


def test_a_refused_move_says_the_rules_reason():
    s = session_of("punto", {"players": 2}, "why", "human", "remote")
    while s.to_move != 1:
        s.play(s.to_move, s.match.legal_moves()[0])
    refusal = s.receive(1, "9,9", s.ply)
    assert refusal is not None and refusal.code.startswith("punto.err.")
    assert s.pending == {}


# --- undo ----------------------------------------------------------------------------------------

def test_undo_never_takes_back_an_answer_the_page_played_by_itself_alone():
    """Neuf vies: an answer with one choice is played by the page (the table's auto_move). Taking
    it back alone would change nothing (the page plays it again at once): an undo takes back the
    player's last decision with it, or, when that decision may not go back, cannot act."""
    def automatic(view):
        legal = view["legal"]
        return legal[0] if len(legal) == 1 and view["pending"]["kind"] != "turn" else None

    answers = alone = 0
    for attempt in range(12):
        s = session_of("neuf-vies", {"players": 2}, f"auto{attempt}", "human", "easy")
        m = s.match
        while not m.over:
            seat = m.to_move
            auto = automatic(m.view(seat)) if seat == 0 else None
            s.play(seat, auto or (m.legal_moves()[-1] if seat == 0 else m.computer_move()))
            if auto is None:
                continue
            answers += 1
            alone += m.undo_point(0) == 1  # what an undo blind to the page's answers would do
            count = m.undo_point(0, automatic)
            assert count is None or count > 1
            if count:  # taken back in a copy: this match plays on
                assert s.undo_seat(automatic) == 0
                taken = LocalSession(Match.load(m.dump(), think=think)).undo(0, automatic)
                assert len(taken) == count and taken[-1] == (0, auto)
    assert answers > 20 and alone > 0  # the case arose, and the blind undo would have taken it


# --- replays -------------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id,options", [("punto", {"players": 3}), ("zero-pointe", {"players": 2}),
                                             ("punttu", {"players": 4}), ("neuf-vies", {"players": 2})])
def test_a_replay_steps_through_the_match_s_states_forward_and_back(game_id, options):
    s = session_of(game_id, options, "replay", *(["easy"] * options["players"]))
    play_on(s, 120)
    r = replay(s.match)
    game = s.game
    states = [game.to_json(state) for state in s.match.states]
    rounds_seen = 0
    while (move := r.replay_move()) is not None:
        step = r.next()
        if step.kind == "round_end":
            rounds_seen += 1
            r.acknowledge_round()
            continue
        assert step == Step("replay", r.to_move) or step.kind == "over"
        r.play(r.to_move, move)
        assert game.to_json(r.match.state) == states[r.ply]
    assert r.ply == len(s.match.moves) and rounds_seen == s.rounds_done - (1 if s.over else 0)
    r.rewind(3)
    assert game.to_json(r.match.state) == states[3] and r.match.seen_rounds <= r.rounds_done
    assert r.undo_seat() is None and r.undo(0) == []
