"""A test-only entry: the page opened again on the storage a test gives, without a reload, so
that the browser tests reuse one started page for many screens (tests/browser/warm.py).

A player can never reach it: it exists only when ``window.tapisWarm`` is ``true`` before the
page's scripts run, which only the tests' init script sets (nothing in the site, no link, no
stored value sets it); the page then puts the entry in the flag's place."""
import json

import js
from pyodide.ffi import create_proxy

from i18n import LANGS, pick_lang
from ui import modules, storage
from ui.dom import set_flag


def offer(app) -> None:
    if getattr(js.window, "tapisWarm", None) is True:
        js.window.tapisWarm = create_proxy(lambda items: reopen(app, json.loads(items)))


def reopen(app, items: dict) -> None:
    """The page as a start on ``items`` (the whole of localStorage) shows it with no link or
    fragment: the previous screen left (its table's timers void, its link closed, its dialog and
    notice gone), the settings and saves read again, then home, marked ready as a start is."""
    set_flag("ready", None)
    app.show_home()
    app.pending = app.review = None
    app.say("")
    js.localStorage.clear()
    for key, value in items.items():
        js.localStorage.setItem(key, value)
    app.prefs = storage.read_prefs()
    lang = app.prefs.get("lang")
    app.lang = lang if lang in LANGS else pick_lang(js.navigator.languages.to_py())
    app.apply_lang()
    app.apply_theme()
    app.saves.told_no_room = False
    modules.load(app.saves.games(), lambda: _opened(app))


def _opened(app) -> None:
    notice = app.saves.load()
    app.show_home()
    app.say(notice)
    js.window.scrollTo(0, 0)
    set_flag("ready", round(js.performance.now()))
