"""What every table shares, as a player meets it: who is "You" and who is a computer, what the
figures on a seat mean (a tap away on a phone), one dialog at the match's end (the finished
board kept at a round's end: test_punto.py), Restart asking first, Undo where a game allows it, the dark theme,
the turn's vibration, and the first screen in the browser's language before Python starts."""
import importlib
import json
import re

import pytest

import screens
from games import registry
from helpers import en, press, resume, violations, wait_state
from i18n import prefix, t

PREFS = {"speed": "fast", "lang": "en"}
# The warm pages' contexts (tests/browser/warm.py): a tall phone's window, a touch phone.
TALL = {"viewport": {"width": 390, "height": 844}}
PHONE = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}
DESK = {"viewport": {"width": 1280, "height": 800}}  # with the device's colour scheme (test_qr.py's too)


def test_you_and_the_computers_are_marked_in_the_seats_the_log_and_the_results(warm, base_url):
    page = warm.page(**TALL)
    warm.open(page, {"tapis.prefs": json.dumps(PREFS)}, "?game=punto&seed=marks&start=1")
    wait_state(page, "human")
    assert page.text_content('.seat[data-seat="0"] .seat-name') == en("seat.you")
    assert page.locator('.seat[data-seat="0"] .robot').count() == 0
    other = page.locator('.seat[data-seat="1"]')
    assert other.locator(".seat-name").text_content() == en("seat.computer", n=2)
    assert other.locator(".robot .level").text_content() == en("seat.level.medium")
    assert other.locator(".robot .sr-only").text_content() == en("seat.robot", level=en("seat.level.medium"))
    emblems = page.eval_on_selector_all(".seat .emblem", "ns => ns.map(n => [n.dataset.initials, n.dataset.hue])")
    assert sorted(emblems) == [["C2", "1"], ["Y", "0"]]
    # the move log names each mover after their emblem
    page.click("#hand [data-drag]")
    page.click("[data-legal]")
    page.wait_for_selector(".movelog li .emblem")
    assert page.locator(".movelog li").first.locator(".emblem").get_attribute("data-initials") == "Y"
    # the standings at the match's end: the page opened again on a finished match (the table left)
    resume(page, base_url, None, screens.save_for("over:punto/2"), PREFS, "over", warm=warm)
    standings = page.locator("#overlay .standings").first.locator("li")  # the match, before its last round
    assert standings.count() == 2
    assert {standings.nth(i).locator(".emblem").get_attribute("data-initials") for i in range(2)} == {"Y", "C2"}
    assert en("seat.you") in page.text_content("#overlay .standings")


def test_every_figure_of_a_seat_is_explained_a_tap_away(warm, base_url):
    """Phones show no hover tooltips: the players' sheet, from the bar, says what each figure
    on each seat means, beside the same figure."""
    page = warm.page(**PHONE)
    resume(page, base_url, None, screens.save_for("held:zero-pointe/2"), PREFS, "human", warm=warm)
    shown = page.eval_on_selector_all(".table .seat .stat .sr-only", "ns => ns.map(n => n.textContent)")
    assert shown, "the seats show figures"
    page.tap("#seats")
    page.wait_for_selector("#overlay[open] .seat-sheet")
    sheet = page.locator("#overlay .seat-sheet > li")
    assert sheet.count() == 2
    assert page.text_content("#overlay .seat-sheet > li:first-child .sheet-kind") == en("seats.you")
    assert page.text_content("#overlay .seat-sheet > li:nth-child(2) .sheet-kind") == \
        en("seats.computer", level=en("seat.level.easy"))
    explained = page.eval_on_selector_all("#overlay .sheet-figures li > span:last-child",
                                          "ns => ns.map(n => n.textContent)")
    assert sorted(explained) == sorted(shown)
    assert violations(page) == []
    page.tap('#overlay [data-action="close"]')
    page.wait_for_selector("#overlay:not([open])", state="attached")


def test_the_match_end_is_one_dialog(warm, base_url):
    page = warm.page(**TALL)
    resume(page, base_url, None, screens.save_for("over:punttu/2"), PREFS, "over", warm=warm)
    assert page.locator("dialog[open]").count() == 1
    assert page.locator("#overlay .match-end").count() == 1
    assert page.locator("#overlay .round-end").count() == 0


def test_restart_asks_first(warm, base_url):
    page = warm.page(**TALL)
    resume(page, base_url, None, screens.save_for("held:neuf-vies/2"), PREFS, "human", warm=warm)
    ply = json.loads(page.evaluate("localStorage.getItem('tapis.save.neuf-vies')"))["moves"]
    press(page, "menu")
    press(page, "restart")
    assert page.text_content("#overlay[open] h2") == en("confirm.restart.title")
    press(page, "close")  # Cancel: the match goes on as it was
    assert json.loads(page.evaluate("localStorage.getItem('tapis.save.neuf-vies')"))["moves"] == ply
    assert page.locator("#overlay[open]").count() == 0
    press(page, "menu")
    press(page, "restart")
    press(page, "restart-confirmed")
    wait_state(page, "human", "computer")
    assert len(json.loads(page.evaluate("localStorage.getItem('tapis.save.neuf-vies')"))["moves"]) < len(ply)


def test_undo_is_shown_only_when_it_can_act(warm, base_url):
    """Punto never takes a move back: no Undo, in the bar or the menu. In Zéro Pointé, once the
    computer has moved since the player's last move (its draw showed a card), Undo cannot act:
    it is not shown either, rather than a dead button."""
    page = warm.page(**TALL)
    resume(page, base_url, None, screens.save_for("held:punto/2"), PREFS, "human", warm=warm)
    assert page.is_hidden("#undo")
    press(page, "menu")
    assert page.locator('#overlay [data-action="undo"]').count() == 0
    page = warm.page(**TALL)
    resume(page, base_url, None, screens.save_for("held:zero-pointe/2"), PREFS, "human", warm=warm)
    assert page.is_hidden("#undo")
    press(page, "menu")
    assert page.locator('#overlay [data-action="undo"]').count() == 0


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_theme_follows_the_device_or_the_players_choice(warm, base_url, scheme):
    page = warm.page(**DESK, color_scheme=scheme)
    resume(page, base_url, None, screens.save_for("held:punttu/2"), PREFS, "human", warm=warm)
    # The dark theme is a night table: the felt nearly black, dialogs dark (not the day's green).
    tokens = ("['--surface', '--felt'].map((name) =>"
              " getComputedStyle(document.documentElement).getPropertyValue(name).trim())")
    looks = {"dark": ["#1a201d", "#121916"], "light": ["#fffdf7", "#1f5f3f"]}
    assert page.get_attribute("html", "data-theme") == "system"
    assert page.evaluate(tokens) == looks[scheme]
    press(page, "menu")
    other = "light" if scheme == "dark" else "dark"
    page.select_option('#overlay [data-setting="theme"]', other)
    assert page.get_attribute("html", "data-theme") == other
    assert page.evaluate(tokens) == looks[other]
    assert violations(page) == [], f"{other} theme, menu open"
    press(page, "close")
    assert violations(page) == [], f"{other} theme, table"
    page.reload()  # chosen before the first paint, from the stored choice
    assert page.get_attribute("html", "data-theme") == other
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)  # a warm page: ready again


OFFER = """() => { const offer = new Event('beforeinstallprompt', {cancelable: true});
    offer.prompt = () => { window.__prompted = (window.__prompted || 0) + 1; return Promise.resolve(); };
    dispatchEvent(offer); return offer.defaultPrevented; }"""
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
          "Version/17.5 Mobile/15E148 Safari/604.1")


def test_install_tapis_is_offered_where_the_browser_offers_it(new_context, base_url, open_app):
    """The menu says "Install Tapis" once the browser has offered to install the site (its
    offer is kept from the start), and prompts then; Safari on an iPhone makes no offer: a
    line there says how."""
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    resume(page, base_url, open_app, screens.save_for("held:punto/2"), PREFS, "human")
    press(page, "menu")
    assert page.locator('#overlay [data-action="install"], #overlay .install-ios').count() == 0
    press(page, "close")
    assert page.evaluate(OFFER) is True  # kept for the menu, not shown by the browser at once
    press(page, "menu")
    entry = page.locator('#overlay [data-action="install"]')
    assert entry.text_content() == en("menu.install")
    entry.click()
    assert page.evaluate("window.__prompted") == 1
    assert page.locator("#overlay[open]").count() == 0
    press(page, "menu")  # an offer prompts once
    assert page.locator('#overlay [data-action="install"]').count() == 0
    iphone = new_context(viewport={"width": 390, "height": 844}, user_agent=IPHONE, has_touch=True,
                         is_mobile=True).new_page()
    resume(iphone, base_url, open_app, screens.save_for("held:punto/2"), PREFS, "human")
    iphone.tap('[data-action="menu"]')
    iphone.wait_for_selector("#overlay[open] .menu")
    assert iphone.text_content("#overlay .install-ios") == en("menu.install_ios")
    assert iphone.locator('#overlay [data-action="install"]').count() == 0


def test_the_turn_coming_back_buzzes_a_phone(new_context, base_url, open_app):
    context = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    context.add_init_script("navigator.vibrate = (ms) => { (window.__buzz ||= []).push(ms); return true; };")
    page = context.new_page()
    resume(page, base_url, open_app, screens.save_for("held:punto/2"), PREFS, "human")
    page.tap("#hand [data-drag]")
    page.tap("[data-legal]")
    wait_state(page, "human")  # the computer has played: the turn is the player's again
    assert page.evaluate("window.__buzz") == [40]


@pytest.mark.parametrize("locale,lang", [("en-GB", "en"), ("fr-FR", "fr"), ("de-DE", "en"), ("eu-ES", "eu"),
                                         ("es-AR", "es")])
def test_the_first_screen_speaks_the_browsers_language_before_python(new_context, base_url, locale, lang):
    context = new_context(locale=locale)
    # Python never starts: the page stays on its static first screen, and the runtime's wasm
    # never arrives (its request is left hanging), so the screen says how much is left.
    context.route("**/vendor/pyscript/core.js",
                  lambda route: route.fulfill(body="", content_type="text/javascript"))
    context.route("**/vendor/pyodide/pyodide.asm.wasm", lambda route: None)
    page = context.new_page()
    page.goto(base_url)
    page.wait_for_selector(".game-tile h2")
    assert page.get_attribute("html", "lang") == lang
    assert page.title() == t(lang, "app.title")
    # How much is left, written the language's way (1,5 MB in Basque, where Chromium has no
    # number data of its own).
    decimal = re.escape(importlib.import_module(f"i18n.{lang}").DECIMAL)
    left = re.escape(t(lang, "loading.left")).replace(re.escape("{left}"), rf"\d+{decimal}\d\s?(MB|Mo)")
    page.wait_for_function("() => /\\d/.test(document.querySelector('#loading-label').textContent)")
    said = page.text_content("#loading #loading-label")
    assert re.fullmatch(left, said), said
    assert page.get_attribute("#loading progress", "aria-labelledby") == "loading-label"
    games = registry.games()
    assert page.locator(".game-tile h2").all_text_contents() == [t(lang, f"{prefix(g.id)}.name") for g in games]
    assert page.locator(".game-tile .tagline").all_text_contents() == \
        [t(lang, f"{prefix(g.id)}.tagline") for g in games]


def test_a_language_picked_before_python_starts_is_shown_and_remembered(new_context, base_url):
    context = new_context(locale="en-GB")
    context.route("**/vendor/pyscript/core.js",  # Python never starts
                  lambda route: route.fulfill(body="", content_type="text/javascript"))
    page = context.new_page()
    page.goto(base_url)
    page.wait_for_selector(".game-tile h2")
    page.select_option("#lang", "es")
    assert page.get_attribute("html", "lang") == "es"
    assert page.title() == t("es", "app.title")
    assert page.text_content("#lang-code") == "ES"
    assert page.get_attribute("#lang", "aria-label") == t("es", "lang.label")
    assert page.locator(".game-tile .tagline").first.text_content() == t("es", "punto.tagline")
    assert json.loads(page.evaluate("localStorage.getItem('tapis.prefs')"))["lang"] == "es"
