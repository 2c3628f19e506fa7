"""Decks, trophies, who starts, the match, the options, the view and saves (rules: "Modes",
"After a won round", "The match", "Hidden information", "Options")."""
import json
import random
from collections import Counter
from typing import get_type_hints

import pytest
from test_punto_positions import play, position
from engine.typecheck import problems

from engine.errors import BadOptions, BadSave, IllegalMove
from games import registry
from games.punto import PUNTO as G
from games.punto import schema
from games.punto.cards import card_colour


def colours(deck) -> Counter:
    return Counter(card_colour(card) for card in deck)


# --- dealing ---

def test_the_game_registers_itself():
    assert registry.get("punto") is G and G.id == "punto"


def test_two_players_each_get_two_whole_colours():
    state = G.new_game({}, 1)
    assert colours(state.decks[0]) == {"r": 18, "g": 18}
    assert colours(state.decks[1]) == {"b": 18, "y": 18}


def test_three_players_get_their_colour_and_six_neutral_cards():
    state = G.new_game({"players": 3}, 1)
    for seat, colour in enumerate("rbg"):
        assert colours(state.decks[seat]) == {colour: 18, "y": 6}


def test_four_players_get_one_colour():
    state = G.new_game({"players": 4}, 1)
    assert [colours(deck) for deck in state.decks] == [{c: 18} for c in "rbgy"]


def test_teams_split_their_two_colours_in_halves():
    state = G.new_game({"players": 4, "teams": True}, 1)
    assert [len(deck) for deck in state.decks] == [18] * 4
    assert colours(state.decks[0] + state.decks[2]) == {"r": 18, "g": 18}
    assert colours(state.decks[1] + state.decks[3]) == {"b": 18, "y": 18}


def test_decks_are_shuffled_from_the_seed():
    assert G.new_game({}, "a").decks == G.new_game({}, "a").decks
    assert G.new_game({}, "a").decks != G.new_game({}, "b").decks
    assert G.new_game({}, 7).seed == "7"


# --- after a won round ---

def won_by_line(players=2, **kw):
    """Seat 0 completes a red line (5 with two players, 4 with three) with r9."""
    length = 5 if players == 2 else 4
    board = " ".join(f"r{v}" for v in range(1, length)) + " ."
    state = position(board, decks=["r9", "b1", "g1"][:players], players=players, **kw)
    return play(state, f"{length - 1},0")


def test_the_trophy_leaves_the_game_and_the_next_deck_is_smaller():
    after = won_by_line()
    assert after.last_round["trophy"] == "r9a" and after.trophies == (("r9a",), ())
    assert [len(deck) for deck in after.decks] == [35, 36]
    assert "r9a" not in after.decks[0] and after.board == {}
    assert sorted(G.cards(after)) == sorted(G.full_deck({}))


def test_the_next_round_starts_after_the_winner():
    after = won_by_line()
    assert after.round == 2 and G.to_move(after) == 1
    after = won_by_line(players=3, to_move=0, starter=1)
    assert G.to_move(after) == 1
    state = position("g1 g2 g3 .", decks=["r1", "b1", "g9"], to_move=2, players=3)
    assert G.to_move(play(state, "3,0")) == 0  # after seat 2 comes seat 0


def test_three_players_get_all_neutral_cards_again():
    after = won_by_line(players=3)
    assert after.last_round["winners"] == [0]
    for seat, _colour in enumerate("rbg"):
        assert colours(after.decks[seat])["y"] == 6  # the 18 yellow: 6 each, none left over
    assert colours(after.decks[0])["r"] == 17 and len(after.decks[1]) == 24


def test_teams_winner_gets_the_smaller_half():
    state = position("g1 g2 g3 g4 .", decks=["", "", "g9", ""], to_move=2, players=4, teams=True)
    after = play(state, "4,0")
    assert after.trophies[2] == ("g9a",)
    assert [len(deck) for deck in after.decks] == [18, 18, 17, 18]
    assert colours(after.decks[0] + after.decks[2]) == {"r": 18, "g": 17}
    assert G.to_move(after) == 3  # the seat after the winning seat


def test_a_player_who_runs_out_ends_the_round():
    """After a trophy, decks differ; here seat 1's last card is placed and seat 0 has none."""
    state = position("b1 b2", decks=["", "b3"], to_move=1, rest="under")
    after = play(state, "2,0")
    assert after.last_round["why_blocked"] == "empty_deck"
    assert after.last_round["result"] == "draw"  # three blues are no series of 4


# --- the match ---

def test_two_rounds_win_the_match():
    after = won_by_line(wins=[1, 0], trophies=["g9", ""])
    assert G.outcome(after) == {"winners": [0], "scores": [2, 0], "ranks": [1, 2]}
    assert G.to_move(after) is None and G.legal_moves(after) == []
    with pytest.raises(IllegalMove) as err:
        G.play(after, "0,0")
    assert err.value.code == "punto.err.over"
    assert sorted(G.cards(after)) == sorted(G.full_deck({}))
    assert after.last_round["board"][0]["cards"][-1] == "r1a"  # the final position stays


def test_a_quick_game_ends_after_one_round():
    after = won_by_line(rounds_to_win=1)
    assert G.outcome(after) == {"winners": [0], "scores": [1, 0], "ranks": [1, 2]}


def test_a_team_wins_the_match_together():
    state = position("r1 r2 r3 r4 .", decks=["r9", "", "", ""], players=4, teams=True,
                     wins=[1, 0, 1, 0], trophies=["", "", "g9", ""])
    after = play(state, "4,0")
    assert G.outcome(after) == {"winners": [0, 2], "scores": [2, 0, 2, 0], "ranks": [1, 3, 1, 3]}


def test_the_first_player_option():
    assert G.to_move(G.new_game({}, 1)) == 0
    assert G.to_move(G.new_game({"players": 3, "first_player": 2}, 1)) == 2
    drawn = {G.to_move(G.new_game({"players": 4, "first_player": "random"}, s)) for s in range(40)}
    assert drawn == {0, 1, 2, 3}
    same = G.new_game({"players": 4, "first_player": "random"}, "x")
    assert G.to_move(same) == G.to_move(G.new_game({"players": 4, "first_player": "random"}, "x"))


@pytest.mark.parametrize("given,key", [
    ({"players": 5}, "players"),
    ({"players": "2"}, "players"),
    ({"teams": True}, "teams"),
    ({"players": 3, "teams": True}, "teams"),
    ({"rounds_to_win": 3}, "rounds_to_win"),
    ({"line_two": 3}, "line_two"),
    ({"tie_break": "less"}, "tie_break"),
    ({"first_player": 2}, "first_player"),
    ({"players": 3, "first_player": 3}, "first_player"),
    ({"first_player": True}, "first_player"),
    ({"first_player": "any"}, "first_player"),
    ({"colour": "red"}, "colour"),
])
def test_bad_options_are_refused_by_name(given, key):
    with pytest.raises(BadOptions) as err:
        G.new_game(given, 1)
    assert err.value.key == key


def test_every_good_option_is_accepted():
    options = G.check_options({"players": 4, "teams": True, "rounds_to_win": 1, "line_two": 4,
                               "tie_break": "more", "first_player": 3})
    assert options["teams"] is True and G.to_move(G.new_game(options, 1)) == 3
    assert G.check_options({}) == {"players": 2, "teams": False, "rounds_to_win": 2,
                                   "line_two": 5, "tie_break": "fewer", "first_player": 0}


# --- the view ---

VIEW_KEYS = {"game", "seat", "players", "mode", "ply", "round", "to_move", "card", "board",
             "legal", "reach", "limits", "span", "deck_sizes", "colours", "neutral", "team",
             "line_length", "series_length", "rounds_to_win", "wins", "wins_ranks", "trophies",
             "last_round", "outcome"}


def test_the_view_schema():
    state = play(G.new_game({"players": 4, "teams": True}, 3), "0,0")
    view = G.view(state, 2)
    assert set(view) == VIEW_KEYS == set(get_type_hints(schema.View))
    assert problems(view, schema.View) == []
    assert json.loads(json.dumps(view)) == view
    assert view["game"] == "punto" and view["seat"] == 2 and view["mode"] == "teams"
    assert view["to_move"] == 1 and view["card"] == state.decks[1][0]
    assert view["board"] == [{"x": 0, "y": 0, "cards": [state.board[(0, 0)][0]]}]
    assert view["legal"] == [] and view["reach"] == G.legal_moves(state)  # seat 1's moves
    assert G.view(state, 1)["legal"] == G.legal_moves(state)
    assert view["deck_sizes"] == [17, 18, 18, 18]
    assert view["colours"] == [["r", "g"], ["b", "y"], ["r", "g"], ["b", "y"]]
    assert view["team"] == [0, 1, 0, 1] and view["neutral"] is None
    assert (view["line_length"], view["series_length"]) == (5, 4)
    assert view["outcome"] is None and view["last_round"] is None


@pytest.mark.parametrize("options,mode,neutral,line", [
    ({}, "two", None, (5, 4)),
    ({"line_two": 4}, "two", None, (4, 3)),
    ({"players": 3}, "three", "y", (4, 3)),
    ({"players": 4}, "four", None, (4, 3)),
])
def test_the_view_names_the_mode(options, mode, neutral, line):
    view = G.view(G.new_game(options, 1), 0)
    assert (view["mode"], view["neutral"], view["team"]) == (mode, neutral, None)
    assert (view["line_length"], view["series_length"]) == line


def test_a_round_end_is_recorded_in_the_view():
    view = G.view(won_by_line(), 1)
    record = view["last_round"]
    assert record["round"] == 1 and record["result"] == "line" and record["why_blocked"] is None
    assert record["line"] == [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]
    assert record["board"][4] == {"x": 4, "y": 0, "cards": ["r9a"]}
    assert view["wins"] == [1, 0] and view["trophies"] == [["r9a"], []]
    assert view["round"] == 2 and view["board"] == []


def test_no_view_depends_on_the_order_of_the_decks():
    state = play(G.new_game({"players": 3}, 9), "0,0", "1,0")
    hidden = G.determinize(state, 0, random.Random(1))
    assert hidden.decks != state.decks
    assert hidden.decks[G.to_move(state)][0] == state.decks[G.to_move(state)][0]
    for seat in range(3):
        assert G.view(hidden, seat) == G.view(state, seat)


def test_play_and_view_leave_the_state_untouched():
    state = won_by_line()
    before = G.to_json(state)
    view = G.view(state, 0)
    view["last_round"]["board"].clear()
    G.play(state, "0,0")
    assert G.to_json(state) == before


# --- saves ---

def test_a_state_survives_json():
    state = play(won_by_line(players=3), "0,0", "1,1")
    data = json.loads(json.dumps(G.to_json(state)))
    assert G.to_json(G.from_json(data)) == G.to_json(state)
    assert G.from_json(data).board == state.board


@pytest.mark.parametrize("spoil", [
    lambda d: d.update(format=2),
    lambda d: d["decks"][0].append(d["decks"][1][0]),          # a card twice
    lambda d: d["decks"][0].pop(),                            # a card missing
    lambda d: d["decks"][0].__setitem__(0, "r7c"),            # no such card
    lambda d: d.update(to_move=5),
    lambda d: d["options"].update(players=3),
    lambda d: d.update(board=[{"x": 0, "y": 0}]),
    lambda d: d.update(wins="none"),
    lambda d: d.pop("seed"),
    lambda d: d.update(to_move=None),                         # over, yet nobody has won
])
def test_a_spoiled_save_is_refused(spoil):
    data = G.to_json(play(G.new_game({}, 2), "0,0"))
    spoil(data)
    with pytest.raises(BadSave):
        G.from_json(data)
