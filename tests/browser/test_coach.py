"""The coach on the page, by touch on a phone: a game's guided first round offered on its new-game
form and played to its end, each of the learner's moves lit and its note shown, another move
refused with the reason; a hint lit on the player's turn, and played; a match against the
computer reviewed once it ends, the costly decision shown on the table as it was.

The lesson's moves and notes are coach/lessons/punto.py's (the conformance suite checks them
against the rules); the review's verdicts are the worker's, weighed by coach/review.py."""
import json

from ai import think
from coach import review
from coach.lesson import LEARNER, lesson_of
from helpers import en, still, storage, stored_moves, wait_state
from match import Match
from touch import PHONE, Finger

PREFS = {"speed": "fast", "lang": "en"}


def _phone(warm, items=None):
    """The phone's warm page (tests/browser/warm.py) opened at home on ``items`` (else quick
    computers in English, nothing else stored)."""
    page = warm.page(locale="en-US", viewport=PHONE, has_touch=True, is_mobile=True)
    return warm.open(page, items or {"tapis.prefs": json.dumps(PREFS)})


def _lessons(page) -> dict:
    return json.loads(storage(page)["tapis.prefs"]).get("lessons", {})


def _note(page) -> str:
    """The coach's words in the table's status line."""
    return page.locator("#status.coach").inner_text()


def test_a_guided_first_round_by_touch(warm):
    lesson, _ = lesson_of("punto")
    notes = dict(lesson.notes)
    mirror = Match.new("punto", lesson.options, lesson.seed,
                       [{"kind": "human", "name": ""}, {"kind": "medium", "name": ""}])
    page = _phone(warm)
    finger = Finger(page)
    finger.tap('[data-action="new"][data-game="punto"]')
    offer = page.locator(".lesson-offer")
    offer.wait_for()
    assert offer.locator("p").inner_text() == en("coach.lesson.offer", game="Punto")
    finger.tap('.lesson-offer [data-action="lesson"]')
    refused = False
    for ply, move in enumerate(lesson.moves):
        if mirror.to_move != LEARNER:
            mirror.play(move)
            continue
        page.wait_for_selector(f'[data-drop="{move}"].hinted', timeout=15_000)
        still(page)
        assert _note(page) == en(notes.get(ply, "coach.lesson.do"))
        assert page.locator("#hand .hinted[data-drag]").count() == 1, "the card to play is lit"
        others = page.locator(f'#board [data-drop]:not([data-drop="{move}"])')
        if not refused and others.count():  # once: another open cell refuses the card, and says why
            other_cell = others.first.get_attribute("data-drop")
            finger.drag("#hand [data-drag]", f'[data-drop="{other_cell}"]')
            page.wait_for_function("(text) => document.getElementById('notice').textContent.includes(text)",
                                   arg=en("coach.lesson.follow"))
            assert page.locator(f'[data-cell="{other_cell}"] [data-card]').count() == 0
            refused = True
            still(page)  # the card back in the hand
        finger.drag("#hand [data-drag]", f'[data-drop="{move}"]')
        page.wait_for_function("(ply) => JSON.parse(localStorage.getItem('tapis.prefs')).lessons.punto !== ply",
                               arg=ply, timeout=10_000)
        mirror.play(move)
    assert refused
    # The line is the last moment: with the round's result, the lesson is done.
    assert wait_state(page, "round-end") == "round-end"
    assert _note(page) == en("coach.lesson.punto.done")
    assert _lessons(page) == {"punto": "done"}
    # Then the match goes on, freely: the learner's card may go to any open cell.
    finger.tap('#overlay[open] .buttons .btn.primary')
    assert wait_state(page, "human") == "human"
    still(page)
    assert page.locator(".hinted").count() == 0
    cell = page.locator("#board [data-drop]").last.get_attribute("data-drop")
    assert _note(page) == en("coach.lesson.punto.done")
    finger.drag("#hand [data-drag]", f'[data-drop="{cell}"]')
    page.wait_for_selector("#status.coach", state="detached")
    # Done: the form offers it no more.
    finger.tap("#home-link")
    finger.tap('[data-action="new"][data-game="punto"]')
    page.wait_for_selector("form.newgame")
    assert page.locator(".lesson-offer").count() == 0


def test_a_lesson_left_halfway_resumes_where_it_stopped(warm):
    lesson, _ = lesson_of("punto")
    page = _phone(warm)
    finger = Finger(page)
    finger.tap('[data-action="new"][data-game="punto"]')
    finger.tap('.lesson-offer [data-action="lesson"]')
    for move in (lesson.moves[0], lesson.moves[2]):
        page.wait_for_selector(f'[data-drop="{move}"].hinted', timeout=15_000)
        still(page)
        finger.drag("#hand [data-drag]", f'[data-drop="{move}"]')
    page.wait_for_selector(f'[data-drop="{lesson.moves[4]}"].hinted', timeout=15_000)
    assert _lessons(page) == {"punto": 4}
    warm.open(page, storage(page))  # the page left, and opened again on what it stored
    finger.tap('[data-action="new"][data-game="punto"]')
    assert page.locator('.lesson-offer [data-action="lesson"]').inner_text() == en("coach.lesson.resume")
    finger.tap('.lesson-offer [data-action="lesson"]')
    page.wait_for_selector(f'[data-drop="{lesson.moves[4]}"].hinted', timeout=15_000)
    assert page.locator("#board [data-card]").count() == 4
    # Left for good: the form's offer goes, and stays gone.
    finger.tap("#menu")
    finger.tap('#overlay[open] [data-action="lesson-skip"]')
    finger.tap('[data-action="new"][data-game="punto"]')
    page.wait_for_selector("form.newgame")
    assert page.locator(".lesson-offer").count() == 0
    assert _lessons(page) == {"punto": "skipped"}


def test_a_hint_is_lit_and_played_by_touch(warm):
    match = Match.new("punto", {"players": 2}, "hint", [{"kind": "human", "name": ""},
                                                        {"kind": "medium", "name": ""}], think=think)
    for _ in range(6):
        match.play(match.computer_move() if match.to_move else match.legal_moves()[0])
    prefs = {**PREFS, "lessons": {"punto": "done"}}
    page = _phone(warm, {"tapis.save.punto": json.dumps(match.dump()), "tapis.prefs": json.dumps(prefs)})
    finger = Finger(page)
    finger.tap('[data-action="continue"]')
    assert wait_state(page, "human") == "human"
    finger.tap("#hint")
    page.wait_for_selector("[data-drop].hinted", timeout=30_000)
    still(page)
    cell = page.locator("[data-drop].hinted").get_attribute("data-drop")
    assert cell in match.legal_moves()
    assert page.text_content("#notice").startswith(en("coach.hint.said", why=""))
    finger.drag("#hand [data-drag]", f'[data-drop="{cell}"]')
    page.wait_for_function("() => JSON.parse(localStorage.getItem('tapis.save.punto')).moves.length > 6")
    assert json.loads(storage(page)["tapis.save.punto"])["moves"][6] == cell
    assert stored_moves(page, "punto") >= 7


def test_a_match_against_the_computer_is_reviewed(warm):
    """Punttu against the hard computer, the player always throwing their highest card: the match
    is resumed before the player's last choice, played by touch, and its review shows the two
    costly decisions (CPython's review of the same match finds them) on the table as they were,
    the card the search prefers lit."""
    seats = [{"kind": "human", "name": ""}, {"kind": "hard", "name": ""}]
    match = Match.new("punttu", {"players": 2}, "review0", seats, think=think)
    while not match.over:
        match.acknowledge_round()
        match.play(match.computer_move() if match.to_move else max(match.legal_moves()))
    last = max(ply for ply in range(len(match.moves)) if match.game.legal_moves(match.states[ply])[1:]
               and match.game.to_move(match.states[ply]) == 0)
    worst = review.review(match, 0)
    assert [v.ply for v in worst] == [34, 32]  # (the seed's: what the page must find too)
    resumed = Match.new("punttu", {"players": 2}, "review0", seats, think=think)
    for move in match.moves[:last]:
        resumed.play(move)
    page = _phone(warm, {"tapis.save.punttu": json.dumps(resumed.dump()), "tapis.prefs": json.dumps(PREFS)})
    finger = Finger(page)
    finger.tap('[data-action="continue"]')
    for ply in range(last, len(match.moves)):  # the last choice, then the last card
        if match.game.to_move(match.states[ply]) == 0:
            assert wait_state(page, "human") == "human"
            still(page)
            finger.drag(f'[data-drag="{match.moves[ply].split()[1]}"]', '[data-drop="trick"]')
            page.wait_for_function("(n) => JSON.parse(localStorage.getItem('tapis.save.punttu') || '{\"moves\": []}')"
                                   ".moves.length > n", arg=ply)
    assert wait_state(page, "over", timeout=60_000) == "over"
    ready = '#overlay[open] [data-action="review"][aria-disabled="false"]'
    page.wait_for_selector(ready, timeout=120_000)
    assert page.locator(ready).inner_text() == en("coach.review.ready", n=2)
    finger.tap(ready)
    for n, verdict in enumerate(worst, 1):
        page.wait_for_function("(text) => document.querySelector('.replay-count')?.textContent === text",
                               arg=en("coach.review.title", n=n, total=2))
        best = verdict.best.split()[1]
        page.wait_for_selector(f'.hinted[data-drag="{best}"]')
        assert en("coach.review.better", why="").strip() in page.text_content("#status")
        # On the phone the better card and the words are in sight, the bar over neither.
        card = page.locator(f'.hinted[data-drag="{best}"]').bounding_box()
        words, bar = page.locator("#status").bounding_box(), page.locator(".review-bar").bounding_box()
        assert words["y"] >= 0 and card["y"] + card["height"] <= bar["y"], (words, card, bar)
        played = verdict.played.split()[1]
        assert page.locator(f'[data-card="{played}"]').count() >= 1, \
            "the table is shown as it was before the decision"
        if n < len(worst):
            finger.tap('[data-action="review-next"]')
    assert page.locator('[data-action="review-next"]').is_disabled()
    finger.tap('[data-action="review-previous"]')
    page.wait_for_function("(text) => document.querySelector('.replay-count')?.textContent === text",
                           arg=en("coach.review.title", n=1, total=2))
