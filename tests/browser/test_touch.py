"""The end of a round by touch, as on a phone: real touch input (Chromium's
Input.dispatchTouchEvent, which makes the browser's own pointer, touch and click events, not
synthetic clicks), drags and taps in turn, every tap right after a drag, then the result's
button. None may be lost: after a drag, Chromium drops the click of a tap that follows within
about 0.4 s, so the page acts when the finger lifts.

Two humans share the phone at Punto (public cards: no pass-the-device screen), so that each
drag is followed at once by the other player's tap, with no computer's pause between them.
The moves are medium's, found on a copy of the match in CPython (the page plays the same
seeded deal), so the round ends in a line well before the decks run out. The page resumes the
round a few moves from its end: each drag and tap is the same whatever the board, and a whole
Punto match is played through the page by mouse (test_punto.py)."""
import json

from ai import think
from helpers import STORED, put_storage, stored_moves, wait_state
from match import Match

PHONE = {"width": 360, "height": 640}
SEED = "touch"
LEFT = 8  # the round's last moves, played by touch: four drags, four taps
SEATS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}]


class Finger:
    """One finger on the screen, through the DevTools protocol."""

    def __init__(self, page):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)

    def _send(self, kind: str, x=None, y=None):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def centre(self, selector: str) -> tuple:
        box = self.page.locator(selector).first.bounding_box()
        assert box is not None, f"{selector} is not on screen"
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def tap(self, selector: str):
        x, y = self.centre(selector)
        self._send("touchStart", x, y)
        self._send("touchEnd")

    def drag(self, source: str, target: str, steps=6):
        x0, y0 = self.centre(source)
        x1, y1 = self.centre(target)
        self._send("touchStart", x0, y0)
        for i in range(1, steps + 1):
            self._send("touchMove", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
        self._send("touchEnd")


def _held(page) -> bool:
    """Whether the tap just made picked the turned card up (its legal cells lit)."""
    try:
        page.wait_for_selector("#hand .held", timeout=1500)
    except Exception:
        return False
    return page.locator("[data-legal]").count() > 0


def _moves(page) -> int:
    return stored_moves(page, "punto")


def _round() -> list:
    """The moves of the seeded round, medium's on both sides, up to its end."""
    mirror = Match.new("punto", {"players": 2}, SEED, [dict(s, kind="medium") for s in SEATS], think=think)
    moves = []
    while mirror.rounds_done == 0:
        moves.append(mirror.computer_move())
        mirror.play(moves[-1])
    return moves


def test_a_rounds_end_by_touch_with_taps_right_after_drags(new_context, base_url, open_app):
    page = new_context(locale="en-US", viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    moves = _round()
    assert len(moves) > LEFT
    match = Match.new("punto", {"players": 2}, SEED, SEATS, think=think)
    for move in moves[:-LEFT]:
        match.play(move)
    put_storage(page, base_url, {"tapis.save": json.dumps(match.dump()),
                                 "tapis.prefs": json.dumps({"speed": "fast", "lang": "en"})})
    open_app(page, base_url)
    finger = Finger(page)
    finger.tap('[data-action="continue"]')
    assert wait_state(page, "human") == "human"
    drags = taps = lost = 0
    for ply in range(len(moves) - LEFT, len(moves)):
        cell = f'#board [data-cell="{moves[ply]}"]'
        before = _moves(page)
        if ply % 2 == 0:
            # A drag: the cell lights up once the card is lifted, so aim at where it will be.
            finger.drag("#hand [data-drag]", cell)
            drags += 1
        else:
            taps += 1
            finger.tap("#hand [data-drag]")  # right after the other player's drag
            if not _held(page):
                lost += 1
                finger.tap("#hand [data-drag]")
                assert _held(page), "a second tap on the card did not pick it up either"
            finger.tap(cell)
        page.wait_for_function("([stored, before]) => { const save = eval(stored)('punto');"
                               " return !save || JSON.parse(save).moves.length > before; }",
                               arg=[STORED, before], timeout=5000)
    assert wait_state(page, "round-end", "over") in ("round-end", "over")
    # The result's button, tapped at once after the drag or tap that ended the round.
    finger.tap('#overlay[open] .buttons .btn.primary')
    assert wait_state(page, "human", "over") in ("human", "over")
    assert lost == 0, f"{lost} of {taps} taps right after a drag were lost ({drags} drags)"
    assert drags >= 4 and taps >= 4
