"""The hard computer in the page: offered in every game, thinking in its worker (js/think.mjs,
py/think.py) once that is up and on the page in slices otherwise (while the worker starts, when
it cannot, with ?think=main), the page painting meanwhile; wherever it thinks, it plays the very
move CPython's search picks for the same match (so a reloaded match goes on as it would have),
and an answer that comes after the table was redrawn (an undo) is not played."""
import json

import pytest

from ai import think
from games import registry
from helpers import en, notice, put_storage, stored, tap_card, use_prefs, wait_state
from match import Match
from session import LocalSession

GAMES = [game.id for game in registry.games() if "hard" in game.levels]
# The worker's answers, held while the test says so (the page's side is js/boot.mjs's onmessage).
HOLD_ANSWERS = """if (globalThis.document) {
    const Plain = Worker;
    Object.assign(window, { holdAnswers: false, heldAnswers: [] });
    window.Worker = class extends Plain {
        set onmessage(handler) {
            super.onmessage = (event) => window.holdAnswers && "move" in event.data
                ? window.heldAnswers.push(() => handler(event)) : handler(event);
        }
    };
}"""


PREFS = {"speed": "fast", "lang": "en"}


@pytest.fixture
def context(context):
    use_prefs(context, **PREFS)
    return context


def _hard_to_move(game_id: str, seed: str) -> Match:
    """A 2-player match, seat 0 hard and seat 1 human, played on (the human taking its first
    legal move) until the hard seat is to move."""
    seats = [{"kind": "hard", "name": "Hard"}, {"kind": "human", "name": "You"}]
    match = Match.new(game_id, {"players": 2}, seed, seats, think=think)
    while LocalSession(match).next().kind != "computer":
        match.play(match.legal_moves()[0])
    return match


def _hard_to_choose(game_id: str, seed: str) -> Match:
    """A 2-player match, seat 0 hard and seat 1 human, played on (each seat's first legal move)
    past the opening, to a hard turn with a choice to search."""
    seats = [{"kind": "hard", "name": "Hard"}, {"kind": "human", "name": "You"}]
    match = Match.new(game_id, {"players": 2}, seed, seats, think=think)
    while len(match.moves) < 4 or LocalSession(match).next().kind != "computer" or len(match.legal_moves()) < 3:
        match.play(match.legal_moves()[0])
    return match


def _moves(page, game: str) -> list:
    return json.loads(stored(page, game))["moves"]


def _thought_in(page) -> list:
    """Where each computer move was thought, in order: "worker" or "page"."""
    return page.evaluate("""() => performance.getEntriesByType('measure')
        .filter((m) => m.name === 'tapis.think.hard').map((m) => m.detail)""")


def _wait_for_moves(page, match: Match, count: int):
    """Until the page's save is of ``match``'s game and seed, with ``count`` moves or more."""
    page.wait_for_function("""([game, seed, n]) => {
        const save = JSON.parse(localStorage.getItem(`tapis.save.${game}`));
        return save.game === game && save.seed === seed && save.moves.length >= n;
    }""", arg=[match.game.id, match.seed, count], timeout=60_000)


def test_every_new_game_screen_offers_hard(warm):
    # A warm page at home: each game's screen is a tap away.
    page = warm.open(warm.page(), {"tapis.prefs": json.dumps(PREFS)})
    for game_id in GAMES:
        page.click(f'[data-action="new"][data-game="{game_id}"]')
        page.wait_for_selector(f'form.newgame[data-game="{game_id}"]')
        offered = page.locator(".seat-row").nth(1).locator("select option")
        offered.first.wait_for(state="attached")
        assert dict(zip(offered.evaluate_all("els => els.map(e => e.value)"),
                        offered.all_text_contents()))["hard"] == en("seat.kind.hard"), game_id
        page.click('form.newgame [data-action="home"]')


@pytest.mark.parametrize("game_id", GAMES)
def test_the_page_plays_the_move_cpythons_search_picks(warm, game_id):
    """On a warm page (?think=main: this visit's computers think on the page, whether or not an
    earlier test started the worker there)."""
    match = _hard_to_move(game_id, "same")
    saved = match.dump()
    expected = Match.load(json.loads(json.dumps(saved)), think=think).computer_move()
    page = warm.open(warm.page(), {"tapis.save": json.dumps(saved), "tapis.prefs": json.dumps(PREFS)},
                     "?think=main")
    earlier = len(_thought_in(page))  # the moves thought by earlier tests on this page
    page.click('[data-action="continue"]')
    _wait_for_moves(page, match, len(saved["moves"]) + 1)
    assert _moves(page, match.game.id)[len(saved["moves"])] == expected
    assert _thought_in(page)[earlier] == "page"


def test_in_its_worker_the_hard_computer_plays_cpythons_move_and_an_answer_after_an_undo_is_dropped(
        context, page, base_url, open_app):
    context.add_init_script(HOLD_ANSWERS)
    other_tab = context.new_page()  # its saves reach the page as another tab's moves
    put_storage(other_tab, base_url, {})  # a blank page of the site's origin
    # A table with a hard computer (the human to move): its worker starts once the page is idle.
    seats = [{"kind": "human", "name": "You"}, {"kind": "hard", "name": "Hard"}]
    put_storage(page, base_url, {"tapis.save": json.dumps(Match.new("punto", {}, "w", seats, think=think).dump())})
    open_app(page, base_url)
    page.click('[data-action="continue"]')
    page.wait_for_selector("html[data-think=ready]", state="attached", timeout=60_000)

    def from_other_tab(match: Match) -> int:
        """``match`` stored by the other tab; this page shows it (at once when it shows that
        game's table already, else from home: each game keeps its own match)."""
        game = match.game.id
        other_tab.evaluate("([key, save]) => localStorage.setItem(key, save)",
                           [f"tapis.save.{game}", json.dumps(match.dump())])
        if page.get_attribute("#screen > section.table", "data-game") != game:
            page.click('[data-action="home"]')
            page.click(f'[data-action="continue"][data-game="{game}"]')
        return len(match.moves)

    for game_id in GAMES:  # each game's archive goes to the worker with its first save
        match = _hard_to_choose(game_id, "worker")
        expected = Match.load(json.loads(json.dumps(match.dump())), think=think).computer_move()
        _wait_for_moves(page, match, from_other_tab(match) + 1)
        assert _moves(page, game_id)[len(match.moves)] == expected, game_id
        assert _thought_in(page)[-1] == "worker", game_id
        wait_state(page, "human")  # its computer done

    # Punttu: the human leads, and takes the card back (undo) while the worker thinks the reply.
    match = Match.new("punttu", {"players": 2}, "stale-1", seats, think=think)
    match.play(match.legal_moves()[0])
    assert LocalSession(match).next().kind == "computer" and match.undo_point(0) == 1
    page.evaluate("() => { window.holdAnswers = true; }")
    from_other_tab(match)
    page.wait_for_function("() => heldAnswers.length === 1", timeout=60_000)
    page.click("#undo")
    wait_state(page, "human")
    assert _moves(page, "punttu") == []
    page.evaluate("() => { holdAnswers = false; heldAnswers.pop()(); }")
    page.wait_for_function("() => performance.getEntriesByName('tapis.think.stale').length === 1")
    assert _moves(page, "punttu") == [] and page.get_attribute("html", "data-state") == "human"
    # The same move again: this time the reply is played, and it is the only one.
    expected = Match.load(json.loads(json.dumps(match.dump())), think=think).computer_move()
    _wait_for_moves(page, match, from_other_tab(match) + 1)
    assert _moves(page, "punttu")[:2] == match.moves + [expected]
    other_tab.close()


def test_without_its_worker_a_hard_computer_thinks_on_the_page_which_paints_meanwhile(new_context, base_url,
                                                                                     open_app):
    """The worker cannot start (its script fails): the page says so in one console line and
    nothing to the player, and thinks itself. Frames keep coming during the search: it runs in
    slices, not in one long task."""
    # No service worker: once one controls the page (it claims it as soon as its cache is full,
    # which can come before the worker starts), the worker's script comes from its cache and
    # page.route never sees the request.
    page = new_context(service_workers="block").new_page()
    said = []
    page.on("console", lambda message: said.append(message.text))
    page.route(base_url + "js/think.mjs", lambda route: route.fulfill(
        content_type="text/javascript", body='throw new Error("no worker today");'))
    seats = [{"kind": "human", "name": "You"}, {"kind": "hard", "name": "Hard"}]
    put_storage(page, base_url, {"tapis.save": json.dumps(Match.new("punto", {}, "slices", seats, think=think).dump()),
                                 "tapis.prefs": json.dumps(PREFS)})  # fast: the search is timed, not the motion
    open_app(page, base_url)
    page.click('[data-action="continue"]')
    wait_state(page, "human")
    page.wait_for_selector("html[data-think=failed]", state="attached", timeout=60_000)
    assert [line for line in said if line.startswith("Tapis: the computers think on the page")] == [
        "Tapis: the computers think on the page (worker: Uncaught Error: no worker today)"]
    assert notice(page) == ""
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
    assert _thought_in(page) == ["page"]

