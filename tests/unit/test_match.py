"""A match (match): saves that replay, undo, the last move. What comes next: test_session.py."""
import json
from pathlib import Path

import pytest

from ai import think
from engine.errors import BadOptions, BadSave
from games import registry
from match import Match

V1_SAVES = sorted((Path(__file__).resolve().parents[1] / "data" / "saves_v1").glob("*.json"))


def seats(*kinds):
    return [{"kind": kind, "name": f"P{i}"} for i, kind in enumerate(kinds)]


def play_on(match, count):
    """``count`` moves: computers choose theirs, humans the first legal move."""
    for _ in range(count):
        if match.over:
            return
        match.acknowledge_round()
        match.play(match.legal_moves()[0] if match.is_human(match.to_move)
                   else match.computer_move())


def test_save_and_load_replay_to_the_same_match():
    for game_id, options in (("punto", {"players": 3}), ("zero-pointe", {"players": 4})):
        match = Match.new(game_id, options, "replay", seats("human", "medium", "easy", "medium")[
            :options["players"]], think=think)
        play_on(match, 40)
        assert not match.over
        again = Match.load(json.loads(json.dumps(match.dump())), think=think)
        assert again.dump() == match.dump()
        game = match.game
        assert game.to_json(again.state) == game.to_json(match.state)
        if not match.over and not match.is_human(match.to_move):
            assert again.computer_move() == match.computer_move()


def test_the_save_is_the_move_list():
    match = Match.new("punto", {}, "list", seats("human", "medium"), think=think)
    play_on(match, 5)
    data = match.dump()
    assert set(data) == {"format", "game", "options", "seed", "seats", "moves", "seen_rounds"}
    assert data["moves"] == match.moves and len(data["moves"]) == 5


@pytest.mark.parametrize("path", V1_SAVES, ids=lambda p: p.stem)
def test_saves_of_the_first_version_still_load(path):
    """Saves written by the page of commit 8e87fdb (see tests/data/saves_v1/make_v1_saves.py)."""
    old = json.loads(path.read_text())
    match = Match.load(old, think=think)
    game = match.game
    assert game.to_json(match.state) == old["state"]
    assert match.seats == old["seats"] and match.seen_rounds == old["screen"]["seen_round"]
    play_on(match, 10)
    again = Match.load(json.loads(json.dumps(match.dump())), think=think)
    assert game.to_json(again.state) == game.to_json(match.state)


def test_bad_saves_say_why():
    good = Match.new("punto", {}, "s", seats("human", "medium"), think=think)
    play_on(good, 3)
    good = good.dump()
    for broken in ({**good, "format": 99}, {**good, "game": "chess"}, {**good, "seats": []},
                   {**good, "moves": ["9,9"]}, {**good, "moves": good["moves"] + ["x"]},
                   {**good, "options": {"players": 7}}, {**good, "seen_rounds": 3},
                   {**good, "seen_rounds": True}, {**good, "extra": 1}, [1, 2], None,
                   {**good, "seats": [{"kind": "god", "name": "x"}, {"kind": "human", "name": "y"}]},
                   {**good, "seats": [{"kind": "human", "name": "x" * 25}, good["seats"][1]]}):
        with pytest.raises(BadSave):
            Match.load(broken, think=think)


def test_new_match_options_are_checked():
    with pytest.raises(BadOptions) as err:
        Match.new("punto", {"players": 3, "teams": True}, "s", seats("human", "easy", "easy"), think=think)
    assert err.value.key == "teams"


def test_computer_moves_replay_exactly():
    a = Match.new("zero-pointe", {}, "same", seats("medium", "medium"), think=think)
    for _ in range(40):
        b = Match.load(a.dump(), think=think)
        move = a.computer_move()
        assert move == b.computer_move()
        a.play(move)


# --- undo -----------------------------------------------------------------------------------

def zero_pointe_after_opening(kinds, seed="undo"):
    match = Match.new("zero-pointe", {}, seed, seats(*kinds), think=think)
    for move in ("turn 0 0", "turn 0 1", "turn 0 0", "turn 0 1"):
        match.play(move)
    return match


def test_undo_takes_back_a_move_that_showed_nothing():
    match = zero_pointe_after_opening(("human", "human"))
    seat = match.to_move
    before = match.game.to_json(match.state)
    face_up = next(m for m in match.legal_moves() if m in ("take 0 0", "take 0 1"))
    match.play(face_up)  # the discard onto a face-up card: nothing hidden comes to light
    assert match.undo_point(seat) == 1
    assert match.undo(seat) == 1
    assert match.game.to_json(match.state) == before


def test_no_undo_after_a_card_was_shown():
    match = zero_pointe_after_opening(("human", "human"))
    seat = match.to_move
    match.play("draw")  # the drawn card is news to its drawer
    assert match.undo_point(seat) is None and match.undo(seat) == 0
    match = zero_pointe_after_opening(("human", "human"))
    match.play("take 2 3")  # a face-down card goes to the discard, face up
    assert match.undo_point(seat) is None


@pytest.mark.parametrize("seed,replies,undone", [
    ("u0", ["take 0 0"], 2),                   # the computer took the discard: nothing shown
    ("u2", ["draw", "keep 2 1"], None),        # it drew: the human saw a card from the pile
])
def test_undo_against_computers_takes_back_their_replies_unless_they_showed_something(
        seed, replies, undone):
    match = zero_pointe_after_opening(("human", "medium"), seed)
    seat = match.to_move
    match.play("take 0 0")
    while not match.is_human(match.to_move):
        match.play(match.computer_move())
    assert match.moves[5:] == replies
    assert match.undo_point(seat) == undone


def test_no_undo_of_another_humans_move_or_across_a_round_end():
    match = zero_pointe_after_opening(("human", "human"))
    first = match.to_move
    match.play(next(m for m in match.legal_moves() if m in ("take 0 0", "take 0 1")))
    match.play(next(m for m in match.legal_moves() if m.startswith("take")))
    assert match.undo_point(first) is None  # the other human has moved since
    deals = Match.new("punttu", {"match": "to_points"}, "u", seats("human", "easy"), think=think)
    while deals.rounds_done == 0:
        play_on(deals, 1)
    point = deals.undo_point(0)
    assert point is None or deals.game.rounds_done(deals.states[len(deals.moves) - point]) == 1


def test_punto_declares_no_undo():
    """Each move draws the mover's next card: Punto never takes a move back (the page hides Undo)."""
    match = Match.new("punto", {}, "p", seats("human", "easy"), think=think)
    for _ in range(30):
        play_on(match, 1)
        assert match.undo_point(0) is None and match.undo(0) == 0


def test_registry_games_all_have_a_controller_path():
    for game in registry.games():
        match = Match.new(game.id, {}, "any", seats(*(["easy"] * game.check_options({})["players"])), think=think)
        play_on(match, 30)
        assert Match.load(match.dump(), think=think).dump() == match.dump()


def test_the_last_human_to_move_is_the_one_who_may_undo():
    match = zero_pointe_after_opening(("human", "human"))
    assert match.last_human() == 1  # the opening's last turn
    mover = match.to_move
    match.play("take 0 0")
    assert match.last_human() == mover and match.undo_point(mover) == 1


def test_the_last_move_names_its_player_and_whether_it_ended_a_round():
    match = Match.new("punttu", {"match": "to_points"}, "last", seats("human", "easy"), think=think)
    assert match.last_move() is None
    mover = match.to_move
    play_on(match, 1)
    last = match.last_move()
    assert (last.move, last.seat, last.ended_round) == (match.moves[-1], mover, False)
    while match.rounds_done == 0:
        play_on(match, 1)
    assert match.last_move().ended_round


def test_undo_is_refused_exactly_when_a_card_came_to_light():
    """Punttu, 3 players, late in the deal: the human played o7, then a computer played b2, a
    card the human had never seen. Eight re-deals of what the human could not know all put b2
    in that computer's hand (two unknown cards left: 1 chance in 256), so an undo decided by
    sampling let it be taken back. Decided on the cards named in the human's views, it is not."""
    match = Match.new("punttu", {"players": 3}, "exact56", seats("human", "easy", "easy"), think=think)
    while len(match.moves) < 36:
        match.play(match.legal_moves()[-1] if match.to_move == 0 else match.computer_move())
    assert match.moves[-2:] == ["play o7", "play b2"]
    assert "b2" not in str(match.game.view(match.states[-2], 0))
    assert match.undo_point(0) is None and match.undo(0) == 0
