"""Warm pages: one started page per kind of context and xdist worker, opened again on each
screen test's storage without a reload (the page's test-only entry, py/ui/warm.py), since a
page start is most of such a test's cost. Tests about starting (start-up, first visit, offline,
update, reload, two tabs) open cold pages of their own.

Between tests the page is reset and checked: storage holds exactly what the test gives, home
is shown with no table, dialog or link of the previous test (its table's timers void: a late
one would draw a table), at the context's own size. A page that crashed or failed to reopen is
closed, and the next test starts a fresh one."""
import json
from collections import Counter

# "cold": the app's page loaded (a warm page's first start too, also counted as "warm pages");
# "warm": a warm page opened again in place of a start.
STARTS: Counter = Counter()
FLAG = "globalThis.tapisWarm = true;"  # asks the page for its test-only entry (py/ui/warm.py)
RESET = """(items) => {
    const stored = Object.fromEntries(Object.entries(localStorage));
    const same = Object.keys(stored).length === Object.keys(items).length
        && Object.entries(items).every(([key, value]) => stored[key] === value);
    const root = document.documentElement;
    return {stored: same ? "same" : stored,
            dialog: document.querySelector("#overlay[open]") !== null,
            state: root.dataset.state ?? null, home: document.querySelector('[data-action="new"]') !== null,
            active: document.getElementById("screen").hasAttribute("data-active")};
}"""


class _Warm:
    """A warm page, its context and the size it was made at."""

    def __init__(self, context, viewport):
        self.context, self.viewport, self.crashed = context, viewport, False
        self.page = context.new_page()
        self.page.on("crash", lambda _page: setattr(self, "crashed", True))


class WarmPool:
    """The worker's warm pages. ``make_context(**options)`` makes a context watched by ``relay``
    (tests/browser/conftest.py) whose pages start as a return visit; ``open_app(page, url)``
    starts the app cold and waits until ready, ``wait_ready(page)`` waits for a start's mark."""

    def __init__(self, base_url: str, make_context, open_app, wait_ready, relay):
        self.base_url, self.make_context = base_url, make_context
        self.open_app, self.wait_ready, self.relay = open_app, wait_ready, relay
        self.warm: dict[str, _Warm] = {}  # by context options
        self.used: list = []  # the warm pages the running test took

    def page(self, **options):
        """The warm page of a context made with ``options`` (started on first use)."""
        key = json.dumps(options, sort_keys=True)
        warm = self.warm.get(key)
        if warm is not None and (warm.crashed or warm.page.is_closed()):
            self.discard(warm.page)
            warm = None
        if warm is None:
            context = self.make_context(**options)
            context.add_init_script(FLAG)
            warm = _Warm(context, options.get("viewport"))
            self.open_app(warm.page, self.base_url)
            self.warm[key] = warm
            STARTS["warm pages"] += 1
        if warm.page not in self.used:
            self.used.append(warm.page)
        return warm.page

    def park(self):
        """The pages the test used left for home, where nothing moves: left at a table, a
        computer's loop, a thinking dot or a lit cell would go on using the CPU that the next tests
        need. A page that cannot is closed."""
        used, self.used = self.used, []
        for page in used:
            try:
                if not page.is_closed():
                    page.evaluate("() => tapisWarm(null)")
            except Exception:  # noqa: BLE001 - a page the test broke: the next test makes another
                self.discard(page)

    def open(self, page, items: dict, address: str = ""):
        """``page`` started again on ``items`` (the whole of its storage) at ``address`` (a query
        and fragment, as "?game=punto&seed=1&start=1"; "": home)."""
        try:
            viewport = next(w.viewport for w in self.warm.values() if w.page is page)
            if viewport:
                page.set_viewport_size(viewport)
            page.evaluate("() => tapisWarm(null)")
            left = {**page.evaluate(RESET, {}), "stored": None}
            assert left == {"stored": None, "dialog": False, "state": None, "home": True,
                            "active": False}, f"the warm page kept the previous test's state: {left}"
            page.evaluate("([items, address]) => tapisWarm(items, address)", [json.dumps(items), address])
            self.wait_ready(page)
            if not address:
                assert page.evaluate(RESET, items)["stored"] == "same", "the start changed the storage"
        except BaseException:
            self.discard(page)
            raise
        STARTS["warm"] += 1
        return page

    def discard(self, page):
        for key, warm in list(self.warm.items()):
            if warm.page is page:
                del self.warm[key]
                warm.context.close()

    def close(self):
        for warm in self.warm.values():
            warm.context.close()
        self.warm = {}
