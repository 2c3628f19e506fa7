"""The hard computer in the page: offered in every game, thinking in slices while the page
keeps painting, and playing in the browser the very move CPython's search picks for the same
match (so a reloaded match goes on as it would have)."""
import json

import pytest

from ai import think
from games import registry
from helpers import en, put_storage, storage, tap_card, use_prefs, wait_state
from match import Match

GAMES = [game.id for game in registry.games() if "hard" in game.levels]


@pytest.fixture
def context(context):
    use_prefs(context, speed="fast", lang="en")
    return context


def _hard_to_move(game_id: str, seed: str) -> Match:
    """A 2-player match, seat 0 hard and seat 1 human, played on (the human taking its first
    legal move) until the hard seat is to move."""
    seats = [{"kind": "hard", "name": "Hard"}, {"kind": "human", "name": "You"}]
    match = Match.new(game_id, {"players": 2}, seed, seats, think=think)
    while match.step().kind != "computer":
        match.play(match.legal_moves()[0])
    return match


def _moves(page) -> list:
    return json.loads(storage(page)["tapis.save"])["moves"]


def test_every_new_game_screen_offers_hard(page, base_url, open_app):
    open_app(page, base_url)  # one start: each game's screen is a tap away from home
    for game_id in GAMES:
        page.click(f'[data-action="new"][data-game="{game_id}"]')
        page.wait_for_selector(f'form.newgame[data-game="{game_id}"]')
        offered = page.locator(".seat-row").nth(1).locator("select option")
        offered.first.wait_for(state="attached")
        assert dict(zip(offered.evaluate_all("els => els.map(e => e.value)"),
                        offered.all_text_contents()))["hard"] == en("seat.kind.hard"), game_id
        page.click('form.newgame [data-action="home"]')


@pytest.mark.parametrize("game_id", GAMES)
def test_the_page_plays_the_move_cpythons_search_picks(page, base_url, open_app, game_id):
    match = _hard_to_move(game_id, "same")
    saved = match.dump()
    expected = Match.load(json.loads(json.dumps(saved)), think=think).computer_move()
    put_storage(page, base_url, {"tapis.save": json.dumps(saved)})
    open_app(page, base_url)
    page.click('[data-action="continue"]')
    page.wait_for_function("(n) => JSON.parse(localStorage.getItem('tapis.save')).moves.length > n",
                           arg=len(saved["moves"]), timeout=60_000)
    assert _moves(page)[len(saved["moves"])] == expected


def test_the_page_paints_while_a_hard_computer_thinks(page, base_url, open_app):
    """Frames keep coming during the search: it runs in slices, not in one long task."""
    seats = [{"kind": "human", "name": "You"}, {"kind": "hard", "name": "Hard"}]
    put_storage(page, base_url, {"tapis.save": json.dumps(
        Match.new("punto", {}, "slices", seats, think=think).dump())})
    open_app(page, base_url)
    page.click('[data-action="continue"]')
    wait_state(page, "human")
    page.evaluate("""() => { window.frames_seen = [];
        const tick = (t) => { frames_seen.push(t); requestAnimationFrame(tick); };
        requestAnimationFrame(tick); }""")
    tap_card(page)
    page.wait_for_function(
        "() => performance.getEntriesByName('tapis.think.hard').length > 0", timeout=60_000)
    start, end = page.evaluate("""() => { const m = performance.getEntriesByName('tapis.think.hard')[0];
        return [m.startTime, m.startTime + m.duration]; }""")
    painted = page.evaluate("([a, b]) => frames_seen.filter(t => t > a && t < b).length",
                            [start, end])
    assert painted >= 2, f"{painted} frames in a {end - start:.0f} ms search"
    assert wait_state(page, "human") == "human"

