"""The facts the view works out for the page (games/punto/view.py, typed in schema.py): where the
turned card may go, the 6 × 6 limits, the cells to draw, the ranks, and a finished round's
winning cells, line and ranks."""
import random

import pytest
from test_punto_positions import play, position
from engine.typecheck import problems

from games.punto import PUNTO as G
from games.punto import schema


def view_of(state, seat=None):
    view = G.view(state, G.to_move(state) if seat is None else seat)
    assert problems(view, schema.View) == []
    return view


# --- the board ---

def test_a_new_round_shows_the_centre_alone():
    view = view_of(G.new_game({}, "new"))
    assert view["reach"] == ["0,0"] == view["legal"]
    assert view["span"] == {"left": 0, "top": 0, "right": 0, "bottom": 0}
    assert view["limits"] == {"size": 6, "cols": 0, "rows": 0, "wall_x": False, "wall_y": False}


def test_every_seat_sees_where_the_turned_card_may_go():
    """The page draws the reachable cells on every turn (a computer's card flies to one), while
    the legal moves are in the view of the seat on turn only."""
    state = position("r5 b7", decks=["g6", "b6"], to_move=1)
    other = view_of(state, 0)
    assert other["legal"] == [] and other["reach"] == G.legal_moves(state) == view_of(state)["legal"]
    assert "0,0" in other["reach"] and "1,0" not in other["reach"]  # b6 crushes r5, not b7
    assert other["span"] == {"left": -1, "top": -1, "right": 2, "bottom": 1}
    assert other["limits"] == {"size": 6, "cols": 2, "rows": 1, "wall_x": False, "wall_y": False}


@pytest.mark.parametrize("axis", ["columns", "rows"])
def test_six_in_use_raise_the_walls(axis):
    row = "r1 b1 r1 b1 g1 y1"
    board = row if axis == "columns" else "\n".join(row.split())
    state = position(board, decks=["g2", ""], origin=(-2, 0) if axis == "columns" else (0, -2))
    view = view_of(state)
    assert view["limits"]["wall_x"] == (axis == "columns")
    assert view["limits"]["wall_y"] == (axis == "rows")
    assert (view["limits"]["cols"], view["limits"]["rows"]) == ((6, 1) if axis == "columns" else (1, 6))
    # The walls: nothing to draw beyond the six columns (rows), one more row (column) each side.
    if axis == "columns":
        assert view["span"] == {"left": -2, "top": -1, "right": 3, "bottom": 1}
    else:
        assert view["span"] == {"left": -1, "top": -2, "right": 1, "bottom": 3}


def test_the_limits_follow_the_outermost_cards():
    state = position("""
        r1 . . . . .
        .  . . . . .
        .  . . . . .
        .  . . . . .
        .  . . . . y1
    """, decks=["g2", ""], rest="under")
    view = view_of(state)
    assert view["limits"] == {"size": 6, "cols": 6, "rows": 5, "wall_x": True, "wall_y": False}
    assert view["span"] == {"left": 0, "top": -1, "right": 5, "bottom": 5}


def test_the_cells_to_draw_hold_every_card_and_every_reachable_cell():
    rng = random.Random(4)
    for options in ({}, {"players": 3}, {"players": 4, "teams": True}):
        state = G.new_game(options, "span")
        for _ in range(40):
            view = view_of(state, rng.randrange(G.players(state)))
            box = view["span"]
            cells = [(c["x"], c["y"]) for c in view["board"]]
            cells += [tuple(schema.parse_move(move)) for move in view["reach"]]
            assert min(x for x, _ in cells) == box["left"] and max(x for x, _ in cells) == box["right"]
            assert min(y for _, y in cells) == box["top"] and max(y for _, y in cells) == box["bottom"]
            state = G.play(state, rng.choice(G.legal_moves(state)))
            if G.to_move(state) is None:
                break


def test_the_wins_are_ranked():
    state = position("r1 r2 r3 r4 .", decks=["r9", "b1"], wins=[0, 1], trophies=["", "b9"])
    assert view_of(state)["wins_ranks"] == [2, 1]
    after = play(state, "4,0")
    assert after.wins == (1, 1) and view_of(after)["wins_ranks"] == [1, 1]


# --- a finished round ---

def test_a_line_round_lights_its_line_and_says_how_long_it_is():
    record = view_of(play(position("r1 r2 r3 r4 .", decks=["r9", "b1"]), "4,0"))["last_round"]
    assert record["line_run"] == 5
    assert record["won_cells"] == [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]
    assert record["ranks"] == [1, 2]
    assert record["limits"] == {"size": 6, "cols": 5, "rows": 1, "wall_x": False, "wall_y": False}
    assert record["span"] == {"left": 0, "top": 0, "right": 4, "bottom": 0}


def test_two_lines_at_once_are_a_line_of_five_not_nine():
    state = position("""
        r1 r2 r3 r4 .
        .  .  .  .  r5
        .  .  .  .  r6
        .  .  .  .  r7
        .  .  .  .  r8
    """, decks=["r9", "b1"])
    record = view_of(play(state, "4,0"))["last_round"]
    assert len(record["line"]) == 9 and record["line_run"] == 5
    assert len(record["won_cells"]) == 9


def test_a_longer_run_is_told_as_it_is():
    record = view_of(play(position("r1 r2 . r3 r4 r5", decks=["r9", "b1"]), "2,0"))["last_round"]
    assert record["line_run"] == 6


def blocked(board: str, **options):
    """Seat 0 plays g1 beside the board, then seat 1 has no card left."""
    state = position(board, decks=["g1", ""], rest="under", **options)
    return view_of(play(state, "4,0"), 0)["last_round"]


def test_a_series_round_lights_the_winning_series():
    record = blocked("r2 r3 r4 r5\nb1 b1 . .")
    assert record["result"] == "series" and record["line_run"] == 0
    assert record["won_cells"] == [[0, 0], [1, 0], [2, 0], [3, 0]]
    assert record["ranks"] == [1, 2]


@pytest.mark.parametrize("tie_break,ranks", [("fewer", [1, 2]), ("more", [2, 1])])
def test_tied_series_rank_by_the_tie_break(tie_break, ranks):
    record = blocked("r1 r2 r3 r4\nb2 b3 b4 b5", tie_break=tie_break)
    assert record["series_counts"] == [1, 1] and record["series_points"] == [10, 14]
    assert record["ranks"] == ranks


@pytest.mark.parametrize("board,ranks", [
    ("r1 r2 r3\nb3 b2 b1", [1, 1, 3]),  # red and blue tied on series and points, green none
    ("r1 r2 .\nb1 . b2", [1, 1, 1]),    # nobody has a series
])
def test_a_drawn_round_ranks_the_tied_first(board, ranks):
    state = position(board, decks=["", "y9", ""], to_move=1, starter=2, rest="under", players=3)
    record = view_of(play(state, "3,0"), 0)["last_round"]
    assert record["result"] == "draw" and record["won_cells"] == []
    assert record["ranks"] == ranks


def test_a_team_shares_its_rank():
    state = position("r1 g2 g3 g4 g5\nb1 b2 . . .", decks=["", "", "r1", ""], to_move=2,
                     players=4, teams=True, rest="under")
    record = view_of(play(state, "2,1"), 0)["last_round"]
    assert record["winners"] == [0, 2] and record["ranks"] == [1, 3, 1, 3]


def test_the_record_in_the_state_stays_as_saved():
    """The derived facts are the view's: the state's record (and so a save) holds none of them."""
    after = play(position("r1 r2 r3 r4 .", decks=["r9", "b1"]), "4,0")
    derived = {"line_run", "won_cells", "ranks", "limits", "span"}
    assert not derived & set(after.last_round)
    assert set(view_of(after)["last_round"]) == set(after.last_round) | derived
