"""Steps the browser tests share: setting up storage, waiting for the page's state, and playing
Punto the way a person does (drag, tap, keyboard). Expected texts come from py/i18n, the page's
own catalogs, so a test checks exactly the words a player reads."""
import json
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from i18n import t

EN = "en"
AXE = (Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js").read_text()


def en(key: str, **params) -> str:
    return t(EN, key, **params)


# --- storage -------------------------------------------------------------------------------

def use_prefs(context, **prefs):
    """Preferences for every page of ``context`` (e.g. speed="fast"), written before the page's
    scripts run, unless the page already saved some (a choice made in a test survives reloads)."""
    # Init scripts also run in about:blank and workers, which have no localStorage.
    context.add_init_script(
        "if (globalThis.location?.protocol === 'http:'"
        " && localStorage.getItem('tapis.prefs') === null)"
        f" localStorage.setItem('tapis.prefs', {json.dumps(json.dumps(prefs))});")


def put_storage(page, url: str, items: dict):
    """Write localStorage items for the site at ``url`` before the app is loaded, from a blank
    page of the same origin that never reaches the server. Once the site's service worker is
    installed, it would take that navigation (and the server answer 404, a console error):
    the blank page bypasses it."""
    blank = url + "__blank__.html"
    page.route(blank, lambda route: route.fulfill(
        content_type="text/html", body='<!doctype html><link rel="icon" href="data:,">'))
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setBypassServiceWorker", {"bypass": True})
    page.goto(blank)
    cdp.send("Network.setBypassServiceWorker", {"bypass": False})
    cdp.detach()
    page.evaluate(
        "(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
        items)
    page.unroute(blank)


def storage(page) -> dict:
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


# Fills localStorage to its last character (the size a browser gives a site).
FILL_STORAGE = """() => {
    let size = 1 << 22, i = 0;
    while (size >= 1) {
        try { localStorage.setItem('filler.' + i, 'x'.repeat(size)); i++; }
        catch (e) { size = Math.floor(size / 2); }
    }
    try {  // the last few characters a new key's name would not leave room for
        for (;;) localStorage.setItem('filler.0', localStorage.getItem('filler.0') + 'x');
    } catch (e) { return i; }
}"""


# Each game's match in progress is stored under tapis.save.<game> (ui/storage.py).
STORED = """(game) => {
    const keys = Object.keys(localStorage).filter((k) => /^tapis\\.save\\.[a-z-]+$/.test(k));
    if (!game && keys.length > 1) throw new Error(`several matches stored: ${keys}`);
    const key = game ? `tapis.save.${game}` : keys[0];
    return key ? localStorage.getItem(key) : null;
}"""


def stored(page, game: str | None = None) -> str | None:
    """The text of ``game``'s match in storage (without ``game``: of the only one stored), or
    None."""
    return page.evaluate(STORED, game)


def stored_moves(page, game: str | None = None) -> int:
    """How many moves the stored match holds (0 with none stored)."""
    text = stored(page, game)
    return len(json.loads(text)["moves"]) if text else 0


# --- the page's state ----------------------------------------------------------------------

def mark_screen(page):
    """Note the screen shown now: wait_state then waits for one drawn after this moment (a new
    screen, or the table drawn again: a table keeps the nodes that did not change)."""
    page.evaluate("""() => { const s = document.querySelector('#screen > *'); if (s) s.__seen = true;
        window.__drawnMark = document.documentElement.dataset.drawn; }""")


def wait_state(page, *states, timeout=30_000) -> str:
    """Wait until <html data-state> is one of ``states`` on a screen drawn after the last
    mark_screen() or expect_redraw(); return that state."""
    try:
        handle = page.wait_for_function(
            """(states) => {
                const state = document.documentElement.dataset.state;
                const screen = document.querySelector('#screen > *');
                const drawn = document.documentElement.dataset.drawn !== window.__drawnMark;
                return states.includes(state) && screen && (!screen.__seen || drawn) && state;
            }""", arg=list(states), timeout=timeout)
    except PlaywrightTimeout:
        seen = page.evaluate("""() => [document.documentElement.dataset.state || null,
            document.querySelector('#overlay[open] h2')?.textContent || null,
            document.getElementById('notice').textContent]""")
        raise AssertionError(f"waited for state {states}; the page shows state {seen[0]!r}, "
                             f"dialog {seen[1]!r}, notice {seen[2]!r}") from None
    return handle.json_value()


def reload(page):
    """Reload and wait until the page is interactive again (a cold Pyodide start)."""
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)


def resume(page, base_url: str, open_app, save, prefs=None, *states, warm=None) -> str | None:
    """Open the page on a stored match (``save``: a dict, or the text a page stored) with these
    preferences (fast computers, English by default) and press Continue; with ``states``, wait
    for one of them and return it. With ``warm`` (tests/browser/warm.py), ``page`` is a warm page
    opened again on that storage, the save (of the current format) under its game's key; else
    the save is stored as the first version stored every match (``tapis.save``), which the page
    moves to its game's key at its start."""
    raw = save if isinstance(save, str) else json.dumps(save)
    prefs = json.dumps(prefs or {"speed": "fast", "lang": "en"})
    if warm is not None:
        warm.open(page, {f"tapis.save.{json.loads(raw)['game']}": raw, "tapis.prefs": prefs})
    else:
        put_storage(page, base_url, {"tapis.save": raw, "tapis.prefs": prefs})
        open_app(page, base_url)
    press(page, "continue")
    return wait_state(page, *states) if states else None


def press(page, action: str):
    """Press the button with this data-action (dialogs, home, new game)."""
    mark_screen(page)
    page.click(f'[data-action="{action}"]')


def notice(page) -> str:
    return page.text_content("#notice")


def start_punto(open_app, page, url: str, seed: str):
    """A two-player Punto match with defaults: seat 0 human (first to play), seat 1 medium."""
    open_app(page, url, f"game=punto&seed={seed}&start=1")
    return wait_state(page, "human")


def start_from_form(page, kinds=None):
    """On the new-game screen: set each seat's kind (None keeps the default), then Start."""
    for row, kind in enumerate(kinds or ()):
        if kind is not None:
            page.locator(".seat-row").nth(row).locator("select").select_option(kind)
    press(page, "start")


# --- reading the Punto table ---------------------------------------------------------------

HAND = "#hand [data-drag]"


def hand_card(page) -> str:
    return page.get_attribute(HAND, "data-card")


# Each occupied cell ("x,y") and the card on top of it (a cell shows only its top card).
BOARD_JS = """() => Object.fromEntries([...document.querySelectorAll('#board [data-cell]')]
    .filter((cell) => cell.querySelector('[data-card]'))
    .map((cell) => [cell.dataset.cell, cell.querySelector('[data-card]').dataset.card]))"""


def read_board(page) -> dict:
    return page.evaluate(BOARD_JS)


def lit_cells(page) -> list:
    return page.eval_on_selector_all("[data-legal]", "nodes => nodes.map(n => n.dataset.cell)")


def table_facts(page) -> dict:
    """What a player sees of the match: board, turned card, deck sizes, whose turn, wins."""
    return {
        "board": read_board(page),
        "card": hand_card(page),
        "decks": page.eval_on_selector_all(".seat .stat.deck .sr-only", "ns => ns.map(n => n.textContent)"),
        "wins": page.eval_on_selector_all(".seat .stat.wins .sr-only", "ns => ns.map(n => n.textContent)"),
        "turn": page.eval_on_selector_all(".seat[data-turn]", "ns => ns.map(n => n.dataset.seat)"),
        "status": page.text_content("#status"),
    }


def first(cells: list) -> str:
    return cells[0]


def expect_redraw(page):
    """Before an action: note the screen (see wait_state) and record the board of the next
    screen drawn, at the moment it is drawn (a computer may play soon after and cover the card
    just placed)."""
    mark_screen(page)
    page.evaluate("""(readBoard) => {
        window.__nextBoard = null;
        const observer = new MutationObserver(() => {
            window.__nextBoard = eval(readBoard)();
            observer.disconnect();
        });
        observer.observe(document.getElementById('screen'), {childList: true, subtree: true});
    }""", BOARD_JS)


def watched_board(page) -> dict:
    """The board as drawn right after the action that followed expect_redraw()."""
    try:
        page.wait_for_function("window.__nextBoard !== null", timeout=10_000)
    except PlaywrightTimeout:
        raise AssertionError(f"the table was not redrawn: no card was placed "
                             f"(notice {notice(page)!r})") from None
    return page.evaluate("window.__nextBoard")


# --- playing a card ------------------------------------------------------------------------

def _centre(page, selector: str) -> tuple:
    """The centre of an element on screen, scrolled into view first if it is not."""
    return page.evaluate("""(selector) => {
        const node = document.querySelector(selector);
        node.scrollIntoView({block: 'nearest', inline: 'nearest'});
        const box = node.getBoundingClientRect();
        return [box.left + box.width / 2, box.top + box.height / 2];
    }""", selector)


def cell_selector(cell: str) -> str:
    return f'[data-cell="{cell}"]'


# Whether an animation or a transition moves what it animates (a glow or a fade moves nothing).
MOVES = """(a) => (a.transitionProperty ? [a.transitionProperty] : a.effect.getKeyframes().flatMap(Object.keys))
    .some((p) => p === "all"
        || /^(transform|translate|rotate|scale|inset|left|top|right|bottom|width|height|margin)/.test(p))"""


def still(page):
    """Wait until no card moves (a deal, an arrival, a flight): a person aims at a card at rest.
    Not waited for: the endless thinking dots, and what moves nothing (the glow of the player's
    area as their turn comes, a tag fading in), which would hold each move up a second."""
    page.wait_for_function(f"""() => document.getAnimations().every((a) =>
        a.playState !== "running" || a.effect.getComputedTiming().iterations === Infinity
        || !({MOVES})(a))""")


def drag_card(page, to=None, choose=first):
    """Drag the turned card with the mouse: press, move past the drag threshold (the legal
    cells light up), then release over ``to`` or over the lit cell ``choose`` picks.
    Returns (target, lit cells)."""
    still(page)
    x, y = _centre(page, HAND)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 8, y + 8)
    lit = lit_cells(page)
    target = to if to is not None else choose(lit)
    tx, ty = _centre(page, cell_selector(target))
    page.mouse.move(tx, ty, steps=2)
    expect_redraw(page)
    page.mouse.up()
    return target, lit


def tap_card(page, to=None, choose=first, touch=False):
    """Tap (or click) the turned card, then a cell. Returns (target, lit cells)."""
    hit = page.tap if touch else page.click
    hit(HAND)
    lit = lit_cells(page)
    target = to if to is not None else choose(lit)
    expect_redraw(page)
    hit(cell_selector(target))
    return target, lit


# --- accessibility -------------------------------------------------------------------------

def violations(page) -> list:
    """What axe-core (a dev dependency from npm, never shipped) finds on the page as it is."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=AXE)
    return page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']}))
        .violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)""")
