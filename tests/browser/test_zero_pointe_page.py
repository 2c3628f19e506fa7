"""Zéro Pointé in the real page, played like a person: a whole round by drag and drop, a reject
and a turn by tap, the column question (accepted, declined, and answered by the "always remove"
setting), a reload mid-round, and eight players on a phone.

Positions that chance would rarely give (a column of three one move away, eight grids full of
face-up cards) are built in CPython with the game's own functions and saved into localStorage
before the page loads; the home's "Continue" button resumes them, as it would a real match.
Computers play at the "fast" speed; every wait is on a page state or a selector, never a sleep.
Each test opens a warm page (tests/browser/warm.py) on its storage and link, but the reload's,
which starts a page of its own.
"""
import json
import re
from contextlib import contextmanager
from dataclasses import replace

from playwright.sync_api import expect

from ai import think
from engine.rng import shuffled
from games.zero_pointe import ZERO_POINTE
from games.zero_pointe.cards import COPIES
from games.zero_pointe.state import State
from helpers import en, notice, resume, still
from match import Match

PREFS = {"speed": "fast", "lang": "en"}
SETTLED_STATES = ("human", "round-end", "over")
SETTLED = ", ".join(f"html[data-state={state}]" for state in SETTLED_STATES)
MINE = '[data-grid="0"]'
HELD = re.compile(r"\bheld\b")
CARD_ID = re.compile(r"^-?\d+\.\d+$")
LAST = re.compile(r"\blast-played\b")  # the frame's mark on the last move's card


# --- the page ----------------------------------------------------------------------------------

def _start(warm, seed: str, **options):
    """A new match from the URL (seat 0 human, seat 1 a medium computer), up to the human, on
    the warm page of a context made with ``options``."""
    page = warm.open(warm.page(**options), {"tapis.prefs": json.dumps(PREFS)},
                     f"?game=zero-pointe&seed={seed}&start=1")
    page.wait_for_selector(SETTLED, state="attached")
    return page


def _resume(warm, save: dict, prefs=PREFS, **options):
    """A crafted match, resumed by the home's Continue button on the warm page of a context
    made with ``options``, up to a human's question or a dialog (computers play meanwhile)."""
    page = warm.page(**options)
    resume(page, "", None, save, prefs, *SETTLED_STATES, warm=warm)
    return page


@contextmanager
def _rerendered(page, old="section.table"):
    """The action in the block redraws the screen: wait for the old drawing to leave (or the
    table to be drawn again in place), then for a human to be asked something or a dialog to
    show (computers play meanwhile)."""
    before = page.locator(old).first.element_handle()
    drawn = page.get_attribute("html", "data-drawn")
    yield
    page.wait_for_function("""([node, drawn]) => !node.isConnected
        || document.documentElement.dataset.drawn !== drawn""", arg=[before, drawn])
    page.wait_for_selector(SETTLED, state="attached")


def _state(page) -> str:
    return page.get_attribute("html", "data-state")


def _value(text: str) -> int:
    """A number as the page prints it: a card's value or a score, with a true minus sign."""
    return int(text.replace("\u2212", "-"))


def _slot(seat: int, key: str) -> str:
    return f'[data-grid="{seat}"] [data-slot="{key}"]'


def _centre(box) -> tuple:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _drag(page, source, target):
    """Press on the source, move with the button down to the target, release. Checks on the way
    that the card is held, the target lit as legal and marked as the one under the pointer."""
    still(page)
    x0, y0 = _centre(source.bounding_box())
    x1, y1 = _centre(target.bounding_box())
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 2, y0 + 2)  # under the 6 px threshold: still a press
    expect(source).not_to_have_class(HELD)
    page.mouse.move(x0 + 8, y0 + 8)
    expect(source).to_have_class(re.compile(r"\bdragging\b"))
    expect(target).to_have_attribute("data-legal", "")
    page.mouse.move(x1, y1, steps=6)
    expect(target).to_have_class(re.compile(r"\bover\b"))
    page.mouse.up()


def _open_round(page, how="click"):
    """The opening: turn two of the human's cards (by click or tap), then the computer's."""
    for key in ("0,0", "1,2"):
        slot = page.locator(_slot(0, key))
        expect(slot).to_have_attribute("data-move", f"turn {key.replace(',', ' ')}")
        with _rerendered(page):
            getattr(slot, how)()
        expect(slot).to_have_attribute("data-card", CARD_ID)
    expect(page.locator(f"{MINE} [data-card]")).to_have_count(2)
    expect(page.locator("html")).to_have_attribute("data-state", "human")


def _snapshot(page) -> dict:
    """What the table shows: every slot of every grid, the piles, the drawn card, whose turn,
    the prompt and the buttons."""
    return page.evaluate("""() => {
        const q = (sel) => document.querySelector(sel);
        const grids = {};
        for (const grid of document.querySelectorAll("[data-grid]")) {
            grids[grid.dataset.grid] = [...grid.querySelectorAll("[data-slot]")].map((s) =>
                `${s.dataset.slot}=${s.dataset.card
                    || (s.classList.contains("down") ? "down" : "gone")}`);
        }
        return {
            grids,
            turn: q(".seat[data-turn] [data-grid]")?.dataset.grid ?? null,
            discard: q('[data-pile="discard"]').dataset.card,
            draw: q('[data-pile="draw"]').textContent,
            drawn: q('[data-pile="drawn"]')?.dataset.card ?? null,
            drawn_draggable: !!q('[data-pile="drawn"][data-drag="drawn"]'),
            status: q("#status").textContent,
            seats: [...document.querySelectorAll(".seat-head")].map((n) => n.textContent),
            buttons: [...document.querySelectorAll(".actions [data-move]")].map((b) => b.dataset.move),
            state: document.documentElement.dataset.state,
        };
    }""")


# --- crafted positions -------------------------------------------------------------------------

class _Cards:
    """Hands out the 150 distinct cards by value, so a crafted position is a whole deck."""

    def __init__(self):
        self.left = {value: [f"{value}.{copy}" for copy in range(n)] for value, n in COPIES.items()}

    def take(self, value: int) -> str:
        return self.left[value].pop(0)

    def any(self) -> str:
        return self.take(max(v for v, ids in self.left.items() if ids))

    def rest(self) -> list:
        return [card for ids in self.left.values() for card in ids]


def _grid(text: str, cards: _Cards) -> tuple:
    """Twelve tokens, row by row: "5" a face-up 5, "?" a face-down card, "?5" a face-down 5."""
    slots = []
    for token in text.split():
        if token == "?":
            slots.append((cards.any(), False))
        elif token.startswith("?"):
            slots.append((cards.take(int(token[1:])), False))
        else:
            slots.append((cards.take(int(token)), True))
    assert len(slots) == 12
    return tuple(slots)


def _position(*grids: str, discard=(0,), current=0, phase="turn", pending=()) -> State:
    """``discard`` lists values bottom to top; the other cards make the draw pile."""
    players = len(grids)
    cards = _Cards()
    dealt = tuple(_grid(text, cards) for text in grids)
    heap = tuple(cards.take(value) for value in discard)
    state = State(
        seed="browser", options=ZERO_POINTE.check_options({"players": players}), draws=1, ply=0,
        round=1, phase=phase, current=current, grids=dealt,
        draw=tuple(shuffled(cards.rest(), "browser", 0)), discard=heap, drawn=None, pending=pending,
        starter=0, start_sums=(0,) * players, closer=None, totals=(0,) * players, last_round=None,
    )
    return ZERO_POINTE.from_json(ZERO_POINTE.to_json(state))  # the game's own checks


def _save(state) -> dict:
    players = ZERO_POINTE.players(state)
    seats = [{"kind": "human" if i == 0 else "medium", "name": f"Player {i + 1}"}
             for i in range(players)]
    # A position built for the test is the match's start, as a save migrated from format 1.
    return {"format": 2, "game": "zero-pointe", "options": state.options, "seed": state.seed,
            "seats": seats, "moves": [], "seen_rounds": 0, "start": ZERO_POINTE.to_json(state)}


# The computer (seat 1) must first say whether it removes its column of 5s; the medium player
# does, which puts a 5 on top of the discard. Then seat 0, whose column 0 lacks one 5 (face down
# at the bottom) and whose column 1 holds three 7s left standing earlier: taking that 5 into
# slot 2,0 makes two columns of three.
TWO_COLUMNS = _position(
    "5 7 ? ?  5 7 ? ?  ?1 7 ? ?",
    "5 ? ? ?  5 ? ? ?  5 ? ? ?",
    discard=(3,), current=1, phase="columns", pending=(0,),
)



def _column(page, seat: int, col: int) -> list:
    """The column as shown: each slot's number, "down", or None once removed."""
    out = []
    for row in range(3):
        slot = page.locator(_slot(seat, f"{row},{col}"))
        classes = slot.get_attribute("class").split()
        out.append(None if "gone" in classes else "down" if "down" in classes
                   else slot.locator(".num").inner_text())
    return out


def _computer_removed_its_column(page):
    """TWO_COLUMNS resumed: the computer removed its 5s (no traceback on the way) and passed."""
    assert _column(page, 1, 0) == [None, None, None]
    expect(page.locator('[data-pile="discard"]')).to_have_attribute("aria-label", "card 5")
    expect(page.locator("html")).to_have_attribute("data-state", "human")


# --- the tests ---------------------------------------------------------------------------------

def test_a_round_by_drag_and_drop_ends_with_every_grid_revealed_and_scored(warm):
    page = _start(warm, "round1")
    _open_round(page)
    took = kept = 0
    for _ in range(40):  # a round takes at most a dozen human turns here: each turns a card up
        if _state(page) != "human":
            break
        question = page.locator('.actions [data-move^="remove "]')
        if question.count():
            with _rerendered(page):
                question.click()
            continue
        expect(page.locator('[data-pile="draw"][data-action="move"]')).to_be_enabled()
        target = page.locator(f"{MINE} .zcard.down[data-drop]").first
        key = target.get_attribute("data-slot")
        if took <= kept:
            source = page.locator('[data-pile="discard"][data-drag="discard"]')
            took += 1
        else:
            with _rerendered(page):
                page.click('[data-pile="draw"]')
            source = page.locator('[data-pile="drawn"][data-drag="drawn"]')
            kept += 1
        card = source.get_attribute("data-card")
        target = page.locator(f'{MINE} [data-drop="{key}"]')
        with _rerendered(page):
            _drag(page, source, target)
        # The card lies face up where it was dropped (on the table, or in the revealed grid).
        expect(page.locator(_slot(0, key))).to_have_attribute("data-card", card)
    assert _state(page) == "round-end"
    assert took >= 1 and kept >= 1

    dialog = page.locator(".dialog.round-end")
    expect(dialog).to_be_visible()
    expect(page.locator(".zcard.down")).to_have_count(0)  # nothing face down behind the dialog
    expect(page.locator("[data-grid]")).to_have_count(2)
    raw = []
    for seat in range(2):
        expect(page.locator(f'[data-grid="{seat}"] [data-slot]')).to_have_count(12)
        shown = page.locator(f'[data-grid="{seat}"] [data-card] .num').all_inner_texts()
        gone = page.locator(f'[data-grid="{seat}"] .zcard.gone').count()
        assert len(shown) + gone == 12
        raw.append(sum(_value(n) for n in shown))
    rows = dialog.locator("table.scores tr")
    expect(rows).to_have_count(3)  # a header, then each player
    expect(dialog.locator("tr.closer")).to_have_count(1)
    expect(dialog.locator("tr.closer .tag.closer")).to_have_text(en("zero_pointe.ui.closed_tag"))
    scores = []
    for seat in range(2):
        row = rows.nth(seat + 1)
        name = en("seat.you") if seat == 0 else en("seat.computer", n=2)  # unnamed seats of a link
        expect(row.locator("td.who > span:not(.emblem):not(.tag)")).to_have_text(name)
        cells = row.locator("td")
        cards, score, total = (cells.nth(i).evaluate("(n) => n.firstChild.textContent") for i in (1, 2, 3))
        assert _value(cards) == raw[seat], "the cards column is the sum of the revealed grid"
        closes = "closer" in (row.get_attribute("class") or "").split()
        doubled = closes and raw[seat] > 0 and raw[seat] > min(raw)
        expect(cells.nth(1).locator(".tag.doubled")).to_have_count(1 if doubled else 0)
        assert _value(score) == raw[seat] * (2 if doubled else 1)
        assert _value(total) == _value(score)  # the first round
        scores.append(_value(score))
    for seat in range(2):  # the lowest round score is marked in words
        lowest = scores[seat] == min(scores)
        expect(rows.nth(seat + 1).locator(".tag.lowest")).to_have_count(1 if lowest else 0)

    # The next round: totals carried over, every card of the human face down again.
    total = _value(rows.nth(1).locator("td").last.inner_text())
    with _rerendered(page):
        page.click('[data-action="round-seen"]')
    expect(page.locator(".dialog")).to_have_count(0)
    mine = page.locator(".seat.mine")
    expect(mine.locator(".seat-name")).to_have_text(en("seat.you"))
    expect(mine.locator(".stat.showing .sr-only")).to_have_text(en("zero_pointe.ui.showing.you", n=0))
    expect(mine.locator(".stat.total .sr-only")).to_have_text(en("zero_pointe.ui.total_is.you", n=total))
    expect(page.locator(f'{MINE} .zcard.down[data-move^="turn "]')).to_have_count(12)


def test_reject_and_turn_by_tap(warm):
    page = _start(warm, "tap2", has_touch=True)
    _open_round(page, "tap")
    draw = page.locator('[data-pile="draw"]')
    with _rerendered(page):
        draw.tap()
    drawn = page.locator('[data-pile="drawn"][data-drag="drawn"]')
    card = drawn.get_attribute("data-card")
    assert CARD_ID.match(card)
    discard = page.locator('[data-pile="discard"]')
    expect(discard).not_to_have_attribute("data-card", card)

    drawn.tap()
    expect(drawn).to_have_class(HELD)
    expect(discard).to_have_attribute("data-legal", "")
    expect(page.locator(f"{MINE} [data-legal]")).to_have_count(12)  # or swap it into any slot
    with _rerendered(page):
        discard.tap()
    expect(discard).to_have_attribute("data-card", card)  # the rejected card tops the discard
    expect(discard).to_have_class(LAST)
    expect(page.locator(".last-played")).to_have_count(1)
    expect(page.locator('[data-pile="drawn"]')).to_have_count(0)
    expect(draw).to_be_disabled()
    expect(page.locator("#status")).to_contain_text("Turn one of your face-down cards.")
    assert _state(page) == "human"

    target = page.locator(f'{MINE} .zcard.down[data-move^="turn "]').first
    key = target.get_attribute("data-slot")
    with _rerendered(page):
        target.tap()
    slot = page.locator(_slot(0, key))
    expect(slot).to_have_attribute("data-card", CARD_ID)
    expect(slot).not_to_have_class(re.compile(r"\bdown\b"))
    expect(page.locator(f"{MINE} [data-card]")).to_have_count(3)  # two from the opening, one now


def test_two_columns_of_three_one_removed_one_left(warm):
    page = _resume(warm, _save(TWO_COLUMNS))
    _computer_removed_its_column(page)
    expect(page.locator('.actions [data-move]')).to_have_count(0)
    assert _column(page, 0, 0) == ["5", "5", "down"]
    with _rerendered(page):
        _drag(page, page.locator('[data-pile="discard"]'), page.locator(f'{MINE} [data-drop="2,0"]'))

    # The first question: column 1 on screen (index 0), with its two answers; the card just
    # placed is marked.
    assert _column(page, 0, 0) == ["5", "5", "5"]
    expect(page.locator(_slot(0, "2,0"))).to_have_class(LAST)
    expect(page.locator(".last-played")).to_have_count(1)
    assert _snapshot(page)["buttons"] == ["remove 0", "leave 0"]
    expect(page.locator("#status")).to_contain_text("Three equal cards in column 1: remove them?")
    expect(page.locator('[data-pile="draw"]')).to_be_disabled()
    with _rerendered(page):
        page.click('.actions [data-move="remove 0"]')
    assert _column(page, 0, 0) == [None, None, None]
    expect(page.locator(f'{MINE} [data-drop$=",0"]')).to_have_count(0)  # no slot left to drop on
    expect(page.locator('[data-pile="discard"]')).to_have_attribute("aria-label", "card 5")
    expect(page.locator('[data-pile="discard"]')).to_have_class(LAST)  # the column went there

    # The second question, for the column of 7s: this one is left standing.
    assert _snapshot(page)["buttons"] == ["remove 1", "leave 1"]
    with _rerendered(page):
        page.click('.actions [data-move="leave 1"]')
    assert _column(page, 0, 1) == ["7", "7", "7"]
    assert _column(page, 0, 0) == [None, None, None]
    expect(page.locator('.actions [data-move^="leave"]')).to_have_count(0)


def test_always_remove_answers_the_column_question(warm):
    page = _resume(warm, _save(TWO_COLUMNS), {**PREFS, "always_remove": True})
    _computer_removed_its_column(page)
    expect(page.locator('[data-setting="always_remove"]')).to_be_checked()
    # Record any column question drawn from now on, even one redrawn away at once.
    page.evaluate("""() => {
        window.zpAsked = 0;
        new MutationObserver((records) => {
            for (const record of records) {
                for (const node of record.addedNodes) {
                    if (node.querySelectorAll?.('[data-move^="remove"], [data-move^="leave"]').length) {
                        window.zpAsked += 1;
                    }
                }
            }
        }).observe(document.body, {childList: true, subtree: true});
    }""")
    with _rerendered(page):
        _drag(page, page.locator('[data-pile="discard"]'), page.locator(f'{MINE} [data-drop="2,0"]'))
    assert _column(page, 0, 0) == [None, None, None]
    assert _column(page, 0, 1) == [None, None, None]
    assert page.evaluate("window.zpAsked") == 0


def test_a_reload_mid_round_resumes_the_same_table(page, base_url, open_app):
    seats = [{"kind": "human", "name": "Player 1"}, {"kind": "medium", "name": "Player 2"}]
    save = Match.new("zero-pointe", {}, "reload4", seats, think=think).dump()
    resume(page, base_url, open_app, save, PREFS, *SETTLED_STATES)
    _open_round(page)
    # One whole turn (so the grids are not the deal any more), then a card drawn and held back.
    with _rerendered(page):
        _drag(page, page.locator('[data-pile="discard"]'), page.locator(f'{MINE} [data-drop="2,3"]'))
    with _rerendered(page):
        page.click('[data-pile="draw"]')
    before = _snapshot(page)
    assert before["drawn"] is not None and before["drawn_draggable"]
    assert before["state"] == "human" and before["turn"] == "0"

    page.reload()  # straight back to the table, as it was
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    page.wait_for_selector(SETTLED, state="attached")
    after = _snapshot(page)
    assert after == before

    # And the turn goes on from there: the drawn card still goes into the grid.
    with _rerendered(page):
        _drag(page, page.locator('[data-pile="drawn"]'), page.locator(f'{MINE} [data-drop="0,1"]'))
    expect(page.locator(_slot(0, "0,1"))).to_have_attribute("data-card", before["drawn"])


def _phone_position() -> State:
    """Eight players a few turns in: every card face up but one per grid."""
    dealt = ZERO_POINTE.new_game({"players": 8}, "phone8")
    grids = tuple(tuple((card, i != 5) for i, (card, _) in enumerate(grid)) for grid in dealt.grids)
    state = replace(dealt, phase="turn", current=0, grids=grids, starter=0, start_sums=(0,) * 8)
    return ZERO_POINTE.from_json(ZERO_POINTE.to_json(state))


def test_eight_players_fit_a_phone(warm):
    page = _resume(warm, _save(_phone_position()), viewport={"width": 360, "height": 740},
                   is_mobile=True, has_touch=True, device_scale_factor=2)
    expect(page.locator("[data-grid]")).to_have_count(8)
    m = page.evaluate("""() => {
        const box = (n) => { const r = n.getBoundingClientRect();
            return {left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY}; };
        const root = document.documentElement;
        return {
            width: root.clientWidth, scroll: root.scrollWidth,
            grids: [...document.querySelectorAll("[data-grid]")].map((g) => ({
                seat: g.dataset.grid, small: !g.closest(".seat.mine"), ...box(g)})),
            nums: [...document.querySelectorAll("[data-grid] [data-card] .num")].map((n) => ({
                seat: n.closest("[data-grid]").dataset.grid, text: n.textContent,
                size: parseFloat(getComputedStyle(n).fontSize),
                visible: n.checkVisibility(),
                num: box(n), card: box(n.closest(".zcard"))})),
        };
    }""")
    assert m["width"] == 360
    assert m["scroll"] <= m["width"], f"horizontal scroll: {m['scroll']} px wide"
    grids = m["grids"]
    assert sorted(g["seat"] for g in grids) == [str(s) for s in range(8)]
    assert sum(g["small"] for g in grids) == 7
    for g in grids:
        assert 0 <= g["left"] and g["right"] <= 360, f"grid {g['seat']} leaves the screen: {g}"
    for i, a in enumerate(grids):
        for b in grids[i + 1:]:
            apart = (a["right"] <= b["left"] or b["right"] <= a["left"]
                     or a["bottom"] <= b["top"] or b["bottom"] <= a["top"])
            assert apart, f"grids {a['seat']} and {b['seat']} overlap: {a} {b}"
    nums = m["nums"]
    assert len(nums) == 8 * 11
    texts = {n["text"] for n in nums}
    assert any(len(t.lstrip("\u2212")) == 2 for t in texts) and any(t.startswith("\u2212") for t in texts)
    for n in nums:
        assert n["visible"]
        assert n["size"] >= 9, f"seat {n['seat']}: a {n['text']} printed at {n['size']} px"
        num, card = n["num"], n["card"]
        inside = (num["left"] >= card["left"] - 0.5 and num["right"] <= card["right"] + 0.5
                  and num["top"] >= card["top"] - 0.5 and num["bottom"] <= card["bottom"] + 0.5)
        assert inside, f"seat {n['seat']}: the {n['text']} does not fit its card: {n}"


def _tab_to(page, selector: str):
    """Press Tab until the focus is on an element matching selector, as a keyboard player would."""
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_a_turn_by_keyboard_only(warm):
    page = _start(warm, "keys")
    for key in ("0,0", "1,2"):  # the opening: Tab to a face-down card, Enter turns it
        with _rerendered(page):
            _tab_to(page, f'{MINE} [data-slot="{key}"][data-move]')
            page.keyboard.press("Enter")
        expect(page.locator(_slot(0, key))).to_have_attribute("data-card", CARD_ID)
    top = page.get_attribute('[data-pile="discard"]', "data-card")
    _tab_to(page, '[data-pile="discard"][data-drag]')
    page.keyboard.press("Enter")  # picks the discard up: the slots light up, the first has focus
    expect(page.locator(f"{MINE} [data-legal]")).to_have_count(12)
    first = page.evaluate("document.activeElement.dataset.drop")
    page.keyboard.press("ArrowRight")
    target = page.evaluate("document.activeElement.dataset.drop")
    assert target != first and target.split(",")[0] == first.split(",")[0]  # one slot along
    with _rerendered(page):
        page.keyboard.press("Enter")
    expect(page.locator(f'{MINE} [data-slot="{target}"]')).to_have_attribute("data-card", top)


def test_undo_takes_back_a_move_that_showed_nothing(warm):
    """Hot-seat: seat 0 takes the discard onto a face-up card (nothing hidden comes to light),
    then takes it back; a draw shows a new card, and then undo is refused."""
    state = _position("7 ? ? ?  ? ? ? ?  ? ? ? ?", "? ? ? ?  ? ? ? ?  ? ? ? ?", discard=(2,))
    save = _save(state)
    save["seats"][1]["kind"] = "human"
    page = _resume(warm, save)
    undo = page.locator("#undo")
    expect(undo).to_be_hidden()  # nothing played yet: nothing to take back
    with _rerendered(page):
        _drag(page, page.locator('[data-pile="discard"]'), page.locator(f'{MINE} [data-drop="0,0"]'))
    expect(page.locator('[data-pile="discard"]')).to_have_attribute("aria-label", "card 7")
    expect(undo).to_be_visible()
    said = page.text_content(".movelog li.latest")
    expect(undo).to_have_attribute("aria-label", en("undo.what", move=said))  # it says what goes back
    with _rerendered(page):
        undo.click()
    assert notice(page) == en("undo.done", move=said)
    expect(page.locator(_slot(0, "0,0"))).to_contain_text("7")
    expect(page.locator('[data-pile="discard"]')).to_have_attribute("aria-label", "card 2")
    assert json.loads(page.evaluate("localStorage.getItem('tapis.save.zero-pointe')"))["moves"] == []
    with _rerendered(page):
        page.locator('[data-pile="draw"]').click()
    expect(undo).to_be_hidden()  # the drawn card is news: no taking back
