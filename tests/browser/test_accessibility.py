"""axe-core (a dev dependency from npm, never shipped) finds nothing at desktop size on the tables
mid-game, with a card held and without, round ends and their folded table, the in-game menu.
The fit sweep (tests/browser/test_fit_sweep.py) runs axe on every screen at a phone's size by
touch and at a desktop's: home, every new-game screen, each table with a card held, each round
end and match end. Also: focus after a move, dialogs' Escape, reduced motion. Each test opens a
warm page (tests/browser/warm.py) on its storage and link."""
import json
from pathlib import Path

import pytest

from helpers import HAND, en, read_board, resume, tap_card, violations, wait_state, watched_board

ROOT = Path(__file__).resolve().parents[2]
V1 = ROOT / "tests" / "data" / "saves_v1"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 360, "height": 640}}
DESKTOP = {"locale": "en-US", "viewport": SIZES["desktop"]}


def _open(warm, address: str, speed="fast", **options):
    """The warm page of a context made with ``options`` (a desktop's by default) opened at
    ``address``, computers at ``speed``."""
    page = warm.page(**(options or DESKTOP))
    return warm.open(page, {"tapis.prefs": json.dumps({"speed": speed})}, address)


def _start_punto(warm, seed: str, speed="fast", **options):
    """A two-player Punto match from a link (as helpers.start_punto), up to the human's turn."""
    page = _open(warm, f"?game=punto&seed={seed}&start=1", speed, **options)
    wait_state(page, "human")
    return page


def _resume_v1(warm, name: str, state: str):
    """The first version's save ``name`` resumed on the desktop's warm page, its state asserted."""
    page = warm.page(**DESKTOP)
    assert resume(page, "", None, (V1 / f"{name}.json").read_text(), None, state, warm=warm) == state
    return page


def test_punto_mid_game_and_with_a_card_held(warm):
    page = _start_punto(warm, "axe")
    card = page.get_attribute(HAND, "data-card")
    tap_card(page)
    assert watched_board(page) == {"0,0": card}
    assert wait_state(page, "human") == "human"
    assert violations(page) == []
    page.click(HAND)
    assert page.locator("[data-legal]").count() > 0
    assert violations(page) == []


@pytest.mark.parametrize("name", ["punto-teams-unseen-round-end", "zp-3p-unseen-round-end"])
def test_round_ends_and_their_folded_table(warm, name):
    page = _resume_v1(warm, name, "round-end")
    assert violations(page) == []
    page.keyboard.press("Escape")  # folds the result away: the table it announces is there
    assert page.locator("#overlay").is_hidden() and page.locator("#unfold").is_visible()
    assert violations(page) == []
    page.click("#unfold")
    assert page.locator("#overlay .round-end").is_visible()


def test_a_result_that_comes_to_scroll_once_the_window_shrinks_takes_the_keyboard(warm):
    """A round end shown on a large screen fits; the phone turned (or the window made small),
    its text scrolls: it becomes a tab stop, which keyboard users scroll it by, and stops being
    one once it fits again."""
    page = _resume_v1(warm, "zp-3p-unseen-round-end", "round-end")
    body = page.locator("#overlay .dialog-body")
    scrolls = "(b) => b.scrollHeight > b.clientHeight"
    assert not body.evaluate(scrolls) and body.get_attribute("tabindex") is None
    page.set_viewport_size({"width": 568, "height": 320})
    page.wait_for_function("() => document.querySelector('#overlay .dialog-body').tabIndex === 0")
    assert body.evaluate(scrolls)
    assert violations(page) == []
    page.keyboard.press("Shift+Tab")  # from the first button (focused as the dialog opened) back to it
    assert body.evaluate("(b) => document.activeElement === b")
    page.keyboard.press("End")
    page.wait_for_function("() => document.querySelector('#overlay .dialog-body').scrollTop > 0")
    page.set_viewport_size(SIZES["desktop"])
    page.wait_for_function("() => !document.querySelector('#overlay .dialog-body').hasAttribute('tabindex')")


def test_zero_pointe_mid_game(warm):
    page = _resume_v1(warm, "zp-4p-late", "human")
    assert violations(page) == []
    page.click('[data-pile="discard"]')  # held: the legal slots light up
    assert page.locator("[data-legal]").count() > 0
    assert violations(page) == []


def _words(card: str) -> str:
    return en("punto.ui.card", colour=en(f"punto.colour.{card[0]}"), value=int(card[1]))


def test_moves_are_told_in_words_and_focus_lands_on_the_card_to_play(warm):
    page = _start_punto(warm, "focus")
    card = page.get_attribute(HAND, "data-card")
    page.focus(HAND)
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # the first lit cell has the focus: place the card there
    assert wait_state(page, "human") == "human"
    assert page.evaluate("document.activeElement.matches('#hand [data-drag]')")
    told = page.locator(".movelog li").all_text_contents()
    assert told[0] == en("punto.ui.log.put.you", card=_words(card))  # the player is "You"
    [computer] = [c for c in read_board(page).values() if c != card]
    assert told[1] in (en("punto.ui.log.put", name=en("seat.computer", n=2), card=_words(computer)),
                       *[en("punto.ui.log.crush", name=en("seat.computer", n=2), card=_words(computer),
                            under=_words(card))])
    assert page.text_content("#announce") == told[1]  # what a screen reader hears


def test_reduced_motion_moves_cards_at_once(warm):
    page = _start_punto(warm, "still", "normal", locale="en-US", reduced_motion="reduce")
    page.evaluate("""() => { window.__flights = 0; new MutationObserver((changes) => {
        for (const c of changes) if (c.target.classList?.contains('flying')) window.__flights++;
    }).observe(document.body, {attributes: true, subtree: true, attributeFilter: ['class']}); }""")
    tap_card(page)
    assert wait_state(page, "human") == "human"
    assert page.evaluate("window.__flights") == 0
    assert page.evaluate("document.getAnimations().length") == 0  # no deal, glide, flip or dots
    assert page.evaluate("getComputedStyle(document.querySelector('#hand [data-drag]'))"
                         ".transitionDuration") == "0s"


def test_the_in_game_menu(warm):
    page = _start_punto(warm, "menu")
    page.click("#menu")
    assert page.locator("#overlay .menu").is_visible()
    assert violations(page) == []
    assert page.get_attribute("#overlay a", "href") == "rules/punto.en.html"
    page.select_option('#overlay [data-setting="speed"]', "normal")  # changed mid-match
    assert json.loads(page.evaluate("localStorage.getItem('tapis.prefs')"))["speed"] == "normal"
    page.keyboard.press("Escape")
    assert page.locator("#overlay").is_hidden()
    assert page.get_attribute("html", "data-state") == "human"


@pytest.mark.parametrize("game_id", ["punttu", "neuf-vies"])
def test_the_card_games_with_hands_mid_game_and_a_card_held(warm, game_id):
    page = _open(warm, f"?game={game_id}&seed=axe&start=1")
    assert wait_state(page, "human") == "human"
    assert violations(page) == []
    page.locator("#screen [data-drag]").first.click()
    assert page.locator("[data-legal]").count() > 0
    assert violations(page) == []

# The card games' ends (each deal's and the match's) are screens of the fit sweep
# (tests/browser/test_fit_sweep.py), which runs axe on each at a phone's size and a desktop's.
