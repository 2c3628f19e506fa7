"""A first visit (no snapshot, nothing cached): the page starts on stdlib.zip, the standard library
cut to what it imports (scripts/stdlib.py), and on the archives of the games it opens; the first
screen counts down what is left to download, and a game tapped before Python is ready opens once
it is.

A first visit is a normal (non-snapshot) start, the costliest a test makes: each test here
checks in one page all that the same start allows."""
import json

import pytest

from helpers import en, notice, press, put_storage, start_from_form, stored, use_prefs, violations, wait_state

from games import registry
from match import Match

# Imports every module of every archive on the page's import path, then reports what failed.
IMPORT_ALL = """
import importlib, json, zipfile
import js
from ui import modules

await modules.load_all()
failed = []
for archive in modules.archives():
    for name in zipfile.ZipFile(archive).namelist():
        if name.endswith(".py"):
            module = name[:-3].replace("/", ".").removesuffix(".__init__")
            try:
                importlib.import_module(module)
            except Exception as error:
                failed.append(f"{module}: {error!r}")
js.document.documentElement.dataset.imported = json.dumps(failed)
"""


@pytest.fixture
def first_visit(new_context):
    context = new_context(first_visit=True)
    use_prefs(context, speed="fast", lang="en")
    return context


def _stdlib(page) -> set:
    return set(page.evaluate("""() => performance.getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname.split("/").pop())
        .filter((name) => name.endsWith("stdlib.zip"))"""))


def _computers_play(page, game_id: str):
    """From home, a match of a hard and a medium computer (the search, the heuristics, the
    shuffles), until each has moved (each game's match is kept beside the others')."""
    page.click(f'[data-action="new"][data-game="{game_id}"]')
    page.wait_for_selector(f'form.newgame[data-game="{game_id}"]')
    assert page.locator(".seat-row").count() == 2
    page.click(".rules-options > summary")  # the deal number is with the rule variants
    page.fill("#seed", "cut")
    start_from_form(page, kinds=["hard", "medium"])
    page.wait_for_function("""(game) => {
        const save = JSON.parse(localStorage.getItem(`tapis.save.${game}`) || "null");
        return save?.game === game && save.moves.length >= 2;
    }""", arg=game_id, timeout=60_000)
    press(page, "home")


def test_every_game_imports_and_plays_with_its_computers_on_the_cut_standard_library(
        first_visit, base_url, open_app):
    # Every move the computers make runs on stdlib.zip: a module missing from it would fail the
    # console guard. Then every module of every archive is imported (one missing at import).
    page = first_visit.new_page()
    open_app(page, base_url)
    assert page.get_attribute("html", "data-boot") == "normal"
    for game_id in registry.ids():
        _computers_play(page, game_id)
    page.evaluate("""(code) => {
        const script = Object.assign(document.createElement("script"), { type: "py" });
        script.textContent = code;
        document.body.append(script);
    }""", IMPORT_ALL)
    page.wait_for_selector("html[data-imported]", state="attached", timeout=60_000)
    assert json.loads(page.get_attribute("html", "data-imported")) == []
    assert _stdlib(page) == {"stdlib.zip"}


# Where the first screen's tiles and their parts are once index.html's script has put them in
# the player's language, and its taglines marked (the page's largest text).
FIRST_SCREEN = """document.addEventListener("DOMContentLoaded", () => {
  window.__firstScreen = window.__tilesNow();
  for (const line of document.querySelectorAll(".tagline")) line.firstScreen = true;
});
// Each tile and its parts but the name's link and the New game button, only drawn before.
window.__tilesNow = () => [...document.querySelectorAll(".game-tile, .game-tile :not(h2 a, .btn)")]
  .map((part) => {
    const box = part.getBoundingClientRect();
    return [part.tagName, box.x, box.y, box.width, box.height];
  });"""


def test_python_draws_the_first_screen_again_in_place_and_starts_in_slices(first_visit, base_url):
    # index.html's tiles are what Python draws (scripts/build_home.py, ui/home.py): Python keeps
    # their elements, so the largest text (a tagline) is not painted again, and nothing moves
    # (the tiles, their names, taglines and rules links). And Python started in slices
    # (js/boot.mjs): no line says it had to start in one piece.
    page = first_visit.new_page()
    said = []
    page.on("console", lambda message: said.append(message.text))
    page.add_init_script(FIRST_SCREEN)
    page.goto(base_url)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    assert page.get_attribute("html", "data-boot") == "normal"
    assert page.locator(".game-tile .tile-actions button").count() == len(registry.ids())  # Python's
    assert page.evaluate("[...document.querySelectorAll('.tagline')].every((line) => line.firstScreen)")
    assert page.evaluate("window.__tilesNow()") == page.evaluate("window.__firstScreen")
    assert [line for line in said if "in one piece" in line] == []


def _held(page, path: str) -> list:
    """Requests for ``path`` are held until the test lets them go (route.continue_())."""
    held = []
    page.route(f"**/{path}", lambda route: held.append(route))
    return held


def _wait_for(page, held: list, seconds: float = 60):
    for _ in range(int(seconds * 10)):
        if held:
            return
        page.wait_for_timeout(100)  # lets Playwright run the route handlers
    raise AssertionError("py.zip was never asked for")


def test_a_tile_tapped_before_python_is_ready_opens_its_game_once_it_is(new_context, base_url, guard):
    # No service worker: one that claimed the page (once its cache is full) would answer the
    # request for Zéro Pointé's modules from its cache, where page.route does not reach.
    context = new_context(first_visit=True, has_touch=True, is_mobile=True,
                          viewport={"width": 390, "height": 844}, service_workers="block")
    use_prefs(context, speed="fast", lang="en")
    page = context.new_page()
    held = _held(page, "py.zip")  # Python cannot start before the test says so
    page.route("**/py-zero_pointe.zip", lambda route: route.abort())  # see the end
    page.goto(base_url, wait_until="domcontentloaded")
    page.wait_for_function("document.getElementById('loading-label').textContent.includes('MB')")
    label = page.text_content("#loading-label")
    assert label.startswith(en("loading.left", left="").removesuffix(" to go").strip())
    assert page.evaluate("document.getElementById('loading-bar').max > 0")
    page.tap('.game-tile[data-game="punttu"]')
    assert page.get_attribute('.game-tile[data-game="punttu"]', "data-chosen") == ""
    assert page.text_content("#notice") == en("loading.chosen", game="Punttu")
    assert page.get_attribute("html", "data-ready") is None
    assert violations(page) == []  # the first screen as it loads
    _wait_for(page, held)  # Pyodide asks for py.zip once it has loaded, later under load
    for route in held:
        route.continue_()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    assert page.text_content("#screen h2") == en("newgame.title", game="Punttu")

    # The same start: the page says when a game's modules cannot be fetched, and stays home.
    page.tap('form.newgame [data-action="home"]')
    page.tap('[data-action="new"][data-game="zero-pointe"]')
    page.wait_for_function(
        f"document.getElementById('notice').textContent === {json.dumps(en('notice.offline_game'))}")
    assert page.locator("#screen .game-tile").count() == len(registry.ids())  # still home
    # The other games still open.
    page.tap('[data-action="new"][data-game="punto"]')
    page.wait_for_function(f"document.querySelector('#screen h2')?.textContent === "
                           f"{json.dumps(en('newgame.title', game='Punto'))}")
    # Chromium's own line for each refused download: nothing else (no traceback).
    assert set(guard.take()) == {"console error: Failed to load resource: net::ERR_FAILED"}


def test_a_saved_match_whose_game_cannot_be_fetched_is_kept_and_asked_about(
        first_visit, base_url, open_app, guard):
    page = first_visit.new_page()
    seats = [{"kind": "human", "name": ""}, {"kind": "medium", "name": ""}]
    saved = json.dumps(Match.new("punttu", {"players": 2}, "kept", seats).dump())
    put_storage(page, base_url, {"tapis.save": saved})
    page.route("**/py-punttu.zip", lambda route: route.abort())
    open_app(page, base_url)
    assert notice(page) == en("notice.offline_game")
    # Another game starts beside the match it cannot show, which stays as it was.
    page.click('[data-action="new"][data-game="punto"]')
    page.wait_for_selector('[data-action="start"]')
    press(page, "start")
    wait_state(page, "human", "computer")
    assert stored(page, "punttu") == saved and stored(page, "punto") is not None
    assert set(guard.take()) == {"console error: Failed to load resource: net::ERR_FAILED"}
