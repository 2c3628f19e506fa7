"""Nothing stored or done in the page can stop it: a drag cancelled with Escape, a full storage,
saves that are deep, huge or broken, two tabs on one save, long names on a phone, reloads."""
import json
from pathlib import Path

import pytest

from ai import think
from games import registry
from helpers import (
    FILL_STORAGE, HAND, cell_selector, en, hand_card, lit_cells, notice, put_storage, read_board, reload,
    start_from_form, still, storage, stored, tap_card, use_prefs, wait_state, watched_board,
)

V1 = Path(__file__).resolve().parents[1] / "data" / "saves_v1"
LONG = "Maximiliennepersévérante"  # 24 letters, no break point
# The warm pages' contexts (tests/browser/warm.py) and what use_prefs(context, speed="fast") stores.
ENGLISH = {"locale": "en-US"}
SMALL = {"locale": "en-US", "viewport": {"width": 360, "height": 640}}  # test_results_in_sight.py's too
FAST = {"tapis.prefs": json.dumps({"speed": "fast"})}


@pytest.fixture
def english(new_context):
    context = new_context(locale="en-US")
    use_prefs(context, speed="fast")
    return context.new_page()


def test_escape_during_a_drag_cancels_it(warm):
    page = warm.open(warm.page(**ENGLISH), FAST, "?game=punto&seed=escape&start=1")
    wait_state(page, "human")
    still(page)
    box = page.locator(HAND).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 10, y + 10)
    assert lit_cells(page) == ["0,0"]
    page.keyboard.press("Escape")
    assert lit_cells(page) == []
    target = page.locator(cell_selector("0,0")).bounding_box()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=3)
    page.mouse.up()
    # The release is handled (a card wrongly placed would be on the board and in the save by now)
    # and the card is back at rest: its snap back (ui/drag.py, 250 ms from the Escape) is over.
    page.wait_for_selector(f"{HAND}:not(.snap):not(.held):not(.dragging)")
    still(page)
    assert read_board(page) == {}
    assert page.get_attribute("html", "data-state") == "human"
    assert json.loads(stored(page, "punto"))["moves"] == []
    card = hand_card(page)
    tap_card(page)  # the card can still be played
    assert watched_board(page) == {"0,0": card}


def test_a_full_storage_never_stops_the_game(warm):
    page = warm.open(warm.page(**ENGLISH), FAST, "?game=punto&seed=full&start=1")
    wait_state(page, "human")
    saved = stored(page, "punto")
    page.evaluate(FILL_STORAGE)
    card = hand_card(page)
    tap_card(page)
    assert watched_board(page) == {"0,0": card}  # the move is played and drawn
    assert wait_state(page, "human") == "human"
    assert notice(page) == en("notice.save_failed")
    assert stored(page, "punto") == saved
    tap_card(page)  # the game goes on; the player was told once
    assert wait_state(page, "human") == "human"
    assert notice(page) == ""
    reload(page)  # the last save that fitted comes back
    assert wait_state(page, "human") == "human"
    assert read_board(page) == {}


def test_a_corrupt_save_larger_than_the_free_space_does_not_block_the_start(english, base_url,
                                                                            open_app):
    page = english
    put_storage(page, base_url, {"tapis.save": "{" + "x" * 3_000_000})
    page.evaluate(FILL_STORAGE)
    open_app(page, base_url)
    assert notice(page) == en("notice.save_dropped")
    assert "tapis.save" not in storage(page) and stored(page) is None
    assert page.locator('[data-action="new"]').count() == len(registry.games())


@pytest.mark.parametrize("raw", ["[" * 20_000 + "]" * 20_000,
                                 '{"format": 2, "moves": ' + "[" * 20_000 + "]" * 20_000 + "}",
                                 json.dumps({"format": 2, "game": "punto", "seats": "<b>x</b>"})])
def test_unreadable_saves_are_kept_aside_and_the_page_starts(english, base_url, open_app, raw):
    page = english
    put_storage(page, base_url, {"tapis.save": raw, "tapis.prefs": "[" * 30_000})
    open_app(page, base_url)
    assert notice(page) == en("notice.save_aside")
    kept = [k for k, v in storage(page).items() if k.startswith("tapis.save.aside.") and v == raw]
    assert len(kept) == 1 and "tapis.save" not in storage(page) and stored(page) is None
    reload(page)
    assert notice(page) == ""


def test_a_save_of_the_first_version_resumes(english, base_url, open_app):
    page = english
    old = (V1 / "zp-4p-late.json").read_text()
    put_storage(page, base_url, {"tapis.save": old})
    open_app(page, base_url)
    assert notice(page) == ""
    page.click('[data-action="continue"]')
    assert wait_state(page, "human", "computer") in ("human", "computer")
    assert json.loads(stored(page, "zero-pointe"))["format"] == 2


def test_two_tabs_share_one_match_and_never_lose_a_move_silently(new_context, base_url,
                                                                  open_app):
    context = new_context(locale="en-US")
    use_prefs(context, speed="fast")
    a, b = context.new_page(), context.new_page()
    open_app(a, base_url, "game=punto&seed=tabs")
    start_from_form(a, kinds=[None, "human"])
    assert wait_state(a, "human") == "human"
    open_app(b, base_url)
    b.click('[data-action="continue"]')
    assert wait_state(b, "human") == "human"

    card = hand_card(a)
    tap_card(a)
    assert watched_board(a) == {"0,0": card}
    b.wait_for_function("() => document.querySelectorAll('#board [data-card]').length === 1")
    assert read_board(b) == {"0,0": card}
    assert notice(b) == en("notice.other_tab")

    second = hand_card(b)  # the other player goes on in tab B; tab A follows
    tap_card(b)
    a.wait_for_function("() => document.querySelectorAll('#board [data-card]').length === 2")
    assert second in read_board(a).values()
    assert len(json.loads(stored(a, "punto"))["moves"]) == 2

    # Another tab's write that tab A has not heard of yet (a write in A itself fires no event
    # there; written as the page writes, so tab B's copy of it changes nothing more): A's next
    # move is not kept, and A says so.
    save = json.loads(stored(a, "punto"))
    a.evaluate("(text) => localStorage.setItem('tapis.save.punto', text)",
               json.dumps({**save, "moves": save["moves"][:1]}, separators=(",", ":")))
    a.click(HAND)
    a.click(cell_selector(lit_cells(a)[0]))
    a.wait_for_function("() => document.getElementById('notice').textContent.length > 0")
    assert notice(a) == en("notice.other_tab_lost")
    assert len(read_board(a)) == 1


def test_long_names_fit_a_phone(warm):
    old = json.loads((V1 / "punto-teams-unseen-round-end.json").read_text())
    old["seats"] = [{**seat, "name": LONG} for seat in old["seats"]]
    # Under its game's key, where a start moves the first version's save (ui/storage.py migrate).
    page = warm.open(warm.page(**SMALL), {**FAST, "tapis.save.punto": json.dumps(old)})
    page.click('[data-action="continue"]')
    assert wait_state(page, "round-end") == "round-end"
    assert LONG in page.text_content("#overlay")
    fits = """() => [document.documentElement.scrollWidth,
        ...[...document.querySelectorAll('#overlay h2, #overlay button')].map((n) => {
            const box = n.getBoundingClientRect();
            return n.scrollWidth <= n.clientWidth + 1 && box.left >= 0 && box.right <= 360 ? 0 : 1;
        })]"""
    width, *clipped = page.evaluate(fits)
    assert width <= 360 and not any(clipped)
    page.click('[data-action="round-seen"]')
    assert wait_state(page, "human", "computer")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_reload_after_starting_from_a_game_link_returns_to_the_table(english, base_url,
                                                                        open_app):
    page = english
    open_app(page, base_url, "game=zero-pointe&seed=link")
    start_from_form(page)
    assert wait_state(page, "human") == "human"
    assert "?" not in page.url
    reload(page)
    assert wait_state(page, "human") == "human"
    assert page.locator("form.newgame").count() == 0


def test_names_that_look_like_markup_stay_text(warm):
    """The table is built as HTML in Python: every name must come out as the very text typed,
    on the first drawing and on the redraws after moves (which only patch what changed)."""
    from match import Match
    names = ["<img src=x onerror=p=1>", "Bo \"<b>\u00a0'é &amp; <i"]
    seats = [{"kind": "human", "name": names[0]}, {"kind": "medium", "name": names[1]}]
    match = Match.new("punto", {"players": 2}, "markup", seats, think=think)
    page = warm.open(warm.page(**ENGLISH), {**FAST, "tapis.save.punto": json.dumps(match.dump())})
    page.click('[data-action="continue"]')
    shown = "() => [...document.querySelectorAll('.seat-name')].map((n) => n.textContent)"
    for _ in range(2):
        if wait_state(page, "human", "computer") == "computer":
            wait_state(page, "human")
        assert page.evaluate(shown) == names
        assert page.evaluate("document.querySelectorAll('#screen img, #screen b, .seat-name *').length") == 0
        tap_card(page)
    wait_state(page, "human")
    assert names[1] in page.text_content(".movelog")
    assert page.evaluate(shown) == names
    assert page.evaluate("window.p") is None
