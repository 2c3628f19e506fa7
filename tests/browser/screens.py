"""Every screen a player meets, reached the way the page reaches it (a save in storage, a link,
a tap), for the fit sweep (test_fit_sweep.py) and the screenshots (scripts/screenshots.py).

A screen is a name and a way to open it on a page: ``open_screen(page, base_url, name)``. Mid-game
positions come from legal random play from a fixed seed, so each screen is the same at every run.
"""
import json
import random

from ai import think
from games import registry
from match import Match
from ui.tables import has_table

PREFS = {"speed": "fast", "lang": "en"}
# Options under which a round can end without ending the match (a game absent here plays one
# round a match: Neuf vies).
ROUNDS = {"punto": {}, "zero-pointe": {}, "punttu": {"match": "to_points"}}
STATES = ("human", "computer", "round-end", "over", "gate")


def games() -> list:
    return [g for g in registry.games() if has_table(g.id)]


def _seats(count: int, humans: int = 1) -> list:
    """The player and computers, unnamed as a new player leaves them ("You", "Computer 2"); with
    ``humans``, that many people share the device ("Player 2")."""
    return [{"kind": "human" if i < humans else "easy", "name": ""} for i in range(count)]


def _played(game_id: str, players: int, until, seed: str, options=None, humans: int = 1) -> Match:
    """A match played at random from ``seed`` until ``until(match)`` holds."""
    for attempt in range(200):
        match = Match.new(game_id, {"players": players, **(options or {})}, f"{seed}{attempt}",
                          _seats(players, humans), think=think)
        rng = random.Random(f"{seed}{attempt}")
        for _ in range(5000):
            if until(match):
                return match
            if match.over:
                break
            match.play(rng.choice(match.legal_moves()))
    raise AssertionError(f"{game_id}: no match reached the screen {seed}")


def _mid_game(match: Match) -> bool:
    """The human's turn, a few moves into the first round."""
    return match.rounds_done == 0 and len(match.moves) >= 2 * len(match.seats) and match.to_move == 0


def _computer_to_move(match: Match) -> bool:
    return match.rounds_done == 0 and len(match.moves) >= 2 * len(match.seats) and match.to_move != 0


def _round_end(match: Match) -> bool:
    return match.rounds_done == 1 and not match.over


def _wide_board(match: Match) -> bool:
    """Punto, the player's turn on the widest board a card can reach: five columns and five
    rows in use, so the lit cells make it seven by seven."""
    if match.rounds_done or match.to_move != 0:
        return False
    limits = match.view(0)["limits"]
    return limits["cols"] == 5 and limits["rows"] == 5


def _counter_asked(match: Match) -> bool:
    """Neuf vies: the player is attacked and may counter (more than one answer: one alone is
    made for the player)."""
    if match.to_move != 0:
        return False
    view = match.view(0)
    return view["pending"] is not None and view["pending"]["kind"] == "counter" and len(view["legal"]) > 1


def save_for(name: str) -> dict | None:
    """The save a screen starts from (None: no save, the page opens on its own)."""
    kind, _, rest = name.partition(":")
    if kind in ("home", "newgame"):
        return None
    game_id, players = rest.split("/") if "/" in rest else (rest, "2")
    players = int(players)
    if kind in ("held", "menu", "sheet", "peek"):
        match = _played(game_id, players, _mid_game, "held")
    elif kind == "wide":
        match = _played(game_id, players, _wide_board, "wide")
    elif kind == "counter":
        match = _played(game_id, players, _counter_asked, "counter")
    elif kind == "gate":
        match = _played(game_id, players, _mid_game, "gate", humans=2)
    elif kind == "folded":
        match = _played(game_id, players, _round_end, "roundend", ROUNDS[game_id])
        match.seen_rounds = 0
    elif kind == "computer":
        match = _played(game_id, players, _computer_to_move, "computer")
    elif kind == "round-end":
        match = _played(game_id, players, _round_end, "roundend", ROUNDS[game_id])
        match.seen_rounds = 0
    elif kind == "over":
        match = _played(game_id, players, lambda m: m.over, "over")
        match.seen_rounds = match.rounds_done - 1  # the last round not yet seen, as after a move
    else:
        raise ValueError(name)
    return match.dump()


# Screens of one game each, where its table was seen to trip players (issue 46): Punto's widest
# board with four players, its players' sheet and a result folded away; Zéro Pointé's round end
# with four players; the pass-the-device screen of the games with private hands; a Neuf vies
# attack to answer and an opponent's columns opened, with four players.
EXTRA = ["wide:punto/4", "sheet:punto/4", "folded:punto/2", "round-end:zero-pointe/4",
         "gate:punttu/2", "gate:neuf-vies/2", "counter:neuf-vies/4", "peek:neuf-vies/4"]


def names() -> list:
    """Every screen: home, each new-game form, each table mid-game with a card held (2 and the
    most players), a computer's turn, each round end and match end (2 and the most), the menu,
    and the screens of EXTRA."""
    found = ["home"] + [f"newgame:{g.id}" for g in games()]
    for g in games():
        for players in sorted({g.seats[0], g.seats[1]}):
            found += [f"held:{g.id}/{players}", f"over:{g.id}/{players}"]
            if g.id in ROUNDS:
                found.append(f"round-end:{g.id}/{players}")
        found.append(f"computer:{g.id}/{g.seats[1]}")
    found.append(f"menu:{games()[0].id}")
    ids = {g.id for g in games()}
    return found + [name for name in EXTRA if name.partition(":")[2].split("/")[0] in ids]


def open_screen(page, base_url: str, name: str, open_app, prefs=None, warm=None):
    """Open ``name`` on ``page``: storage written first, then the page, then the taps that
    reach it. Returns the page's state. With ``warm`` (tests/browser/warm.py), ``page`` is a warm
    page, opened again on that storage; a new-game form is then reached from its home tile."""
    from helpers import put_storage, wait_state

    prefs = {**PREFS, **(prefs or {})}
    if name.startswith("computer:"):
        prefs["speed"] = "normal"  # long enough a pause to be seen thinking
    save = save_for(name)
    items = {"tapis.prefs": json.dumps(prefs)}
    if save is not None:
        items[f"tapis.save.{save['game']}"] = json.dumps(save)
    kind, _, rest = name.partition(":")
    if warm is not None:
        warm.open(page, items)
        if kind == "newgame":
            page.click(f'[data-action="new"][data-game="{rest}"]')
            page.wait_for_selector(f'form.newgame[data-game="{rest}"]')
    else:
        put_storage(page, base_url, items)
        open_app(page, base_url, f"game={rest}" if kind == "newgame" else "")
    if kind == "newgame":
        return "form"
    if kind == "home":
        return "home"
    page.click('[data-action="continue"]')
    expected = {"held": "human", "menu": "human", "computer": "computer", "round-end": "round-end",
                "over": "over", "wide": "human", "sheet": "human", "peek": "human", "counter": "human",
                "gate": "gate", "folded": "round-end"}[kind]
    state = wait_state(page, expected, *[s for s in STATES if s != expected])
    if kind in ("held", "wide"):
        source = page.locator("#screen [data-drag]").first
        if source.count():
            source.click()
    elif kind == "menu":
        page.click('[data-action="menu"]')
        page.wait_for_selector("#overlay[open] .menu")
    elif kind == "sheet":
        page.click('[data-action="seats"]')
        page.wait_for_selector("#overlay[open] .seat-sheet")
    elif kind == "peek":
        seats = page.locator('#screen .seat-strip .seat[data-action="peek"]')
        with_cards = seats.filter(has=page.locator("[data-card]"))  # a seat with cards to read
        (with_cards if with_cards.count() else seats).first.click()
        page.wait_for_selector("#overlay[open] .peek")
    elif kind == "folded":
        page.click('#overlay[open] [data-action="fold"]')
        page.wait_for_selector("#unfold:not([hidden])")
    return state
