"""The page's notices as a toast: one short line over the page that moves nothing under it.

A notice that answers what the player just did (a refused drop, "Nothing to undo") appears
next to where the finger lifted or the key was pressed, above it if there is room, never over a
card to play, a lit target or a button if a place free of them can be found; any other notice
(a link's, the saved match's, another tab's) shows under the bar. It never takes a tap
(``pointer-events: none``), stays long enough to be read (longer for longer words) and goes
when the time is up or when the next move clears it. ``#notice`` stays the page's polite
``role="status"`` region, so screen readers hear every notice as before."""
import js
from pyodide.ffi import create_proxy

from ui.dom import by_id, later

FRESH_MS = 1200  # a notice this soon after a tap or a key answers it: it shows there
GAP = 12  # px between the point of action and the toast (a fingertip's edge)
EDGE = 8  # px kept free at the screen's edges
# What the player may need next: the toast keeps off it when it can.
AVOID = "#screen [data-drag], #screen [data-legal], #screen .btn, #screen [data-action], #hand"
_STATE: dict = {"x": 0.0, "y": 0.0, "at": -1e9, "token": 0, "proxies": []}


def watch() -> None:
    """Remember where the player last acted: the point where a pointer went up (seen before the
    page's own handlers, which may say why a drop was refused), or the focused element's centre
    when a key acts."""
    def pointer(event):
        _STATE.update(x=float(event.clientX), y=float(event.clientY), at=float(js.performance.now()))

    def key(event):
        if event.key not in ("Enter", " "):
            return
        node = js.document.activeElement
        if node and node.tagName != "BODY":
            box = node.getBoundingClientRect()
            _STATE.update(x=box.left + box.width / 2, y=float(box.top), at=float(js.performance.now()))

    for name, handler in (("pointerup", pointer), ("keydown", key)):
        proxy = create_proxy(handler)
        _STATE["proxies"].append(proxy)
        js.window.addEventListener(name, proxy, True)  # capture: before the page's handlers act


def forget() -> None:
    """Nothing acted on yet, as at a start (a warm page's, py/ui/warm.py): the next notice is no
    answer to the last tap."""
    _STATE["at"] = -1e9


def read_ms(text: str) -> int:
    """How long a notice stays: enough to read it twice at a slow pace, within 4 to 10 s."""
    return max(4000, min(10000, 1500 + 60 * len(text)))


def show(text: str) -> None:
    """Say ``text`` (an empty text clears the notice)."""
    node = by_id("notice")
    _STATE["token"] += 1
    token = _STATE["token"]
    node.textContent = text
    node.removeAttribute("data-near")
    node.style.removeProperty("left")
    node.style.removeProperty("top")
    if not text:
        return
    node.removeAttribute("data-gone")
    if js.performance.now() - _STATE["at"] < FRESH_MS:
        _place_near(node, _STATE["x"], _STATE["y"])

    def gone():
        if token == _STATE["token"]:
            node.setAttribute("data-gone", "")

    later(read_ms(text), gone)


def _place_near(node, x: float, y: float) -> None:
    """Beside the point of action: above it, else below it, else where it covers the least of
    what the player may need next (the point itself is always kept clear)."""
    node.setAttribute("data-near", "")  # its narrower shape, before it is measured
    box = node.getBoundingClientRect()
    width, height = box.width, box.height
    screen_w, screen_h = js.window.innerWidth, js.window.innerHeight
    left = min(max(EDGE, x - width / 2), max(EDGE, screen_w - width - EDGE))
    bar = js.document.querySelector(".bar").getBoundingClientRect().bottom
    tops = [y - GAP - height, y + GAP]
    avoid = [_rect(n) for n in js.document.querySelectorAll(AVOID)]
    best, best_cost = None, None
    for top in tops:
        if top < bar + EDGE or top + height > screen_h - EDGE:
            continue
        cost = sum(_overlap((left, top, left + width, top + height), r) for r in avoid)
        if best_cost is None or cost < best_cost:
            best, best_cost = top, cost
        if cost == 0:
            break
    if best is None:  # no room above or below the point: under the bar, as any other notice
        node.removeAttribute("data-near")
        return
    node.style.left = f"{left}px"
    node.style.top = f"{best}px"


def _rect(node) -> tuple:
    box = node.getBoundingClientRect()
    return (box.left, box.top, box.right, box.bottom)


def _overlap(a: tuple, b: tuple) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0.0
