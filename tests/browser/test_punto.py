"""Punto through the real page, played like a person: mouse drag and drop, tap, keyboard,
reloads (offline too: test_startup.py, in the return visit's page), a phone, a site served from a
sub-path.

Every match is seeded (the same deal each run) with computers on the fast speed; a test waits
for the page's own state marker, never a fixed delay. A test opens a warm page (tests/browser/warm.py)
on its storage and link, but for a reload's and a sub-path's, which start pages of their own."""
import json
import random

import pytest

from ai import think
from games.punto.cards import card_value
from helpers import (
    HAND, cell_selector, drag_card, en, expect_redraw, hand_card, lit_cells, notice, press,
    read_board, reload, start_from_form, start_punto, still, storage, stored_moves, table_facts, tap_card,
    use_prefs, wait_state, watched_board,
)
from match import Match

NAMES = [en("seat.default", n=1), en("seat.default", n=2)]
TURN = ("human", "round-end", "over")
PREFS = {"speed": "fast", "lang": "en"}


def _column(cell: str) -> int:
    return int(cell.split(",")[0])


def _rightmost(cells: list) -> str:
    return max(cells, key=_column)


@pytest.fixture
def context(context):
    use_prefs(context, speed="fast", lang="en")
    return context


def _open(warm, address: str, items=None, **options):
    """The warm page of a context made with ``options``, opened on ``items`` (fast computers and
    English by default) at ``address``."""
    page = warm.page(**options)
    return warm.open(page, items or {"tapis.prefs": json.dumps(PREFS)}, address)


def _start(warm, seed: str, prefs=PREFS):
    """A two-player Punto match from a link, with defaults (as helpers.start_punto), up to the
    human's first turn."""
    page = _open(warm, f"?game=punto&seed={seed}&start=1", {"tapis.prefs": json.dumps(prefs)})
    wait_state(page, "human")
    return page


def _seat_words(page, key: str, seat: int, **params) -> str:
    """``key`` about ``seat`` as the page words it: in the second person for the player's own
    seat ("You"), else with the seat's name."""
    name = page.text_content(f'.seat[data-seat="{seat}"] .seat-name')
    if name == en("seat.you"):
        return en(f"{key}.you", **params)
    return en(key, name=name, **params)


def test_a_whole_match_by_mouse_drag_and_drop(warm):
    page = _start(warm, "match")
    wins = [0, 0]
    rounds = 0
    for _ in range(400):  # a match is far shorter; the bound only stops a runaway loop
        state = wait_state(page, *TURN)
        if state in ("round-end", "over"):
            # A round's end has a dialog of its own; the last one is told in the match's end.
            rounds += 1
            titles = {_seat_words(page, "punto.ui.round_won", seat, round=rounds): seat for seat in (0, 1)}
            titles[en("punto.ui.round_draw", round=rounds)] = None
            title = page.text_content("#overlay .round-end h2" if state == "round-end"
                                      else "#overlay .match-end h3")
            assert title in titles, title
            if titles[title] is not None:
                wins[titles[title]] += 1
            if state == "over":
                break
            press(page, "round-seen")
            continue
        card = hand_card(page)
        target, lit = drag_card(page)
        assert target == lit[0]
        assert watched_board(page)[target] == card
    else:
        pytest.fail("the match never ended")
    winner = wins.index(max(wins))
    assert wins[winner] == 2 and sum(wins) <= 3
    name = page.text_content(f'.seat[data-seat="{winner}"] .seat-name')
    won = en("punto.match_won.you", n=1) if name == en("seat.you") else en("punto.match_won", names=name, n=1)
    assert page.text_content("#overlay .match-end h2") == won
    assert page.text_content('#overlay [data-action="rematch"]') == en("btn.rematch")
    press(page, "rematch")
    assert wait_state(page, "human") == "human"
    assert read_board(page) == {} and lit_cells(page) == []  # nothing held yet: a fresh match
    assert page.locator(".seat .stat.wins .sr-only").all_text_contents() == [
        _seat_words(page, "punto.ui.wins", seat, n=0) for seat in (0, 1)]


def test_hot_seat_turn_by_tap_to_place(warm):
    """Punto hides nothing from one player that another may see (the decks' order is hidden
    from all), so hot-seat play needs no pass-the-device screen: the status names the player."""
    page = _open(warm, "?game=punto&seed=hot")
    start_from_form(page, kinds=[None, "human"])
    assert wait_state(page, "human") == "human"
    assert NAMES[0] in page.text_content(".status")
    card = hand_card(page)
    page.click(HAND)
    assert lit_cells(page) == ["0,0"]  # the first card of a round goes in the middle
    expect_redraw(page)
    page.click(cell_selector("0,0"))
    assert wait_state(page, "human") == "human"
    assert read_board(page) == {"0,0": card}
    assert NAMES[1] in page.text_content(".status")
    assert page.locator("#overlay .gate").count() == 0


def _next_human_turn(page, check=None):
    """Wait for the human's next turn, going past the end of a round; ``check(page)`` must
    hold on every screen on the way (the round-end board too)."""
    while (state := wait_state(page, *TURN)) != "human":
        assert check is None or check(page)
        assert state == "round-end", "the match ended first"
        press(page, "round-seen")
    assert check is None or check(page)


def _tab_to_card(page):
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches('{HAND}')"):
            return
    pytest.fail("Tab never reached the turned card")


def _focused_cell(page):
    return page.evaluate("document.activeElement.dataset.cell || null")


def test_placements_by_keyboard_only(warm):
    page = _start(warm, "keys")
    card = hand_card(page)
    _tab_to_card(page)
    page.keyboard.press("Enter")
    assert _focused_cell(page) == "0,0"
    expect_redraw(page)
    page.keyboard.press("Enter")
    assert watched_board(page) == {"0,0": card}
    wait_state(page, "human")

    # Second turn: the arrows walk the lit cells; Enter places on the focused one.
    card = hand_card(page)
    _tab_to_card(page)
    page.keyboard.press("Enter")
    lit = lit_cells(page)
    start = _focused_cell(page)
    assert start == lit[0] and len(lit) > 1
    page.keyboard.press("ArrowRight")
    chosen = _focused_cell(page)
    assert chosen in lit and _column(chosen) > _column(start)
    expect_redraw(page)
    page.keyboard.press("Enter")
    assert watched_board(page)[chosen] == card


def test_an_illegal_drop_snaps_back_and_says_why(warm):
    page = _start(warm, "crush")
    for _ in range(20):
        card = hand_card(page)
        value = card_value(card)
        board = read_board(page)
        blocked = [cell for cell, top in board.items() if card_value(top) >= value]
        if blocked:
            break
        drag_card(page)
        _next_human_turn(page)
    else:
        pytest.fail("no occupied cell with a card as high as the turned one came up")
    cell = blocked[0]
    above = card_value(board[cell])
    target, lit = drag_card(page, to=cell)
    assert cell not in lit
    code = "punto.err.equal_value" if above == value else "punto.err.not_lower"
    assert notice(page) == en(code, move=cell, value=value)
    assert page.get_attribute("html", "data-state") == "human"
    assert hand_card(page) == card
    assert page.locator(HAND).get_attribute("style") in (None, "")  # back in its place
    page.wait_for_function(f"!document.querySelector('{HAND}').classList.contains('snap')")
    assert read_board(page) == board
    assert lit_cells(page) == []
    # The reason does not block the turn: the same card still goes onto a lit cell.
    target, lit = drag_card(page)
    assert watched_board(page)[target] == card


def _play_turns(page, count):
    for _ in range(count):
        tap_card(page)
        wait_state(page, "human")


def _reload_and_resume(page):
    """Reload: the page goes straight back to the table it was showing, asking nothing."""
    reload(page)
    assert page.locator("#overlay").is_hidden()  # nothing asks to replace the match
    wait_state(page, "human")


def test_a_reload_mid_game_resumes_identically(page, base_url, open_app):
    start_punto(open_app, page, base_url, seed="reload")
    _play_turns(page, 3)
    before = table_facts(page)
    assert len(before["board"]) >= 3
    _reload_and_resume(page)
    assert table_facts(page) == before
    # And it plays on from there.
    target, _ = tap_card(page)
    assert watched_board(page)[target] == before["card"]


# The board as drawn, less what motion and the latest move's outline add for a moment.
DRAWN_BOARD_JS = """() => {
    const board = document.getElementById('board').cloneNode(true);
    for (const node of board.querySelectorAll('*')) {
        node.classList.remove('last-played', 'arrive', 'moved', 'flying');
        if (node.dataset.card) node.removeAttribute('style');
    }
    return board.outerHTML;
}"""


BOARD_SHAPE_JS = "() => document.getElementById('board').cloneNode(false).outerHTML"


def test_moves_redraw_the_board_in_place_as_a_fresh_drawing_would(warm):
    """A move changes a few cells: the cards elsewhere keep their nodes (the browser then
    restyles and lays out only what changed), and after many such moves the board is still
    exactly what the page draws afresh from the save (opened again on it, then Continue)."""
    page = _start(warm, "in-place")
    kept_turns = 0
    for _ in range(7):  # the round ends after 8 turns
        # Cards still marked by a glide (the board grew) are drawn afresh, on purpose; the last
        # move's motion is let end first (on a loaded machine it outlasted the turn's start).
        still(page)
        marked = page.evaluate("""() => [...document.querySelectorAll('#board [data-card]')]
            .filter((n) => !n.classList.contains('moved') && !n.classList.contains('arrive'))
            .map((n) => { n.__old = true; }).length""")
        shape = page.evaluate(BOARD_SHAPE_JS)
        tap_card(page)
        wait_state(page, "human")
        kept = page.evaluate("() => [...document.querySelectorAll('#board [data-card]')].filter((n) => n.__old).length")
        if page.evaluate(BOARD_SHAPE_JS) == shape and marked >= 5:
            # Two cards placed, the outline moved: at most four cells of the board changed.
            assert kept >= marked - 4, (kept, marked)
            kept_turns += 1
    assert kept_turns >= 1  # a turn where the board kept its size and its words: seen in place
    drawn = page.evaluate(DRAWN_BOARD_JS)
    warm.open(page, storage(page))
    press(page, "continue")
    wait_state(page, "human")
    assert page.evaluate(DRAWN_BOARD_JS) == drawn


def _fits_width(page) -> bool:
    return page.evaluate("""() => {
        const root = document.documentElement;
        const board = document.getElementById('board').getBoundingClientRect();
        return root.scrollWidth <= root.clientWidth && board.left >= 0
            && board.right <= root.clientWidth;
    }""")


def _shown_columns(page) -> int:
    return int(page.evaluate("document.getElementById('board').style.getPropertyValue('--cols')"))


def _wide_match() -> dict:
    """A saved match, human to move, five columns in use: with a lit column on each side the
    board is seven cells wide, the widest it gets. Built by legal play (spreading to the right
    while fewer than five columns are used, then inside them), whatever the computer would do."""
    seats = [{"kind": "human", "name": NAMES[0]}, {"kind": "medium", "name": NAMES[1]}]
    session = Match.new("punto", {}, "phone", seats, think=think)
    while True:
        columns = {cell["x"] for cell in session.view(0)["board"]}
        if len(columns) == 5 and session.to_move == 0:
            return session.dump()
        moves = session.legal_moves()
        if len(columns) < 5:
            session.play(_rightmost(moves))
        else:
            session.play(next(move for move in moves if _column(move) in columns))
        assert session.view(0)["round"] == 1, "the deal ended its round before five columns"


def test_a_phone_places_by_tapping_and_the_board_fits(warm):
    page = _open(warm, "", {"tapis.save.punto": json.dumps(_wide_match()), "tapis.prefs": json.dumps(PREFS)},
                 viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page.tap('[data-action="continue"]')
    wait_state(page, "human")
    assert _shown_columns(page) == 7
    assert _fits_width(page)
    card = hand_card(page)
    target, _ = tap_card(page, choose=_rightmost, touch=True)
    assert watched_board(page)[target] == card
    _next_human_turn(page, check=_fits_width)


def _round_won_next() -> tuple[dict, str]:
    """A saved match (lines of four), the human to move with a card that wins the round by a
    line, and that move: found by random legal play from fixed seeds."""
    seats = [{"kind": "human", "name": NAMES[0]}, {"kind": "easy", "name": NAMES[1]}]
    for attempt in range(50):
        session = Match.new("punto", {"line_two": 4}, f"line{attempt}", seats, think=think)
        rng = random.Random(attempt)
        while session.rounds_done == 0:
            if session.to_move == 0:
                for move in session.legal_moves():
                    after = session.game.play(session.state, move)
                    if session.game.rounds_done(after) and after.last_round["result"] == "line":
                        return session.dump(), move
            session.play(rng.choice(session.legal_moves()))
    pytest.fail("no seed let the human win a round by a line")


FINISHED_JS = """() => ({
    dealt: !!document.querySelector('.table.dealing'),
    lit: [...document.querySelectorAll('#board .pcard.win')].map((n) => n.closest('[data-cell]').dataset.cell),
    badges: [...document.querySelectorAll('#board .depth')].filter((n) => !n.previousElementSibling).length,
})"""


def test_the_finished_board_stays_in_place_at_the_round_end(warm):
    """The winning card glides onto the board as the round ends: the table is not dealt again,
    every card stays in its cell while the round's dialog opens, the winning line is lit."""
    save, move = _round_won_next()
    page = _open(warm, "", {"tapis.save.punto": json.dumps(save), "tapis.prefs": json.dumps(PREFS)})
    page.click('[data-action="continue"]')
    wait_state(page, "human")
    board, card = read_board(page), hand_card(page)
    tap_card(page, to=move)
    assert watched_board(page) == {**board, move: card}  # the first drawing after the move
    assert wait_state(page, "round-end") == "round-end"
    page.wait_for_selector("#overlay .round-end", state="visible")
    assert read_board(page) == {**board, move: card}
    facts = page.evaluate(FINISHED_JS)
    assert not facts["dealt"] and facts["badges"] == 0
    line = Match.load(save, think)
    line.play(move)
    assert facts["lit"] == [f"{x},{y}" for x, y in line.view(0)["last_round"]["won_cells"]]
    press(page, "round-seen")
    assert wait_state(page, "human", "computer") in ("human", "computer")
    assert len(read_board(page)) <= 1  # the next round is dealt: its first card at most


def test_a_site_served_from_a_sub_path_plays(page, subpath_url, open_app):
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    start_punto(open_app, page, subpath_url, seed="sub")
    outside = [url for url in asked if url.startswith("http") and not url.startswith(subpath_url)]
    assert outside == []  # every file comes from under /tapis/
    card = hand_card(page)
    target, _ = tap_card(page)
    assert target == "0,0"
    assert watched_board(page) == {"0,0": card}
    assert wait_state(page, "human") == "human"


def _plies(page) -> int:
    """Moves played so far, as the saved match records them."""
    return stored_moves(page, "punto")


def test_switching_language_while_a_computer_thinks_plays_its_move_once(warm):
    """A redraw during a computer's pause must not leave a second computer turn scheduled."""
    page = _start(warm, "lang-switch", {"speed": "normal", "lang": "en"})
    tap_card(page)
    assert wait_state(page, "computer") == "computer"
    page.click('[data-action="menu"]')  # during the computer's 600 ms pause: at a table the
    page.select_option('#overlay select[data-setting="lang"]', "fr")  # language is in the menu
    assert wait_state(page, "human") == "human"
    assert page.get_attribute("html", "lang") == "fr"
    assert _plies(page) == 2  # the human's move and the computer's, once
    # Another whole exchange, long enough for a stray second turn to have fired (it would
    # play out of turn, or fail with a traceback the guard reports).
    tap_card(page)
    assert wait_state(page, "human") == "human"
    assert _plies(page) == 4


def test_every_card_shows_its_own_value_and_name(warm):
    """Cards of one colour and value are copies of one drawing: each keeps its own id and
    name, and shows as many dots as its value (as on the real cards, no figure), wherever it
    lies."""
    page = _start(warm, "faces")
    for _ in range(6):
        wait_state(page, "human")
        tap_card(page)
    wait_state(page, "human")
    cards = page.eval_on_selector_all("#screen [data-card]", """nodes => nodes.map(n => [
        n.dataset.card, n.querySelectorAll('.pip').length, n.getAttribute('aria-label'), n.className])""")
    assert len(cards) >= 7  # the player's six, the computer's, the turned card
    assert len({card for card, *_ in cards}) == len(cards)
    for card, pips, label, cls in cards:
        value = card_value(card)
        assert pips == value, card
        assert str(value) in label and f"c-{card[0]}" in cls.split(), card
