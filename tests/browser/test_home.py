"""The home page, links and the saved match: what a visitor sees before and around a game."""
import json
import re

import pytest

from games import registry
from helpers import (
    en, notice, press, put_storage, read_board, reload, start_from_form, storage, stored, table_facts, tap_card,
    wait_state,
)
from i18n import prefix, t
from ui.fan import fan

CONTINUE = '[data-action="continue"]'
FAN = fan().html
# Each tile's three fanned cards as painted: the paint and the drawn text of each.
FACES = """() => [...document.querySelectorAll('.game-tile .fan')].map((fan) => [...fan.querySelectorAll('.fc')]
    .map((card) => { const s = getComputedStyle(card), b = getComputedStyle(card, '::before');
        return s.backgroundImage + '|' + s.backgroundColor + '|' + b.content; }))"""


def _names(lang="en"):
    return [t(lang, f"{prefix(game.id)}.name") for game in registry.games()]


def _tile_names(page):
    return page.locator(".game-tile h2").all_text_contents()


def _one_line(page, selector) -> bool:
    return page.evaluate("""(selector) => {
        const range = document.createRange();
        range.selectNodeContents(document.querySelector(selector));
        return range.getClientRects().length === 1;
    }""", selector)


def _new_punto(page):
    """From home: Punto's New game, then Start with the defaults."""
    page.click('[data-action="new"][data-game="punto"]')
    start_from_form(page)


QUICK = {"tapis.prefs": json.dumps({"speed": "fast"})}  # quick computers, nothing else stored


@pytest.fixture
def english(warm):
    """A browser speaking English (so the page does): its warm page (tests/browser/warm.py),
    opened by each test on its own storage and link."""
    return warm.page(locale="en-US")


def test_home_lists_every_game_in_its_static_markup(base_url, new_context):
    bare = new_context(java_script_enabled=False).new_page()
    raw = bare.request.get(base_url).text()
    tiles = re.findall(r'<li class="game-tile" data-game="[^"]+">' + re.escape(FAN)
                       + r'<h2><a href="[^"]+">(.*?)</a></h2>'
                       r'<p class="tagline">(.*?)</p><div class="tile-actions">.*?</div></li>', raw)
    # French, as <html lang="fr">: the words of the catalogs, so the largest paint is real text.
    assert [name for name, _ in tiles] == _names()
    assert [line for _, line in tiles] == [t("fr", f"{prefix(g.id)}.tagline")
                                           for g in registry.games()]
    # Before (here: without) any script, every game is on screen, with its face: three of its
    # cards, fanned, each drawn by the game's style sheet (not a plain card).
    bare.goto(base_url)
    assert _tile_names(bare) == _names()
    assert all(tile.is_visible() for tile in bare.locator(".game-tile").all())
    faces = bare.evaluate(FACES)
    assert len(faces) == len(registry.games()) and all(len(set(cards)) == 3 for cards in faces), faces
    assert len({cards[1] for cards in faces}) == len(faces), "each game its own cards"
    plain = bare.evaluate("() => { const i = document.createElement('i'); i.className = 'fc';"
                          " const f = document.createElement('span'); f.className = 'fan'; f.append(i);"
                          " document.body.append(f); const s = getComputedStyle(i);"
                          " return s.backgroundImage + '|' + s.backgroundColor + '|' + s.content; }")
    assert plain not in {card for cards in faces for card in cards}


def test_continue_shows_only_when_a_match_is_saved(english, warm):
    page = warm.open(english, QUICK)
    assert _tile_names(page) == _names()
    assert page.locator('[data-action="new"]').count() == len(registry.games())  # all have tables
    assert page.locator(CONTINUE).count() == 0
    _new_punto(page)
    wait_state(page, "human")
    press(page, "home")
    # The match in progress: its game's face, its name and round, whose turn it is.
    button = page.locator(CONTINUE)
    assert button.locator("strong").text_content() == en("home.continue", game="Punto", round=en("punto.round_n", n=1))
    assert button.locator(".continue-now").text_content() == en("home.turn.you")
    assert button.locator('.fan .fc').count() == 3 and button.get_attribute("data-game") == "punto"
    reload(page)  # left at home, the reload stays at home
    assert page.locator(CONTINUE).count() == 1
    press(page, "continue")
    assert wait_state(page, "human") == "human"
    reload(page)  # left at the table, the reload goes straight back to it
    assert wait_state(page, "human") == "human"
    press(page, "home")
    assert page.locator(CONTINUE).count() == 1


def test_the_default_language_follows_the_browser(new_context, base_url, open_app):
    page = open_app(new_context(locale="fr-FR").new_page(), base_url)
    assert page.get_attribute("html", "lang") == "fr"
    assert page.locator(".game-tile .tagline").first.text_content() == t("fr", "punto.tagline")
    assert page.input_value("#lang") == "fr"
    assert page.text_content("#lang-code") == "FR"


def test_bad_links_fall_back_with_a_one_line_notice(english, warm):
    page = warm.open(english, QUICK, "?game=nope")
    assert notice(page) == en("notice.bad_game", value="nope")
    assert _one_line(page, "#notice")
    assert _tile_names(page) == _names()

    warm.open(page, storage(page), "?seed=no%20spaces!")  # the same browser, another link
    assert notice(page) == en("notice.bad_seed") + " " + en("notice.needs_game")
    assert _one_line(page, "#notice")
    assert _tile_names(page) == _names()

    warm.open(page, storage(page), "?game=punto&seed=abc")
    assert notice(page) == ""
    assert page.locator('form.newgame[data-game="punto"]').is_visible()
    assert page.input_value("#seed") == "abc"
    assert page.locator("#seed").is_visible()  # the rule variants unfolded to show it


def test_a_corrupt_save_is_kept_aside_and_a_new_game_starts(new_context, base_url, open_app):
    # Cold: its start rewrites the storage (the save kept aside), which warm.open refuses.
    garbage = '{"format": 1, "game": "punto", "state": [oops'
    page = new_context(locale="en-US").new_page()
    put_storage(page, base_url, {**QUICK, "tapis.save": garbage})
    open_app(page, base_url)
    kept = {key: value for key, value in storage(page).items() if key.startswith("tapis.save")}
    assert list(kept.values()) == [garbage]
    aside = next(iter(kept))
    assert re.fullmatch(r"tapis\.save\.aside\..+", aside)
    assert notice(page) == en("notice.save_aside")  # in words; the details go to the console
    assert page.locator(CONTINUE).count() == 0
    _new_punto(page)
    assert wait_state(page, "human") == "human"  # no "replace the saved game?" question
    assert page.locator("#overlay").is_hidden()
    saved = storage(page)
    assert saved[aside] == garbage
    assert '"game":"punto"' in saved["tapis.save.punto"]


def test_a_new_game_over_a_saved_one_asks_first(english, warm):
    page = warm.open(english, QUICK)
    _new_punto(page)
    wait_state(page, "human")
    tap_card(page)
    wait_state(page, "human")
    facts = table_facts(page)
    assert facts["board"]
    saved = stored(page, "punto")

    press(page, "home")
    _new_punto(page)
    assert page.text_content("#overlay h2") == en("confirm.replace.title")
    press(page, "close")  # Cancel
    assert page.locator("#overlay").is_hidden()
    assert page.locator('form.newgame[data-game="punto"]').is_visible()
    assert stored(page, "punto") == saved
    press(page, "home")
    press(page, "continue")
    wait_state(page, "human")
    assert table_facts(page) == facts

    # Asked again, "Start anyway" replaces it with a fresh match.
    press(page, "home")
    _new_punto(page)
    press(page, "replace-save")
    wait_state(page, "human")
    assert read_board(page) == {}
    assert stored(page, "punto") != saved


def test_the_seed_field_checks_what_is_typed(english, warm):
    """Its pattern is a valid expression for the browser (no console error while typing)."""
    page = warm.open(english, QUICK, "?game=punto")
    page.click(".rules-options > summary")  # the deal number is with the rule variants
    for typed, valid in (("abc-1_X", True), ("a b!", False), ("", True)):
        page.fill("#seed", typed)
        assert page.evaluate("document.getElementById('seed').validity.valid") is valid, typed
