"""Every screen fits every screen size (issue 24): home, each new-game form, each table mid-game
with a card held, a computer's turn, each round end and match end with 2 and with the most
players, the menu (tests/browser/screens.py), at five touch sizes and a desktop. The fit check
(tests/browser/fit.py) finds nothing: no sideways scroll; every dialog's content reachable,
scrolling in its body only, its buttons in view; every control and target at least 44 × 44 px
on touch sizes; at a table, the player's own area, the prompt and the lit targets in the
viewport. axe-core finds nothing on any of them."""
import pytest

import fit
import screens
from helpers import still, violations

TOUCH = ["320x568", "360x640", "390x844", "844x390", "768x1024"]
DESKTOP = ["1280x800"]


def _size(text: str) -> dict:
    width, height = map(int, text.split("x"))
    return {"width": width, "height": height}


@pytest.mark.parametrize("name", screens.names())
def test_every_screen_fits_every_size(new_context, base_url, open_app, name):
    found = {}
    for touch, sizes in ((True, TOUCH), (False, DESKTOP)):
        # Less motion asked for: nothing is caught in flight, and the layout is the same.
        context = new_context(locale="en-US", viewport=_size(sizes[0]), has_touch=touch,
                              is_mobile=touch, reduced_motion="reduce")
        page = context.new_page()
        screens.open_screen(page, base_url, name, open_app)
        still(page)
        for size in sizes:
            page.set_viewport_size(_size(size))
            problems = fit.problems(page, touch)
            if problems:
                found[size] = problems
        if touch:
            assert violations(page) == [], name
        context.close()
    assert found == {}
