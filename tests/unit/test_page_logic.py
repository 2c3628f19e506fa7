"""The page's pure parts: reading links."""
from urllib.parse import parse_qsl

import pytest

from ui import url

PLAYABLE = ("punto", "zero-pointe")
GAMES = PLAYABLE + ("punttu", "neuf-vies")


def parse(query):
    """As the page does: the browser's URLSearchParams decodes, url.parse judges."""
    return url.parse(parse_qsl(query.lstrip("?"), keep_blank_values=True), PLAYABLE, GAMES)


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
    ("?game=punto&start=yes", "notice.bad_start"),
    ("?game=punto&think=gpu", "notice.bad_think"),
])
def test_bad_parameters_fall_back_with_a_notice(query, notice):
    route = parse(query)
    assert [key for key, _ in route.notices] == [notice]
    assert route.game in (None, "punto") and route.seed is None and not route.start


def test_start_and_seed_need_a_game():
    for query in ("?start=1", "?seed=abc", "?seed="):
        route = parse(query)
        assert not route.start and route.game is None
        assert [key for key, _ in route.notices][-1] == "notice.needs_game", query


def test_start_zero_is_no_start():
    route = parse("?game=punto&start=0")
    assert (route.game, route.start, route.notices) == ("punto", False, [])
    assert parse("?start=0").notices == []


def test_many_unknown_parameters_make_one_short_notice():
    route = parse("?" + "&".join(f"p{i}=x" for i in range(300)))
    assert [key for key, _ in route.notices] == ["notice.bad_param"] * 3 + ["notice.more_params"]
    assert route.notices[-1][1] == {"n": 297}




def test_think_says_where_the_hard_computers_think():
    assert parse("?game=punto").think == "worker"
    assert parse("?think=main").think == "main" and parse("?think=main").notices == []
    assert parse("?think=main&think=worker").think == "worker"  # the last one, as for the others
    assert parse("?think=gpu").think == "worker"


def test_the_start_up_parameter_is_no_unknown_parameter():
    """?snapshot=0 is read by js/boot.mjs (a normal start instead of the snapshot)."""
    assert parse("?snapshot=0").notices == []
    assert parse("?game=punto&snapshot=0").game == "punto"
