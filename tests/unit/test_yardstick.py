"""Punto's yardstick (bench/yardstick.py), lightly: it plays legal moves and takes a win. Few
iterations: its strength is measured by bench/strength.py, not here."""
import pathlib
import random
import sys

import pytest
from test_hard_ai import midgame
from test_punto_positions import position

from games.punto import PUNTO as G

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "bench"))
import yardstick  # noqa: E402


def choose(state, seed=0) -> str:
    seat = G.to_move(state)
    legal = G.legal_moves(state)
    move = yardstick.choose(G.view(state, seat), legal, random.Random(seed), state)
    assert move in legal
    return move


@pytest.fixture(autouse=True)
def few(monkeypatch):
    monkeypatch.setattr(yardstick, "ITERATIONS", 60)


@pytest.mark.parametrize("plies", [1, 9, 20])
def test_it_plays_a_legal_move(plies):
    choose(midgame(G, plies, f"yardstick{plies}"))


def test_it_takes_a_winning_move():
    state = position("""
        r1 r2 .  r3 r4
        b5 b6 b7 .  .
    """, decks=["r5", "b1"])
    assert choose(state) == "2,0"


def test_its_rollouts_spoil_a_line_and_see_one_made_by_crushing():
    state = position("r1 r2 .  r3 r4\nb5 b6 b7 .  .", decks=["r8", "y1"], to_move=1)
    world = yardstick.World(state)
    assert world.greedy(random.Random(0)) == (2, 0)  # yellow spoils red's line
    world.play((2, 0))
    assert world.winner is None
    assert world.greedy(random.Random(0)) == (2, 0)  # red's 8 crushes the yellow 1...
    world.play((2, 0))
    assert world.winner == 0  # ...and makes the line
