"""Lines, series and blocked rounds (rules: "A round", steps 5 and 6)."""
import pytest
from test_punto_positions import _Pool, parse_board, position

from games.punto import PUNTO as G
from games.punto import parse_move, rounds
from games.punto.modes import mode_for


def last(state) -> dict:
    return state.last_round


# --- a line wins at once ---

@pytest.mark.parametrize("board,move", [
    ("r1 r2 r3 r4 .", "4,0"),                              # row
    ("r1\nr2\nr3\nr4\n.", "0,4"),                          # column
    ("r1 . . . .\n. r2 . . .\n. . r3 . .\n. . . r4 .\n. . . . .", "4,4"),   # diagonal
    (". . . . r1\n. . . r2 .\n. . r3 . .\n. r4 . . .\n. . . . .", "0,4"),   # other diagonal
    (". r1 r2 r3 r4", "0,0"),                              # completed at the other end
    ("r1 r2 . r3 r4", "2,0"),                              # or in the middle
])
def test_five_of_one_colour_win_for_two_players(board, move):
    state = position(board, decks=["r5", "b1"])
    after = G.play(state, move)
    record = last(after)
    assert record["result"] == "line" and record["winners"] == [0]
    assert len(record["line"]) == 5 and list(parse_move(move)) in record["line"]
    assert after.wins == (1, 0)


def test_a_crush_can_complete_a_line():
    state = position("r1 r2 b3 r4 r5", decks=["r6", "b1"])
    after = G.play(state, "2,0")
    assert last(after)["result"] == "line" and last(after)["winners"] == [0]


def test_mixing_a_sides_two_colours_never_counts():
    state = position("r1 r2 g3 r4 .", decks=["r5 r6", "b1 b2"])
    after = G.play(state, "4,0")
    assert last(after) is None and G.to_move(after) == 1
    state = position("r1 r2 r3 r4 .", decks=["g5", "b1"])
    assert last(G.play(state, "4,0")) is None


def test_four_are_not_enough_for_two_players_unless_the_option_says_so():
    state = position("r1 r2 r3 .", decks=["r5", "b1"])
    assert last(G.play(state, "3,0")) is None
    state = position("r1 r2 r3 .", decks=["r5", "b1"], line_two=4)
    assert last(G.play(state, "3,0"))["result"] == "line"


@pytest.mark.parametrize("players,teams,length", [(3, False, 4), (4, False, 4), (4, True, 5)])
def test_line_length_of_each_mode(players, teams, length):
    short = " ".join(f"r{v}" for v in range(1, length - 1)) + " ."
    decks = ["r9", "b1", "g1", "y1"][:players]
    state = position(short, decks=decks, players=players, teams=teams)
    assert last(G.play(state, f"{length - 2},0")) is None
    full = " ".join(f"r{v}" for v in range(1, length)) + " ."
    state = position(full, decks=decks, players=players, teams=teams)
    assert last(G.play(state, f"{length - 1},0"))["result"] == "line"


@pytest.mark.parametrize("colour", ["r", "g"])
def test_a_team_wins_with_either_of_its_colours_and_both_members_score(colour):
    cards = " ".join(f"{colour}{v}" for v in range(1, 5)) + " ."
    state = position(cards, decks=["", "", f"{colour}9", ""], to_move=2, players=4, teams=True)
    after = G.play(state, "4,0")
    assert last(after)["winners"] == [0, 2]
    assert after.wins == (1, 0, 1, 0)
    assert after.trophies[2] == (f"{colour}9a",)  # the seat that completed the line takes it


def test_a_team_line_must_still_be_of_one_colour():
    state = position("r1 g2 r3 g4 .", decks=["", "", "r9", "b9"], to_move=2, players=4, teams=True)
    assert last(G.play(state, "4,0")) is None


def test_neutral_cards_never_count_in_a_line():
    # Yellow is nobody's with three players: four yellows are no line, even for who placed them.
    state = position("y1 y2 y3 .", decks=["y4", "b1", "g1"], players=3)
    after = G.play(state, "3,0")
    assert last(after) is None and G.to_move(after) == 1
    # and a yellow card inside a red run breaks it
    state = position("r1 y2 r3 .", decks=["r4", "b1", "g1"], players=3)
    assert last(G.play(state, "3,0")) is None


def test_only_the_placer_can_complete_a_line():
    """A run of another player's colour does not end the round when somebody else places (such
    a run cannot arise in play; built here to show that only the placed card's line counts)."""
    state = position("r1 r2 r3 r4 r5\n. . . . .", decks=["g1", "b1"], to_move=1)
    after = G.play(state, "0,1")
    assert last(after) is None and G.to_move(after) == 0


def test_the_trophy_is_the_highest_card_of_the_line_first_in_reading_order():
    state = position("r7b r2 r7a r4 .", decks=["r5", "b1"])
    record = last(G.play(state, "4,0"))
    assert record["trophy"] == "r7b"  # two 7s: the leftmost one
    state = position("r2\nr9b\nr3\nr9a\n.", decks=["r1", "b1"])
    assert last(G.play(state, "0,4"))["trophy"] == "r9b"  # two 9s: the upper one


def test_a_card_completing_two_lines_wins_with_both():
    state = position("""
        r1 r2 r3 r4 .
        .  .  .  .  r5
        .  .  .  .  r6
        .  .  .  .  r7
        .  .  .  .  r8
    """, decks=["r9", "b1"])
    record = last(G.play(state, "4,0"))
    assert len(record["line"]) == 9 and record["trophy"] == "r9a"


# --- series: counted on built boards ---

def series_of(board: str, **options):
    mode = mode_for(G.check_options(options))
    runs, points = rounds.count_series(parse_board(board, _Pool()), mode)
    return [len(found) for found in runs], points


def test_a_run_longer_than_the_series_length_counts_once():
    counts, points = series_of("r1 r2 r3 r4 r5", players=4)  # series of 3 with four players
    assert counts == [1, 0, 0, 0] and points == [15, 0, 0, 0]


def test_a_card_may_belong_to_series_in_two_directions():
    counts, points = series_of("""
        r1 r2 r3 r4
        r5 .  .  .
        r6 .  .  .
        r7 .  .  .
    """)
    assert counts == [2, 0]
    assert points == [1 + 2 + 3 + 4 + 5 + 6 + 7, 0]  # the corner card counted once


def test_series_are_of_one_colour_and_short_runs_do_not_count():
    counts, _ = series_of("r1 r2 g3 g4 r5\nb1 b2 b3 . .\ny1 y2 y3 y4 .")
    assert counts == [0, 1]  # red and green mixed: none; blue 3: too short; yellow 4: one
    counts, _ = series_of("r1 r2 y3 r4\ny1 y2 y3 .", players=3)
    assert counts == [0, 0, 0]  # neutral yellow breaks the red run and counts for nobody
    counts, _ = series_of("r1 g2 r3 g4\ng1 g2 g3 g4", players=4, teams=True)
    assert counts == [1, 0]  # per team: the mixed row is none, the green row one


# --- blocked rounds, played ---

def blocked_by_empty_deck(board: str, move: str, **options):
    """Seat 0 plays g1 on ``move``, then seat 1 has no card left."""
    state = position(board, decks=["g1", ""], rest="under", **options)
    return G.play(state, move)


def test_running_out_of_cards_blocks_the_round_and_most_series_wins():
    after = blocked_by_empty_deck("r2 r3 r4 r5\nb1 b1 . .", "4,0")
    record = last(after)
    assert record["why_blocked"] == "empty_deck" and record["result"] == "series"
    assert record["winners"] == [0] and record["series_counts"] == [1, 0]
    assert record["series"] == [[[0, 0], [1, 0], [2, 0], [3, 0]]]
    assert record["trophy"] == "r5a" and after.trophies == (("r5a",), ())


@pytest.mark.parametrize("tie_break,winner", [("fewer", 0), ("more", 1)])
def test_tied_series_are_decided_by_their_points(tie_break, winner):
    after = blocked_by_empty_deck("r1 r2 r3 r4\nb2 b3 b4 b5", "4,0", tie_break=tie_break)
    record = last(after)
    assert record["result"] == "points" and record["winners"] == [winner]
    assert record["series_counts"] == [1, 1] and record["series_points"] == [10, 14]


@pytest.mark.parametrize("board", ["r1 r2 r3\nb3 b2 b1", "r1 r2 .\nb1 . b2"])
def test_a_drawn_round_scores_nothing_and_keeps_every_card(board):
    """Equal series and points, or no series at all; seat 2 started, seat 1 places a neutral
    card, then seat 2 has no card left."""
    state = position(board, decks=["", "y9", ""], to_move=1, starter=2, rest="under", players=3)
    after = G.play(state, "3,0")
    record = last(after)
    assert record["result"] == "draw" and record["winners"] == [] and record["trophy"] is None
    assert after.wins == (0, 0, 0) and after.trophies == ((), (), ())
    assert [len(deck) for deck in after.decks] == [24, 24, 24]
    assert after.round == 2 and after.board == {}
    assert G.to_move(after) == 0  # the one after the drawn round's starter (seat 2)


def test_the_blocked_trophy_is_the_highest_series_card_first_in_reading_order():
    after = blocked_by_empty_deck("""
        r5b . .  .
        r2  . .  .
        r3  . .  .
        r5a . .  .
    """, "1,0")
    assert last(after)["trophy"] == "r5b"  # the upper 5


def test_a_card_that_fits_nowhere_blocks_the_round():
    """A full 6 × 6 table with no 1 on top: a turned 1 has no cell. Colours follow a pattern in
    which no two neighbours match, so nobody has a series and the round is drawn."""
    pool = _Pool()
    colours = "rbgy"
    rows = []
    for y in range(6):
        row = []
        for x in range(6):
            colour, value = colours[(x + 2 * y) % 4], 2 + (x + 3 * y) % 8
            row.append("." if (x, y) == (5, 5) else f"{colour}{value}")
        rows.append(" ".join(row))
    parse_board("\n".join(rows), pool)  # the pattern uses no card twice
    state = position("\n".join(rows), decks=["r9", "b1"], rest="decks")
    after = G.play(state, "5,5")
    record = last(after)
    assert record["why_blocked"] == "no_cell" and record["result"] == "draw"
    assert G.to_move(after) == 1  # seat 0 started it; seat 1 starts the next


def test_a_team_wins_a_blocked_round_with_either_colour():
    state = position("r1 g2 g3 g4 g5\nb1 b2 . . .", decks=["", "", "r1", ""], to_move=2,
                     players=4, teams=True, rest="under")
    after = G.play(state, "2,1")  # then seat 3 has no card
    record = last(after)
    assert record["why_blocked"] == "empty_deck" and record["winners"] == [0, 2]
    assert record["series_counts"] == [1, 0, 1, 0]
    assert after.trophies[2] == ("g5a",)  # seat 2 placed last for its team
    assert G.to_move(after) == 3
