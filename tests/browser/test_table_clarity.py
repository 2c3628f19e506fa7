"""What a player reads off a table (issue 46): a notice shows beside the finger as a toast and
moves nothing; in Punto each seat's emblem wears the colours (and shapes) of the cards it plays,
and with teams the results list the teams; the match end celebrates only a win of a person
playing on this device.

Positions are played at random in CPython from fixed seeds (tests/browser/screens.py) and
resumed through the home's Continue, on a touch phone where the player taps."""
import random

from games.punto.cards import card_value
from helpers import en, read_board, resume
from match import Match
from screens import PREFS, _played, _round_end, _seats

PHONE = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True,
         "reduced_motion": "reduce"}
BOX = "(s) => { const r = document.querySelector(s).getBoundingClientRect();" \
      " return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; }"


def _box(page, selector: str) -> dict:
    return page.evaluate(BOX, selector)


def _apart(a: dict, b: dict) -> bool:
    return a["right"] <= b["left"] or b["right"] <= a["left"] or a["bottom"] <= b["top"] or b["bottom"] <= a["top"]


def _blocked_turn(match: Match) -> bool:
    """Punto, the player's turn with a card on the board that the turned card cannot crush."""
    if match.rounds_done or match.to_move != 0:
        return False
    view = match.view(0)
    value = card_value(view["card"])
    return len(view["board"]) >= 4 and any(card_value(c["cards"][-1]) >= value for c in view["board"])


def test_a_refused_move_is_told_beside_the_finger_and_moves_nothing(warm, base_url):
    match = _played("punto", 4, _blocked_turn, "toast")
    page = warm.page(**PHONE)
    resume(page, base_url, None, match.dump(), PREFS, "human", warm=warm)
    card = page.get_attribute("#hand [data-drag]", "data-card")
    cell = next(cell for cell, top in read_board(page).items() if card_value(top) >= card_value(card))
    table, board = _box(page, "#screen > .table"), _box(page, "#board")

    page.tap("#hand [data-drag]")
    page.tap(f'[data-cell="{cell}"]')
    code = "punto.err.equal_value" if card_value(read_board(page)[cell]) == card_value(card) else "punto.err.not_lower"
    assert page.text_content("#notice") == en(code, move=cell, value=card_value(card))
    # Over the table, not above it: the table and its board stay where they were.
    assert _box(page, "#screen > .table") == table and _box(page, "#board") == board
    toast, target, hand = _box(page, "#notice"), _box(page, f'[data-cell="{cell}"]'), _box(page, "#hand [data-drag]")
    assert page.evaluate("getComputedStyle(document.querySelector('#notice')).visibility") == "visible"
    assert 0 <= toast["left"] and toast["right"] <= 360 and 0 <= toast["top"] and toast["bottom"] <= 640
    assert _apart(toast, hand), "the toast covers the card to play"
    # Beside the cell tapped, without covering its centre, where the finger is.
    x, y = (target["left"] + target["right"]) / 2, (target["top"] + target["bottom"]) / 2
    assert not (toast["left"] <= x <= toast["right"] and toast["top"] <= y <= toast["bottom"])
    assert min(abs(toast["bottom"] - target["top"]), abs(toast["top"] - target["bottom"])) < 40
    # It never takes a tap: the card under it still answers, and a legal move clears it.
    assert page.evaluate("getComputedStyle(document.querySelector('#notice')).pointerEvents") == "none"
    page.tap("#hand [data-drag]")
    page.tap("[data-legal]")
    page.wait_for_function("document.querySelector('#notice').textContent === ''")


def _played_cards(match: Match) -> dict:
    """Each seat's cards played so far, by replaying the match's moves from its seed."""
    replay = Match.new("punto", match.options, match.seed, match.seats)
    played: dict = {}
    for move in match.moves:
        seat = replay.to_move
        played.setdefault(seat, set()).add(replay.view(seat)["card"])
        replay.play(move)
    return played


# Each Punto colour as the page paints its cards (css/punto.css), and its dots' shape.
COLOURS = "() => Object.fromEntries(['r', 'b', 'g', 'y'].map((c) => { const n = document.createElement('div');" \
          " n.className = 'pcard c-' + c; document.body.append(n); const rgb = getComputedStyle(n).color;" \
          " n.remove(); return [c, rgb]; }))"
EMBLEMS = """() => Object.fromEntries([...document.querySelectorAll('.seat-strip .seat')].map((seat) => {
    const emblem = seat.querySelector('.emblem');
    return [seat.dataset.seat, {paint: getComputedStyle(emblem).backgroundImage,
        marks: [...emblem.querySelectorAll('.mark')].map((m) => [m.className.split('c-')[1],
            getComputedStyle(m).clipPath, getComputedStyle(m).borderRadius])}];
}))"""
SHAPES = "() => Object.fromEntries(['r', 'b', 'g', 'y'].map((c) => { const n = document.createElement('i');" \
         " n.className = 'chip c-' + c; document.body.append(n); const s = getComputedStyle(n);" \
         " const shape = [c, s.clipPath, s.borderRadius]; n.remove(); return [c, shape]; }))"


def _emblems_wear_the_cards(page, match: Match):
    rgb, shapes = page.evaluate(COLOURS), page.evaluate(SHAPES)
    emblems = page.evaluate(EMBLEMS)
    for seat, cards in _played_cards(match).items():
        own = set(match.view(0)["colours"][seat])
        assert {card[0] for card in cards} <= own | {match.view(0)["neutral"]}
        emblem = emblems[str(seat)]
        # Painted in the seat's colours, and only those, each with its dots' shape.
        assert {c for c in "rbgy" if rgb[c] in emblem["paint"]} == own, (seat, emblem)
        assert [mark[0] for mark in emblem["marks"]] == match.view(0)["colours"][seat]
        assert [shapes[c] for c in match.view(0)["colours"][seat]] == [[c, clip, radius] for c, clip, radius
                                                                     in emblem["marks"]]


def test_each_emblem_wears_its_seats_card_colours_and_shapes(warm, base_url):
    page = warm.page(**PHONE)
    four = _played("punto", 4, lambda m: len(m.moves) >= 8 and m.to_move == 0, "emblems")
    resume(page, base_url, None, four.dump(), PREFS, "human", warm=warm)
    _emblems_wear_the_cards(page, four)
    # The turned card's colour is on the emblem of the seat to play.
    turned = page.evaluate("getComputedStyle(document.querySelector('#hand .pcard')).color")
    on_turn = page.evaluate("getComputedStyle(document.querySelector('.seat[data-turn] .emblem')).backgroundImage")
    assert turned in on_turn
    # Two players own two colours each: the emblem is split between them; its log line's too.
    page = warm.page(**PHONE)
    two = _played("punto", 2, lambda m: len(m.moves) >= 6 and m.to_move == 0, "emblems")
    resume(page, base_url, None, two.dump(), PREFS, "human", warm=warm)
    _emblems_wear_the_cards(page, two)
    page.tap("#hand [data-drag]")
    page.tap("[data-legal]")
    page.wait_for_selector(".movelog li .emblem")
    assert page.get_attribute(".movelog li .emblem", "data-colours") == "rg"


def test_with_teams_the_results_list_the_teams(warm, base_url):
    match = _played("punto", 4, _round_end, "teams", {"teams": True})
    match.seen_rounds = 0
    page = warm.page(**PHONE)
    resume(page, base_url, None, match.dump(), PREFS, "round-end", warm=warm)
    view = match.view(0)
    names = [en("seat.you"), *(en("seat.computer", n=n) for n in (2, 3, 4))]
    teams = {team: en("punto.ui.team_members", team=en(f"punto.ui.team.{team}"),
                      names=en("list.and", first=names[team], last=names[team + 2])) for team in (0, 1)}
    for board in page.locator("#overlay .standings").all():
        rows = board.locator("li")
        assert rows.count() == 2  # one line a team, not one a player
        for i in range(2):
            row = rows.nth(i)
            assert row.locator(".emblem").count() == 2
            words = row.locator("span:last-child").text_content()
            assert any(words.startswith(teams[team]) for team in (0, 1)), words
    wins = page.locator("#overlay .standings").last.locator("li span:last-child").all_text_contents()
    for team in (0, 1):
        won = view["wins"][team]
        assert en("punto.ui.wins_of", name=teams[team], score=won, n=won) in wins


def _over(seats: list, winner, seed: str) -> dict:
    """A Punto match just won by a seat ``winner`` accepts, its last round not yet seen."""
    for attempt in range(200):
        match = Match.new("punto", {"players": len(seats)}, f"{seed}{attempt}", seats)
        rng = random.Random(attempt)
        while not match.over:
            match.play(rng.choice(match.legal_moves()))
        if winner(match.view(0)["outcome"]["winners"]):
            match.seen_rounds = match.rounds_done - 1
            return match.dump()
    raise AssertionError("no such match")


def test_confetti_only_for_a_win_of_a_person_playing_here(warm, base_url):
    beaten = _over(_seats(2), lambda winners: winners == [1], "beaten")
    page = warm.page(**PHONE)
    resume(page, base_url, None, beaten, PREFS, "over", warm=warm)
    assert page.text_content("#overlay h2") == en("punto.match_won", names=en("seat.computer", n=2), n=1)
    assert page.locator(".celebrate").count() == 0
    # Two people share the device with a computer: the second one's win is theirs to celebrate.
    hot_seat = _over(_seats(3, humans=2), lambda winners: winners == [1], "hot-seat")
    page = warm.page(**PHONE)
    resume(page, base_url, None, hot_seat, PREFS, "over", warm=warm)
    assert page.locator(".celebrate i").count() > 0
