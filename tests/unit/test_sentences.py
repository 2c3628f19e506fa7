"""Every line of the move log and every status line starts with a capital letter, in every
language, whatever fills its first placeholder (a card's name: "ezpatako txota bota duzu"; a
name typed in lower case). Each game's own table says its moves (``describe``) and the frame its
status line, in CPython: the browser's modules are stood in for, since words need none of them."""
import random
import sys
from unittest.mock import MagicMock

import pytest

from ai import think
from games import registry
from i18n import LANGS
from match import Match
from session import LocalSession

MOVES = 400  # per match at most: enough for rounds to end and new ones to be dealt


@pytest.fixture(scope="module")
def page():
    """ui.app and the tables, imported with js and pyodide stood in for, then forgotten."""
    before = set(sys.modules)
    sys.modules.update({name: MagicMock() for name in ("js", "pyodide", "pyodide.ffi")})
    from ui import app, tables
    yield app.App, tables
    for name in set(sys.modules) - before:
        del sys.modules[name]


def starts_as_a_sentence(text: str) -> bool:
    first = next((char for char in text if char.isalnum()), "")
    return not first.islower()


def _seatings(game):
    """The player alone against computers (the sentences in the second person), and players
    sharing the device, named in lower case."""
    count = game.seats[0]
    alone = [{"kind": "human", "name": ""}] + [{"kind": game.levels[0], "name": ""}] * (count - 1)
    shared = [{"kind": "human", "name": name} for name in ("ane", "éloi", "zoe", "ilan")[:count]]
    return {"alone": alone, "shared": shared}


@pytest.mark.parametrize("seating", ["alone", "shared"])
@pytest.mark.parametrize("game", registry.games(), ids=lambda g: g.id)
def test_every_move_and_status_line_starts_with_a_capital(page, game, seating):
    App, tables = page
    if not tables.has_table(game.id):
        pytest.skip(f"{game.id} has no table")
    session = LocalSession(Match.new(game.id, {}, f"sentences-{seating}", _seatings(game)[seating], think=think))
    match = session.match
    pages = {}
    for lang in LANGS:
        app = App.__new__(App)  # its words only: the page itself is never drawn
        app.lang, app.loop, app.link = lang, None, MagicMock(session=session)
        pages[lang] = tables.table_for(game.id)(app)
    pick = random.Random(game.id)
    wrong, told = [], 0
    for _ in range(MOVES):
        if match.over:
            break
        step = session.next()
        if step.kind == "round_end":
            shown = match.view(session.screen_seat() or 0)
            said = [(lang, table.status(shown, False, False, shown["last_round"])) for lang, table in pages.items()]
            wrong += [(lang, line) for lang, line in said if not starts_as_a_sentence(line)]
            match.acknowledge_round()
            step = session.next()
        if step.kind == "gate":
            session.show_to(step.seat)
        mover = match.to_move
        seat = session.screen_seat()
        seat = mover if seat is None else seat
        before = match.view(seat)
        human = match.is_human(mover)
        move = pick.choice(match.legal_moves()) if human else match.computer_move()
        session.play(mover, move)
        after = match.view(seat)
        for lang, table in pages.items():
            lines = [table.status(before, human, False, None),
                     table.describe(before, move, after, table.app.seat_name(mover))]
            wrong += [(lang, line) for line in lines if not starts_as_a_sentence(line)]
        told += 1
    assert told > 20
    assert wrong == []
