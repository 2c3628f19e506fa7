"""Punttu in the real page, played like a person: a whole deal by mouse drag to its scores, a
hot-seat turn behind the pass-the-device screen, a trick by keyboard alone, a reload in the middle
of a trick, six players on a phone, and a shared link that starts a table.

Matches are made in CPython with the game's own functions (Match.new with a seed), so a test knows
every hand the page deals; a crafted save is resumed by the home's Continue button (helpers.resume).
Computers play at the "fast" speed; every wait is on a page state or a selector, never a sleep.
Each test opens a warm page (tests/browser/warm.py) on its storage and link, but the reload's,
which starts a page of its own.
"""
import json
import re

from playwright.sync_api import expect

from ai import think
from helpers import en, mark_screen, press, reload, resume, still, violations, wait_state
from match import Match

PREFS = {"speed": "fast", "lang": "en"}
HAND = "#hand [data-card]"


# --- the page ----------------------------------------------------------------------------------

def _open(warm, query: str):
    """The default warm page opened on a link (``query``), fast computers and English in the
    preferences."""
    return warm.open(warm.page(), {"tapis.prefs": json.dumps(PREFS)}, "?" + query)


def _resume(warm, save: dict, **options):
    """A match resumed by the home's Continue button on the warm page of a context made with
    ``options``."""
    page = warm.page(**options)
    resume(page, "", None, save, PREFS, warm=warm)
    return page


def _seats(*kinds) -> list:
    return [{"kind": kind, "name": f"Player {i + 1}"} for i, kind in enumerate(kinds)]


def _hand(page) -> list:
    return page.eval_on_selector_all(HAND, "nodes => nodes.map(n => n.dataset.card)")


def _trick(page) -> list:
    """The trick being played, as [seat, card] in playing order (empty places left out)."""
    return page.eval_on_selector_all(
        "#trick:not(.done) .pt-slot",
        "slots => slots.filter(s => s.querySelector('[data-card]'))"
        ".map(s => [s.dataset.seat, s.querySelector('[data-card]').dataset.card])")


def _watch_next_trick(page):
    """Before an action: note the screen, and record the cards in the trick zone of the next
    screen drawn, at the moment it is drawn (a computer may lead the next trick soon after)."""
    mark_screen(page)
    page.evaluate("""() => {
        window.__ptTrick = null;
        const observer = new MutationObserver(() => {
            window.__ptTrick = [...document.querySelectorAll('#trick [data-card]')].map((n) => n.dataset.card);
            observer.disconnect();
        });
        observer.observe(document.getElementById('screen'), {childList: true, subtree: true});
    }""")


def _next_trick(page) -> list:
    page.wait_for_function("window.__ptTrick !== null", timeout=10_000)
    return page.evaluate("window.__ptTrick")


def _centre(box) -> tuple:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _drag(page, source, target):
    """Press on the card, move past the drag threshold (the trick lights up), move over the
    trick (marked as the one under the pointer) and release."""
    still(page)
    x0, y0 = _centre(source.bounding_box())
    x1, y1 = _centre(target.bounding_box())
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 8, y0 - 8)
    expect(source).to_have_class(re.compile(r"\bdragging\b"))
    expect(target).to_have_attribute("data-legal", "")
    page.mouse.move(x1, y1, steps=6)
    expect(target).to_have_class(re.compile(r"\bover\b"))
    page.mouse.up()


def _tab_to(page, selector: str):
    """Press Tab until the focus is on an element matching selector, as a keyboard player would."""
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def _snapshot(page) -> dict:
    return {"trick": _trick(page), "hand": _hand(page), "status": page.text_content("#status"),
            "state": page.get_attribute("html", "data-state"),
            "seats": page.eval_on_selector_all(".seat", "ns => ns.map(n => n.textContent)")}


# --- the tests ---------------------------------------------------------------------------------

def test_a_whole_deal_by_mouse_drag_ends_with_124_points(warm):
    page = _open(warm, "game=punttu&seed=deal1&start=1")
    played, lit_new = 0, False
    while wait_state(page, "human", "round-end", "over") == "human":
        expect(page.locator("#status")).to_have_text(en("punttu.ui.your_turn.you"))  # the sole human: "You"
        if not lit_new and page.locator("#hand .pt-new").count() == 1:
            # A card to play says its name, its new tag and a figure's points badge beside it.
            assert violations(page) == []
            lit_new = True
        source = page.locator("#hand [data-drag]").first
        card = source.get_attribute("data-card")
        _watch_next_trick(page)
        _drag(page, source, page.locator("#trick"))
        assert card in _next_trick(page), "the card dropped lies in the trick"
        played += 1
    assert played == 20  # 40 cards, two players
    assert lit_new, "a card drawn after a trick is shown as new"

    # One deal: the match is over, and its end tells the deal under the standings.
    dialog = page.locator(".dialog.match-end")
    expect(dialog).to_be_visible()
    expect(dialog.locator("ol.standings li")).to_have_count(2)
    rows = dialog.locator("table.pt-scores tr[data-seat]")
    expect(rows).to_have_count(2)
    cards = [int(rows.nth(s).locator("td").nth(1).inner_text()) for s in range(2)]
    points = [int(rows.nth(s).locator("td").nth(2).inner_text()) for s in range(2)]
    assert sum(cards) == 40 and sum(points) == 124
    assert dialog.locator("tr.pt-sum td").all_inner_texts() == [en("punttu.ui.all"), "40", "124"]
    best = [s for s in range(2) if points[s] == max(points)]
    names = " and ".join(("You", "Computer 2")[s] for s in best)  # the player first, in the second person
    key = "punttu.deal_won.you" if 0 in best else "punttu.deal_won"
    expect(dialog.locator("h3")).to_have_text(en(key, names=names, n=len(best)))
    # On the table too: each seat's points, and the last trick with its taker.
    on_table = page.locator(".seat .stat.pts .sr-only").all_text_contents()
    assert sorted(on_table) == sorted([en("punttu.ui.pts.you", n=points[0]),
                                       en("punttu.ui.pts", name="Computer 2", n=points[1])])
    expect(page.locator("#trick.done [data-card]")).to_have_count(2)
    expect(page.locator("#trick.done .pt-slot[data-winner]")).to_have_count(1)


def test_hot_seat_hands_stay_hidden_behind_the_pass_the_device_screen(warm):
    match = Match.new("punttu", {}, "gate1", _seats("human", "human"), think=think)
    hands = [list(hand) for hand in match.state.hands]
    first = match.to_move
    page = _resume(warm, match.dump())
    assert wait_state(page, "gate") == "gate"
    expect(page.locator(".dialog.gate")).to_be_visible()

    def shown(cards) -> list:
        return page.evaluate(
            "(ids) => ids.filter((id) => document.querySelector(`[data-card=\"${id}\"]`))", cards)

    assert shown(hands[0] + hands[1]) == []
    expect(page.locator("#hand .pt-back")).to_have_count(3)

    press(page, "gate")
    assert wait_state(page, "human") == "human"
    assert sorted(_hand(page)) == sorted(hands[first])
    assert shown(hands[1 - first]) == []
    assert sorted(shown(hands[0] + hands[1])) == sorted(hands[first])
    expect(page.locator("#status")).to_have_text(en("punttu.ui.your_turn", name=f"Player {first + 1}"))


def test_a_trick_by_keyboard_only(warm):
    page = _open(warm, "game=punttu&seed=keys&start=1")
    wait_state(page, "human")
    _tab_to(page, "#hand [data-drag]")
    card = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Enter")  # picks the card up: the trick lights up and takes the focus
    expect(page.locator("#trick")).to_have_attribute("data-legal", "")
    expect(page.locator("#trick")).to_be_focused()
    _watch_next_trick(page)
    page.keyboard.press("Enter")
    assert card in _next_trick(page)
    wait_state(page, "human")
    assert card not in _hand(page)


def test_a_reload_mid_trick_brings_back_the_same_trick_and_hand(page, base_url, open_app):
    match = Match.new("punttu", {"dealer": 0}, "reload1", _seats("human", "medium"), think=think)  # seat 1 leads
    resume(page, base_url, open_app, match.dump(), PREFS)
    assert wait_state(page, "human") == "human"
    before = _snapshot(page)
    assert len(before["trick"]) == 1 and before["trick"][0][0] == "1"
    assert len(before["hand"]) == 3

    # The computer's card, the last one played, is marked as such.
    expect(page.locator(".last-played")).to_have_attribute("data-card", before["trick"][0][1])
    reload(page)
    page.wait_for_selector("html[data-state=human]", state="attached")
    assert _snapshot(page) == before
    # And the trick goes on: the card played lands next to the computer's.
    source = page.locator("#hand [data-drag]").first
    card = source.get_attribute("data-card")
    _watch_next_trick(page)
    _drag(page, source, page.locator("#trick"))
    assert _next_trick(page) == [before["trick"][0][1], card]


def test_six_players_fit_a_phone(warm):
    match = Match.new("punttu", {"players": 6, "memory_aid": True}, "phone6",
                      _seats("human", *["medium"] * 5), think=think)
    page = _resume(warm, match.dump(), viewport={"width": 360, "height": 640}, is_mobile=True,
                   has_touch=True, device_scale_factor=2)
    wait_state(page, "human")
    expect(page.locator(".seat-strip .seat")).to_have_count(5)
    expect(page.locator("#trick .pt-slot")).to_have_count(6)
    expect(page.locator(HAND)).to_have_count(3)
    m = page.evaluate("""() => {
        const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect();
            return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
        const root = document.documentElement;
        return {scrollX, scrollY, width: root.clientWidth, scroll: root.scrollWidth,
                hand: box('#hand'), trick: box('#trick'), status: box('#status'),
                cards: [...document.querySelectorAll('#hand [data-card], #trick .pt-card')]
                    .map((n) => n.getBoundingClientRect()).map((r) => ({top: r.top, bottom: r.bottom,
                        left: r.left, right: r.right}))};
    }""")
    assert m["scrollX"] == 0 and m["scrollY"] == 0
    assert m["scroll"] <= m["width"] == 360, f"horizontal scroll: {m['scroll']} px wide"
    for name in ("hand", "trick", "status"):
        b = m[name]
        assert 0 <= b["left"] and b["right"] <= 360 and 0 <= b["top"] and b["bottom"] <= 640, (name, b)
    for b in m["cards"]:
        assert 0 <= b["left"] and b["right"] <= 360 and 0 <= b["top"] and b["bottom"] <= 640, b


def test_a_link_with_a_seed_starts_a_table(warm):
    page = _open(warm, "game=punttu&seed=abc&start=1")
    assert wait_state(page, "human") == "human"
    expect(page.locator('section.table[data-game="punttu"]')).to_be_visible()
    dealt = Match.new("punttu", {}, "abc", _seats("human", "medium"), think=think).state.hands[0]
    assert sorted(_hand(page)) == sorted(dealt)  # the seed's deal: nobody has drawn yet
    assert page.evaluate("location.search") == ""  # a reload shows the table, not a new match
    for node in page.locator(HAND).all():
        assert re.fullmatch(r".+ of (coins|cups|swords|clubs) — (1 point|[2-7] points)",
                            node.get_attribute("aria-label"))
        # Its face is drawn from the page's one sprite of the Spanish deck.
        card = node.get_attribute("data-card")
        assert node.locator("svg use").get_attribute("href") == f"#pt-{card}"
        assert page.locator(f"#pt-sprite symbol#pt-{card}").count() == 1
    expect(page.locator("#pt-sprite")).to_have_count(1)
