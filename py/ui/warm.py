"""A test-only entry: the page opened again on the storage and address a test gives, without a
reload, so that the browser tests reuse one started page for many screens and links
(tests/browser/warm.py).

A player can never reach it: it exists only when ``window.tapisWarm`` is ``true`` before the
page's scripts run, which only the tests' init script sets (nothing in the site, no link, no
stored value sets it); the page then puts the entry in the flag's place."""
import json

import js
from pyodide.ffi import create_proxy

from i18n import LANGS, pick_lang
from ui import first, storage, toast
from ui.dom import by_id, set_flag


def offer(app) -> None:
    if getattr(js.window, "tapisWarm", None) is True:
        js.window.tapisWarm = create_proxy(
            lambda items, address="": reopen(app, json.loads(items), address) if items else leave(app))


def leave(app) -> None:
    """The previous screen left (its table's timers void, its link closed, its dialog, notice and
    last move said to screen readers gone), home shown: what the tests check between two of them."""
    set_flag("ready", None)
    app.show_home()
    app.pending = app.review = None
    app.say("")
    by_id("announce").textContent = ""
    toast.forget()


def reopen(app, items: dict, address: str) -> None:
    """The page as a start on ``items`` (the whole of localStorage) at ``address`` (a query
    and fragment, or "") shows it: the settings and saves read again, then the first screen
    chosen as a start chooses it, marked ready as a start is."""
    leave(app)
    js.localStorage.clear()
    js.sessionStorage.clear()  # as in a new context: no table this tab was showing
    for key, value in items.items():
        js.localStorage.setItem(key, value)
    js.history.replaceState(None, "", js.location.pathname + address)
    app.prefs = storage.read_prefs()
    lang = app.prefs.get("lang")
    app.lang = lang if lang in LANGS else pick_lang(js.navigator.languages.to_py())
    app.saves.told_no_room = False
    _new_visit(app.thinker)
    js.window.scrollTo(0, 0)
    first.start(app, again=True)


def _new_visit(thinker) -> None:
    """The thinker as a start leaves it: no worker until a hard computer is wanted (one still
    waiting for the page to be idle does not start), or the one already up, if any (``?think=main``
    holds for its visit only)."""
    if thinker.worker is None:
        thinker.state, thinker.wanted = "off", False
        set_flag("think", None)
    elif thinker.state == "page":
        thinker.state = "ready"
