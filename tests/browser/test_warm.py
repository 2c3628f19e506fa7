"""The warm pages (tests/browser/warm.py, py/ui/warm.py) show what a start shows: a page opened
again on a test's storage, after a table whose computer was about to move, is the page a cold
start on that storage draws, screen for screen; and a page opened as a player opens it has no
test-only entry."""
import json

import pytest
import screens
from helpers import put_storage

PHONE = {"locale": "en-US", "viewport": {"width": 360, "height": 640}, "has_touch": True,
         "is_mobile": True}
# What a page shows: the screen, the bar, the notice, the last move said to screen readers and
# the open dialog as a tree of elements (attributes in any order, no comments or blank text; of a
# hidden element only that it is there), the page's marks on <html> and the stored items. Not
# <html data-ready> (a start's time) nor data-drawn, a count of the tables drawn on the page that
# tests compare with itself only.
SHOWN = """() => {
    const tree = (node) => node.nodeType === Node.TEXT_NODE ? node.textContent.trim() || null
        : node.nodeType !== Node.ELEMENT_NODE ? null
        : node.hidden ? [node.tagName, node.id, "hidden"]
        : [node.tagName, Object.fromEntries([...node.attributes].map((a) => [a.name, a.value]).sort()),
           node.tagName === "SELECT" || node.tagName === "INPUT" ? node.value : null,
           [...node.childNodes].map(tree).filter((t) => t !== null)];
    const root = document.documentElement;
    const marks = Object.fromEntries([...root.attributes].map((a) => [a.name, a.value])
        .filter(([name]) => name !== "data-ready" && name !== "data-drawn"));
    const shown = (selector) => { const node = document.querySelector(selector); return node && tree(node); };
    return {marks, title: document.title, screen: shown("#screen"), bar: shown("header"),
            notice: shown("#notice"), announce: shown("#announce"), dialog: shown("#overlay[open]"),
            scroll: [scrollX, scrollY],
            stored: Object.fromEntries(Object.entries(localStorage).sort())};
}"""


def _items(name: str, prefs: dict) -> dict:
    save = screens.save_for(name)
    items = {"tapis.prefs": json.dumps({**screens.PREFS, **prefs})}
    if save is not None:
        items[f"tapis.save.{save['game']}"] = json.dumps(save)
    return items


def _continue(page):
    page.click('[data-action="continue"]')
    page.wait_for_selector("html[data-state]")


@pytest.mark.parametrize("name, prefs", [("round-end:zero-pointe/4", {"theme": "dark", "lang": "fr"}),
                                         ("held:neuf-vies/6", {})])
def test_a_warm_page_shows_what_a_cold_start_on_the_same_storage_shows(
        warm, new_context, base_url, open_app, name, prefs):
    page = warm.page(**PHONE)
    # The previous test left a table whose computer is about to move, at normal speed.
    screens.open_screen(page, base_url, "computer:punttu/6", None, warm=warm)
    items = _items(name, prefs)
    warm.open(page, items)
    cold = new_context(**PHONE).new_page()
    put_storage(cold, base_url, items)
    open_app(cold, base_url)
    assert page.evaluate(SHOWN) == cold.evaluate(SHOWN)
    _continue(page)
    _continue(cold)
    page.wait_for_timeout(1500)  # a timer of the previous table would have drawn by now
    assert page.evaluate(SHOWN) == cold.evaluate(SHOWN)


@pytest.mark.parametrize("address", ["?game=punto&seed=1&start=1", "?game=punttu&lang=eu",
                                     "?game=nope&seed=no%20spaces!"])
def test_a_warm_page_opened_at_a_link_shows_what_a_cold_start_there_shows(
        warm, new_context, base_url, open_app, address):
    page = warm.page(**PHONE)
    screens.open_screen(page, base_url, "computer:punttu/6", None, warm=warm)
    items = _items("held:neuf-vies/6", {})
    warm.open(page, items, address)
    cold = new_context(**PHONE).new_page()
    put_storage(cold, base_url, items)
    open_app(cold, base_url, address)
    assert page.evaluate(SHOWN) == cold.evaluate(SHOWN)
    assert page.evaluate("location.search") == cold.evaluate("location.search")


def test_a_page_opened_as_a_player_opens_it_has_no_test_entry(new_context, base_url, open_app):
    page = open_app(new_context().new_page(), base_url, "tapisWarm=true")
    assert page.evaluate("() => typeof window.tapisWarm") == "undefined"
