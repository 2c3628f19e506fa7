"""Every match remembered, in the real page (issue 50): a match finished or replaced lands in its
game's history and statistics, reached from home and from the game's menu; its replay steps by
touch through the same table to the same result; "Share" gives a link a fresh browser opens (a
damaged or newer one is said); the history goes to a file and comes back in another browser; a
record that does not read is kept aside and a full storage still saves the match; each game keeps
its own match in progress.

Positions and records are matches played in CPython from fixed seeds (screens._played), saved and
resumed: each test reaches its moment in a few moves. The records' own logic (packing, checks,
statistics, the link's codec) is proven in tests/unit/test_records.py; here, what the page adds."""
import base64
import json
import re
import zlib
from datetime import datetime, UTC


from games import registry
from helpers import (
    FILL_STORAGE, HAND, cell_selector, en, notice, press, put_storage, read_board, start_from_form, storage,
    stored_moves, tap_card, wait_state,
)
from i18n import sentence
from match import Match
from records import history, link
from screens import _played, save_for
from touch import PHONE, Finger

PREFS = json.dumps({"speed": "fast", "lang": "en"})
UTC_CLOCK = {"locale": "en-US", "timezone_id": "UTC"}  # the records' times as the tests write them
MARCH = 1_772_373_900_000  # 2026-03-01 14:05 UTC: the first record kept before the tests
LIST = ".past-match"
COUNT = ".replay-count"


def _winning(match: Match) -> str | None:
    """The player's (seat 0's) move that wins the match now, if there is one."""
    for move in match.legal_moves():
        outcome = match.game.outcome(match.game.play(match.state, move))
        if outcome is not None and 0 in outcome["winners"]:
            return move
    return None


def one_move_from_winning() -> tuple[Match, str]:
    """Punto, the player against easy, after a round won: a move wins the match (several rounds
    behind it, for the replay's round ends)."""
    match = _played("punto", 2, lambda m: m.to_move == 0 and m.rounds_done >= 1 and _winning(m) is not None,
                    "last")
    match.seen_rounds = match.rounds_done  # every round end seen: Continue shows the table
    return match, _winning(match)


def finished(won: bool, seed: str, game_id="punto", against="easy") -> history.Record:
    """The record of a match the player won (or lost), ended at MARCH, against ``against``."""
    match = _played(game_id, 2, lambda m: m.over and (0 in m.game.outcome(m.state)["winners"]) == won, seed)
    record = history.record(match, MARCH)
    record["seats"][1]["kind"] = against  # the computer named so (its moves are the record's)
    return record


def _records(*records) -> str:
    return json.dumps(list(records))


def _board(match: Match, ply: int) -> dict:
    """Punto's board after ``ply`` moves as the table shows it: each cell's top card (at a
    round's end, the board it ended on)."""
    view = match.game.view(match.states[ply], 0)
    board = view["last_round"]["board"] if ply in _ends(match) else view["board"]
    return {f"{cell['x']},{cell['y']}": cell["cards"][-1] for cell in board}


def _ends(match: Match) -> list:
    """The plies at which a round of ``match`` ended (the last: the match's end)."""
    done = [match.game.rounds_done(state) for state in match.states]
    return [ply for ply in range(1, len(done)) if done[ply] > done[ply - 1]]


def _rows(page) -> list:
    return page.eval_on_selector_all(".past-stats table tbody tr",
                                     "rows => rows.map(r => [...r.children].map(c => c.textContent))")


def _listed(page) -> list:
    """Each match listed, newest first: when, who, result, and what it is (won, lost, unfinished)."""
    return page.eval_on_selector_all(LIST, """items => items.map(i => [i.querySelector('.when').textContent,
        i.querySelector('.who').textContent, i.querySelector('.result').textContent, i.dataset.result])""")


def _result_dialog(page) -> list:
    return page.eval_on_selector_all("#overlay[open] h2, #overlay[open] p", "ns => ns.map(n => n.textContent)")


def _count_is(page, n: int, total: int) -> None:
    page.wait_for_function("([sel, text]) => document.querySelector(sel)?.textContent === text",
                           arg=[COUNT, en("history.playback.count", n=n, total=total)])


def _newer(record) -> str:
    """``record``'s link as a later version would write it (a version this page does not know)."""
    text = json.dumps({"v": link.VERSION + 1, "kind": "record", "body": record})
    return base64.urlsafe_b64encode(zlib.compress(text.encode())).decode().rstrip("=")


def _scores(outcome) -> str:
    return " – ".join(str(s) for s in outcome["scores"])


# --- 1. the history and the statistics --------------------------------------------------------------

def test_a_finished_match_is_in_the_history_with_its_statistics_and_a_replaced_one_unfinished(warm):
    lost, won = finished(False, "lost", against="medium"), finished(True, "won")
    won["ended"] += 3_600_000  # an hour later
    match, move = one_move_from_winning()
    page = warm.open(warm.page(**UTC_CLOCK), {"tapis.save.punto": json.dumps(match.dump()), "tapis.prefs": PREFS,
                                             "tapis.history.punto": _records(lost, won)})
    press(page, "continue")
    assert wait_state(page, "human") == "human"
    tap_card(page, to=move)
    assert wait_state(page, "over") == "over"
    page.click('#overlay[open] [data-action="home"]')
    press(page, "history")  # from the home page
    assert wait_state(page, "history") == "history"
    assert page.locator('[data-setting="history-game"]').input_value() == "punto"

    # Newest first: when (the page's clock, in the player's language), who, the result.
    today = datetime.now(UTC)
    you_easy = " · ".join([en("seat.you"), en("history.computer", level=en("seat.level.easy"))])
    you_medium = " · ".join([en("seat.you"), en("history.computer", level=en("seat.level.medium"))])
    outcome = match.game.outcome(match.game.play(match.state, move))
    listed = _listed(page)
    assert [item[1:] for item in listed] == [
        [you_easy, en("history.won", scores=_scores(outcome)), "won"],
        [you_easy, en("history.won", scores=_scores(won["outcome"])), "won"],
        [you_medium, en("history.lost", scores=_scores(lost["outcome"])), "lost"]]
    assert listed[0][0].startswith(f"{today:%b} {today.day}, {today.year}, ")
    assert re.fullmatch(r"Mar 1, 2026, 3:05\sPM", listed[1][0]) and re.fullmatch(r"Mar 1, 2026, 2:05\sPM", listed[2][0])

    # Per opponent: played, won, rate, current and best streak (lost, won, won: 2 in a row).
    streaks = lambda now, best: en("history.stats.streaks", now=now, best=best)  # noqa: E731
    assert _rows(page) == [
        [en("history.stats.all"), "3", "2", en("history.stats.percent", n=67), streaks(2, 2)],
        [sentence(en("seat.level.easy")), "2", "2", en("history.stats.percent", n=100), streaks(2, 2)],
        [sentence(en("seat.level.medium")), "1", "0", en("history.stats.percent", n=0), streaks(0, 0)]]
    assert page.text_content(".past-stats .advice") == en("history.advice.few", n=5)
    # The chart: a bar a match, oldest first, named in words a screen reader reads.
    words = en("history.stats.chart_words", n=3, won=2)
    assert page.text_content(".past-chart svg[role=img] title") == words
    assert page.text_content(".past-chart figcaption") == words
    assert page.eval_on_selector_all(".past-chart svg rect", "rs => rs.map(r => r.getAttribute('class'))") == [
        "lost", "won", "won"]

    # A match replaced by a new one is kept, unfinished (no result, no link to share).
    press(page, "home")
    page.click('[data-action="new"][data-game="punto"]')
    start_from_form(page)
    assert wait_state(page, "human") == "human"
    tap_card(page)
    assert wait_state(page, "human") == "human"
    press(page, "menu")
    page.click('#overlay[open] [data-action="restart"]')
    press(page, "restart-confirmed")
    assert wait_state(page, "human") == "human"
    press(page, "menu")
    page.click('#overlay[open] [data-action="history"]')  # from the game's menu
    assert wait_state(page, "history") == "history"
    newest = page.locator(LIST).first
    assert _listed(page)[0][1:] == [you_medium, en("history.unfinished", n=0), "unfinished"]
    assert newest.locator('[data-action="replay-share"]').is_disabled()
    assert _rows(page)[0][:3] == [en("history.stats.all"), "3", "2"]  # an unfinished match counts for none
    assert len(json.loads(storage(page)["tapis.history.punto"])) == 4


# --- 2. a replay, by touch, through the same table ----------------------------------------------------

def _touch(page, finger, selector: str):
    """A finger's tap on ``selector``, scrolled into sight first (as a player scrolls to it)."""
    page.locator(selector).first.scroll_into_view_if_needed()
    finger.tap(selector)


def _step(page, finger, action: str):
    _touch(page, finger, f'.replay-bar [data-action="{action}"]')


def test_a_replay_steps_by_touch_through_the_same_table_to_the_match_s_result(warm):
    match, move = one_move_from_winning()
    total = len(match.moves) + 1
    page = warm.page(locale="en-US", viewport=PHONE, has_touch=True, is_mobile=True)
    warm.open(page, {"tapis.save.punto": json.dumps(match.dump()), "tapis.prefs": PREFS})
    finger = Finger(page)
    finger.tap('[data-action="continue"]')
    assert wait_state(page, "human") == "human"
    finger.tap(HAND)
    finger.tap(cell_selector(move))
    assert wait_state(page, "over") == "over"
    board, dialog = read_board(page), _result_dialog(page)
    finger.tap('#overlay[open] [data-action="home"]')
    page.wait_for_selector('#screen > .home [data-action="history"]')
    _touch(page, finger, '[data-action="history"]')
    assert wait_state(page, "history") == "history"
    _touch(page, finger, f'{LIST} [data-action="replay"]')
    assert wait_state(page, "replay") == "replay"
    _count_is(page, 0, total)
    assert page.locator("#screen > section.table[data-game=punto] #board").count() == 1  # the match's own table
    assert read_board(page) == {}

    _step(page, finger, "replay-next")
    _count_is(page, 1, total)
    page.wait_for_function("() => !document.querySelector('.flying')")
    assert read_board(page) == _board(match, 1)
    _step(page, finger, "replay-back")
    _count_is(page, 0, total)
    assert read_board(page) == {}

    # "Round end", again and again: each round's result over the table it ended on, then the
    # next round; the last, the match's end with the result the match showed.
    whole = Match.load(match.dump())
    whole.play(move)
    for end in _ends(whole)[:-1]:
        _step(page, finger, "replay-last")
        assert wait_state(page, "round-end") == "round-end"
        _count_is(page, end, total)
        assert read_board(page) == _board(whole, end) != {}
        _touch(page, finger, '#overlay[open] [data-action="round-seen"]')
        assert wait_state(page, "replay") == "replay"
        assert read_board(page) == {}
    _step(page, finger, "replay-last")
    assert wait_state(page, "over") == "over"
    _count_is(page, total, total)
    page.wait_for_selector('#overlay[open] [data-action="replay-close"]')
    assert read_board(page) == board and _result_dialog(page) == dialog


# --- 3. a replay as a link ------------------------------------------------------------------------------

def test_share_gives_a_link_that_a_fresh_browser_opens_and_a_bad_one_is_said(new_context, base_url, open_app):
    record = finished(True, "shared")
    match = history.match_of(record)
    sharing = new_context(locale="en-US")
    sharing.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
    page = sharing.new_page()
    put_storage(page, base_url, {"tapis.prefs": PREFS, "tapis.history.punto": _records(record)})
    open_app(page, base_url)
    press(page, "history")
    assert wait_state(page, "history") == "history"
    page.click(f'{LIST} [data-action="replay-share"]')
    page.wait_for_function("(text) => document.getElementById('notice').textContent === text",
                           arg=en("lobby.copied"))
    url = page.evaluate("navigator.clipboard.readText()")
    assert url == f"{base_url}#replay={link.of_record(record)}"

    # Another browser, nothing stored: the link opens the replay, which plays to the same end.
    fresh = new_context(locale="en-US")
    other = open_app(fresh.new_page(), url)
    assert wait_state(other, "replay") == "replay"
    _count_is(other, 0, len(match.moves))
    assert "#" not in other.url  # read once: a reload does not open it again
    for _ in _ends(match)[:-1]:
        press(other, "replay-last")
        assert wait_state(other, "round-end") == "round-end"
        press(other, "round-seen")
        assert wait_state(other, "replay") == "replay"
    press(other, "replay-last")
    assert wait_state(other, "over") == "over"
    assert read_board(other) == _board(match, len(match.moves))
    assert not [key for key in storage(other) if key.startswith(("tapis.save", "tapis.history"))]

    # A link damaged on its way, or from a later version: said, and the page starts at home.
    code = link.of_record(record)
    damaged = code[:40] + ("A" if code[40] != "A" else "B") + code[41:]
    for code, said in ((damaged, "history.playback.damaged"), (_newer(record), "history.playback.newer")):
        bad = open_app(fresh.new_page(), f"{base_url}#replay={code}")
        assert notice(bad) == en(said)
        assert bad.locator("#screen > .home").count() == 1


# --- 4. the history as a file ----------------------------------------------------------------------------

def _histories(page) -> dict:
    return {key: json.loads(value) for key, value in storage(page).items() if key.startswith("tapis.history.")}


def test_the_history_saved_to_a_file_loads_in_another_browser(warm, new_context, base_url, open_app, tmp_path):
    punto = [finished(True, "file1"), finished(False, "file2")]
    punto[1]["ended"] += 60_000
    punttu = finished(True, "file3", game_id="punttu", against="hard")
    page = warm.open(warm.page(**UTC_CLOCK), {"tapis.prefs": PREFS, "tapis.history.punto": _records(*punto),
                                             "tapis.history.punttu": _records(punttu)})
    press(page, "history")
    assert wait_state(page, "history") == "history"
    listed, kept = _listed(page), _histories(page)
    with page.expect_download() as download:
        page.click('[data-action="history-export"]')
    assert download.value.suggested_filename == "tapis-history.json"
    path = tmp_path / "tapis-history.json"
    download.value.save_as(path)
    assert notice(page) == en("history.exported")

    other = open_app(new_context(**UTC_CLOCK).new_page(), base_url)  # a fresh browser, cold
    press(other, "history")
    assert wait_state(other, "history") == "history"
    assert other.locator(LIST).count() == 0
    for added in (3, 0):  # a second time, nothing is added twice
        other.evaluate("() => { document.getElementById('notice').textContent = ''; }")
        other.set_input_files('[data-setting="history-import"]', path)
        other.wait_for_function("() => document.getElementById('notice').textContent !== ''")
        assert notice(other) == en("history.imported", n=added, refused=0)
        assert _listed(other) == listed and _histories(other) == kept
    other.select_option('[data-setting="history-game"]', "punttu")
    other.wait_for_selector(".past[data-game=punttu]")
    assert [item[1] for item in _listed(other)] == [
        " · ".join([en("seat.you"), en("history.computer", level=en("seat.level.hard"))])]


# --- 5. a record that does not read, a full storage -------------------------------------------------------

def test_a_bad_record_is_kept_aside_and_a_full_storage_still_saves_the_match(warm):
    good = finished(True, "aside")
    bad = {**good, "plies": -1}
    elsewhere = finished(True, "room", game_id="zero-pointe")
    older = [{**elsewhere, "ended": MARCH - 1000 + i} for i in range(30)]  # another game's, oldest first
    match, move = one_move_from_winning()
    step = next(m for m in match.legal_moves() if m != move and match.game.outcome(match.game.play(match.state, m))
                is None)
    page = warm.open(warm.page(locale="en-US"), {"tapis.prefs": PREFS, "tapis.history.punto": _records(good, bad),
                                                 "tapis.history.zero-pointe": json.dumps(older),
                                                 "tapis.save.punto": json.dumps(match.dump())})
    press(page, "history")
    assert wait_state(page, "history") == "history"
    assert notice(page) == en("history.aside", n=1)
    assert page.locator(LIST).count() == 1
    kept = storage(page)
    aside = [key for key in kept if key.startswith("tapis.save.aside.history.punto.")]
    assert len(aside) == 1 and json.loads(kept[aside[0]]) == [bad]
    assert json.loads(kept["tapis.history.punto"]) == [good]

    # Not a character left: the player's move is saved all the same, the oldest records giving way.
    press(page, "home")
    press(page, "continue")
    assert wait_state(page, "human") == "human"
    page.evaluate(FILL_STORAGE)
    tap_card(page, to=step)
    assert wait_state(page, "human", "round-end") in ("human", "round-end")
    assert notice(page) != en("notice.save_failed")
    assert stored_moves(page, "punto") > len(match.moves)
    left = json.loads(storage(page)["tapis.history.zero-pointe"])
    assert 0 < len(left) < len(older) and left == older[-len(left):]
    assert json.loads(storage(page)["tapis.history.punto"]) == [good]


# --- 6. several matches at once ------------------------------------------------------------------------------

def _continues(page) -> list:
    return page.eval_on_selector_all('[data-action="continue"]', "bs => bs.map(b => b.dataset.game)")


def test_each_game_keeps_its_own_match_in_progress(new_context, base_url, open_app):
    context = new_context(locale="en-US")
    page = context.new_page()
    put_storage(page, base_url, {"tapis.prefs": PREFS, **{f"tapis.save.{g}": json.dumps(save_for(f"held:{g}/2"))
                                                          for g in ("punto", "punttu")}})
    open_app(page, base_url)
    assert _continues(page) == ["punto", "punttu"]
    punttu = page.locator('[data-action="continue"][data-game="punttu"] strong')
    assert punttu.text_content() == en("home.continue", game=en("punttu.name"), round=en("punttu.round_n", n=1))
    for game_id in ("punttu", "punto"):
        page.click(f'[data-action="continue"][data-game="{game_id}"]')
        assert wait_state(page, "human") == "human"
        assert page.get_attribute("#screen > section.table", "data-game") == game_id
        press(page, "home")
    # A third game's new match asks nothing: it replaces none.
    page.click('[data-action="new"][data-game="zero-pointe"]')
    start_from_form(page)
    assert wait_state(page, "human", "computer") in ("human", "computer")
    assert page.locator("#overlay[open]").count() == 0
    press(page, "home")
    games = [g.id for g in registry.games() if g.id in ("punto", "zero-pointe", "punttu")]
    assert _continues(page) == games
    # Another tab shows the same three.
    assert _continues(open_app(context.new_page(), base_url)) == games
    assert sorted(k for k in storage(page) if k.startswith("tapis.save.")) == sorted(f"tapis.save.{g}" for g in games)
