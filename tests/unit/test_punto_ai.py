"""The medium Punto player: it takes a win, stops an opponent's win, and beats the easy player."""
import random

import pytest
from test_punto_positions import play, position

import ai
from games.punto import PUNTO as G
from games.punto import board as geo


def medium(state, seed=0) -> str:
    seat = G.to_move(state)
    move = ai.choose("punto", "medium", G.view(state, seat), G.legal_moves(state),
                     random.Random(seed))
    assert move in G.legal_moves(state)
    return move


@pytest.mark.parametrize("seed", range(5))
def test_it_takes_a_winning_move(seed):
    state = position("""
        r1 r2 .  r3 r4
        b5 b6 b7 .  .
    """, decks=["r5", "b1"])
    assert medium(state, seed) == "2,0"


def test_it_wins_by_crushing_too():
    state = position("g1 g2 b3 g4 g5\n. b4 b5 b6 .", decks=["g6", "b1"])
    assert medium(state) == "2,0"


def opponent_can_win(state, colours=("b", "y")) -> bool:
    """Whether any card of those colours, of any value, could complete a line now."""
    for value in range(1, 10):
        for cell in geo.legal_cells(state.board, value):
            for colour in colours:
                board = geo.place(state.board, cell, f"{colour}{value}a")
                if geo.winning_line(board, cell, 5):
                    return True
    return False


@pytest.mark.parametrize("board", [
    "r9 b1 b2 b3 b4 .",            # one open end
    "b1 b2 . b3 b4\n. r2 r3 . .",  # a hole in the middle
    "y4\nr1 y5\nr2 . y6\n. . . y7\n. . . . .",  # a diagonal, open below
])
def test_it_stops_an_opponents_win_with_a_nine(board):
    state = position(board, decks=["r9 r1", "b9"])
    assert opponent_can_win(state)
    after = play(state, medium(state))
    assert G.to_move(after) == 1 and not opponent_can_win(after)


def test_it_blocks_rather_than_build_when_the_opponent_threatens():
    # Extending the red three is tempting; the blue hole is not yet a series, only a threat.
    state = position("""
        .  .  r1 r2 r3 .
        .  .  .  .  .  .
        b1 b2 .  b3 b4 .
    """, decks=["r9", "b9"])
    after = play(state, medium(state))
    assert not opponent_can_win(after)


def test_it_wins_rather_than_block_two_threats_it_cannot_both_stop():
    state = position("""
        r1 r2 r3 .  .
        y9 b1 b2 b3 .
        y9 g1 g2 g3 .
    """, decks=["r9", "b1", "g1"], players=3)
    assert medium(state) == "3,0"


def test_it_prefers_its_own_win_to_a_block():
    state = position("r1 r2 r3 r4 .\nb1 b2 b3 b4 .", decks=["r5", "b5"])
    assert medium(state) == "4,0"


def test_it_plays_from_the_view_only():
    """Two states that differ only in hidden deck orders get the same move."""
    state = play(G.new_game({}, "hidden"), "0,0", "1,0", "1,1", "0,1")
    hidden = G.determinize(state, 0, random.Random(3))
    assert medium(state, 7) == medium(hidden, 7)


def test_it_thinks_one_move_a_step_and_ends_with_its_choice():
    state = position("g1 g2 b3 g4\n. b4 b5 b6", decks=["g6", "b1"])
    seat = G.to_move(state)
    view, legal = G.view(state, seat), G.legal_moves(state)
    steps = list(ai.think("punto", "medium", view, legal, random.Random(3)))
    # Finding the player, then one step a move: the page runs them in slices.
    assert steps[:-1] == [None] * (1 + len(legal))
    assert steps[-1] == medium(state, 3)


def test_it_beats_the_easy_player_in_most_seeded_games():
    """Forty quick two-player matches (one round each, so the file stays fast; the bench plays
    full matches), seats alternating. The medium player wins nearly all of them; 30 leaves a
    wide margin, yet a player no better than chance would fail."""
    won = 0
    for game in range(40):
        seed = f"ai:{game}"
        state = G.new_game({"rounds_to_win": 1}, seed)
        medium_seat = game % 2
        while G.to_move(state) is not None:
            seat = G.to_move(state)
            level = "medium" if seat == medium_seat else "easy"
            rng = random.Random(f"{seed}:{state.ply}")
            state = G.play(state, ai.choose("punto", level, G.view(state, seat),
                                            G.legal_moves(state), rng))
        won += medium_seat in G.outcome(state)["winners"]
    assert won >= 30


SCORES_OF_MATCHES = """
import sys
sys.path.insert(0, sys.argv[1])
import ai
from ai import punto as medium
from match import Match
for i in range(6):
    m = Match.new("punto", {"players": 2}, f"hash:{i}", [{"kind": "medium", "name": ""}] * 2,
                  think=ai.think)
    for _ in range(12 + 3 * i):
        m.play(m.computer_move())
    steps = medium.scoring(m.view(m.to_move), m.legal_moves())
    try:
        while True:
            next(steps)
    except StopIteration as done:
        print(m.moves, [repr(score) for score in done.value])
"""


def test_its_scores_do_not_depend_on_the_hash_seed():
    """Every Python process hashes strings with a seed of its own (the page's, its worker's,
    CPython's): the scores, down to their last bits, and so the moves must not follow it."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    py = str(Path(ai.__file__).resolve().parents[1])
    printed = {subprocess.run([sys.executable, "-c", SCORES_OF_MATCHES, py], check=True,
                              capture_output=True, text=True,
                              env=dict(os.environ, PYTHONHASHSEED=seed)).stdout
               for seed in ("1", "2", "3")}
    assert len(printed) == 1
