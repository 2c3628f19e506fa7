"""The finger always wins: by real touch on a phone (tests/browser/touch.py), nothing that moves
or has moved covers what the player may touch, a tap's click does nothing more on the screen it
brings, a tap or a drag made as the turn comes does what the finger meant, and a card in flight
lands in the layout of a window resized on its way.

Every position is a match made in CPython (the computers choose there as the page does, from the
same seed and moves), saved, and resumed by the home's Continue: each test reaches its moment in
a few moves, at the "normal" speed, the one that shows every motion."""
import json
import random

import pytest
from playwright.sync_api import Error as PlaywrightError

from ai import think
from helpers import STORED, put_storage, still, wait_state
from match import Match
from touch import LANDSCAPE, PHONE, Finger, covered, watch_cover

PREFS = {"speed": "normal", "lang": "en"}
MOVES = f"() => JSON.parse(({STORED})()).moves"  # the only match stored
# The centre of the first element of a selector that is in sight and still, or null.
REST = """(selector) => {
    const n = [...document.querySelectorAll(selector)].find((n) => n.checkVisibility({opacityProperty: true})
        && !n.getAnimations({subtree: true}).some((a) => a.playState === 'running'));
    const box = n?.getBoundingClientRect();
    return n ? [box.left + box.width / 2, box.top + box.height / 2] : null;
}"""


# --- positions, made in CPython ---------------------------------------------------------------

def _match(game_id: str, kinds: list, until, seed: str, options=None) -> Match:
    """A match of ``kinds`` seats (the humans' moves at random, the computers' their own) played
    from ``seed`` until ``until(match)`` holds."""
    for attempt in range(300):
        match = Match.new(game_id, {"players": len(kinds), **(options or {})}, f"{seed}{attempt}",
                          [{"kind": kind, "name": ""} for kind in kinds], think=think)
        rng = random.Random(f"{seed}{attempt}")
        while not until(match):
            if match.over:
                break
            human = match.seats[match.to_move]["kind"] == "human"
            match.play(rng.choice(match.legal_moves()) if human else match.computer_move())
        else:
            return match
    raise AssertionError(f"{game_id}: no match from {seed} reached the position")


def _computers(match: Match) -> tuple[list, Match]:
    """The moves the computers make from ``match`` until a human is to move (or the round or
    the match ends), and the match then (a copy)."""
    after = Match.load(match.dump(), think)
    moves = []
    while not after.over and after.rounds_done == match.rounds_done and not after.is_human(after.to_move):
        moves.append(after.computer_move())
        after.play(moves[-1])
    return moves, after


def _kinds(moves: list) -> list:
    return [move.split()[0] for move in moves]


def _comes_back(match: Match, kinds: list) -> bool:
    """The computers are to move and, with the moves ``kinds`` name, hand the turn back to the
    first human in the same round."""
    if match.is_human(match.to_move) or match.rounds_done:
        return False
    moves, after = _computers(match)
    return _kinds(moves) == kinds and after.to_move == 0 and not after.rounds_done


def punto_flight() -> Match:
    """Punto: the computer's turned card flies to the board; the player's arrives."""
    return _match("punto", ["human", "easy"], lambda m: len(m.moves) >= 6 and not m.is_human(m.to_move)
                  and not m.rounds_done, "flight")


def zero_pointe_flights() -> Match:
    """Zéro Pointé, 3 players: one computer takes the discard (it flies to its grid), the next
    draws and keeps (the drawn card flies, and the card it replaces glides onto the discard pile,
    over the draw pile in landscape), then the player may draw."""
    return _match("zero-pointe", ["human", "easy", "easy"],
                  lambda m: _comes_back(m, ["take", "draw", "keep"]) and "draw" in _computers(m)[1].legal_moves(),
                  "flights")


def zero_pointe_reject() -> Match:
    """Zéro Pointé: the computer draws, rejects (the card flies to the discard) and turns a card."""
    return _match("zero-pointe", ["human", "easy"], lambda m: _comes_back(m, ["draw", "reject", "turn"]), "reject")


def punttu_sweep() -> Match:
    """Punttu, 3 players: the computers play (their cards fly to the trick), the player takes
    the trick and leads: the trick sweeps to the player, everyone draws from the stock, the
    player's new card turns up, at the start of the player's turn."""
    def until(m):
        if m.to_move != 1 or m.rounds_done or len(m.view(1)["trick"]) != 1 or m.view(1)["stock_size"] < 3:
            return False
        moves, after = _computers(m)
        taken = after.view(0)["just_taken"]
        return len(moves) == 2 and taken is not None and taken["winner"] == 0
    return _match("punttu", ["human", "easy", "easy"], until, "sweep")


def punttu_hot_seat() -> Match:
    """Punttu, two players at one phone: the player on turn can take the trick with their card
    and lead again (the sweep and the draws come at the start of their next turn)."""
    def until(m):
        return (not m.rounds_done and len(m.view(m.to_move)["trick"]) == 1 and m.view(m.to_move)["stock_size"] >= 4
                and _winning(m) is not None)
    return _match("punttu", ["human", "human"], until, "hot")


def _winning(match: Match) -> str | None:
    """The move that takes the trick and leads again, if there is one."""
    for move in match.legal_moves():
        after = Match.load(match.dump())
        after.play(move)
        if after.to_move == match.to_move:
            return move
    return None


def neuf_vies_flyers() -> Match:
    """Neuf vies, 3 players: a computer's card flies from its seat to a column, another's to
    the discard pile."""
    def until(m):
        if m.to_move != 1:
            return False
        moves, after = _computers(m)
        return {"place", "discard"} <= set(_kinds(moves)) and after.to_move == 0
    return _match("neuf-vies", ["human", "easy", "easy"], until, "flyers")


def punttu_deal() -> Match:
    """Punttu, a match to points: a deal just ended, unseen; "Next deal" deals the next one."""
    match = _match("punttu", ["human", "easy"], lambda m: m.rounds_done == 1, "deal", {"match": "to_points"})
    match.seen_rounds = 0
    return match


def match_end() -> Match:
    """Punto, won by the player: the match's end, its confetti and its dialog."""
    match = _match("punto", ["human", "easy"], lambda m: m.over and 0 in m.game.outcome(m.state)["winners"], "won")
    match.seen_rounds = match.rounds_done - 1
    return match


# --- the page -----------------------------------------------------------------------------------

def _items(match: Match | None) -> dict:
    """The storage of a phone with the match saved (and the speed that shows every motion)."""
    saved = {f"tapis.save.{match.game.id}": json.dumps(match.dump())} if match is not None else {}
    return {**saved, "tapis.prefs": json.dumps(PREFS)}


def _phone(size: dict) -> dict:
    """A phone's context options, at ``size``."""
    return {"locale": "en-US", "viewport": size, "has_touch": True, "is_mobile": True}


def _open(warm, match: Match | None, size=PHONE):
    """A phone's warm page (tests/browser/warm.py) with the match saved, at its home screen
    (Continue not yet tapped)."""
    page = warm.open(warm.page(**_phone(size)), _items(match))
    return page, Finger(page)


def _open_cold(new_context, base_url, open_app, match: Match, size: dict):
    """A phone of its own, started cold, with the match saved, at its home screen: for a test
    that holds the page's clock (Playwright's clock stays installed in its context)."""
    page = new_context(**_phone(size)).new_page()
    put_storage(page, base_url, _items(match))
    open_app(page, base_url)
    return page, Finger(page)


def _hold_a_card(page, finger):
    """Once the player's turn has come: a card picked up by a tap as soon as one lies still
    (its legal places lit, targets of their own)."""
    assert wait_state(page, "human") == "human"
    finger.tap_at(*_still(page, "#screen [data-drag]"))
    page.wait_for_selector("[data-legal]", state="attached")


def _still(page, selector: str) -> tuple:
    """The centre of the first of ``selector`` in sight and at rest, once there is one."""
    return tuple(page.wait_for_function(REST, arg=selector, polling="raf").json_value())


HELD = "document.querySelector('[data-legal]')"  # the watch goes on until a card is held


SCENES = {
    "punto, a computer's card flying": (punto_flight, PHONE),
    "zero-pointe, flights and a glide over the draw pile": (zero_pointe_flights, LANDSCAPE),
    "zero-pointe, a rejected card flying": (zero_pointe_reject, PHONE),
    "punttu, cards flying, the trick swept, the stock drawn": (punttu_sweep, PHONE),
    "neuf-vies, flyers to a column and the discard": (neuf_vies_flyers, PHONE),
}


@pytest.mark.parametrize("scene", SCENES)
def test_nothing_covers_a_live_target_after_a_computers_move(scene, warm):
    make, size = SCENES[scene]
    page, finger = _open(warm, make(), size)
    watch_cover(page, HELD)
    finger.tap('[data-action="continue"]')
    _hold_a_card(page, finger)
    assert covered(page) == []


def test_nothing_covers_a_live_target_after_a_trick_taken_in_hot_seat(warm):
    match = punttu_hot_seat()
    card = _winning(match).split()[-1]
    page, finger = _open(warm, match)
    finger.tap('[data-action="continue"]')
    assert wait_state(page, "gate") == "gate"
    finger.tap('#overlay[open] [data-action="gate"]')
    assert wait_state(page, "human") == "human"
    still(page)
    watch_cover(page, f"({MOVES})().length > {len(match.moves)} && {HELD}")
    finger.drag(f'#hand [data-card="{card}"]', "#trick")
    _hold_a_card(page, finger)
    assert covered(page) == []


def test_nothing_covers_a_live_target_after_a_deal(warm):
    page, finger = _open(warm, punttu_deal())
    finger.tap('[data-action="continue"]')
    assert wait_state(page, "round-end") == "round-end"
    watch_cover(page, "['human', 'computer'].includes(document.documentElement.dataset.state)")
    finger.tap('#overlay[open] [data-action="round-seen"]')
    assert covered(page) == []


def test_nothing_covers_the_buttons_of_a_match_end(warm):
    page, finger = _open(warm, match_end())
    watch_cover(page, "document.querySelector('dialog:modal')")
    finger.tap('[data-action="continue"]')
    assert wait_state(page, "over") == "over"
    assert page.locator(".celebrate").count() == 1
    assert covered(page) == []


# --- a tap's click --------------------------------------------------------------------------------

FRAMES = "(n) => new Promise((done) => { const f = () => --n < 0 ? done() : requestAnimationFrame(f); f(); })"
CONTROLS = """() => [...document.querySelectorAll('#screen a[href], #screen button')].map((n) => {
    const box = n.getBoundingClientRect();
    return [n.tagName, box.left, box.top, box.right, box.bottom];
})"""


def test_home_on_a_match_end_takes_no_link_or_button_of_the_home_screen(warm):
    """The result's Home acts when the finger lifts; the browser's click that follows lands on
    the home screen drawn meanwhile, on a link or a button under the same point: it does
    nothing there (a rules page was opened)."""
    # Home's place and the home screen's controls depend on the size: the first of these sizes
    # where one lies under the other is taken (the window resized, not the page reloaded): phones
    # whose browser's bars leave less or more of the screen to the page.
    sizes = [{"width": width, "height": height} for width in (360, 320, 390) for height in range(640, 440, -40)]
    page, _ = _open(warm, None)  # home as it will be, the match over: no Continue
    controls = []
    for size in sizes:
        page.set_viewport_size(size)
        controls.append(page.evaluate(CONTROLS))
    page, finger = _open(warm, match_end())  # (at the phone's own size again)
    finger.tap('[data-action="continue"]')
    assert wait_state(page, "over") == "over"
    for size, seen in zip(sizes, controls):
        page.set_viewport_size(size)
        page.evaluate(FRAMES, 2)
        box = page.locator('#overlay[open] [data-action="home"]').bounding_box()
        # A point of Home over a control of the home screen, a link first (as the rules link was).
        spots = [((max(left, box["x"]) + min(right, box["x"] + box["width"])) / 2,
                  (max(top, box["y"]) + min(bottom, box["y"] + box["height"])) / 2, tag)
                 for tag, left, top, right, bottom in seen
                 if left + 4 < box["x"] + box["width"] and box["x"] + 4 < right
                 and top + 4 < box["y"] + box["height"] and box["y"] + 4 < bottom]
        if spots:
            break
    assert spots, "no link or button of the home screen lies under the result's Home at these sizes"
    x, y, _ = sorted(spots, key=lambda spot: spot[2] != "A")[0]
    address, left = page.url, []

    def navigated(frame):
        if frame == page.main_frame:
            left.append(frame.url)

    page.on("framenavigated", navigated)
    finger.tap_at(x, y)
    # The tap's click comes within a frame or two of the finger's lift; 30 frames are given to it.
    try:
        page.evaluate(FRAMES, 30)
    except PlaywrightError:  # the page was left meanwhile
        pass
    page.remove_listener("framenavigated", navigated)  # the warm page serves other tests
    assert left == [] and page.url == address, f"the tap's click followed a link of the home screen: {page.url}"
    assert page.locator("#screen > .home").count() == 1
    assert page.get_attribute("html", "data-state") is None  # no new game's form, no table
    under = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('a, button')?.tagName", [x, y])
    assert under in ("A", "BUTTON"), "the test taps where a control of the home screen lies"


def test_a_tap_whose_screen_comes_slowly_takes_nothing_of_that_screen(warm):
    """A tap on a game's New game draws its form while the finger lifts, the lesson's offer where
    the finger was; on a slow phone (the page's processor a twentieth of its speed) drawing it takes
    over a second: the tap's click must still do nothing there (it once said "No thanks" to the
    lesson). The click comes after the form (the touch's own element went with the home screen)."""
    page, finger = _open(warm, None)
    slow = page.context.new_cdp_session(page)
    slow.send("Emulation.setCPUThrottlingRate", {"rate": 20})
    try:
        finger.tap('[data-action="new"][data-game="punto"]')
        page.wait_for_selector("form.newgame")
        page.evaluate(FRAMES, 30)  # the tap's click comes within a frame or two
    finally:  # the warm page serves other tests: its processor at full speed again
        slow.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        slow.detach()
    assert page.locator('.lesson-offer [data-action="lesson"]').count() == 1
    assert page.get_attribute("html", "data-state") is None  # no lesson started
    assert "lessons" not in json.loads(page.evaluate("localStorage.getItem('tapis.prefs')"))


# --- a tap or a drag as the turn comes ----------------------------------------------------------------

def _moves(page) -> list:
    return page.evaluate(MOVES)


def test_a_tap_on_the_draw_pile_as_a_discarded_card_glides_over_it_draws(warm):
    """Landscape: the card a computer's keep sends to the discard pile glides over the draw pile
    as the player's turn begins; a tap on the draw pile then draws (it took the discard). The
    page's motion runs at a quarter of its speed (the DevTools protocol's playback rate), so that
    the tap comes while the card is over the pile."""
    match = zero_pointe_flights()
    page, finger = _open(warm, match, LANDSCAPE)
    slow = page.context.new_cdp_session(page)
    slow.send("Animation.setPlaybackRate", {"playbackRate": 0.25})
    try:
        _tap_the_draw_pile_under_the_glide(page, finger, match)
    finally:  # the warm page serves other tests: its motion at its own speed again
        slow.send("Animation.setPlaybackRate", {"playbackRate": 1})
        slow.detach()


def _tap_the_draw_pile_under_the_glide(page, finger, match: Match):
    finger.tap('[data-action="continue"]')
    x, y = page.wait_for_function("""() => {
        const pile = document.querySelector('[data-pile="draw"][data-action]');
        const glide = document.querySelector('[data-pile="discard"].moved');
        if (!pile || !glide) return null;
        const p = pile.getBoundingClientRect(), g = glide.getBoundingClientRect();
        const x = p.left + p.width / 2, y = p.top + p.height / 2;
        return g.left < x && x < g.right && g.top < y && y < g.bottom ? [x, y] : null;
    }""", polling="raf").json_value()
    played = len(_computers(match)[1].moves)
    finger.tap_at(x, y)
    page.wait_for_function(f"() => ({MOVES})().length > {played} || document.querySelector('.held')")
    assert _moves(page)[played:] == ["draw"], "the tap on the draw pile took the discard"


# A place to drop on once the turn has come, from the position then, and the move that makes.
DRAGS = {
    "punto at 320 × 568, the turned card arriving where the computer's flew from": (
        punto_flight, {"width": 320, "height": 568}, "#turned",
        lambda after, card: (f'[data-cell="{after.legal_moves()[0]}"]', after.legal_moves()[0])),
    "punttu in landscape, the hand drawn anew and gliding as a drawn card joins it": (
        punttu_sweep, LANDSCAPE, "#hand [data-card]", lambda after, card: ("#trick", f"play {card}")),
}


@pytest.mark.parametrize("scene", DRAGS)
def test_a_drag_begun_as_the_computers_card_flies_is_played_when_the_turn_comes(scene, new_context, base_url,
                                                                                open_app):
    """The finger goes down on a card of the player's while the last computer's card is still in
    flight, and moves to where it goes once the turn has come (the table drawn anew meanwhile):
    the move is played, not lost."""
    make, size, source, target = DRAGS[scene]
    match = make()
    computers, after = _computers(match)
    page, finger = _open_cold(new_context, base_url, open_app, match, size)
    # The page's clock is held (Playwright's clock: its timers wait, its motion goes on), so that
    # the finger goes down while the card is in flight, however loaded the machine.
    page.clock.install()
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    finger.tap('[data-action="continue"]')
    # The last computer's turn: the card pressed, where it lies before anything flies.
    last = len(match.moves) + len(computers) - 1
    turn = f"() => ({MOVES})().length >= {last} && document.documentElement.dataset.state === 'computer'"
    while not page.evaluate(turn):
        page.clock.run_for(20)
    x, y, card = page.wait_for_function(f"""() => {{
        const node = document.querySelector('{source}');
        if (!node || node.getAnimations({{subtree: true}}).length) return null;
        const box = node.getBoundingClientRect();
        return [box.left + box.width / 2, box.top + box.height / 2, node.dataset.card];
    }}""", polling="raf").json_value()
    while not page.locator(".flying").count():
        page.clock.run_for(20)  # the computer's thought and pause, up to its card's take-off
    finger.send("touchStart", x, y)
    assert page.get_attribute("html", "data-state") == "computer", "the finger goes down before the turn comes"
    page.clock.resume()
    page.wait_for_function("() => document.documentElement.dataset.state === 'human'", polling="raf")
    drop, move = target(after, card)
    x1, y1 = finger.centre(drop)
    for step in range(1, 7):
        finger.send("touchMove", x + (x1 - x) * step / 6, y + (y1 - y) * step / 6)
    finger.send("touchEnd")
    try:
        page.wait_for_function(f"() => ({MOVES})().length > {len(after.moves)}", timeout=3000)
    except PlaywrightError:
        pytest.fail("the drag was lost: no move was played")
    assert _moves(page)[len(after.moves)] == move


# --- a window resized mid-flight ------------------------------------------------------------------

def punttu_five() -> Match:
    """Punttu, 5 players: computers to move, a few cards into the deal."""
    return _match("punttu", ["human"] + ["easy"] * 4,
                  lambda m: len(m.moves) >= 6 and not m.is_human(m.to_move) and not m.rounds_done, "five")


# The page's width, the card in flight's box and its place's width in the trick.
FLIGHT = """() => {
    const card = document.querySelector('.pt-fly.flying');
    const box = card.getBoundingClientRect();
    const seat = card.closest('.seat').dataset.seat;
    const slot = document.querySelector(`#trick .pt-slot[data-seat="${seat}"] .pt-card`);
    return [document.documentElement.scrollWidth, box.left, box.right, box.width, slot.getBoundingClientRect().width];
}"""


def test_a_card_in_flight_when_the_window_shrinks_lands_in_the_new_layout(new_context, base_url, open_app):
    """A computer's card flies at 1280 × 800; the window becomes a phone's on its way (a phone
    turned, a window resized): the card stays on the screen, as wide as its place in the trick,
    and the page never scrolls sideways. The page's clock is held from the flight's start
    (Playwright's clock: its timers wait, its motion goes on), so that the card cannot land
    before the window has changed."""
    page = new_context(locale="en-US", viewport={"width": 1280, "height": 800}).new_page()
    put_storage(page, base_url, {"tapis.save.punttu": json.dumps(punttu_five().dump()),
                                 "tapis.prefs": json.dumps(PREFS)})
    open_app(page, base_url)
    page.clock.install()
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    page.click('[data-action="continue"]')
    while not page.locator(".pt-fly.flying").count():
        page.clock.run_for(20)  # the computer's thought and pause, up to its card's take-off
    page.evaluate("() => addEventListener('resize', () => { window.__resized = innerWidth; })")  # after the page's
    page.set_viewport_size(PHONE)
    page.wait_for_function(f"() => window.__resized === {PHONE['width']}")
    scroll_width, left, right, width, place = page.evaluate(FLIGHT)
    assert scroll_width <= PHONE["width"], f"the page is {scroll_width} px wide"
    assert 0 <= left and right <= PHONE["width"], f"the card in flight is at {left}..{right} px"
    assert abs(width - place) < 1, f"the card in flight is {width} px wide, its place {place} px"
    page.clock.resume()
    page.wait_for_function("() => !document.querySelector('.pt-fly')")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
