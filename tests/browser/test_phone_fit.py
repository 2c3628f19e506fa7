"""On a 360 × 640 phone, portrait, on a human's turn, the card to play, every legal target and the
prompt are on screen without scrolling (measured from the top of the page)."""
import random

import pytest

from ai import think
from games.punto.board import bounds
from helpers import HAND, resume, wait_state
from match import Match

PHONE = {"width": 360, "height": 640}
MEASURE = """(selectors) => Object.fromEntries(Object.entries(selectors).map(([name, sel]) =>
    [name, [...document.querySelectorAll(sel)].map((n) => {
        const r = n.getBoundingClientRect();
        return [r.left, r.top + scrollY, r.right, r.bottom + scrollY];
    })]))"""


def on_screen(page, **selectors) -> dict:
    """Each selector's boxes that leave the first screen (all must be empty), after scrolling
    to the top."""
    page.evaluate("window.scrollTo(0, 0)")
    found = page.evaluate(MEASURE, selectors)
    assert all(found.values()), f"nothing matched: {found}"
    width, height = PHONE["width"], PHONE["height"]
    return {name: [b for b in boxes if b[0] < 0 or b[1] < 0 or b[2] > width or b[3] > height]
            for name, boxes in found.items()}


@pytest.fixture
def phone(warm):
    """A warm page (tests/browser/warm.py), opened on each test's save by ``resume``."""
    return warm.page(locale="en-US", viewport=PHONE, has_touch=True, is_mobile=True)


def _punto_late_in_a_round() -> dict:
    """Four players, the board six by six, the human (seat 0) to play: legal random play."""
    seats = [{"kind": "human" if i == 0 else "easy", "name": f"Player {i + 1}"} for i in range(4)]
    for attempt in range(50):
        match = Match.new("punto", {"players": 4}, f"late{attempt}", seats, think=think)
        rng = random.Random(attempt)
        while match.rounds_done == 0:
            box = bounds({(c["x"], c["y"]): c["cards"] for c in match.view(0)["board"]})
            if match.to_move == 0 and box and box[2] - box[0] == 5 and box[3] - box[1] == 5:
                return match.dump()
            match.play(rng.choice(match.legal_moves()))
    raise AssertionError("no deal reached six by six")


def test_punto_four_players_late_in_a_round(phone, warm, base_url):
    assert resume(phone, base_url, None, _punto_late_in_a_round(), None, "human", warm=warm) == "human"
    phone.locator(HAND).tap()
    assert phone.locator("[data-legal]").count() > 0
    assert on_screen(phone, card=HAND, lit="[data-legal]", prompt="#status") == {
        "card": [], "lit": [], "prompt": []}


def test_zero_pointe_eight_players(phone, warm, base_url):
    seats = [{"kind": "human" if i == 0 else "easy", "name": f"Player {i + 1}"} for i in range(8)]
    match = Match.new("zero-pointe", {"players": 8}, "phone8", seats, think=think)
    assert resume(phone, base_url, None, match.dump(), None, "human", warm=warm) == "human"
    assert on_screen(phone, mine='[data-grid="0"] [data-slot]', piles="[data-pile]",
                     prompt="#status") == {"mine": [], "piles": [], "prompt": []}
    phone.locator('[data-grid="0"] [data-slot="0,0"]').tap()  # turning a card changes nothing
    assert wait_state(phone, "human") == "human"
    assert on_screen(phone, mine='[data-grid="0"] [data-slot]', prompt="#status") == {
        "mine": [], "prompt": []}
