"""Every screen fits every screen size (issue 24): home, each new-game form, each table mid-game
with a card held, a computer's turn, each round end and match end with 2 and with the most
players, the menu (tests/browser/screens.py), at five touch sizes and a desktop. The fit check
(tests/browser/fit.py) finds nothing: no sideways scroll; every dialog's content reachable,
scrolling in its body only, its buttons in view; every control and target at least 44 × 44 px
on touch sizes; at a table, the player's own area, the prompt and the lit targets in the
viewport. axe-core finds nothing on any of them, at a phone's size (360 × 640) in the dark
theme and at a desktop's in the light one.

Each screen is opened twice, on warm pages (tests/browser/warm.py: a page start is most of a
screen's cost): once on a touch phone, resized through the touch sizes, once on a desktop (no
touch, a fine pointer: the style sheets ask only for ``pointer: coarse``). Home and the new-game
forms, a tap apart, are shown in turn in one page."""
import pytest

import fit
import screens
from helpers import still, violations

TOUCH = ["320x568", "360x640", "390x844", "844x390", "768x1024"]
DESKTOP = ["1280x800"]
AXE_PHONE = "360x640"  # axe runs once a screen at a phone's size (and once on the desktop)


def _size(text: str) -> dict:
    width, height = map(int, text.split("x"))
    return {"width": width, "height": height}


# Less motion asked for: nothing is caught in flight, and the layout is the same.
PHONE = {"locale": "en-US", "viewport": _size(TOUCH[0]), "has_touch": True, "is_mobile": True,
         "reduced_motion": "reduce"}
COMPUTER = {"locale": "en-US", "viewport": _size(DESKTOP[0]), "reduced_motion": "reduce"}


def _dark_violations(page) -> list:
    """What axe finds on the page in the dark theme (the desktop pass checks the light one)."""
    theme = page.evaluate("() => { const old = document.documentElement.dataset.theme;"
                          " document.documentElement.dataset.theme = 'dark'; return old; }")
    try:
        return violations(page)
    finally:
        page.evaluate("(old) => { document.documentElement.dataset.theme = old; }", theme)


# Screens shown in turn in one page: home, then each new-game form from its tile.
FORMS = [name for name in screens.names() if name == "home" or name.startswith("newgame:")]


def _show(page, name: str):
    """From the screen shown (one of FORMS), the screen ``name`` of FORMS, as a player taps to it."""
    back = page.locator('form.newgame [data-action="home"]')
    if back.count():
        back.click()
    page.wait_for_selector('[data-action="new"]')
    if name != "home":
        game = name.partition(":")[2]
        page.click(f'[data-action="new"][data-game="{game}"]')
        page.wait_for_selector(f'form.newgame[data-game="{game}"]')


def _sweep(warm, base_url, names: list, show=None):
    """Open the first screen on a phone; show each (``show``) at every touch size; then the same
    on a desktop at the desktop's sizes. Returns what does not fit, by screen and size."""
    found = {}
    page = warm.page(**PHONE)
    screens.open_screen(page, base_url, names[0], None, warm=warm)
    for name in names:
        if show:
            show(page, name)
        still(page)
        for size in TOUCH:
            page.set_viewport_size(_size(size))
            problems = fit.problems(page, True)
            if problems:
                found[f"{name} {size}"] = problems
            if size == AXE_PHONE:
                assert _dark_violations(page) == [], f"{name} at {size}, dark"
    page = warm.page(**COMPUTER)
    screens.open_screen(page, base_url, names[0], None, warm=warm)
    assert page.evaluate("() => !matchMedia('(pointer: coarse)').matches && innerWidth") == 1280
    for size in DESKTOP:
        page.set_viewport_size(_size(size))
        for name in names:
            if show:
                show(page, name)
            still(page)
            problems = fit.problems(page, False)
            if problems:
                found[f"{name} {size}"] = problems
            assert violations(page) == [], f"{name} on a desktop"
    return found


def test_home_and_every_new_game_form_fit_every_size(warm, base_url):
    assert _sweep(warm, base_url, FORMS, _show) == {}


@pytest.mark.parametrize("name", [name for name in screens.names() if name not in FORMS])
def test_every_screen_fits_every_size(warm, base_url, name):
    assert _sweep(warm, base_url, [name]) == {}
