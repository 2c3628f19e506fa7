"""A whole round by touch on one phone: real touch input (Chromium's Input.dispatchTouchEvent,
which makes the browser's own pointer, touch and click events, not synthetic clicks), drags and
taps in turn, every tap right after a drag, then the result's button. None may be lost: after a
drag, Chromium drops the click of a tap that follows within about 0.4 s, so the page acts when
the finger lifts.

Two humans share the phone at Punto (public cards: no pass-the-device screen), so that each
drag is followed at once by the other player's tap, with no computer's pause between them.
The moves are medium's, found on a copy of the match in CPython (the page plays the same
seeded deal); the seed is one whose first round ends in a line after 12 moves, the shortest
whole round the suite plays (a whole Punto match is played through the page by mouse in
test_punto.py)."""
import json

from ai import think
from helpers import STORED, stored_moves, wait_state
from match import Match
from touch import PHONE, Finger

SEED = "touch44"  # a first round of 12 moves: six drags, six taps
SEATS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}]


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


def test_a_whole_round_by_touch_with_taps_right_after_drags(warm):
    moves = _round()
    match = Match.new("punto", {"players": 2}, SEED, SEATS, think=think)
    page = warm.page(locale="en-US", viewport=PHONE, has_touch=True, is_mobile=True)  # tests/browser/warm.py
    warm.open(page, {"tapis.save.punto": json.dumps(match.dump()),
                     "tapis.prefs": json.dumps({"speed": "fast", "lang": "en"})})
    finger = Finger(page)
    finger.tap('[data-action="continue"]')
    assert wait_state(page, "human") == "human"
    drags = taps = lost = 0
    for ply in range(len(moves)):
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
    assert drags == taps == len(moves) // 2 == 6
    finger.cdp.detach()  # the warm page goes on without this test's session
