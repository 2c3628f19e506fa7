"""A phone's finger for the browser tests, and the watch that nothing covers what it may touch.

``Finger`` sends real touch input through the DevTools protocol (Input.dispatchTouchEvent):
Chromium makes its own pointer, touch and click events from it, as on a phone, where a
``page.mouse`` drag would not test what a phone does.

``watch_cover`` / ``covered``: from the moment it starts until every card on the page has come
to rest, at each frame, every live target (a card to play, a lit place while a card is held, a
button) is looked at in its centre: ``document.elementFromPoint`` there must be the target or
inside it (a card being dragged is in the finger, and looked through as the page does). A target that is itself
moving is skipped until it lands (a card gliding into the hand is not yet where it will be);
what moves over a target is not: an invisible leftover of a motion, or a card in flight, must
never take the finger's touch."""

from helpers import MOVES

PHONE = {"width": 360, "height": 640}
LANDSCAPE = {"width": 844, "height": 390}


class Finger:
    """One finger on the screen."""

    def __init__(self, page):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)

    def send(self, kind: str, x=None, y=None):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def centre(self, selector: str) -> tuple:
        box = self.page.locator(selector).first.bounding_box()
        assert box is not None, f"{selector} is not on screen"
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def tap(self, selector: str):
        self.tap_at(*self.centre(selector))

    def tap_at(self, x: float, y: float):
        self.send("touchStart", x, y)
        self.send("touchEnd")

    def drag(self, source: str, target: str, steps=6):
        self.drag_from(self.centre(source), target, steps)

    def drag_from(self, start: tuple, target: str, steps=6):
        """Down at ``start``, then to ``target``'s centre (measured once the finger is down: the
        table may be drawn again meanwhile) in ``steps`` moves, and up."""
        x0, y0 = start
        self.send("touchStart", x0, y0)
        x1, y1 = self.centre(target)
        for i in range(1, steps + 1):
            self.send("touchMove", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
        self.send("touchEnd")


_WATCH = """([least, until]) => {
    const moves = MOVES;
    const name = (n) => !n ? 'nothing' : n.tagName.toLowerCase() + [...n.classList].map((c) => '.' + c).join('')
        + ['card', 'drag', 'drop', 'action', 'pile'].filter((k) => n.dataset[k])
            .map((k) => `[${k}=${n.dataset[k]}]`).join('');
    const found = new Map();
    const begun = performance.now();
    let frames = 0;
    window.__covered = new Promise((resolve) => {
        const look = () => {
            frames += 1;
            const moving = document.getAnimations().filter((a) => a.playState === 'running'
                && a.effect.getComputedTiming().iterations !== Infinity && moves(a)).map((a) => a.effect.target);
            const modal = document.querySelector('dialog:modal');  // all else is inert under it
            const live = [...document.querySelectorAll('[data-drag], [data-legal], [data-action]:not([disabled])')]
                .filter((n) => (!modal || modal.contains(n)) && n.checkVisibility({visibilityProperty: true})
                    && !n.closest('.dragging') && !moving.some((m) => m.contains(n)));
            for (const n of live) {
                const box = n.getBoundingClientRect();
                const x = box.left + box.width / 2, y = box.top + box.height / 2;
                if (!box.width || x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
                // a card being dragged is under the finger, and seen through (ui/drag.py)
                const hit = document.elementsFromPoint(x, y).find((e) => !e.closest('.dragging'));
                const key = `${name(n)} under ${name(hit)}`;
                if (!(hit && n.contains(hit)) && !found.has(key)) found.set(key, Math.round(performance.now() - begun));
            }
            if (performance.now() - begun < least || moving.length || !eval(until)) requestAnimationFrame(look);
            else resolve({frames, found: [...found].map(([key, ms]) => `at ${ms} ms: ${key}`)});
        };
        look();
    });
}""".replace("MOVES", MOVES)


def watch_cover(page, until="true", least_ms=300):
    """Start watching (see the module's words) until the JavaScript expression ``until`` holds
    and nothing on the page moves, and for ``least_ms`` at least."""
    page.evaluate(_WATCH, [least_ms, until])


def covered(page) -> list:
    """What the watch found, each once with when it was first seen: "at 412 ms: <target> under
    <what covers it>"; waits for the watch's end. Fails if it looked at fewer than 10 frames."""
    seen = page.evaluate("window.__covered")
    assert seen["frames"] >= 10, f"the watch looked at {seen['frames']} frames only"
    return seen["found"]
