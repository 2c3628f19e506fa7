"""Where a card may go (rules: "The board" and "A round" step 4), and the move notation."""
import random

import pytest
from test_punto_positions import play, position

from engine.errors import IllegalMove
from games.punto import PUNTO as G
from games.punto import board as geo
from games.punto import card_colour, card_value
from games.punto.schema import Cell, Move, face, move_text, parse_move


def refused(state, move) -> str:
    with pytest.raises(IllegalMove) as err:
        G.play(state, move)
    assert str(err.value)  # the English text of the reason
    return err.value.code


def test_card_ids():
    assert card_colour("r7a") == "r" and card_value("r7a") == 7
    assert card_colour("y1b") == "y" and card_value("y1b") == 1
    for card in G.full_deck({}):  # the page reads faces through the schema: the same reading
        assert face(card) == (card_colour(card), card_value(card))
    assert len(G.full_deck(G.check_options({}))) == 72 == len(set(G.full_deck({"players": 2})))


def test_move_notation():
    assert Move is Cell
    assert move_text(Cell(-1, 2)) == "-1,2" and parse_move("-1,2") == Cell(-1, 2) == (-1, 2)
    assert parse_move("-1,2").x == -1 and parse_move("-1,2").y == 2
    assert parse_move(move_text(Cell(0, 0))) == (0, 0)
    for bad in ("", "1", "1,2,3", "a,b", " 1,2", "1;2", None, (1, 2)):
        with pytest.raises(IllegalMove) as err:
            parse_move(bad)
        assert err.value.code == "punto.err.bad_move"
    with pytest.raises(IllegalMove) as err:
        G.play(G.new_game({}, "bad"), "x,y")
    assert err.value.code == "punto.err.bad_move" and err.value.params == {"move": "x,y"}


@pytest.mark.parametrize("options", [{}, {"players": 3}, {"players": 4, "teams": True}])
def test_every_legal_move_reads_back_as_written(options):
    """The codec over every legal move of many positions of random matches: the text read gives
    the same cell written again, and that cell is one the rules list (``geo.legal_cells``)."""
    rng = random.Random(str(options))
    for seed in range(4):
        state = G.new_game(options, seed)
        while G.to_move(state) is not None:
            legal = G.legal_moves(state)
            card = state.decks[G.to_move(state)][0]
            cells = geo.legal_cells(state.board, card_value(card))
            assert [parse_move(move) for move in legal] == cells
            assert [move_text(parse_move(move)) for move in legal] == legal
            state = G.play(state, rng.choice(legal))


def test_the_first_card_goes_in_the_middle():
    state = G.new_game({}, "first")
    assert G.legal_moves(state) == ["0,0"]
    assert refused(state, "1,0") == "punto.err.first_card"
    after = play(state, "0,0")
    assert list(after.board) == [(0, 0)]


def test_a_card_touches_another_by_a_side_or_a_corner():
    state = position("r5", decks=["", "b1"], to_move=1)
    assert G.legal_moves(state) == ["-1,-1", "0,-1", "1,-1", "-1,0", "1,0", "-1,1", "0,1", "1,1"]
    assert refused(state, "2,0") == "punto.err.not_adjacent"
    assert refused(state, "2,2") == "punto.err.not_adjacent"


@pytest.mark.parametrize("axis", ["columns", "rows"])
def test_six_in_use_close_the_square(axis):
    row = "r1 b1 r1 b1 g1 y1"
    board = row if axis == "columns" else "\n".join(row.split())
    state = position(board, decks=["g2", ""], origin=(-2, 0) if axis == "columns" else (0, -2))
    if axis == "columns":
        inside, outside = ["-2,1", "3,1", "0,-1"], ["-3,0", "4,0", "-3,1", "4,-1"]
    else:
        inside, outside = ["1,-2", "1,3", "-1,0"], ["0,-3", "0,4", "1,-3", "-1,4"]
    for move in inside:
        assert move in G.legal_moves(state)
    for move in outside:
        assert move not in G.legal_moves(state)
        assert refused(state, move) == "punto.err.outside_square"


def test_the_square_closes_on_whichever_side_fills_it():
    # Five columns in use: a sixth may be opened on either side, never a seventh.
    state = position("r1 b1 r1 b1 g1", decks=["g2 g3", "b2 b3"])
    assert {"-1,0", "5,0"} <= set(G.legal_moves(state))
    state = play(state, "5,0")  # now columns 0..5
    assert "-1,0" not in G.legal_moves(state) and "6,0" not in G.legal_moves(state)
    assert "-1,1" not in G.legal_moves(state) and "5,1" in G.legal_moves(state)


def test_the_limit_is_six_by_six_not_six_cells_in_a_line():
    state = position("""
        r1 . . . . .
        .  . . . . .
        .  . . . . .
        .  . . . . .
        .  . . . . y1
    """, decks=["g2", ""], rest="under")
    # Rows 0..4 and columns 0..5 are in use: one more row fits, above or below, not a column.
    legal = G.legal_moves(state)
    assert "5,5" in legal and "0,-1" in legal
    assert "6,4" not in legal and "-1,0" not in legal


def test_equal_values_never_crush():
    state = position("r5 b5", decks=["g5", ""])
    assert "0,0" not in G.legal_moves(state) and "1,0" not in G.legal_moves(state)
    assert refused(state, "1,0") == "punto.err.equal_value"


@pytest.mark.parametrize("covered", ["r4", "g1", "b4", "y4"])
def test_a_strictly_lower_card_is_crushed_whatever_its_colour(covered):
    state = position(covered, decks=["r5", ""])
    assert "0,0" in G.legal_moves(state)
    after = play(state, "0,0")
    assert after.board[(0, 0)][0][:2] == covered and after.board[(0, 0)][1] == "r5a"


def test_a_higher_card_cannot_be_crushed():
    state = position("b6", decks=["r5", ""])
    assert "0,0" not in G.legal_moves(state)
    assert refused(state, "0,0") == "punto.err.not_lower"


def test_only_the_top_card_counts_for_crushing():
    state = position("b3/r8", decks=["g5 g9", "y1"])
    assert refused(state, "0,0") == "punto.err.not_lower"
    state = play(state, "1,0", "2,0")  # g5 beside; blue plays y1 beside it
    assert "0,0" in G.legal_moves(state)  # the 9 beats the 8 on top
    assert play(state, "0,0").board[(0, 0)] == ("b3a", "r8a", "g9a")


def test_the_list_of_legal_cells_and_the_reasons_agree():
    """On boards from random games, a cell is listed exactly when no reason forbids it."""
    rng = random.Random(5)
    for seed in range(3):
        state = G.new_game({"players": 3}, seed)
        for _ in range(30):
            box = geo.bounds(state.board) or (0, 0, 0, 0)
            near = [(x, y) for x in range(box[0] - 2, box[2] + 3)
                    for y in range(box[1] - 2, box[3] + 3)]
            for value in range(1, 10):
                listed = set(geo.legal_cells(state.board, value))
                for cell in near:
                    assert (cell in listed) == (geo.why_illegal(state.board, cell, value) is None)
            state = G.play(state, rng.choice(G.legal_moves(state)))
