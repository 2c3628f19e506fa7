"""A small builder of Punto positions, so the rule tests read like the rules, and its own tests.

A board is drawn as rows of tokens, the top-left token at ``origin`` (default 0,0): "." an
empty cell, "r5" a red 5, "b2/r5" a blue 2 crushed by a red 5 (bottom to top), "r5b" a given
copy. A deck is a string of tokens, top card first. Copies are handed out in order (a, then b)
so the 72 cards stay distinct; every card nobody names goes to the bottom of its owner's deck
(three players: the neutral ones in turn to each seat), or with ``rest="under"`` beneath the
first card of the board, where it counts for nothing.
"""
import pytest

from engine.errors import BadSave
from games.punto import PUNTO as G
from games.punto import state as st
from games.punto.cards import COPIES, FULL_DECK, card_colour
from games.punto.modes import mode_for


class _Pool:
    def __init__(self):
        self.left = list(FULL_DECK)

    def take(self, token: str) -> str:
        card = token if len(token) == 3 else next(
            (token + copy for copy in COPIES if token + copy in self.left), None)
        if card not in self.left:
            raise ValueError(f"no card {token!r} left")
        self.left.remove(card)
        return card


def parse_board(text: str, pool: _Pool, origin=(0, 0)) -> dict:
    board = {}
    rows = [row.split() for row in text.strip().splitlines() if row.strip()]
    for dy, row in enumerate(rows):
        for dx, token in enumerate(row):
            if token != ".":
                cell = (origin[0] + dx, origin[1] + dy)
                board[cell] = tuple(pool.take(t) for t in token.split("/"))
    return board


def board_text(board: dict) -> str:
    """The compact text form of a board: the origin, then one line per row."""
    if not board:
        return "empty"
    xs = [x for x, _ in board]
    ys = [y for _, y in board]
    lines = [f"@{min(xs)},{min(ys)}"]
    for y in range(min(ys), max(ys) + 1):
        row = ("/".join(board.get((x, y), ())) or "." for x in range(min(xs), max(xs) + 1))
        lines.append(" ".join(row))
    return "\n".join(lines)


def position(board: str = "", *, decks=None, to_move=0, starter=None, wins=None, trophies=None,
             rest="decks", origin=(0, 0), ply=0, round=1, **options) -> st.State:
    """A checked state: ``decks`` is a list of token strings per seat (top card first)."""
    options = G.check_options(options)
    mode = mode_for(options)
    n = mode.players
    pool = _Pool()
    trophies = [[pool.take(t) for t in won.split()] for won in (trophies or [""] * n)]
    cells = parse_board(board, pool, origin)
    hands = [[pool.take(t) for t in spec.split()] for spec in (decks or [""] * n)]
    if rest == "under":
        first = min(cells, key=lambda c: (c[1], c[0]))
        cells[first] = tuple(pool.left) + cells[first]
    else:
        owners = {}
        for side, colours in zip(mode.sides, mode.side_colours):
            for colour in colours:
                owners[colour] = side
        shares = {}
        for card in pool.left:
            seats = owners.get(card_colour(card), tuple(range(n)))
            turn = shares.get(seats, 0)
            hands[seats[turn % len(seats)]].append(card)
            shares[seats] = turn + 1
    state = st.State(seed="test", options=options, draws=0, ply=ply, round=round,
                     starter=to_move if starter is None else starter, to_move=to_move,
                     decks=tuple(tuple(h) for h in hands), board=cells,
                     wins=tuple(wins or [0] * n), trophies=tuple(tuple(t) for t in trophies),
                     last_round=None)
    return G.from_json(G.to_json(state))  # the same checks as a saved game


def play(state, *moves):
    for move in moves:
        state = G.play(state, move)
    return state


def tops(state) -> str:
    """The board's top cards without copy letters, for short assertions."""
    return board_text({cell: (stack[-1][:2],) for cell, stack in state.board.items()})


# --- tests of the builder itself ---

def test_tokens_place_distinct_copies_and_keep_all_72_cards():
    state = position("""
        r5 r5 .
        .  b2/r7 r7
    """, decks=["g1 g1", "b9"])
    assert state.board[(0, 0)] == ("r5a",) and state.board[(1, 0)] == ("r5b",)
    assert state.board[(1, 1)] == ("b2a", "r7a") and state.board[(2, 1)] == ("r7b",)
    assert sorted(G.cards(state)) == sorted(FULL_DECK)
    assert state.decks[0][:2] == ("g1a", "g1b") and state.decks[1][0] == "b9a"
    # unnamed cards went to their owners: seat 0 owns red and green, seat 1 blue and yellow
    assert {card_colour(c) for c in state.decks[0]} == {"r", "g"}
    assert {card_colour(c) for c in state.decks[1]} == {"b", "y"}


def test_a_third_copy_does_not_exist():
    with pytest.raises(ValueError):
        position("r5 r5 r5")


def test_rest_under_leaves_decks_exactly_as_given():
    state = position("r1 b1", decks=["g2", ""], rest="under", to_move=0)
    assert state.decks == (("g2a",), ())
    assert state.board[(0, 0)][-1] == "r1a" and len(state.board[(0, 0)]) == 72 - 2
    assert state.board[(1, 0)] == ("b1a",)


def test_text_form_reads_back():
    state = position("""
        .  r5
        b2/g7 .
    """, origin=(-1, 2))
    text = board_text(state.board)
    assert text == "@-1,2\n. r5a\nb2a/g7a ."
    again = parse_board("\n".join(text.splitlines()[1:]), _Pool(), origin=(-1, 2))
    assert again == state.board


def test_the_builder_refuses_what_a_save_would_refuse():
    with pytest.raises(BadSave):
        position("r1", to_move=1, decks=["", ""], rest="under")  # seat 1 on turn without a card
