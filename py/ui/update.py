"""The offline copy and its updates. Once the page is interactive: register the service worker
(its precache would slow the first start down), ask the browser to keep the site's storage
(saves and offline copy), and when a new version has been installed say so with a button to
reload. The page never reloads by itself, so no move is ever cut short; the match is saved
after every move, and a reload returns to it."""
import js
from pyodide.ffi import create_once_callable

from ui.dom import by_id, listen, realize
from ui.html import el

OFFER_ID = "update"
CHECK_EVERY_MS = 3_600_000  # a tab left open for days still hears of new versions


def watch(app) -> None:
    if not hasattr(js.navigator, "serviceWorker"):
        return
    workers = js.navigator.serviceWorker
    # The first worker to control a page (a first visit) is no update; any later one is.
    # (In Pyodide a JS null is jsnull, which is falsy.)
    state = {"controlled": bool(workers.controller), "checked": js.Date.now()}

    def on_new_worker(_event):
        if state["controlled"]:
            offer(app)
        state["controlled"] = True

    def on_visible(_event):
        # The browser looks for a new sw.js at each navigation; a page kept open asks here.
        now = js.Date.now()
        if js.document.visibilityState == "visible" and now - state["checked"] > CHECK_EVERY_MS:
            state["checked"] = now
            workers.getRegistration().then(create_once_callable(check_for_update))

    listen(workers, "controllerchange", on_new_worker)
    listen(js.document, "visibilitychange", on_visible)
    workers.register("./sw.js").catch(create_once_callable(
        lambda error: js.console.warn(f"Tapis: no offline copy ({error})")))
    workers.ready.then(create_once_callable(lambda _registration: keep_storage()))


def check_for_update(registration) -> None:
    if registration:  # offline, the check fails: the next one will do
        registration.update().catch(create_once_callable(lambda _error: None))


def keep_storage() -> None:
    """Best effort: browsers grant it silently, ask, or refuse."""
    storage = getattr(js.navigator, "storage", None)
    if storage is not None and hasattr(storage, "persist"):
        storage.persist().catch(create_once_callable(lambda _error: None))


def offer(app) -> None:
    """The notice under the bar: a new version is ready, with a button to reload."""
    old = by_id(OFFER_ID)
    if old:
        old.remove()
    button = el("button", "btn small", app.t("update.reload"), type="button", id="update-reload")
    banner = realize(el("p", "notice", app.t("update.ready") + " ", button, id=OFFER_ID, role="status"))
    listen(banner.querySelector("button"), "click", lambda _event: js.location.reload())
    by_id("notice").after(banner)
