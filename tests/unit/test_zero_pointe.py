"""Zéro Pointé: one test (or a few) per rule of /work/shared/rules/zero-pointe.md."""
import json
import pathlib
import random
import re
import string
from collections import Counter

import pytest
from test_zero_pointe_positions import play, table, top, values

import games.zero_pointe as package
from engine.errors import BadOptions, BadSave, IllegalMove
from games import registry
from games.zero_pointe import ZERO_POINTE as G
from games.zero_pointe import card_value, parse_move
from games.zero_pointe.schema import Draw, Keep, Leave, Reject, Remove, Take, Turn, move_text
from games.zero_pointe.scoring import round_scores
from i18n import t
from i18n.en import zero_pointe as english_words
from i18n.fr import zero_pointe as french_words

GRID_3x4 = "? ? ? ? ? ? ? ? ? ? ? ?"


def err(state, move) -> str:
    with pytest.raises(IllegalMove) as caught:
        G.play(state, move)
    return caught.value.code.removeprefix("zero_pointe.err.")


# --- material, deal, opening ------------------------------------------------------------

def test_the_150_cards_and_their_distribution():
    deck = G.full_deck(G.check_options({}))
    assert len(deck) == len(set(deck)) == 150
    counts = Counter(card_value(c) for c in deck)
    assert counts == {-2: 5, -1: 10, 0: 15, **{v: 10 for v in range(1, 13)}}
    assert "-2.4" in deck and "12.9" in deck and "-2.5" not in deck
    assert card_value("-2.3") == -2 and card_value("12.9") == 12


def test_registered_under_its_id():
    assert registry.get("zero-pointe") is G


@pytest.mark.parametrize("players", [2, 5, 8])
def test_the_deal_twelve_face_down_each_and_one_discard(players):
    state = G.new_game({"players": players}, "deal")
    assert all(len(g) == 12 and all(not up for _, up in g) for g in state.grids)
    assert len(state.discard) == 1
    assert len(state.draw) == 150 - 12 * players - 1
    view = G.view(state, 0)
    assert view["discard_top"]["id"] == state.discard[0]
    assert all(slot == {"down": True} for grid in view["grids"] for row in grid for slot in row)
    assert view["phase"] == "opening" and view["starter"] is None and view["start_sums"] is None


def test_the_opening_each_turns_two_in_seat_order_and_sees_nothing_else():
    state = G.new_game({"players": 3}, "opening")
    assert G.to_move(state) == 0
    assert all(m.startswith("turn ") for m in G.legal_moves(state)) and len(G.legal_moves(state)) == 12
    assert err(state, "draw") == "opening_turn"
    state = play(state, "turn 0 0")
    assert G.to_move(state) == 0
    assert err(state, "turn 0 0") == "face_up"
    state = play(state, "turn 2 3")
    own = G.view(state, 0)["grids"][0]
    shown = [(r, c) for r in range(3) for c in range(4) if "id" in own[r][c]]
    assert shown == [(0, 0), (2, 3)]  # the owner sees those two and nothing else
    assert G.to_move(state) == 1
    state = play(state, "turn 1 1", "turn 1 2", "turn 0 0")
    assert G.to_move(state) == 2 and G.view(state, 2)["phase"] == "opening"


def test_the_highest_two_cards_start():
    state = table("?3 ?4 ? ? ? ? ? ? ? ? ? ?", "?9 ?1 ? ? ? ? ? ? ? ? ? ?", "?5 ?5 ? ? ? ? ? ? ? ? ? ?",
                  phase="opening")
    state = play(state, "turn 0 0", "turn 0 1", "turn 0 0", "turn 0 1", "turn 0 0", "turn 0 1")
    view = G.view(state, 1)
    assert view["start_sums"] == [7, 10, 10]
    assert view["starter"] == 1 and G.to_move(state) == 1  # 10 = 10: first in seat order
    assert view["start_reason"] == "tied"
    assert view["phase"] == "turn"


# --- a turn -------------------------------------------------------------------------------

def test_take_the_discard_swaps_it_for_a_face_up_or_face_down_card():
    state = table("9 ?4 ? ? ? ? ? ? ? ? ? ?", GRID_3x4, discard=(6, 2))
    after = play(state, "take 0 0")
    assert values(after, 0)[0][0] == 2 and top(after) == 9
    assert G.to_move(after) == 1
    hidden = play(state, "take 0 1")
    assert values(hidden, 0)[0][1] == 2
    assert top(hidden) == 4 and G.view(hidden, 1)["discard_top"]["value"] == 4  # face up now


def test_draw_is_seen_by_its_drawer_only_then_kept():
    state = table(GRID_3x4, GRID_3x4, "? ? ? ? ? ? ? ? ? ? ? ?", draw=(1,))
    drawn = play(state, "draw")
    assert G.view(drawn, 0)["drawn"]["value"] == 1
    assert G.view(drawn, 1)["drawn"] == {"hidden": True} == G.view(drawn, 2)["drawn"]
    assert G.view(drawn, 0)["phase"] == "drawn" and err(drawn, "draw") == "keep_or_reject"
    replaced = card_value(drawn.grids[0][11][0])
    kept = play(drawn, "keep 2 3")
    assert values(kept, 0)[2][3] == 1 and G.view(kept, 1)["discard_top"]["value"] == replaced
    assert G.view(kept, 1)["drawn"] is None and G.to_move(kept) == 1


def test_reject_then_turn_a_face_down_card():
    state = table("7 ?3 ? ? ? ? ? ? ? ? ? ?", GRID_3x4, draw=(11,))
    rejected = play(state, "draw", "reject")
    assert top(rejected) == 11 and G.view(rejected, 0)["phase"] == "turn_after_reject"
    assert G.legal_moves(rejected)[0] == "turn 0 1" and "turn 0 0" not in G.legal_moves(rejected)
    assert err(rejected, "take 0 0") == "must_turn"
    assert err(rejected, "turn 0 0") == "face_up"
    turned = play(rejected, "turn 0 1")
    assert values(turned, 0)[0][:2] == [7, 3] and G.to_move(turned) == 1


ALL_UP = "0 0 1 1 2 2 3 3 4 4 5 5"


def test_reject_is_illegal_without_a_face_down_card():
    state = table("1 2 3 4 5 6 7 8 9 10 11 12", ALL_UP, closer=1, draw=(6,))
    state = play(state, "draw")  # seat 0's last turn: every card of it is face up
    assert "reject" not in G.legal_moves(state) and "keep 0 0" in G.legal_moves(state)
    assert err(state, "reject") == "reject_no_face_down"


def test_taking_into_a_removed_column_is_illegal():
    state = table("x 1 ? ? x ? ? ? x ? ? ?", GRID_3x4)
    assert "take 0 0" not in G.legal_moves(state) and err(state, "take 1 0") == "removed"


# --- columns of three ---------------------------------------------------------------------

PAIR_OF_FIVES = """5 ?1 ? ?
                   5 ?2 ? ?
                   ? ?3 ? ?"""


def test_a_column_of_three_may_be_removed_after_the_action():
    state = table(PAIR_OF_FIVES, GRID_3x4, discard=(5,))
    done = play(state, "take 2 0")
    view = G.view(done, 0)
    assert view["phase"] == "columns" and view["pending_columns"] == [0] and G.to_move(done) == 0
    assert G.legal_moves(done) == ["remove 0", "leave 0"]
    removed = play(done, "remove 0")
    assert [row[0] for row in values(removed, 0)] == [None, None, None]
    assert len(removed.discard) == 4  # the replaced card, then the three 5s
    assert [card_value(c) for c in removed.discard[-3:]] == [5, 5, 5]
    assert G.to_move(removed) == 1 and G.view(removed, 1)["grids"][0][1][0] is None


def test_removing_is_optional_and_never_before_the_action():
    state = table(PAIR_OF_FIVES, GRID_3x4, discard=(5,))
    kept = play(state, "take 2 0", "leave 0")
    assert [row[0] for row in values(kept, 0)] == [5, 5, 5] and G.to_move(kept) == 1
    again = play(kept, "take 0 1")  # seat 1 plays; seat 0's turn comes again
    assert err(again, "remove 0") == "take_or_draw"
    after = play(again, "draw", "keep 0 3")
    assert G.view(after, 0)["pending_columns"] == [0]  # offered again, after the action


def test_two_columns_are_two_separate_decisions_lowest_first():
    state = table("""4 ? 6 ?
                     4 ? 6 ?
                     4 ? ? ?""", GRID_3x4, discard=(6,))
    done = play(state, "take 2 2")
    assert done.pending == (0, 2) and G.legal_moves(done) == ["remove 0", "leave 0"]
    assert err(done, "remove 2") == "decide_column"
    done = play(done, "leave 0")
    assert G.legal_moves(done) == ["remove 2", "leave 2"] and G.to_move(done) == 0
    done = play(done, "remove 2")
    assert [row[0] for row in values(done, 0)] == [4, 4, 4]
    assert [row[2] for row in values(done, 0)] == [None, None, None] and G.to_move(done) == 1


def test_no_column_is_removed_at_the_final_reveal():
    # seat 1 closed; seat 0's last turn ends the round; its column 0 shows three 8s on reveal
    state = table("""8 ? ? ?
                     8 ? ? ?
                     ?8 ? ? ?""", ALL_UP, current=0, closer=1, discard=(0,), target=500)
    state = play(state, "take 0 3")
    last = G.view(state, 0)["last_round"]
    assert [last["grids"][0][r][0]["value"] for r in range(3)] == [8, 8, 8]
    assert last["raw_scores"][0] == sum(slot["value"] for row in last["grids"][0] for slot in row)
    assert last["round"] == 1 and state.round == 2


# --- the draw pile ----------------------------------------------------------------------------

def test_an_empty_draw_pile_is_remade_from_the_discards_but_the_top_one():
    state = table(GRID_3x4, GRID_3x4, discard=(3,), rest="discard")
    assert not state.draw and len(state.discard) == 150 - 24
    before = state.discard
    drawn = play(state, "draw")
    assert drawn.discard == before[-1:]
    assert sorted(drawn.draw + (drawn.drawn,)) == sorted(before[:-1])
    assert drawn.draws == state.draws + 1  # a counted, seeded shuffle
    assert drawn.draw + (drawn.drawn,) != before[:-1]
    assert play(state, "draw").drawn == drawn.drawn  # the same seed shuffles the same way


# --- end of a round -----------------------------------------------------------------------

def test_the_closer_is_known_after_column_removal_and_the_others_play_one_turn_each():
    state = table("""7 7 1 1
                     7 2 2 1
                     ?7 3 3 3""", GRID_3x4, GRID_3x4, discard=(0,), draw=(9,), target=500)
    state = play(state, "draw", "reject", "turn 2 0")
    assert G.view(state, 0)["phase"] == "columns" and state.closer is None
    state = play(state, "remove 0")
    view = G.view(state, 1)
    assert view["closer"] == 0 and view["last_lap"] and G.to_move(state) == 1
    state = play(state, "draw", "keep 0 0")
    assert G.to_move(state) == 2 and state.round == 1
    state = play(state, "take 1 1")
    assert state.round == 2 and G.view(state, 0)["last_round"]["closer"] == 0
    assert G.view(state, 0)["phase"] == "opening" and G.view(state, 0)["closer"] is None


def test_only_the_first_to_finish_is_the_closer():
    state = table("1 1 2 2 3 3 4 4 5 5 6 ?6", "0 0 1 1 2 2 3 3 4 4 5 ?5", GRID_3x4, discard=(0,))
    state = play(state, "take 2 3")
    assert state.closer == 0 and G.to_move(state) == 1
    state = play(state, "take 2 3")  # seat 1 turns its last card too: still seat 0 closed
    assert state.closer == 0 and G.to_move(state) == 2


def close_round(seat0, seat1, *more, **fields):
    """Seat 0 closes by taking the discarded 0 onto its last face-down slot (2, 3); each other
    seat then plays its last turn by taking the card just discarded onto its slot (0, 0)."""
    state = table(seat0, seat1, *more, discard=(0,), **fields)
    state = play(state, "take 2 3", *["take 0 0"] * (1 + len(more)))
    return state, G.view(state, 0)["last_round"]


CLOSER_26 = """1 1 1  2
               2 2 3  3
               3 4 4 ?5"""  # 26 once the 0 replaces the 5
OTHER_6 = """12 0 -1  1
              0 1 -1  0
              0 0  1 ?0"""  # 6 once the 5 replaces the 12


def test_the_closer_not_lowest_is_doubled():
    _, last = close_round(CLOSER_26, OTHER_6)
    assert last["raw_scores"] == [26, 6] and last["closer"] == 0
    assert last["why"] == "not_lowest" and last["doubled"] and last["scores"] == [52, 6]
    assert last["totals"] == [52, 6]


def test_the_closer_lowest_is_not_doubled():
    _, last = close_round("2 -1 0 1 -1 0 1 0 0 1 -1 ?9", "12 9 9 9 9 9 0 0 0 0 0 ?0")
    assert last["raw_scores"] == [2, 54] and last["why"] == "lowest"  # seat 1 took the 9
    assert not last["doubled"] and last["scores"] == [2, 54]


def test_a_tie_for_lowest_is_not_doubled_unless_the_option_says_so():
    tied = "12 5 5 2 2 2 1 1 1 1 1 ?0"  # 26 once the 5 replaces the 12
    _, plain = close_round(CLOSER_26, tied)
    assert plain["raw_scores"] == [26, 26] and plain["why"] == "tied"
    assert not plain["doubled"] and plain["scores"] == [26, 26]
    _, doubled = close_round(CLOSER_26, tied, tie_doubled=True)
    assert doubled["why"] == "tied" and doubled["doubled"] and doubled["scores"] == [52, 26]


@pytest.mark.parametrize("closer,raw", [
    ("-1 -1 0 1 0 0 1 -1 0 -1 0 ?7", -2),
    ("-1 -1 0 1 0 0 1 -1 1 -1 1 ?7", 0),
])
def test_only_a_positive_score_is_doubled(closer, raw):
    _, last = close_round(closer, "12 -2 -2 -2 -2 -2 -1 -1 0 0 0 ?0")  # -5 with the 7
    assert last["raw_scores"] == [raw, -5] and last["why"] == "not_positive"
    assert not last["doubled"] and last["scores"] == [raw, -5]


@pytest.mark.parametrize("multiplier,score", [(2, 52), (3, 78), (1, 26)])
def test_the_multiplier_option(multiplier, score):
    _, last = close_round(CLOSER_26, OTHER_6, multiplier=multiplier)
    assert last["scores"] == [score, 6] and last["raw_scores"] == [26, 6]
    assert last["why"] == "not_lowest" and last["doubled"] == (multiplier != 1)


def test_round_scores_of_three_players():
    result = round_scores([10, 4, 10], closer=2, multiplier=3, tie_doubled=False)
    assert result["scores"] == [10, 4, 30] and result["why"] == "not_lowest"
    result = round_scores([10, 4, 4], closer=2, multiplier=2, tie_doubled=False)
    assert result["scores"] == [10, 4, 4] and result["why"] == "tied"


def test_the_record_tells_the_columns_cleared_and_the_lowest_scores():
    cleared = """x 1 1 2
                 x 2 3 3
                 x 4 4 ?5"""  # one column removed during the round: 20 with the 0
    _, last = close_round(cleared, OTHER_6, "3 x x 1  0 x x 0  1 x x ?0")  # 14 with the 12
    assert last["cleared"] == [1, 0, 2]
    assert last["raw_scores"] == [20, 6, 14] and last["scores"] == [40, 6, 14] and last["lowest"] == [1]
    _, tied = close_round(CLOSER_26, "12 5 5 2 2 2 1 1 1 1 1 ?0")
    assert tied["scores"] == [26, 26] and tied["lowest"] == [0, 1] and tied["cleared"] == [0, 0]


def test_round_scores_add_to_the_totals():
    state, last = close_round(CLOSER_26, OTHER_6, totals=(30, 60))
    assert list(state.totals) == last["totals"] == [82, 66] and G.outcome(state) is None


@pytest.mark.parametrize("option,starter", [("highest", 1), ("closer", 0)])
def test_who_starts_a_later_round(option, starter):
    # seat 0 closes round 1; in round 2's opening seat 1 turns its two highest cards
    state, _ = close_round(CLOSER_26, OTHER_6, later_starter=option)
    assert state.round == 2 and G.to_move(state) == 0
    grids = [[card_value(card) for card, _ in g] for g in state.grids]
    lowest0 = sorted(range(12), key=lambda i: grids[0][i])[:2]
    highest1 = sorted(range(12), key=lambda i: -grids[1][i])[:2]
    state = play(state, *[f"turn {i // 4} {i % 4}" for i in lowest0 + highest1])
    sums = G.view(state, 0)["start_sums"]
    assert sums[1] > sums[0]
    assert G.view(state, 0)["starter"] == starter == G.to_move(state)
    assert G.view(state, 0)["start_reason"] == option  # the sums differ: no tie


# --- end of the game ------------------------------------------------------------------------

def test_the_game_ends_at_the_target_and_the_lowest_total_wins():
    state, _ = close_round(CLOSER_26, OTHER_6, totals=(40, 50), target=90)  # 92 reaches 90
    assert G.outcome(state) == {"winners": [1], "scores": [92, 56], "ranks": [2, 1]}
    assert G.to_move(state) is None and G.legal_moves(state) == []
    assert err(state, "draw") == "over"
    view = G.view(state, 1)
    assert view["phase"] == "over" and view["legal"] == [] and view["outcome"] == G.outcome(state)


def test_equal_lowest_totals_share_the_win():
    # the third seat's twelve face-down cards are 12s and 11s: 141, past 100
    state, _ = close_round(CLOSER_26, OTHER_6, GRID_3x4, totals=(0, 46, 0))
    assert G.outcome(state) == {"winners": [0, 1], "scores": [52, 52, 141], "ranks": [1, 1, 3]}


def test_below_the_target_a_new_round_is_dealt_at_once():
    state, _ = close_round(CLOSER_26, OTHER_6, totals=(40, 50), target=93)
    assert G.outcome(state) is None and state.round == 2 and G.to_move(state) == 0
    assert all(not up for g in state.grids for _, up in g) and len(state.discard) == 1
    assert G.view(state, 1)["phase"] == "opening"


# --- options, notation, views, saves --------------------------------------------------------

@pytest.mark.parametrize("key,value", [
    ("players", 1), ("players", 9), ("players", "2"), ("target", 19), ("target", 501),
    ("target", 100.0), ("tie_doubled", 1), ("multiplier", 4), ("later_starter", "lowest"),
    ("colour", "red"),
])
def test_bad_options_name_their_key(key, value):
    with pytest.raises(BadOptions) as caught:
        G.new_game({key: value}, "x")
    assert caught.value.key == key


def test_the_default_options():
    assert G.check_options({}) == {"players": 2, "target": 100, "tie_doubled": False,
                                   "multiplier": 2, "later_starter": "highest"}


@pytest.mark.parametrize("move,parsed", [
    ("turn 2 3", Turn(2, 3)), ("take 0 0", Take(0, 0)), ("draw", Draw()),
    ("keep 1 2", Keep(1, 2)), ("reject", Reject()),
    ("remove 3", Remove(3)), ("leave 0", Leave(0)),
])
def test_parse_move(move, parsed):
    assert parse_move(move) == parsed and type(parse_move(move)) is type(parsed)
    assert move_text(parsed) == move


def test_moves_of_different_kinds_never_compare_equal():
    assert Turn(0, 1) != Take(0, 1) != Keep(0, 1) and Draw() != Reject() and Remove(2) != Leave(2)
    assert len({Turn(0, 1), Take(0, 1), Keep(0, 1), Draw(), Reject(), Remove(1), Leave(1)}) == 7


def test_every_legal_move_reads_and_writes_back_the_same():
    """The codec over every legal move of every position of seeded matches (random moves, and
    the medium player's, which makes columns of three); each parses to the value the rules list
    it as."""
    import ai
    from games.zero_pointe import rules
    phases = set()
    for n, options in enumerate([{"players": 2}, {"players": 3, "target": 40},
                                 {"players": 5, "later_starter": "closer", "target": 60}]):
        state = G.new_game(options, f"codec{n}")
        rng = random.Random(n)
        while G.to_move(state) is not None:
            legal = G.legal_moves(state)
            values = rules.legal(state)
            assert [move_text(move) for move in values] == legal
            assert [parse_move(move) for move in legal] == values
            assert len(set(values)) == len(values)
            phases.add(state.phase)
            level = "medium" if G.to_move(state) == 0 else "easy"
            state = G.play(state, ai.choose(G.id, level, G.view(state, G.to_move(state)), legal, rng))
    assert phases == {"opening", "turn", "drawn", "turn_after_reject", "columns"}


@pytest.mark.parametrize("bad", ["", "turn", "turn 3 0", "turn 0 4", "take 0", "draw 1", "remove 1 1",
                                 "turn -1 0", "Turn 0 0", "turn  0 0", "turn 0 ٣", None, 7])
def test_parse_move_refuses_garbage(bad):
    with pytest.raises(IllegalMove) as caught:
        parse_move(bad)
    assert caught.value.code == "zero_pointe.err.bad_move" and str(caught.value)


VIEW_KEYS = {"game", "seat", "players", "ply", "round", "to_move", "phase", "grids", "showing", "discard_top",
             "discard_size", "discard", "draw_size", "drawn", "pending_columns", "asked_column", "starter",
             "start_sums", "start_reason", "closer", "last_lap", "totals", "target", "multiplier", "tie_doubled",
             "legal", "last_round", "outcome"}


def test_the_view_schema_and_what_it_hides():
    state = table("5 ?7 ? ? ? ? ? ? ? ? ? ?", GRID_3x4, draw=(3,), target=150, multiplier=3)
    state = play(state, "draw")
    mine, theirs = G.view(state, 0), G.view(state, 1)
    assert set(mine) == VIEW_KEYS and json.loads(json.dumps(mine)) == mine
    assert mine["grids"][0][0][:2] == [{"id": "5.0", "value": 5}, {"down": True}]
    assert "7.0" not in json.dumps(theirs) and theirs["drawn"] == {"hidden": True}
    assert mine["drawn"] == {"id": "3.0", "value": 3} and "3.0" not in json.dumps(theirs)
    assert mine["legal"] == G.legal_moves(state) and theirs["legal"] == []
    assert (mine["target"], mine["multiplier"], mine["tie_doubled"]) == (150, 3, False)
    assert mine["draw_size"] == len(state.draw) and mine["ply"] == 1
    assert mine["discard"] == list(state.discard) and mine["discard_size"] == len(state.discard)


def test_the_view_adds_up_each_seats_face_up_cards():
    state = table("""5 ?7  x -2
                     3  ?  x  ?
                     ?  ?  x 12""", "? ? ? ? ? ? ? ? ? ? ? ?", "-1 -1 ? ? 0 ? ? ? ? ? ? ?")
    view = G.view(state, 1)
    assert view["showing"] == [18, 0, -2]  # face-down cards count for nothing, the 7 included
    assert G.view(state, 0)["showing"] == view["showing"]


def test_the_view_names_the_column_asked_about_to_every_seat():
    state = table(PAIR_OF_FIVES, GRID_3x4, discard=(5,))
    assert all(G.view(state, seat)["asked_column"] is None for seat in (0, 1))
    state = table("""4 ? 6 ?
                     4 ? 6 ?
                     4 ? ? ?""", GRID_3x4, discard=(6,))
    done = play(state, "take 2 2")
    assert [G.view(done, seat)["asked_column"] for seat in (0, 1)] == [0, 0]
    assert G.view(done, 1)["pending_columns"] == [0, 2]
    done = play(done, "leave 0")
    assert G.view(done, 1)["asked_column"] == 2
    assert G.view(play(done, "remove 2"), 0)["asked_column"] is None


def test_the_header_counts_rounds_and_plies_as_before():
    state, last = close_round(CLOSER_26, OTHER_6, totals=(30, 60))
    view = G.view(state, 1)
    assert (view["round"], view["ply"], view["to_move"]) == (2, 2, 0)  # two moves: a close, a last turn
    assert view["last_round"] == last and view["last_round"]["round"] == 1 and view["outcome"] is None
    assert view["last_lap"] is False and view["closer"] is None and view["start_reason"] is None
    over, _ = close_round(CLOSER_26, OTHER_6, totals=(40, 50), target=90)
    view = G.view(over, 0)
    assert (view["round"], view["to_move"], view["legal"], view["last_lap"]) == (1, None, [], False)
    assert view["outcome"]["ranks"] == [2, 1] and view["last_round"]["closer"] == 0


def test_a_view_does_not_depend_on_hidden_cards():
    state = play(G.new_game({"players": 3}, "hide"), "turn 0 0", "turn 0 1", "turn 0 0",
                 "turn 0 1", "turn 0 0", "turn 0 1", "draw")
    for seat in range(3):
        shuffled = G.determinize(state, seat, random.Random(5))
        assert shuffled.grids != state.grids and shuffled.draw != state.draw
        assert G.view(state, seat) == G.view(shuffled, seat)


def test_play_never_changes_its_input_and_counts_the_ply():
    state = G.new_game({}, "ply")
    before = G.to_json(state)
    after = G.play(state, "turn 0 0")
    assert G.to_json(state) == before and after.ply == 1 and state.ply == 0


def test_json_round_trip_and_tampered_saves():
    state = play(G.new_game({"players": 3}, "json"), "turn 0 0", "turn 0 1")
    data = json.loads(json.dumps(G.to_json(state)))
    assert G.to_json(G.from_json(data)) == G.to_json(state)
    for tamper in (
        lambda d: d.update(format=99),
        lambda d: d["draw"].append("-2.0"),
        lambda d: d["draw"].pop(),
        lambda d: d.update(phase="dancing"),
        lambda d: d.update(current=7),
        lambda d: d.update(closer=0),
        lambda d: d["options"].update(players=4),
        lambda d: d["grids"][0].pop(),
        lambda d: d.update(drawn=d["draw"].pop()),
    ):
        bad = json.loads(json.dumps(data))
        tamper(bad)
        with pytest.raises(BadSave):
            G.from_json(bad)


def test_same_seed_same_deal_and_cards_are_conserved():
    a, b = G.new_game({}, 42), G.new_game({}, "42")
    assert G.to_json(a) == G.to_json(b)
    assert sorted(G.cards(a)) == sorted(G.full_deck({}))


# --- a golden game ------------------------------------------------------------------------

def test_golden_game():
    """A fixed seed and moves picked by a seeded chooser replay to the same end every time."""
    state = G.new_game({"players": 3, "target": 500, "later_starter": "closer"}, "golden")
    chooser = random.Random("golden")
    moves = []
    while G.outcome(state) is None:
        move = chooser.choice(G.legal_moves(state))
        moves.append(move)
        state = G.play(state, move)
    assert (len(moves), state.ply, state.round) == (442, 442, 5)
    assert G.outcome(state) == {"winners": [1], "scores": [615, 229, 346], "ranks": [3, 1, 2]}
    last = G.view(state, 0)["last_round"]
    assert (last["raw_scores"], last["closer"], last["why"]) == ([71, 47, 91], 0, "not_lowest")


# --- words ----------------------------------------------------------------------------------

def _placeholders(text) -> set:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_catalog_is_complete():  # in every language: tests/test_i18n.py
    EN = english_words.WORDS
    for option in G.options:
        assert f"zero_pointe.opt.{option.key}" in EN
        for value in option.choices:
            assert f"zero_pointe.opt.{option.key}.{value}" in EN
    for why in ("not_lowest", "lowest", "tied", "not_positive"):
        assert f"zero_pointe.why.{why}" in EN
    sources = pathlib.Path(package.__file__).parent.glob("*.py")
    reasons = {r for f in sources for r in re.findall(r'illegal\("(\w+)"', f.read_text())}
    assert len(reasons) >= 10
    assert {f"zero_pointe.err.{r}" for r in reasons} <= EN.keys()


@pytest.mark.parametrize("move,code,params,english", [
    ("turn 0 0", "zero_pointe.err.take_or_draw", {}, "Take the discard or draw a card."),
    ("turn 9 0", "zero_pointe.err.bad_move", {"move": "turn 9 0"}, "“turn 9 0” is not a Zéro Pointé move."),
])
def test_an_illegal_move_carries_its_code_and_params_and_i18n_says_it(move, code, params, english):
    state = table("9 ?4 ? ? ? ? ? ? ? ? ? ?", GRID_3x4)
    with pytest.raises(IllegalMove) as caught:
        G.play(state, move)
    err = caught.value
    assert (err.code, err.params) == (code, params)
    assert t("en", err.code, **err.params) == english == english_words.WORDS[code].format(**params)
    assert t("fr", err.code, **err.params) == french_words.WORDS[code].format(**params)


def test_the_column_question_names_its_column_with_one_based_words():
    state = table("""4 ? 6 ?
                     4 ? 6 ?
                     4 ? ? ?""", GRID_3x4, discard=(6,))
    done = play(state, "take 2 2", "leave 0")
    with pytest.raises(IllegalMove) as caught:
        G.play(done, "remove 0")
    assert (caught.value.code, caught.value.params) == ("zero_pointe.err.decide_column", {"col": 3})
