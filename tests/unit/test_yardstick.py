"""Punto's yardstick (bench/yardstick.py), lightly: it plays legal moves and takes a win, it still
chooses as it did before its board became flat lists, and that board keeps the game's rules. Few
iterations: its strength is measured by bench/strength.py, not here."""
import pathlib
import random
import sys

import pytest
from test_hard_ai import midgame
from test_punto_positions import position

from games.punto import PUNTO as G
from games.punto import board as geo
from games.punto import rounds
from games.punto.modes import mode_for

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
    gap = world.to_cell((2, 0))
    assert world.greedy(random.Random(0)) == gap  # yellow spoils red's line
    world.play(gap)
    assert world.winner is None
    assert world.greedy(random.Random(0)) == gap  # red's 8 crushes the yellow 1...
    world.play(gap)
    assert world.winner == 0  # ...and makes the line


def played(plies: int, **options):
    """A state after ``plies`` seeded random moves."""
    state = G.new_game(G.check_options(options), f"golden{plies}")
    rng = random.Random(plies)
    for _ in range(plies):
        state = G.play(state, rng.choice(G.legal_moves(state)))
    return state


# The moves (and the rng's next draw after the search) of the yardstick before its board became
# flat lists, at the fixture's 60 iterations: the rewrite kept the same opponent.
@pytest.mark.parametrize("plies, options, move, after", [
    (9, {"players": 2}, "-1,1", 0.05166002202655162),
    (24, {"players": 2}, "-2,-3", 0.14166803941727835),
    (15, {"players": 3}, "-1,-3", 0.6736360710832766),
    (20, {"players": 4, "teams": True}, "2,2", 0.2127082217746512),
])
def test_it_chooses_as_it_always_did(plies, options, move, after):
    state = played(plies, **options)
    rng = random.Random(plies)
    legal = G.legal_moves(state)
    assert yardstick.choose(G.view(state, state.to_move), legal, rng, state) == move
    assert rng.random() == after


@pytest.mark.parametrize("options", [
    {"players": 2}, {"players": 2, "line_two": 4, "tie_break": "more"}, {"players": 3},
    {"players": 4}, {"players": 4, "teams": True},
])
def test_its_bookkeeping_follows_the_rules(options):
    """Rollouts played on the grid, checked card by card against the game's own rules: the legal
    cells, a line made, a blocked round's judgement, and every line-making legal cell among the
    threats (so that checking only those finds them all)."""
    state = played(6, **options)
    mode, tie_break = mode_for(state.options), state.options["tie_break"]
    judged, won = set(), 0
    for seed in range(12):
        world = yardstick.World(state)
        rng = random.Random(seed)
        while world.winner is None:
            board = {world.to_xy(cell): (f"{colour}{world.bar[cell]}a",)
                     for cell, colour in enumerate(world.colour) if colour}
            (colour, value), seat = world.card, world.seat
            assert [world.to_xy(cell) for cell in world.cells] == geo.legal_cells(board, value)
            for cell in world.cells:
                for owned in world.owner:
                    assert not world.completes(cell, owned) or cell in world.threats[owned]
            side = rounds.blocked(board, mode, tie_break, seat, "no_cell").side
            judged.add(world.judged())
            assert world.judged() == (-1 if side is None else side)
            cell = world.greedy(rng) if rng.random() < 0.8 else rng.choice(world.cells)
            at = world.to_xy(cell)
            line = colour in mode.colours_of(seat) and geo.winning_line(
                geo.place(board, at, f"{colour}{value}b"), at, mode.line_length)
            world.play(cell)
            won += bool(line)
            assert (world.winner if world.seat == seat else None) == (  # a won round stops there
                mode.side_of(seat) if line else None)
    assert len(judged) > 1 and won  # some boards had series, some rollouts made a line
