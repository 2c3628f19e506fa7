"""Results never hide what they announce: with a round's result open, and folded away, the
winning line of a Punto round is lit on the board and in sight, outside the dialog's box; the
match end (one dialog, with the round that ended it) keeps the last board and celebrates a win
of the player here."""
import json
import random


from ai import think
from helpers import wait_state
from match import Match

SIZES = {"phone": {"width": 360, "height": 640}, "tall-phone": {"width": 390, "height": 844},
         "landscape-phone": {"width": 844, "height": 390},
         "desktop": {"width": 1280, "height": 800}}
PREFS = json.dumps({"speed": "fast", "lang": "en"})
SEATS = [{"kind": "human", "name": "Ana"}, {"kind": "easy", "name": "Ben"}]
# The warm page's context (tests/browser/warm.py; test_robustness.py's long names too).
PHONE = {"locale": "en-US", "viewport": SIZES["phone"]}

BOXES = """() => {
    const box = (n) => { const r = n.getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
    const dialog = document.querySelector("#overlay[open] .dialog");
    return {cells: [...document.querySelectorAll(".cell:has(.pcard.win)")].map(box),
            dialog: dialog ? box(dialog) : null,
            unfold: document.querySelector("#unfold:not([hidden])")
                ? box(document.querySelector("#unfold")) : null,
            height: innerHeight, width: innerWidth};
}"""


def _played_until(match: Match, done, rng) -> Match:
    for _ in range(2000):
        if done(match):
            return match
        match.play(rng.choice(match.legal_moves()))
    raise AssertionError("never reached")


def _round_won_by_a_line() -> dict:
    """A two-player match whose first round has just been won by a line, not yet seen."""
    for attempt in range(100):
        match = _played_until(Match.new("punto", {"players": 2}, f"line{attempt}", SEATS, think=think),
                              lambda m: m.rounds_done == 1, random.Random(attempt))
        if match.view(0)["last_round"]["result"] == "line":
            return match.dump()
    raise AssertionError("no round won by a line")


def _apart(a, b) -> bool:
    return (a["right"] <= b["left"] or b["right"] <= a["left"]
            or a["bottom"] <= b["top"] or b["bottom"] <= a["top"])


def _in_sight(found, cover) -> list:
    """The winning cells that are off screen or under ``cover`` (the dialog or its button)."""
    return [c for c in found["cells"]
            if c["top"] < 0 or c["left"] < 0 or c["bottom"] > found["height"] or c["right"] > found["width"]
            or (cover is not None and not _apart(c, cover))]


def test_the_winning_line_stays_in_sight_with_the_result_open_and_folded(warm):
    # One page, resized to each size in turn: the layout is the style sheets' alone (no script
    # measures the window), so a resized page is laid out as one opened at that size.
    save = _round_won_by_a_line()
    page = warm.open(warm.page(**PHONE), {"tapis.save.punto": json.dumps(save), "tapis.prefs": PREFS})
    page.click('[data-action="continue"]')
    assert wait_state(page, "round-end") == "round-end"
    for size in SIZES:
        page.set_viewport_size(SIZES[size])
        found = page.evaluate(BOXES)
        assert len(found["cells"]) >= 4 and found["dialog"] is not None, size
        assert _in_sight(found, found["dialog"]) == [], (size, found)
    page.keyboard.press("Escape")  # folded: only the button to bring it back remains
    for size in SIZES:
        page.set_viewport_size(SIZES[size])
        found = page.evaluate(BOXES)
        assert found["dialog"] is None and found["unfold"] is not None, size
        assert _in_sight(found, found["unfold"]) == [], (size, found)


def test_the_match_end_keeps_the_last_board_and_celebrates(warm):
    match = _played_until(Match.new("punto", {"players": 2}, "last-board", SEATS, think=think),
                          lambda m: m.over, random.Random(1))
    board = match.view(0)["last_round"]["board"]
    save = match.dump()
    save["seen_rounds"] = match.rounds_done - 1  # the last round's result not yet seen
    page = warm.open(warm.page(**PHONE), {"tapis.save.punto": json.dumps(save), "tapis.prefs": PREFS})
    page.set_viewport_size(SIZES["tall-phone"])  # laid out as a page opened at that size (above)
    page.click('[data-action="continue"]')
    assert wait_state(page, "round-end", "over") == "over"  # one dialog tells the round and the match
    assert page.locator("#overlay[open] .match-end").count() == 1
    on_board = page.eval_on_selector_all("#board [data-card]", "ns => ns.map(n => n.dataset.card)")
    assert sorted(on_board) == sorted(c["cards"][-1] for c in board)
    # Confetti only when the player here (Ana) is among the winners (test_table_clarity.py).
    assert (page.locator(".celebrate i").count() > 0) == (0 in match.view(0)["outcome"]["winners"])
    assert page.locator('.seat[data-winner] .seat-name').all_text_contents() == [
        match.seats[match.view(0)["outcome"]["winners"][0]]["name"]]
