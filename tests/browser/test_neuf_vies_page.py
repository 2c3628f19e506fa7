"""Neuf vies in the real page, played like a person: a whole game against a computer by mouse
drag, an attack on a human in hot-seat that is countered then renewed, a nine-pair whose 9×2
card the player places (by keyboard), moves by real touch on a phone, six players on a phone,
another player's columns opened large by a tap, an attack to answer on a small phone, and a link
that starts a table.

Crafted positions are built in CPython with the rules tests' own builder and saved into
localStorage as a match's start; the home's "Continue" button resumes them. Computers play at
the "fast" speed; every wait is on a page state or a selector, never a sleep. Each test opens a
warm page (tests/browser/warm.py) on its storage and link."""
import json
import random
import re
import sys
from pathlib import Path

from playwright.sync_api import expect

from games.neuf_vies import GAME
import screens
from helpers import en, mark_screen, press, resume, still, stored, wait_state
from match import Match
from touch import PHONE, Finger

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "unit"))
from test_neuf_vies_positions import card, table  # noqa: E402  (the rules tests' builder)

from ai import think

PREFS = {"speed": "fast", "lang": "en"}
NAMES = ["Ana", "Ben", "Chloé", "Dmitri", "Eve", "Faustine"]
HAND = "#hand [data-drag]"
CARD_ID = re.compile(r"^(?:[rogb]\d|[sj])\.[a-z]\d?$")


# --- the page ----------------------------------------------------------------------------------

def _start(warm, seed: str):
    """A new match from a link (seat 0 human, seat 1 a medium computer) on the default warm page."""
    return warm.open(warm.page(), {"tapis.prefs": json.dumps(PREFS)}, f"?game=neuf-vies&seed={seed}&start=1")


def _resume(warm, save: dict, *states, **options) -> tuple:
    """A crafted match resumed by the home's Continue button on the warm page of a context made
    with ``options``: the page, and the first of ``states`` it shows."""
    page = warm.page(**options)
    return page, resume(page, "", None, save, PREFS, *states, warm=warm)


def _save(state, humans=(0,), seats=None) -> dict:
    seats = seats or [{"kind": "human" if i in humans else "medium", "name": NAMES[i]}
                      for i in range(state.players)]
    return {"format": 2, "game": "neuf-vies", "options": state.options, "seed": state.seed,
            "seats": seats, "moves": [], "seen_rounds": 0, "start": GAME.to_json(state)}


def _slot(seat: int, col: int) -> str:
    return f'[data-seat="{seat}"] [data-col="{col}"]'


def _column(page, seat: int, col: int) -> list:
    """The cards of a column on screen, bottom to top ("back" for an unturned 9×2)."""
    return page.eval_on_selector_all(f"{_slot(seat, col)} .nvcard", "ns => ns.map(n => n.dataset.card)")


def _centre(box) -> tuple:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _drag(page, source, choose=None):
    """Press on a hand card, move past the drag threshold (the legal targets light up), move to
    the lit target ``choose`` picks (the first by default) and release. Returns the lit keys."""
    still(page)
    x0, y0 = _centre(source.bounding_box())
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 8, y0 + 8)
    expect(source).to_have_class(re.compile(r"\bdragging\b"))
    lit = page.eval_on_selector_all("[data-legal]", "ns => ns.map(n => n.dataset.drop)")
    assert lit, "a draggable card has a legal target"
    target = page.locator(f'[data-drop="{(choose or (lambda keys: keys[0]))(lit)}"]')
    x1, y1 = _centre(target.bounding_box())
    page.mouse.move(x1, y1, steps=4)
    expect(target).to_have_class(re.compile(r"\bover\b"))
    mark_screen(page)
    page.mouse.up()
    return lit


def _hidden_cards(page, ids) -> list:
    """Which of these card ids are anywhere in the page."""
    return page.evaluate("(ids) => ids.filter(id => document.querySelector(`[data-card='${id}']`))", ids)


# --- 1. a whole game ---------------------------------------------------------------------------

def test_a_whole_game_against_a_computer_by_mouse_drag(warm):
    page = _start(warm, "whole")
    state = wait_state(page, "human", "computer")
    turns = 0
    while state != "over":
        if state == "computer":
            state = wait_state(page, "human", "over")
            continue
        answers = page.locator(".nv-actions [data-move]")
        puts = page.locator("[data-put]")
        if answers.count():
            mark_screen(page)
            answers.first.click()
        elif puts.count():
            mark_screen(page)
            puts.first.click()
        else:
            cards = page.locator(HAND)
            assert cards.count() >= 1
            ids = cards.evaluate_all("ns => ns.map(n => n.dataset.card)")
            assert all(CARD_ID.match(i) for i in ids), ids
            lit = _drag(page, cards.first)
            # Every lit target is a column, a slot or (only when nothing can be placed) the discard.
            assert all(re.fullmatch(r"\d\.\d|discard", key) for key in lit), lit
            assert ("discard" in lit) == all(key == "discard" for key in lit)
            turns += 1
        state = wait_state(page, "human", "computer", "over")
    assert turns >= 8
    # One game: its end in one dialog, why it ended, the standings, how each score is made.
    why = page.text_content("#status")
    assert why in page.text_content("#overlay .dialog")
    expect(page.locator("#overlay .nv-sums li")).to_have_count(2)
    # Every tableau is on the table, each column with its score.
    assert page.locator('[data-game="neuf-vies"][data-result] .seat-strip .seat').count() == 2
    rows = page.locator("#overlay .standings li")
    expect(rows).to_have_count(2)
    assert re.search(r"won the game!$", page.text_content("#overlay h2"))
    scores = [int(re.search(r"(\d+) points?$", row)[1]) for row in rows.all_text_contents()]
    assert scores == sorted(scores, reverse=True)
    totals = page.eval_on_selector_all(".stat.total [aria-hidden]", "ns => ns.map(n => Number(n.textContent))")
    assert sorted(totals, reverse=True) == scores


# --- 2. an attack on a human in hot-seat: countered, then renewed ---------------------------------

def test_hot_seat_attack_countered_then_renewed(warm):
    start = table("g6", "? r8", hands=[["r1", "r1", "o2", "g3"], ["r1", "j", "b4", "b5"]])
    ana_r1, ben_r1 = card(start, 0, "r1"), card(start, 1, "r1")
    secrets = [*start.hands[0], *start.hands[1]]
    page, state = _resume(warm, _save(start, humans=(0, 1)), "gate")
    assert state == "gate" and _hidden_cards(page, secrets) == []
    press(page, "gate")
    wait_state(page, "human")
    assert page.text_content("#status") == en("neuf_vies.prompt.place", name="Ana")
    _drag(page, page.locator(f'{HAND}[data-card="{ana_r1}"]'), choose=lambda keys: "1.0")

    # The defender is asked, after the device is passed: nobody's hand shows meanwhile.
    assert wait_state(page, "gate") == "gate"
    secrets.remove(ana_r1)  # now in the air above Ben's column, for all to see
    assert _hidden_cards(page, secrets) == []
    assert page.locator("#hand .nvcard").count() == 0
    expect(page.locator(f"{_slot(1, 0)} .incoming")).to_have_attribute("data-card", ana_r1)
    press(page, "gate")
    wait_state(page, "human")
    assert page.text_content("#status") == en("neuf_vies.prompt.counter", attacker="Ana", col=1,
                                              card="the red 1", name="Ben")
    expect(page.locator(f"{_slot(1, 0)}.attacked .incoming")).to_have_attribute("data-card", ana_r1)
    moves = page.eval_on_selector_all(".nv-actions [data-move]", "ns => ns.map(n => n.dataset.move)")
    assert sorted(moves) == sorted(["allow", f"counter {ben_r1}", f"counter {card(start, 1, 'j')}"])
    counter = page.locator(f'[data-move="counter {ben_r1}"]')
    assert counter.get_attribute("aria-label") == en("neuf_vies.move.counter", card="the red 1")
    mark_screen(page)
    counter.click()

    # The attacker may attack again with their second red 1.
    assert wait_state(page, "gate") == "gate"
    press(page, "gate")
    wait_state(page, "human")
    assert page.text_content("#status") == en("neuf_vies.prompt.renew", target="Ben", counter="the red 1",
                                              card="red 1", name="Ana")
    # The prompt tells the counter; the log steps aside rather than say it a second time.
    assert page.locator(".nv-log li").count() == 0
    # The counter card, on the discard pile, is the last move's.
    expect(page.locator(f'[data-pile="discard"] [data-card="{ben_r1}"]')).to_have_class(re.compile(r"\blast-played\b"))
    renew = page.locator('.nv-actions [data-move^="renew "]')
    mark_screen(page)
    renew.click()

    # The renewed attack cannot be countered: the nine-pair takes Ben's red 8 and wins Ana a 9×2.
    wait_state(page, "human")
    assert page.text_content("#status") == en("neuf_vies.prompt.put_gain", name="Ana")
    assert _column(page, 1, 0) == ["back"]
    assert en("neuf_vies.log.gain", name="Ana") in page.text_content(".nv-log")
    mark_screen(page)
    page.click(f'{_slot(0, 2)}[data-put]')
    assert wait_state(page, "gate") == "gate"
    assert _column(page, 0, 2) == ["back"]
    assert "score 9 × 1 = 9" in page.get_attribute(_slot(0, 2), "aria-label")


# --- 3. a nine-pair, and where its 9×2 card goes ---------------------------------------------------

def test_a_nine_pair_and_the_place_of_its_9x2_card_by_keyboard(warm):
    start = table("? ? | r8", "g3", hands=[["r1", "o2", "b4", "g6"], ["g3", "b4", "o2", "b5"]])
    red = card(start, 0, "r1")
    page, _ = _resume(warm, _save(start), "human")
    source = page.locator(f'{HAND}[data-card="{red}"]')
    source.focus()
    page.keyboard.press("Enter")
    lit = page.eval_on_selector_all("[data-legal]", "ns => ns.map(n => n.dataset.drop)")
    assert sorted(lit) == ["0.0", "0.1", "0.2", "0.3"]  # on 9×2 cards, on the red 8, or a new column
    expect(page.locator('[data-drop="0.0"]')).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.locator('[data-drop="0.1"]')).to_be_focused()
    mark_screen(page)
    page.keyboard.press("Enter")

    wait_state(page, "human")
    assert page.text_content("#status") == en("neuf_vies.prompt.put_gain", name="Ana")
    puts = page.eval_on_selector_all("[data-put]", "ns => ns.map(n => n.dataset.move)")
    assert puts == ["put 0", "put 1", "put 2", "put 3"]
    assert page.locator(".nv-actions .nv-held .nvcard").get_attribute("data-card") == "back"
    # The red 1 that made the pair is marked where it went: on the discard pile.
    expect(page.locator(f'[data-pile="discard"] [data-card="{red}"]')).to_have_class(re.compile(r"\blast-played\b"))
    mark_screen(page)
    page.click(f"{_slot(0, 0)}[data-put]")
    wait_state(page, "computer", "human")
    assert _column(page, 0, 0) == ["back", "back", "back"]
    assert "score 9 × 4 = 36" in page.get_attribute(_slot(0, 0), "aria-label")
    assert _column(page, 0, 1) == []


# --- 4. by touch ----------------------------------------------------------------------------------

def _until_asked(match: Match):
    """Play on from ``match`` (the player's move just made) as the page does: the computer's
    moves, and the player's answers with one choice, which the page makes for them; until the
    player has a decision to make, or the game is over."""
    while not match.over:
        legal = match.legal_moves()
        if not match.is_human(match.to_move):
            match.play(match.computer_move())
        elif match.view(0)["pending"]["kind"] != "turn" and len(legal) == 1:
            match.play(legal[0])
        else:
            return


def _own_place(match: Match) -> str | None:
    """A legal placing of a hand card on one of the player's own columns."""
    return next((move for move in match.legal_moves() if re.fullmatch(r"place \S+ 0 \d", move)), None)


def _touch_game():
    """Two players, the player (seat 0) on turn: a card to place on their own column (by a drag),
    then another (a tap on the card, a tap on the place), then the computer attacks them and
    they may counter (a button). Found from random starts, the computer's moves its own, as the
    page's are. Returns the match and the player's three moves, each with its index in the
    match's moves."""
    for attempt in range(400):
        match = Match.new("neuf-vies", {"players": 2}, f"touch{attempt}",
                          [{"kind": "human", "name": "Ana"}, {"kind": "easy", "name": "Ben"}], think=think)
        rng = random.Random(attempt)
        while not match.over:
            planned = _plan(match) if match.to_move == 0 else None
            if planned is not None:
                return match, planned
            match.play(rng.choice(match.legal_moves()) if match.to_move == 0 else match.computer_move())
    raise AssertionError("no start found for the touch game")


def _plan(match: Match) -> list | None:
    after = Match.load(match.dump(), think)
    planned = []
    for choose in (_own_place, _own_place, _counter):
        move = None if after.over else choose(after)
        if move is None:
            return None
        planned.append((len(after.moves), move))
        after.play(move)
        _until_asked(after)
    return planned


def _counter(match: Match) -> str | None:
    """A counter to the attack the player is asked about, if any."""
    if match.view(0)["pending"]["kind"] != "counter":
        return None
    return next((move for move in match.legal_moves() if move.startswith("counter ")), None)


def _saved(page) -> list:
    """The moves of the match as the page saved them."""
    return json.loads(stored(page))["moves"]


def test_moves_by_touch_a_drag_a_tap_and_a_tap_and_an_answer(warm):
    match, [(at_drag, drag), (at_tap, tap), (at_answer, answer)] = _touch_game()
    page, _ = _resume(warm, match.dump(), "human", locale="en-US", viewport=PHONE, has_touch=True,
                      is_mobile=True)
    finger = Finger(page)

    # A card dragged onto a column of the player's own.
    _, card, seat, col = drag.split()
    still(page)
    mark_screen(page)
    finger.drag(f'{HAND}[data-card="{card}"]', f'[data-drop="{seat}.{col}"]')
    wait_state(page, "human")
    assert _saved(page)[at_drag] == drag

    # A card tapped, then the place tapped.
    _, card, seat, col = tap.split()
    still(page)
    finger.tap(f'{HAND}[data-card="{card}"]')
    expect(page.locator(f'{HAND}[data-card="{card}"]')).to_have_class(re.compile(r"\bheld\b"))
    expect(page.locator(f'[data-drop="{seat}.{col}"]')).to_have_attribute("data-legal", "")
    mark_screen(page)
    finger.tap(f'[data-drop="{seat}.{col}"]')
    wait_state(page, "human")
    assert _saved(page)[at_tap] == tap

    # Attacked: the answer's button, tapped.
    replayed = Match.load(json.loads(stored(page)))
    attack = replayed.view(0)["pending"]
    assert attack["kind"] == "counter" and attack["attacker"] == 1
    assert page.text_content("#status") == en(
        "neuf_vies.prompt.counter", name="Ana", attacker="Ben", col=attack["col"] + 1,
        card=en(f"neuf_vies.card.the.{attack['card']['kind']}", value=attack["card"]["value"],
                colour=en(f"neuf_vies.colour.{attack['card']['colour']}") if attack["card"]["colour"] else ""))
    still(page)
    mark_screen(page)
    finger.tap(f'.nv-actions [data-move="{answer}"]')
    wait_state(page, "human", "computer", "over")
    assert _saved(page)[at_answer] == answer


# --- 5. six players on a phone ------------------------------------------------------------------

def test_six_players_fit_a_phone_without_scrolling(warm):
    seats = [{"kind": "medium", "name": NAMES[i]} for i in range(6)]
    match = Match.new("neuf-vies", {"players": 6}, "phone", seats, think=think)
    while len(match.moves) < 40 or match.to_move != 0 or match.state.phase != "turn":
        match.play(match.computer_move())
    save = match.dump()
    save["seats"][0]["kind"] = "human"
    page, _ = _resume(warm, save, "human", viewport={"width": 360, "height": 640}, locale="en-US")
    assert page.locator(".seat-strip .seat").count() == 5
    expect(page.locator(HAND)).to_have_count(4)
    boxes = page.evaluate("""() => ['#hand', '[data-seat="0"] .nv-cols', '#status'].map((sel) => {
        const b = document.querySelector(sel).getBoundingClientRect();
        return [sel, b.left, b.top, b.right, b.bottom];
    })""")
    for selector, left, top, right, bottom in boxes:
        assert left >= 0 and top >= 0 and right <= 360 and bottom <= 640, (selector, left, top, right, bottom)
    assert page.evaluate("document.documentElement.scrollHeight") <= 640
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


# --- 5. the others' columns, and a question, on a small phone --------------------------------------

SMALL = {"viewport": {"width": 320, "height": 568}, "has_touch": True, "is_mobile": True, "locale": "en-US"}


def _can_attack(match: Match) -> bool:
    """The player's turn, four players, a card of theirs that may go on another's column."""
    if match.to_move != 0 or len(match.moves) < 8:
        return False
    return any(move.startswith("place ") and move.split()[2] != "0" for move in match.legal_moves())


def test_a_tap_on_another_player_opens_their_columns_large(warm):
    match = screens._played("neuf-vies", 4, _can_attack, "peek")
    page, _ = _resume(warm, match.dump(), "human", **SMALL)
    seat = page.locator(".seat-strip .seat").filter(has=page.locator("[data-card]")).first
    cards = seat.locator("[data-card]").evaluate_all("ns => ns.map(n => n.dataset.card)")
    small = seat.locator("[data-card]").first.bounding_box()["width"]
    seat.locator(".nv-col:has([data-card])").first.tap()  # no card held: a tap opens the seat
    page.wait_for_selector("#overlay[open] .peek")
    assert page.text_content("#overlay h2") == seat.locator(".seat-name").text_content()
    large = page.locator("#overlay .peek-body [data-card]")
    assert large.evaluate_all("ns => ns.map(n => n.dataset.card)") == cards
    width = large.first.bounding_box()["width"]
    assert width >= 44 and width >= 2 * small, (small, width)
    assert page.locator("#overlay .peek-body [data-drop], #overlay .peek-body [data-action]").count() == 0
    page.tap('#overlay [data-action="close"]')
    page.wait_for_selector("#overlay:not([open])", state="attached")
    # A card held, the same tap on another's lit column plays it there.
    move = next(m for m in match.legal_moves() if m.startswith("place ") and m.split()[2] != "0")
    _, held, target, col = move.split()
    page.tap(f'{HAND}[data-card="{held}"]')
    lit = page.locator(f'[data-legal][data-drop="{target}.{col}"]')
    mark_screen(page)
    lit.tap()
    wait_state(page, "human", "computer", "gate", "over")
    assert page.locator("#overlay[open]").count() == 0, "the tap placed the card, not opened the seat"
    assert held not in page.eval_on_selector_all("#hand [data-card]", "ns => ns.map(n => n.dataset.card)")


def test_an_attack_to_answer_keeps_the_hand_on_a_small_phone(warm):
    page, _ = _resume(warm, screens.save_for("counter:neuf-vies/4"), "human", **SMALL)
    assert page.text_content("#status").startswith(en("seat.computer", n=2) + " attacks your column")
    assert page.locator(".nv-actions .nv-answer").count() >= 1
    # Said once, in the prompt: no log line repeats the attack.
    assert page.locator(".nv-log li").count() == 0
    # One button for equal cards: each answer's card differs.
    faces = page.eval_on_selector_all(".nv-answer .nvcard", "ns => ns.map(n => n.className)")
    assert len(faces) == len(set(faces))
    for selector in ("#hand", "#status", ".nv-actions"):
        box = page.locator(selector).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 568, (selector, box)


# --- 6. a link starts a table -------------------------------------------------------------------

def test_a_link_starts_a_table(warm):
    page = _start(warm, "abc")
    assert wait_state(page, "human", "computer") in ("human", "computer")
    expect(page.locator('section.table[data-game="neuf-vies"]')).to_have_count(1)
    expect(page.locator("#hand .nvcard")).to_have_count(4)
    assert page.locator(".seat").count() == 2
    assert page.evaluate("location.search") == ""  # a reload shows the table, not a new game
