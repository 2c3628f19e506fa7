"""The page's pure parts: reading links, and the session bookkeeping behind save and resume."""
import json
from urllib.parse import parse_qsl

import pytest

from engine.errors import BadOptions, BadSave
from ui import url
from ui.session import Session

PLAYABLE, COMING = ("punto", "zero-pointe"), ("punttu", "neuf-vies")


def parse(query):
    """As the page does: the browser's URLSearchParams decodes, url.parse judges."""
    return url.parse(parse_qsl(query.lstrip("?"), keep_blank_values=True), PLAYABLE, COMING)


def test_link_to_a_game_with_a_seed():
    route = parse("?game=punto&seed=abc-1")
    assert (route.game, route.seed, route.start, route.notices) == ("punto", "abc-1", False, [])
    assert parse("?game=zero-pointe&seed=x&start=1").start


@pytest.mark.parametrize("query,notice", [
    ("?game=chess", "notice.bad_game"),
    ("?game=punttu", "notice.game_coming"),
    ("?game=punto&seed=<script>", "notice.bad_seed"),
    ("?game=punto&seed=" + "x" * 41, "notice.bad_seed"),
    ("?colour=red", "notice.bad_param"),
    ("?game=punto&start=yes", "notice.bad_param"),
])
def test_bad_parameters_fall_back_with_a_notice(query, notice):
    route = parse(query)
    assert [key for key, _ in route.notices] == [notice]
    assert route.game in (None, "punto") and route.seed is None and not route.start


def test_start_needs_a_game():
    assert not parse("?start=1").start


def seats(n, kinds=("human", "medium")):
    return [{"kind": kinds[min(i, 1)], "name": f"P{i}"} for i in range(n)]


def test_a_session_survives_a_round_trip_through_json():
    session = Session.start("punto", {"players": 3}, "s", seats(3))
    for _ in range(7):
        session.play(session.computer_move() if not session.is_human(session.to_move)
                     else session.legal_moves()[0])
    again = Session.restore(json.loads(json.dumps(session.dump())))
    assert again.dump() == session.dump()


def test_computer_moves_replay_exactly():
    a = Session.start("zero-pointe", {}, "same", seats(2, ("medium", "medium")))
    b = Session.restore(a.dump())
    for _ in range(40):
        move = a.computer_move()
        assert move == b.computer_move()
        a.play(move)
        b.play(move)


def test_bad_saves_say_why():
    good = Session.start("punto", {}, "s", seats(2)).dump()
    for broken in ({**good, "format": 99}, {**good, "game": "chess"}, {**good, "seats": []},
                   {**good, "state": {"v": 1}}, {**good, "screen": None}, [1, 2],
                   {**good, "seats": [{"kind": "god", "name": "x"}, {"kind": "human", "name": "y"}]}):
        with pytest.raises(BadSave):
            Session.restore(broken)


def test_new_match_options_are_checked():
    with pytest.raises(BadOptions) as err:
        Session.start("punto", {"players": 3, "teams": True}, "s", seats(3))
    assert err.value.key == "teams"


def test_screen_seat_follows_the_humans():
    session = Session.start("punto", {"players": 4}, "s", [
        {"kind": "medium", "name": "A"}, {"kind": "human", "name": "B"},
        {"kind": "medium", "name": "C"}, {"kind": "human", "name": "D"}])
    assert session.screen_seat() == 1  # seat 0 (a computer) is on turn: the first human watches
    assert session.screen_seat(previous=3) == 3
