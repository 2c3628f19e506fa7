"""Golden games: a seed and a simple deterministic rule for the moves (the legal move at index
ply mod count), replayed to the end. The expected text was recorded from this implementation
after the rule tests passed; any change of dealing, placing or scoring shows up here.

Each record: the last ply, rounds won and trophies per seat; every round's end as
result/why_blocked/winners/trophy; then the final position ("@x,y" of its top-left cell, then its
rows, each cell's cards bottom/to/top).
"""
import pytest
from test_punto_positions import board_text

from games.punto import PUNTO as G
from games.punto.state import board_from_cells

GOLDEN = [
    ({}, """
ply 196, wins 2 0, trophies g9b r9b | -
draw/no_cell/-/- series/no_cell/0/g9b series/empty_deck/0/r9b
@-4,-1
g5a/g6a/g7b r2a/g4a/b8a r5a/b6b y1a/b8b/b9a b5b/r8a r1b/b2b/g5b
g1b/g2b r4b r2b/g4b y6b/r7b y5b/r7a y2b/g3a/g9a
g3b/r9a y9a r6b/b7b/y8a y6a r4a/r6a b1b/b4a/r8b
y1b/y2a y7b y3a y3b/y4a/r5b r9b b5a/g6b
b4b/g8b b1a/b9b r3a/y8b y4b/b6a b2a b3b/g7a
g1a/g2a/y7a b7a g8a y5a r1a/b3a r3b/y9b
"""),
    ({'line_two': 4}, """
ply 90, wins 0 2, trophies - | b8b y9b
line/-/1/b8b series/no_cell/1/y9b
@-3,0
r2b/g9a y7a g8b r8a g5a/g8a g5b
r1b/b3a y4a r4b/y8b b9b b4b/g9b g6a
r5b y4b b5b b2b r3b/y9b g3a
g2a/b6b r2a/g6b b2a/g7a y9a y3a/r4a b3b
y5a g4b y2b r7b y1a/g4a b9a
y7b b7a b6a r5a r7a b1b/b5a
"""),
    ({'players': 3}, """
ply 194, wins 0 1 2, trophies - | b9b | g7a g5b
series/no_cell/1/b9b points/no_cell/2/g7a series/empty_deck/2/g5b
@-3,-3
g5a/b8a b4a/g7b r3a/b5a/r7a b1b/y4a g4a g6b/g9b
y9b g4b b2b/y7b g1a/b3a y1a/y2b g1b/r3b/b6a/g9a
y2a/y7a r1b r2a/b4b/r6b r4a/y6b r4b/r8b y9a
b6b g6a/g8b g2a/g3b r8a y3a/g8a y5a/b7a/r9b
b3b/b5b/r7b g5b b8b r2b/y3b/r5a y1b/b9a r5b/y8b
g2b r9a r1a/b7b b2a/g3a/y4b r6a/y8a b1a/y5b/y6a
"""),
    ({'players': 4, 'first_player': 'random'}, """
ply 267, wins 1 2 1 0, trophies r9a | b8a b9b | g8b | -
series/empty_deck/2/g8b points/no_cell/1/b8a series/no_cell/0/r9a points/empty_deck/1/b9b
@-3,-3
y2a/b4b/g5b g1b/r2a/g5a r5a/r6a r1a/r5b r1b/r6b/g8a y4b/g7b
r3b/b4a/b7a b5b y3b y9a b8b y1b/y2b/g4b
g9a g1a/g3a r7a y6a/r8b g4a/b6b/y8b b3b/y5a
g2b/g6b r7b/r8a y6b/y7b b3a/b7b y1a/g2a/r3a/b5a y9b
r9b r2b/g3b y3a r4b/b9b b1b/g7a b1a/b6a
y7a r4a/y5b b2a y8a b2b/g6a/b9a g9b
"""),
    ({'players': 4, 'teams': True, 'tie_break': 'more'}, """
ply 307, wins 1 2 1 2, trophies r8a | b7a | - | y9b
series/no_cell/1,3/b7a draw/no_cell/-/- series/no_cell/0,2/r8a draw/no_cell/-/- series/no_cell/1,3/y9b
@-1,-1
r7b b3a/g8a r6b/y7a/b9b r9b g1a/r2b/b7b r1b/b6b
b9a g2b/y5a g5b/r7a/b8a g1b/y2b/y6b/y8b y7b y9a
r2a/g4a b4b b5b/y6a/r9a y4b/b5a b2a/y5b r1a
y1b/r6a g4b/r5b/g6b g9b b1a/y2a/r3a/y8a y3a r8b
r4b g2a g3b/g5a y4a/g6a b3b/g7a/y9b g7b/g8b
b2b/g3a/r5a r4a b6a/b8b y3b g9a b4a
"""),
]


def replay(options: dict):
    state = G.new_game(options, "golden")
    ends = []
    while G.to_move(state) is not None:
        legal = G.legal_moves(state)
        before = state.last_round
        state = G.play(state, legal[state.ply % len(legal)])
        if state.last_round is not before:
            end = state.last_round
            ends.append("/".join([end["result"], end["why_blocked"] or "-",
                                  ",".join(map(str, end["winners"])) or "-", end["trophy"] or "-"]))
    return state, ends


@pytest.mark.parametrize("options,expected", GOLDEN, ids=lambda v: str(v)[:40])
def test_golden_game(options, expected):
    state, ends = replay(options)
    text = "ply {}, wins {}, trophies {}\n{}\n{}".format(
        state.ply, " ".join(map(str, state.wins)),
        " | ".join(" ".join(won) or "-" for won in state.trophies), " ".join(ends),
        board_text(board_from_cells(state.last_round["board"])))
    assert text == expected.strip()
    assert G.outcome(state)["scores"] == list(state.wins)
